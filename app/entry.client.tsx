import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import HttpBackend from "i18next-http-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { defaultLang, i18nOptions, isLang } from "../lib/i18n/languages";
import { CATALOGUE_ELEMENT_ID } from "./lib/catalogue-script";

/**
 * i18next starts with the page's catalogue, which the server wrote into the document (catalogue-script.tsx), so
 * the first render in the browser says what the server said and hydration waits for nothing. Another language
 * (a link to a page in it) is fetched when needed (`/locales/:lang?v=`, cached for good under its version).
 */
const root = document.documentElement;
const lang = isLang(root.lang) ? root.lang : defaultLang;
const version = root.dataset.catalogue ?? "";
let catalogue: Record<string, unknown> = {};
try {
  catalogue = JSON.parse(document.getElementById(CATALOGUE_ELEMENT_ID)?.textContent || "{}") as Record<string, unknown>;
} catch {
  // Left empty: the page stays as the server drew it until another catalogue comes.
}

i18next
  .use(initReactI18next)
  .use(HttpBackend)
  .init({
    ...i18nOptions,
    lng: lang,
    // The page's language is here already; only the others are fetched, and only when asked for.
    fallbackLng: false,
    resources: { [lang]: { translation: catalogue } },
    partialBundledLanguages: true,
    initImmediate: false,
    backend: { loadPath: `/locales/{{lng}}?v=${encodeURIComponent(version)}` },
  })
  .catch((error: unknown) => console.error(error));

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </I18nextProvider>,
  );
});
