/** Routes a visitor may see without signing in (spec §2), trailing slash or not. */
const publicPaths = new Set(["/", "/home", "/about", "/terms", "/servicesPage", "/authentication"]);

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
  return redirectTo && redirectTo !== "/"
    ? `/authentication/?${new URLSearchParams({ redirectTo })}`
    : "/authentication/";
}
