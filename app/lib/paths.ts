import { pathWithoutLang } from "../../lib/i18n/languages";

/**
 * The public pages written in every language (issue 26), at `/…` in English and `/ar/…`, `/es/…`, `/fr/…`: the
 * header's language switch, the suggestion and the sitemap are for these.
 */
export const localizedPaths = [
  "/",
  "/about",
  "/servicesPage",
  "/terms",
  "/privacy",
  "/contact",
  "/authentication",
  "/forgot-password",
  "/set-password",
  "/our-mentors",
] as const;

export function isLocalizedPath(pathname: string): boolean {
  const p = normalizePath(pathWithoutLang(pathname)).toLowerCase();
  return localizedPaths.some((q) => q.toLowerCase() === p) || /^\/our-mentors\/\d+$/.test(p);
}

/** Routes a visitor may see without signing in (spec §2), trailing slash or not, in any language. */
const publicPaths = new Set([...localizedPaths, "/home", "/my/sign-in", "/my/link", "/confirm-email", "/second-step"]);

export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

export function isPublicPath(pathname: string): boolean {
  const p = normalizePath(pathWithoutLang(pathname));
  return (
    publicPaths.has(p) || [...publicPaths].some((q) => q.toLowerCase() === p.toLowerCase()) || /^\/our-mentors\/\d+$/i.test(p)
  );
}

export function isAuthenticationPath(pathname: string): boolean {
  return normalizePath(pathWithoutLang(pathname)).toLowerCase() === "/authentication";
}

/** One's own sign-in security (issue 67): the one page open to an account the owner's rule holds until it has a factor. */
export const SECURITY_PAGE = "/account/security";

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
/** A page's address query from values, the empty ones left out ("" when none is left): for filters and pages. */
export function queryOf(values: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams(Object.entries(values).filter((e): e is [string, string] => Boolean(e[1])));
  return params.size ? `?${params}` : "";
}

/**
 * The page to go back to after a form on another page (the zone picker's `back`, a form's `redirectTo`): a safe
 * path of this site as safeRedirectPath reads it, or `fallback` for anything else, control characters included.
 */
export function backPath(value: unknown, fallback: string): string {
  return typeof value === "string" && !hasControlCharacters(value) ? safeRedirectPath(value, fallback) : fallback;
}

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
