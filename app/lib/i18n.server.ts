/**
 * Which language a request is answered in (issue 26). A public page's address says it (`/ar/…`); the visitor's
 * own choice is kept in the `lang` cookie by the switch; Accept-Language is only ever a suggestion. Signed-in pages
 * follow the account (the client's area the client's record; the workspace and the office are in English for now).
 */
import { createHash } from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { getSettings } from "../../lib/env.server.js";
import { i18nOptions, resources, translator } from "../../lib/i18n/index.js";
import { defaultLang, isLang, languages, type Lang } from "../../lib/i18n/languages.js";

export { resources, translator } from "../../lib/i18n/index.js";

/**
 * The workspaces' words on the server (page titles, toasts): the agent's pages and the office are in English for
 * now (lib/i18n/en-workspace.ts).
 */
export const workspaceT = translator(defaultLang);

let cookie: Cookie | null = null;
/** The chosen language's cookie, made on first use (the settings are read then, never when the module loads). */
export function langCookie(): Cookie {
  cookie ??= createCookie("lang", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: getSettings().isProduction,
    maxAge: 365 * 24 * 3600,
  });
  return cookie;
}

/** Changes whenever a catalogue does: the browser's copy (`/locales/:lang?v=`) is cached for good under it. */
export const catalogueVersion = createHash("sha256").update(JSON.stringify(resources)).digest("hex").slice(0, 12);

/** Reads Accept-Language (and nothing else): what to suggest, never where to send. */
const detector = new RemixI18Next({
  detection: { supportedLanguages: [...languages], fallbackLanguage: defaultLang, order: ["header"] },
  i18next: { ...i18nOptions, resources },
});

/** The language the visitor chose with the switch, if any. */
export async function chosenLang(request: Request): Promise<Lang | null> {
  try {
    const value: unknown = await langCookie().parse(request.headers.get("Cookie"));
    return isLang(value) ? value : null;
  } catch {
    return null;
  }
}

/** The browser's first language that the portal speaks, or null when it asks for none of them. */
export async function browserLang(request: Request): Promise<Lang | null> {
  if (!request.headers.get("Accept-Language")) return null;
  const found = await detector.getLocale(request);
  return isLang(found) ? found : null;
}
