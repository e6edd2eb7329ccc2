import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { defaultLang, i18nOptions, isLang } from "../lib/i18n/languages";
import { catalogueCarried } from "./lib/catalogue-loading";
import { CATALOGUE_ELEMENT_ID } from "./lib/catalogue-script";

/**
 * i18next starts with the page's words, which the server wrote into the document (catalogue-script.tsx), so the
 * first render in the browser says what the server said and hydration waits for nothing. A page of another route
 * or language fetches its words before it is drawn (root.tsx, app/lib/catalogue-loading.ts).
 */
const root = document.documentElement;
const lang = isLang(root.lang) ? root.lang : defaultLang;
const script = document.getElementById(CATALOGUE_ELEMENT_ID);
let catalogue: Record<string, unknown> = {};
try {
  catalogue = JSON.parse(script?.textContent || "{}") as Record<string, unknown>;
  const routes = script?.dataset.routes ?? "";
  catalogueCarried(lang, routes === "*" ? "all" : routes.split(",").filter(Boolean));
} catch {
  // Left empty: the page stays as the server drew it, and its words are fetched on the next render.
}

i18next
  .use(initReactI18next)
  .init({
    ...i18nOptions,
    lng: lang,
    // The page's language is here already; another's words are fetched when a page in it is about to be drawn.
    fallbackLng: false,
    resources: { [lang]: { translation: catalogue } },
    partialBundledLanguages: true,
    initImmediate: false,
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
