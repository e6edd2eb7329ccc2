/**
 * The portal's one way to the API (spec §7), typed by the shared contract, over either transport: in
 * process to the embedded API, or HTTP to API_BASE_URL (lib/transport.ts).
 * It also holds the one mapping of API failures to what the portal does (DESIGN §4):
 * 400 → the API's message and field errors; 401 → the session has expired;
 * 5xx, time-out or an unreachable API → "Server busy", with what the user typed kept.
 */
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import contentDisposition from "content-disposition";
import { CLIENT_IP_HEADER, signClientIp } from "../../lib/client-ip.js";
import {
  endpoints,
  fillPath,
  type AnswerOf,
  type ApiEnvelope,
  type CallInput,
  type Country,
  type EndpointDef,
  type FieldErrors,
  type NeedsInput,
} from "../../lib/contract.js";
import { getSettings } from "../../lib/env.server.js";
import type { ApiCall, ApiTransport, UploadFile } from "../../lib/transport.js";
import { memo } from "./context.server.js";
import { isPublicPath, signInUrl } from "./paths.js";
import { replaceSession } from "./session.server.js";
import { makeToast, SERVER_BUSY, type ToastMessage } from "./toast.js";
import { redirectWithToast } from "./toast.server.js";

export { SERVER_BUSY };

export class ApiCallError extends Error {
  constructor(
    /** HTTP status, or 0 when the API could not be reached or did not answer in time */
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
  get unavailable() {
    return this.status === 0 || this.status >= 500;
  }
}

/** An HTTP transport to the API at `baseUrl` (API_BASE_URL), with the portal's time-out. */
export function httpTransport(baseUrl: string, timeoutMs: number): ApiTransport {
  return async ({ method, path, headers, body, upload }) => {
    let res: Response;
    try {
      res = await fetch(new URL(path, baseUrl), {
        method,
        headers: {
          ...headers,
          Accept: "application/json",
          ...(upload ? { "Content-Type": upload.type } : body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(upload && "file" in upload ? { "Content-Length": String(upload.file.size) } : {}),
        },
        // A spooled upload streams from its file, never read whole into memory.
        body: upload
          ? "file" in upload
            ? (Readable.toWeb(createReadStream(upload.file.path)) as unknown as BodyInit)
            : (upload.bytes as unknown as BodyInit)
          : body === undefined
            ? undefined
            : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        ...(upload && "file" in upload ? { duplex: "half" } : {}),
      } as RequestInit);
    } catch {
      throw new ApiCallError(0, SERVER_BUSY);
    }
    // A download (a client's document) is the file itself, named by its Content-Disposition.
    const disposition = res.headers.get("content-disposition");
    if (res.ok && disposition?.startsWith("attachment")) {
      try {
        const bytes = new Uint8Array(await res.arrayBuffer());
        const name = contentDisposition.parse(disposition).parameters.filename ?? "document";
        return {
          status: res.status,
          payload: null,
          file: { bytes, type: res.headers.get("content-type") ?? "application/octet-stream", name },
        };
      } catch {
        throw new ApiCallError(0, SERVER_BUSY);
      }
    }
    let payload: unknown = null;
    try {
      payload = await res.json();
    } catch {
      payload = null;
    }
    return { status: res.status, payload };
  };
}

/**
 * The error for an answer that is not a success: the API's message and field errors, or, for a 5xx or an answer
 * that is not the contract's envelope (the API failing: a bad gateway to us), "Server busy".
 */
function failure(status: number, envelope: ApiEnvelope<unknown> | null) {
  if (status >= 500 || !envelope || envelope.status !== false) return new ApiCallError(status >= 500 ? status : 502, SERVER_BUSY);
  return new ApiCallError(status, envelope.message, envelope.errors);
}

let countryCache: { list: Country[]; until: number } | null = null;

/**
 * The API's calls (spec §7), bound to one transport, one token (or none) and the visitor's address. The
 * same contract, token check, authorization and error envelope whichever the transport.
 */
export function createApiClient(transport: ApiTransport, auth: { token?: string | null; clientIp?: string | null } = {}) {
  const headers: Record<string, string> = {};
  if (auth.token) headers.Authorization = `Bearer ${auth.token}`;
  // The visitor's address, signed: the API believes no unsigned header for its per-address limits.
  if (auth.clientIp) headers[CLIENT_IP_HEADER] = signClientIp(getSettings().clientIpSecret, auth.clientIp);

  /**
   * One endpoint of the contract (lib/contract/endpoints.ts), with its path parameters, query and body (or, for an
   * upload, the file): its answer, typed by the table, or an ApiCallError. A download answers with the file.
   */
  async function call<E extends EndpointDef>(
    endpoint: E,
    ...[input]: NeedsInput<E> extends true ? [CallInput<E> & Upload<E>] : [(CallInput<E> & Upload<E>)?]
  ): Promise<AnswerOf<E>> {
    const given = (input ?? {}) as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
      upload?: ApiCall["upload"];
    };
    const answer = await transport({
      method: endpoint.method,
      path: fillPath(endpoint.path, given.params) + queryString(given.query),
      headers,
      body: endpoint.method === "POST" && !given.upload ? (given.body ?? {}) : undefined,
      upload: given.upload,
    });
    if (endpoint.download) {
      if (answer.file) return answer.file as AnswerOf<E>;
      throw failure(answer.status, answer.payload as ApiEnvelope<unknown> | null);
    }
    const envelope = answer.payload as ApiEnvelope<AnswerOf<E>> | null;
    if (answer.status < 300 && envelope?.status === true) return envelope.data;
    throw failure(answer.status, envelope);
  }

  return {
    call,
    /**
     * The countries, kept by the process for ten minutes once they have arrived. Each caller fetches with its own
     * token until then, so one agent's expired token never fails another's page.
     */
    countries: async (): Promise<Country[]> => {
      if (countryCache && countryCache.until > Date.now()) return countryCache.list;
      const list = await call(endpoints.countries);
      countryCache = { list, until: Date.now() + 10 * 60_000 };
      return list;
    },
  };
}

/** An upload endpoint's file: the spooled upload and its type. */
type Upload<E> = E extends { upload: true } ? { upload: { file: UploadFile; type: string } } : { upload?: undefined };

export type ApiClient = ReturnType<typeof createApiClient>;

/** The agent's cart, fetched once per request: the badge (root loader) and the cart page share it. */
export function cartOf(context: AppLoadContext, api: ApiClient, agentId: number) {
  return memo(context, `cart:${agentId}`, () => api.call(endpoints.cartList, { params: { agentId } }));
}

/** A query's values as a query string: empty, null and absent values left out. */
function queryString(query: Record<string, unknown> | undefined) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    params.set(name, String(value));
  }
  return params.size ? `?${params}` : "";
}

// ---- what the portal does with a failed call --------------------------------

/** The API no longer knows the token: end the portal session and go to sign-in with "Session Expired!". */
export async function expireSession(request: Request): Promise<Response> {
  const headers = await replaceSession(request, (s) => s.flash("toast", makeToast("info", "Session Expired!")));
  const url = new URL(request.url);
  const back = request.method === "GET" && !isPublicPath(url.pathname) ? url.pathname + url.search : null;
  return redirect(signInUrl(back), { headers });
}

/** In a loader: throws the response a failed call should give the page. */
export async function apiLoaderError(error: unknown, request: Request): Promise<never> {
  if (!(error instanceof ApiCallError)) throw error;
  if (error.status === 401) throw await expireSession(request);
  if (error.status === 403 || error.status === 404) throw new Response("Not found", { status: 404 });
  if (error.unavailable) throw new Response(SERVER_BUSY, { status: 503 });
  throw new Response(error.message, { status: error.status });
}

/** In an action that answers with a redirect: back to `to`, with the API's reason as an error toast. */
export async function apiRedirectError(error: unknown, request: Request, to: string): Promise<Response> {
  if (!(error instanceof ApiCallError)) throw error;
  if (error.status === 401) throw await expireSession(request);
  return redirectWithToast(request, to, { type: "error", message: error.unavailable ? SERVER_BUSY : error.message });
}

export type FormFailure = {
  formError?: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
  toast?: ToastMessage;
};

/** In an action: the answer for a failed call, keeping what the user typed. */
export async function apiActionError(error: unknown, request: Request, values: Record<string, string>) {
  if (!(error instanceof ApiCallError)) throw error;
  if (error.status === 401) throw await expireSession(request);
  if (error.unavailable) {
    return json<FormFailure>(
      { formError: "The server is busy. Nothing was lost: please try again.", values, toast: makeToast("error", SERVER_BUSY) },
      { status: 503 },
    );
  }
  // Said once, in the form: beside each field, with one summary above; not again as a toast.
  return json<FormFailure>({ formError: error.message, fieldErrors: error.errors, values }, { status: error.status });
}
