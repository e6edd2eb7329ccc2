import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The nonce of this response's Content-Security-Policy */
    cspNonce: string;
    /** The visitor's address, as Express resolved it (trust proxy) */
    clientIp: string;
    /** The demo sign-in the server seeded, shown on the sign-in page; null without demo data or with another API */
    demoSignIn: { email: string; password: string } | null;
  }
}
