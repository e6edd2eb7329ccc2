/**
 * What the server reads of a request before anything else (issue 21, point 7): headers it builds URLs from, and
 * what it writes to its log.
 */
import type { RequestHandler } from "express";

/** A Host (or X-Forwarded-Host) header that names a host and port and nothing else. */
export function isHostHeader(value: string): boolean {
  return value.length <= 255 && HOST.test(value) && URL.canParse(`http://${value}`);
}
const HOST = /^(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/;

/**
 * Refuses with a 400 a request whose Host, X-Forwarded-Host (when believed) or Referer cannot be read: the portal
 * builds the page's URL from the first two and reads the third, and a header no browser sends was a 500 there.
 */
export function wellFormedHeaders(): RequestHandler {
  return (req, res, next) => {
    const host = req.get("host") ?? "";
    const forwarded = req.app.get("trust proxy fn")?.(req.socket?.remoteAddress ?? "", 0)
      ? req.get("x-forwarded-host")?.split(",")[0]?.trim()
      : undefined;
    const referer = req.get("referer");
    const bad = !isHostHeader(host)
      ? "Host"
      : forwarded !== undefined && !isHostHeader(forwarded)
        ? "X-Forwarded-Host"
        : referer !== undefined && !URL.canParse(referer)
          ? "Referer"
          : null;
    if (!bad) return next();
    res.status(400).type("text/plain").set("Cache-Control", "no-store").send(`Bad request: the ${bad} header cannot be read.`);
  };
}

/**
 * Query parameters whose values are secrets (one-time links) or a person's data (an uploaded file's name, which
 * often carries the client's name and outlives an erasure in the log), never written to the log.
 */
const SECRET_PARAMS = /([?&](?:token|password|secret|code|key|signature|name)=)[^&#]*/gi;
/** A calendar feed's address is its only key (/feeds/<token>/calendar.ics, the API's /feeds/<token>). */
const SECRET_SEGMENTS = /(\/feeds\/)[^/?#]+/gi;

/** A request's URL as the log may keep it: one-time tokens, feed keys and file names replaced by "[redacted]". */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, "$1[redacted]").replace(SECRET_SEGMENTS, "$1[redacted]");
}
