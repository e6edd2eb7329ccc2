import "@remix-run/node";
import type { ApiTransport } from "../lib/transport";
import type { PortalSessions } from "./lib/session-storage.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The nonce of this response's Content-Security-Policy */
    cspNonce: string;
    /** The visitor's address, as Express resolved it (trust proxy) */
    clientIp: string;
    /** The visitor's browser (its User-Agent), passed on to the API with each call */
    userAgent?: string | null;
    /** The browser's own random id (its long-lived cookie, server.ts), passed on to the API's sign-ins */
    browserId?: string | null;
    /** The demo sign-in the server seeded, shown on the sign-in page; null without demo data or with another API */
    demoSignIn: { email: string; password: string } | null;
    /** The API: the embedded one in process, or API_BASE_URL's over HTTP (server.ts chooses, once) */
    apiTransport: ApiTransport;
    /** The portal's session storage, over server.ts's database handle */
    sessions: PortalSessions;
    /** Work done once per request (app/lib/context.server.ts) */
    memo: Map<string, unknown>;
  }
}

declare module "@remix-run/server-runtime" {
  // Single fetch's type inference for useLoaderData and useActionData (remix.config.js turns the flag on).
  interface Future {
    v3_singleFetch: true;
  }
}
