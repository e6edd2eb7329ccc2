/**
 * The portal's one way to the API (spec §7), typed by the shared contract, over either transport: in
 * process to the embedded API, or HTTP to API_BASE_URL (lib/transport.ts).
 * It also holds the one mapping of API failures to what the portal does (DESIGN §4):
 * 400 → the API's message and field errors; 401 → the session has expired;
 * 5xx, time-out or an unreachable API → "Server busy", with what the user typed kept.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { CLIENT_IP_HEADER, signClientIp } from "../../lib/client-ip.js";
import {
  endpoints,
  fillPath,
  type AnswerOf,
  type ApiEnvelope,
  type CallInput,
  type Country,
  type EndpointDef,
  isRefusalCode,
  type CodeParams,
  type FieldErrors,
  type NeedsInput,
  type RefusalCode,
} from "../../lib/contract.js";
import { getSettings } from "../../lib/env.server.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import type { ApiCall, ApiTransport, UploadFile } from "../../lib/transport.js";
import { refuse } from "./forms.server.js";
import { portalKinds } from "./kinds.js";
import { sessionOf } from "./memo.server.js";
import { isPublicPath, SECURITY_PAGE, signInUrl } from "./paths.js";
import { refusalWords, requestLang, type Refusal } from "./refusals.server.js";
import { accountOf, commitSession, replaceSession } from "./session.server.js";
import { makeToast, SERVER_BUSY } from "./toast.js";
import { redirectWithToast } from "./toast.server.js";

export { SERVER_BUSY };

export class ApiCallError extends Error {
  constructor(
    /** HTTP status, or 0 when the API could not be reached or did not answer in time */
    readonly status: number,
    /** The refusal's code (lib/contract/codes.ts): what the portal translates */
    readonly code: RefusalCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly params?: CodeParams,
  ) {
    super(message);
  }
  /** The refusal as refusalWords says it */
  get refusal(): Refusal {
    return { code: this.code, message: this.message, ...(this.params ? { params: this.params } : {}) };
  }
  get unavailable() {
    return this.status === 0 || this.status >= 500;
  }
}

/**
 * The error for an answer that is not a success: the API's message and field errors, or, for a 5xx or an answer
 * that is not the contract's envelope (the API failing: a bad gateway to us), "Server busy".
 */
function failure(status: number, envelope: ApiEnvelope<unknown> | null) {
  // Not reached, or no answer in time (the transport's status 0).
  if (status === 0) return new ApiCallError(0, "server.busy", SERVER_BUSY);
  if (status >= 500 || !envelope || envelope.status !== false) {
    return new ApiCallError(status >= 500 ? status : 502, "server.busy", SERVER_BUSY);
  }
  // An API of before codes (another server's) is read as refusing the input as a whole.
  const code = isRefusalCode(envelope.code) ? envelope.code : "validation.invalid";
  return new ApiCallError(status, code, envelope.message, envelope.errors, envelope.params);
}

let countryCache: { list: Country[]; until: number } | null = null;

/**
 * The API's calls (spec §7), bound to one transport, one token (or none) and the visitor's address. The
 * same contract, token check, authorization and error envelope whichever the transport.
 */
export function createApiClient(
  transport: ApiTransport,
  auth: { token?: string | null; clientIp?: string | null; userAgent?: string | null; browser?: string | null } = {},
) {
  const headers: Record<string, string> = {};
  if (auth.token) headers.Authorization = `Bearer ${auth.token}`;
  // The visitor's address, signed: the API believes no unsigned header for its per-address limits.
  if (auth.clientIp) headers[CLIENT_IP_HEADER] = signClientIp(getSettings().clientIpSecret, auth.clientIp);
  // The visitor's browser, as the API records it (a signature's record, a client's devices): the request's own.
  if (auth.userAgent) headers["User-Agent"] = auth.userAgent.slice(0, 300);
  // The browser's own random id (server.ts's cookie): a sign-in from one not seen before is e-mailed (issue 67).
  if (auth.browser) headers["X-Browser"] = auth.browser;
  // This client serves one request with one token (app/lib/context.server.ts): in process, its reading calls share
  // one check of the token.
  const scope = {};

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
      scope,
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
export async function expireSession(request: Request, context: AppLoadContext): Promise<Response> {
  const { account } = accountOf(await sessionOf(context, request));
  const expired = refusalWords(await requestLang(request, context))({
    code: "auth.session_expired",
    message: "Session Expired!",
  });
  const headers = await replaceSession(request, context, (s) => s.flash("toast", makeToast("info", expired)));
  const url = new URL(request.url);
  // A client's session (their own area) ends on the page that sends them a fresh link.
  const kind = account ? portalKinds[account.kind] : null;
  if (/^\/my(\/|$)/.test(url.pathname) || (kind && !kind.signIn.remembers))
    return redirect(kind?.signIn.path ?? "/my/sign-in", { headers });
  const back = request.method === "GET" && !isPublicPath(url.pathname) ? url.pathname + url.search : null;
  return redirect(signInUrl(back), { headers });
}

/**
 * The owner asks this account's kind for a second factor and it has none (issue 67): every page but its security
 * page leads there, saying why.
 */
export async function toSecurityPage(request: Request, context: AppLoadContext): Promise<Response> {
  const say = refusalWords(await requestLang(request, context));
  const session = await sessionOf(context, request);
  session.flash("toast", makeToast("info", say.catalogue("mfa.setup_required")));
  return redirect(SECURITY_PAGE, { headers: { "Set-Cookie": await commitSession(context, session) } });
}

/** In a loader: throws the response a failed call should give the page. */
export async function apiLoaderError(error: unknown, request: Request, context: AppLoadContext): Promise<never> {
  if (!(error instanceof ApiCallError)) throw error;
  if (error.status === 401) throw await expireSession(request, context);
  if (error.code === "mfa.setup_required") throw await toSecurityPage(request, context);
  if (error.status === 403 || error.status === 404) throw new Response("Not found", { status: 404 });
  if (error.unavailable) throw new Response(SERVER_BUSY, { status: 503 });
  throw new Response(refusalWords(await requestLang(request, context))(error.refusal), { status: error.status });
}

/** In an action that answers with a redirect: back to `to`, with the API's reason as an error toast. */
export async function apiRedirectError(error: unknown, request: Request, context: AppLoadContext, to: string): Promise<Response> {
  if (!(error instanceof ApiCallError)) throw error;
  if (error.status === 401) throw await expireSession(request, context);
  if (error.code === "mfa.setup_required") throw await toSecurityPage(request, context);
  const say = refusalWords(await requestLang(request, context));
  return redirectWithToast(request, context, to, {
    type: "error",
    message: say(error.unavailable ? { code: "server.busy", message: SERVER_BUSY } : error.refusal),
  });
}

/** In an action: the answer for a failed call, keeping what the user typed. */
export async function apiActionError(
  error: unknown,
  request: Request,
  context: AppLoadContext,
  values: Record<string, string>,
  /** Fields never sent back (passwords) */
  hide?: readonly string[],
) {
  if (!(error instanceof ApiCallError)) throw error;
  if (error.status === 401) throw await expireSession(request, context);
  if (error.code === "mfa.setup_required") throw await toSecurityPage(request, context);
  const say = refusalWords(await requestLang(request, context));
  if (error.unavailable) {
    return refuse(
      values,
      { formError: say({ code: "server.busy", message: "The server is busy. Nothing was lost: please try again." }) },
      { status: 503, toast: makeToast("error", say({ code: "server.busy", message: SERVER_BUSY })) },
    );
  }
  // Said once: beside each field, with a summary above that points to them (not the field's own words again);
  // a refusal of the whole form (no field named) is the summary itself. Never again as a toast.
  // A message that says more than the fields (a conflict with a choice to make, "invite them once they have an
  // address") stays as the summary.
  const fields = error.errors && Object.keys(error.errors).some((k) => k !== "form") ? error.errors : undefined;
  const repeatsAField =
    error.status === 400 &&
    fields !== undefined &&
    Object.values(fields)
      .flat()
      .some((e) => e.message === error.message);
  return refuse(
    values,
    {
      formError: say(repeatsAField ? { code: "validation.failed", message: FIX_FIELDS } : error.refusal),
      fieldErrors: say.fields(error.errors),
      hide,
    },
    { status: error.status },
  );
}
