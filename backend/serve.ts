/**
 * Serving the contract's endpoints (lib/contract/): each is registered from its table entry, with the guard its
 * `auth` names, its path parameters, query and body parsed by its schemas, and its answer sent in the envelope with
 * its status. A handler receives what it needs, typed by the entry, and returns the answer.
 */
import type { Request, RequestHandler, Response, Router } from "express";
import type { Kysely } from "kysely";
import type { AccountKind, AnswerOf, BodyOf, EndpointDef, ParamsOf, QueryOf } from "../lib/contract.js";
import type { ApiFile } from "../lib/transport.js";
import { guard, type Caller } from "./accounts/guard.js";
import type { TokenKind } from "./accounts/kinds.js";
import type { Database } from "./db/schema.js";
import { ApiError, handler, parse, send, sendFile } from "./http.js";

type KindsOf<E> = E extends { auth: readonly (infer K extends AccountKind)[] } ? Extract<K, TokenKind> : never;

/** What a handler of endpoint E receives. */
export type Served<E> = {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** The signed-in caller; absent for a public endpoint */
  caller: E extends { auth: "public" } ? undefined : Caller<KindsOf<E>>;
  req: Request;
  res: Response;
  /** Answer with this status instead of the endpoint's (200, or 201 for `created`) */
  status(code: number): void;
};

export type Server = <E extends EndpointDef>(
  endpoint: E,
  handle: (input: Served<E>) => Promise<AnswerOf<E>>,
  /** Run after the guard, before the input is read (an upload's slot) */
  before?: RequestHandler[],
) => void;

export const OWNERS_ONLY = "Only an owner of the office may do this.";

/** After the guard: an owner's token passes, any other staff member's is refused (403). */
const ownersOnly: RequestHandler = (req, _res, next) => {
  if (req.caller?.kind === "staff" && req.caller.person.role === "owner") return next();
  next(new ApiError(403, "auth.owners_only", OWNERS_ONLY));
};

export const FACTOR_FIRST =
  "Your firm asks for a second factor: set up a passkey or an authenticator app on your security page first.";

/**
 * A function that registers endpoints on `router`, guarded against `db`'s tokens. `confined`: whether the owner's
 * rule holds a signed-in caller to its security page (a second factor asked of its kind, none set up: issue 67);
 * such a caller reaches only the endpoints marked `setup`.
 */
export function serveOn(router: Router, db: Kysely<Database>, confined?: (caller: Caller) => Promise<boolean>): Server {
  const confine: RequestHandler = handler(async (req, _res, next) => {
    if (req.caller && confined && (await confined(req.caller))) throw new ApiError(403, "mfa.setup_required", FACTOR_FIRST);
    next();
  });
  const guards = new Map<string, RequestHandler>();
  const guardFor = (auth: readonly AccountKind[]) => {
    const key = auth.join(",");
    let found = guards.get(key);
    if (!found) guards.set(key, (found = guard(db, auth)));
    return found;
  };
  return (endpoint, handle, before = []) => {
    const chain = [
      ...(endpoint.auth === "public" ? [] : [guardFor(endpoint.auth)]),
      ...(endpoint.auth === "public" || endpoint.setup || !confined ? [] : [confine]),
      ...(endpoint.owner ? [ownersOnly] : []),
      ...before,
    ];
    const method = endpoint.method === "GET" ? "get" : "post";
    router[method](
      `/${endpoint.path}`,
      ...chain,
      handler(async (req, res) => {
        const params: Record<string, unknown> = {};
        for (const [name, schema] of Object.entries(endpoint.params ?? {})) params[name] = parse(schema, req.params[name], name);
        const query = endpoint.query ? parse(endpoint.query, req.query, "query") : undefined;
        const body = endpoint.body && !endpoint.upload && !endpoint.raw ? parse(endpoint.body, req.body) : undefined;
        let status = endpoint.created ? 201 : 200;
        const answer = await handle({
          params,
          query,
          body,
          caller: req.caller,
          req,
          res,
          status: (code: number) => void (status = code),
        } as unknown as Served<typeof endpoint>);
        // A handler that answered in its own form (TwiML to Twilio) has nothing left to send.
        if (res.headersSent) return;
        if (endpoint.download) sendFile(res, answer as ApiFile);
        else send(res, answer, status);
      }),
    );
  };
}
