/** Routes a visitor may see without signing in (spec §2), trailing slash or not. */
const publicPaths = new Set([
  "/",
  "/home",
  "/about",
  "/terms",
  "/servicesPage",
  "/authentication",
  "/set-password",
  "/forgot-password",
]);

export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

export function isPublicPath(pathname: string): boolean {
  const p = normalizePath(pathname);
  return publicPaths.has(p) || [...publicPaths].some((q) => q.toLowerCase() === p.toLowerCase());
}

export function isAuthenticationPath(pathname: string): boolean {
  return normalizePath(pathname).toLowerCase() === "/authentication";
}

export function signInUrl(redirectTo?: string | null): string {
  return redirectTo && redirectTo !== "/" ? `/authentication/?${new URLSearchParams({ redirectTo })}` : "/authentication/";
}

const ORIGIN = "http://portal.invalid";

/** Control characters (CR, LF, NUL, ...) in a return address: never typed by a person, a sign of an attack. */
export function hasControlCharacters(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000a-\u001f\u007f]/.test(value);
}

/**
 * Where to send a visitor back to after signing in: a path of this site, or `fallback`. The value is read
 * the way a browser reads a link (the WHATWG URL parser: tabs and newlines dropped, leading spaces trimmed,
 * backslashes taken as slashes), so whatever it names is what the browser would open; only a path on this
 * origin passes, and never one that a browser could take for another host ("//host").
 */
export function safeRedirectPath(value: unknown, fallback = "/dashboard/"): string {
  if (typeof value !== "string" || value.trim() === "" || value.length > 2000) return fallback;
  let url: URL;
  try {
    url = new URL(value, ORIGIN + "/");
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  const path = url.pathname + url.search + url.hash;
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}
