import "@remix-run/node";
import type { ApiTransport } from "../lib/transport";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The nonce of this response's Content-Security-Policy */
    cspNonce: string;
    /** The visitor's address, as Express resolved it (trust proxy) */
    clientIp: string;
    /** The demo sign-in the server seeded, shown on the sign-in page; null without demo data or with another API */
    demoSignIn: { email: string; password: string } | null;
    /** The embedded API, called in process; null when the portal talks to API_BASE_URL over HTTP */
    apiTransport: ApiTransport | null;
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
