/**
 * Every answer's security headers: a fresh nonce for the page's own scripts (`res.locals.cspNonce`, which the
 * document puts on each script tag), and a strict Content-Security-Policy that names it, with helmet's other headers.
 */
import { randomBytes } from "node:crypto";
import type express from "express";
import helmet from "helmet";

const PREVIEW_PATH = /^\/clients\/\d+\/documents\/\d+\/files\/\d+\/?$/;
/** An e-mail as it is sent, framed by the office's previews page (issue 42): its own styles are inline. */
const MAIL_PREVIEW_PATH = /^\/office\/outbox\/preview\/?$/;
/** A client's document shown in its own page, and an e-mail's preview: the things this site frames (issue 25). */
const isPreview = (req: express.Request) =>
  (PREVIEW_PATH.test(req.path) && req.query.preview === "1") || MAIL_PREVIEW_PATH.test(req.path);

export function securityHeaders(opts: {
  /** Development: the live reload's websocket is let in */
  isDev: boolean;
  /** Payments through Stripe: a checkout form posts to its hosted page */
  stripeCheckout: boolean;
  /** Production: Strict-Transport-Security */
  hsts: boolean;
  /** Where a mentor's "Sign in with Google/Microsoft" form post is sent on to (issue 69): those services' origins */
  formTargets?: string[];
}): express.RequestHandler[] {
  const nonce: express.RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
        // A previewed PDF is drawn by the browser's viewer, whose styles are inline (Chrome's, at least).
        "style-src": ["'self'", (req) => (isPreview(req as express.Request) ? "'unsafe-inline'" : "'self'")],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'", ...(opts.isDev ? ["ws://localhost:*"] : [])],
        // A checkout form post is answered with a redirect to Stripe's hosted page.
        // A mentor's calendar sign-in is answered with a redirect to Google's or Microsoft's (issue 69).
        "form-action": ["'self'", ...(opts.stripeCheckout ? ["https://checkout.stripe.com"] : []), ...(opts.formTargets ?? [])],
        // Nothing is framed, but a client's document previewed in its own page (a frame of this site).
        "frame-ancestors": [(req) => (isPreview(req as express.Request) ? "'self'" : "'none'")],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // "no-referrer" makes browsers send `Origin: null` on form posts, which Remix rightly refuses.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: opts.hsts ? undefined : false,
  });
  return [nonce, headers];
}
