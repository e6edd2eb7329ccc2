/**
 * One request's context. Remix hands the load context that server.ts builds for a request to every loader
 * and action of that request, so work kept on it is done once per request: the session is read once, the
 * API client is made once, and the root's and the page's loaders share the cart list.
 */
import type { AppLoadContext } from "@remix-run/node";
import { createApiClient, type ApiClient } from "./api.server.js";
import { memo, sessionOf } from "./memo.server.js";

export { memo, sessionOf };

/** An API client bound to this request's visitor and, when given, to a session's token. */
export function apiFor(context: AppLoadContext, token?: string | null): ApiClient {
  const key = `api:${token ?? ""}`;
  let client = context.memo.get(key) as ApiClient | undefined;
  if (!client) {
    client = createApiClient(context.apiTransport, {
      token,
      clientIp: context.clientIp,
      userAgent: context.userAgent,
      browser: context.browserId,
    });
    context.memo.set(key, client);
  }
  return client;
}
