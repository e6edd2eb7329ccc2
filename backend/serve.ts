/**
 * Serving the contract's endpoints (lib/contract/): each is registered from its table entry, with the guard its
 * `auth` names, its path parameters, query and body parsed by its schemas, and its answer sent in the envelope with
 * its status. A handler receives what it needs, typed by the entry, and returns the answer.
 *
 * One walk for both ways a call arrives (issue 68): over HTTP, Express routes it here; in process, the portal's call
 * goes straight to the same entry (backend/in-process.ts finds it in `routes`). Either way the call is the same
 * `run`: the token's check, the owner's rule, the owners-only check, the slot an upload holds, the schemas, the
 * handler. Neither way makes up the other's request.
 */
import type { Request, RequestHandler, Response, Router } from "express";
import type { Kysely } from "kysely";
import type { AccountKind, AnswerOf, BodyOf, EndpointDef, ParamsOf, QueryOf } from "../lib/contract.js";
import type { Spooled } from "../lib/spool.js";
import type { ApiFile, UploadFile } from "../lib/transport.js";
import { bearerToken, callerFor, type Caller } from "./accounts/guard.js";
import type { TokenKind } from "./accounts/kinds.js";
import type { Database } from "./db/schema.js";
import { ApiError, handler, parse, send, sendFile } from "./http.js";
import { receiveFile } from "./receive.js";

type KindsOf<E> = E extends { auth: readonly (infer K extends AccountKind)[] } ? Extract<K, TokenKind> : never;

/** A received upload: the file spooled (or the portal's own, handed over), and whether it is this call's to remove. */
export type Received = { file: Spooled | UploadFile; owned: boolean };

/** What one call brings besides its input, whichever way it came. */
export type Arrival = {
  /** A header of the request (an in-process call's are the portal's: the visitor's signed address, its browser) */
  header(name: string): string | undefined;
  /** The bearer token it came with, if any */
  token: string | null;
  /** The visitor's address for the per-address limits: the portal's signed word, else the connection's */
  clientIp: string;
  /** An upload endpoint's file, read once asked for */
  upload(): Promise<Received>;
  /** Aborted when the caller goes away before its answer */
  signal: AbortSignal;
  /** Whether the portal called in process (its own upload slots already hold for it) */
  inProcess: boolean;
  /** The token's checks this call may share with the calls before it (in process, the reading calls of one request) */
  checked?: Map<string, Promise<Caller>>;
  /** Over HTTP only: the request and response themselves (a webhook's raw bytes, TwiML written back) */
  http?: { req: Request; res: Response };
};

/** What a handler of endpoint E receives. */
export type Served<E> = {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** The signed-in caller; absent for a public endpoint */
  caller: E extends { auth: "public" } ? undefined : Caller<KindsOf<E>>;
  /** How the call came: its headers, token, address, upload */
  call: Arrival;
  /** Answer with this status instead of the endpoint's (200, or 201 for `created`) */
  status(code: number): void;
};

/**
 * Held after the guard, before the input is read, for the call's life: an upload's slot. Returns its release, or
 * nothing; throws to refuse.
 */
export type Hold = (call: Arrival, caller: Caller | undefined) => (() => void) | void;

export type ServeOptions = {
  hold?: Hold;
  /** Over HTTP only, before anything else: a webhook's raw body */
  http?: RequestHandler[];
};

export type Server = <E extends EndpointDef>(
  endpoint: E,
  handle: (input: Served<E>) => Promise<AnswerOf<E>>,
  options?: ServeOptions,
) => void;

/** The raw input of a call: path parameters as they came (still encoded), query and body as read. */
export type Input = { params: Record<string, string>; query: unknown; body: unknown };

/** One endpoint as the in-process transport finds it: its method, its path's pattern, and its one walk. */
export type ServedRoute = {
  endpoint: EndpointDef;
  /** The path parameters of `path` (with its query cut off) if it is this endpoint's, else null */
  match(method: string, path: string): Record<string, string> | null;
  run(call: Arrival, input: Input): Promise<{ status: number; answer: unknown }>;
};

export const OWNERS_ONLY = "Only an owner of the office may do this.";

export const FACTOR_FIRST =
  "Your firm asks for a second factor: set up a passkey or an authenticator app on your security page first.";

/**
 * A path's pattern as Express reads it (`api/clients/:clientId`): any case, an optional trailing slash, a
 * parameter a segment of at least one character.
 */
function pathMatcher(endpoint: EndpointDef) {
  const names: string[] = [];
  const source = endpoint.path
    .split("/")
    .map((part) => {
      if (!part.startsWith(":")) return part.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
      names.push(part.slice(1));
      return "([^/]+?)";
    })
    .join("/");
  const pattern = new RegExp(`^/${source}/?$`, "i");
  return (method: string, path: string) => {
    if (method !== endpoint.method) return null;
    const found = pattern.exec(path);
    if (!found) return null;
    return Object.fromEntries(names.map((name, i) => [name, found[i + 1]!]));
  };
}

/**
 * A function that registers endpoints on `router`, guarded against `db`'s tokens, and the table of what it
 * registered (`routes`) for the in-process transport. `confined`: whether the owner's rule holds a signed-in caller
 * to its security page (a second factor asked of its kind, none set up: issue 67); such a caller reaches only the
 * endpoints marked `setup`.
 */
export function serveOn(
  router: Router,
  db: Kysely<Database>,
  confined?: (caller: Caller) => Promise<boolean>,
): Server & { routes: ServedRoute[] } {
  const routes: ServedRoute[] = [];
  const serve: Server = (endpoint, handle, options = {}) => {
    const run = async (call: Arrival, input: Input) => {
      const caller = endpoint.auth === "public" ? undefined : await checkedCaller(db, endpoint.auth, call);
      if (caller && !endpoint.setup && confined && (await confined(caller)))
        throw new ApiError(403, "mfa.setup_required", FACTOR_FIRST);
      if (endpoint.owner && !(caller?.kind === "staff" && caller.person.role === "owner"))
        throw new ApiError(403, "auth.owners_only", OWNERS_ONLY);
      const release = options.hold?.(call, caller);
      try {
        const params: Record<string, unknown> = {};
        for (const [name, schema] of Object.entries(endpoint.params ?? {}))
          params[name] = parse(schema, input.params[name], name);
        const query = endpoint.query ? parse(endpoint.query, input.query, "query") : undefined;
        const body = endpoint.body && !endpoint.upload && !endpoint.raw ? parse(endpoint.body, input.body) : undefined;
        let status = endpoint.created ? 201 : 200;
        const answer = await handle({
          params,
          query,
          body,
          caller,
          call,
          status: (code: number) => void (status = code),
        } as unknown as Served<typeof endpoint>);
        return { status, answer };
      } finally {
        release?.();
      }
    };
    // A webhook is for its sender over HTTP, never the portal's to call.
    if (!endpoint.raw) {
      const match = pathMatcher(endpoint);
      routes.push({ endpoint, match, run });
    }
    router[endpoint.method === "GET" ? "get" : "post"](
      `/${endpoint.path}`,
      ...(options.http ?? []),
      handler(async (req, res) => {
        const { status, answer } = await run(httpArrival(req, res), {
          params: req.params,
          query: req.query,
          body: req.body,
        });
        // A handler that answered in its own form (TwiML to Twilio) has nothing left to send.
        if (res.headersSent) return;
        if (endpoint.download) sendFile(res, answer as ApiFile);
        else send(res, answer, status);
      }),
    );
  };
  return Object.assign(serve, { routes });
}

/** Who the call's token is, for the kinds `auth` admits: checked once for the calls that share `call.checked`. */
function checkedCaller(db: Kysely<Database>, auth: readonly AccountKind[], call: Arrival): Promise<Caller> {
  const key = `${auth.join(",")} ${call.token ?? ""}`;
  const known = call.checked?.get(key);
  if (known) return known;
  const found = callerFor(db, auth, call.token);
  if (call.checked) {
    call.checked.set(key, found);
    // A refusal is not remembered: the next call asks again.
    found.catch(() => call.checked?.delete(key));
  }
  return found;
}

/** How an HTTP request arrives at the walk. */
function httpArrival(req: Request, res: Response): Arrival {
  let signal: AbortSignal | undefined;
  return {
    header: (name) => req.get(name),
    token: bearerToken(req.get("authorization")),
    clientIp: req.clientIp ?? "unknown",
    upload: () => receiveFile(req),
    get signal() {
      if (!signal) {
        const controller = new AbortController();
        res.on("close", () => {
          if (!res.writableFinished) controller.abort();
        });
        signal = controller.signal;
      }
      return signal;
    },
    inProcess: false,
    http: { req, res },
  };
}
