/**
 * The embedded API called in process (issue 68: one walk a call). The portal's call goes straight to the endpoint
 * the contract names, found in the table `serveOn` keeps (backend/serve.ts), and runs that endpoint's own walk: the
 * token's check, the owner's rule, its schemas, its handler. No request is made up and no second router runs. The
 * body is handed over as an object (never serialised and parsed; an upload's spooled file by its path), and the
 * answer comes back as the envelope object (or a file's bytes). What the HTTP API does around its endpoints is done
 * here too: the input guard (no NUL, nothing nested too deep), the business settings read before the call, the
 * visitor's address from the portal's signed word, and the same answers for every error (`refusalOf`). No log
 * line, no gzip, no security headers: those belong to the outer server, for browsers.
 */
import { CLIENT_IP_HEADER } from "../lib/client-ip.js";
import type { ApiCall, ApiFile, ApiTransport } from "../lib/transport.js";
import { bearerToken, type Caller } from "./accounts/guard.js";
import { ApiError, inputProblem, refusalOf, type Logger } from "./http.js";
import { handedFile } from "./receive.js";
import type { Arrival, ServedRoute } from "./serve.js";

/** What the API gives its in-process transport: its endpoints' table and what runs around them. */
export type InProcessApi = {
  routes: readonly ServedRoute[];
  /** The visitor's address from the portal's signed header, else "unknown" */
  clientIp(signed: string | undefined): string;
  /** Waited for before each call: the business settings read afresh (at most a moment) */
  ready(): Promise<void>;
  logger: Logger;
};

/** A query string as Express's parser reads the portal's (plain names; a name given twice is a list). */
function queryOf(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const had = query[name];
    query[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return query;
}

/** The token checks shared by the reading calls of one portal request (ApiCall's `scope`). */
const checks = new WeakMap<object, Map<string, Promise<Caller>>>();

/** A reading call shares its request's checks; a call that changes something checks afresh and ends the sharing. */
function checksFor(call: ApiCall): Map<string, Promise<Caller>> | undefined {
  if (!call.scope) return undefined;
  if (call.method !== "GET") {
    checks.delete(call.scope);
    return undefined;
  }
  let found = checks.get(call.scope);
  if (!found) checks.set(call.scope, (found = new Map()));
  return found;
}

/** A parameter as Express decodes it: a malformed escape is the request's fault (400), never a crash. */
function decoded(params: Record<string, string>): Record<string, string> {
  try {
    return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, decodeURIComponent(v)]));
  } catch {
    throw new ApiError(400, "request.unreadable", "The request could not be read.");
  }
}

/** How many segments a path has, one trailing slash aside (Express matches with or without it). */
const segmentsOf = (path: string) => path.replace(/^\/+|\/$/g, "").split("/").length;

/**
 * The endpoints by method and number of segments, each list in the order they were served: a call tries only the
 * few of its own shape, and among them the first that matches wins, as in Express's router.
 */
function routeFinder(routes: readonly ServedRoute[]) {
  const byShape = new Map<string, ServedRoute[]>();
  for (const route of routes) {
    const key = `${route.endpoint.method} ${segmentsOf(route.endpoint.path)}`;
    byShape.set(key, [...(byShape.get(key) ?? []), route]);
  }
  return (method: string, path: string) => {
    for (const route of byShape.get(`${method} ${segmentsOf(path)}`) ?? []) {
      const params = route.match(method, path);
      if (params) return { route, params };
    }
    return null;
  };
}

const notFound = { status: false, code: "api.not_found", message: "No such API call." };
/** An in-process call has no connection to lose: its signal never aborts. */
const never = new AbortController().signal;

export function inProcessTransport(api: { inProcess: InProcessApi }): ApiTransport {
  const { routes, clientIp, ready, logger } = api.inProcess;
  const find = routeFinder(routes);
  return async (call) => {
    const cut = call.path.indexOf("?");
    const path = "/" + (cut < 0 ? call.path : call.path.slice(0, cut)).replace(/^\/+/, "");
    try {
      const found = find(call.method, path);
      if (!found) return { status: 404, payload: notFound };
      const { route, params } = found;
      const headers = Object.fromEntries(Object.entries(call.headers).map(([k, v]) => [k.toLowerCase(), v]));
      const query = queryOf(cut < 0 ? "" : call.path.slice(cut + 1));
      const body = call.upload ? undefined : (call.body ?? {});
      const problem = inputProblem(body) ?? inputProblem(query);
      if (problem) throw new ApiError(400, "request.malformed", problem);
      await ready();
      const arrival: Arrival = {
        header: (name) => headers[name.toLowerCase()],
        token: bearerToken(headers.authorization),
        clientIp: clientIp(headers[CLIENT_IP_HEADER.toLowerCase()]),
        upload: () => handedFile(call.upload),
        signal: never,
        inProcess: true,
        checked: checksFor(call),
      };
      const { status, answer } = await route.run(arrival, { params: decoded(params), query, body });
      if (route.endpoint.download) return { status: 200, payload: null, file: answer as ApiFile };
      return { status, payload: { status: true, data: answer } };
    } catch (err) {
      const { status, envelope } = refusalOf(err, logger, path);
      return { status, payload: envelope };
    }
  };
}
