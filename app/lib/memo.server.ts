/**
 * Work done once per request, kept on its load context (context.server.ts hands out the rest): the session is
 * read once, whoever asks for it.
 */
import type { AppLoadContext } from "@remix-run/node";
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
