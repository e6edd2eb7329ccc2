/**
 * One request's context. Remix hands the load context that server.ts builds for a request to every loader
 * and action of that request, so work kept on it is done once per request: the session is read once, the
 * API client is made once, and the root's and the page's loaders share the cart list.
 */
import type { AppLoadContext } from "@remix-run/node";
import { createApiClient, type ApiClient } from "./api.server.js";
import { getRequestSession, type PortalSession } from "./session.server.js";

/** `work`, done once per request and shared by every loader that asks with the same key. */
export function memo<T>(context: AppLoadContext, key: string, work: () => Promise<T>): Promise<T> {
  let hit = context.memo.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = work();
    context.memo.set(key, hit);
  }
  return hit;
}

/** The request's portal session, read once. */
export function sessionOf(context: AppLoadContext, request: Request): Promise<PortalSession> {
  return memo(context, "session", () => getRequestSession(request, context));
}

/** An API client bound to this request's visitor and, when given, to a session's token. */
export function apiFor(context: AppLoadContext, token?: string | null): ApiClient {
  const key = `api:${token ?? ""}`;
  let client = context.memo.get(key) as ApiClient | undefined;
  if (!client) {
    client = createApiClient(context.apiTransport, { token, clientIp: context.clientIp });
    context.memo.set(key, client);
  }
  return client;
}
