/**
 * What the pages show of the business (its contact, opening hours, booking rules and the services' text), as the
 * owner set them in the office: read from the API once for each page drawn, so a change shows at once. Should the
 * API not answer, the environment's first values stand in, so that the public pages still draw.
 */
import type { AppLoadContext } from "@remix-run/node";
import { businessDefaults } from "../../lib/business-defaults.js";
import { siteFacts, type SiteFacts } from "../../lib/business.js";
import { serviceTextDefaults } from "../../lib/i18n/index.js";
import { defaultLang, type Lang } from "../../lib/i18n/languages.js";
import { ApiCallError } from "./api.server.js";
import { apiFor, memo } from "./context.server.js";
import { endpoints } from "./endpoints.server.js";
import { getSettings } from "./settings.server.js";

function fallback(lang: Lang): SiteFacts {
  const s = getSettings();
  return siteFacts(
    businessDefaults({ company: s.mail.company, site: s.site, bookings: s.bookings }, serviceTextDefaults()),
    lang,
  );
}

/** Once per request and language: the root and the page's own loader share the answer (the services' text in `lang`). */
export async function loadSite(context: AppLoadContext, lang: Lang = defaultLang): Promise<SiteFacts> {
  try {
    return await memo(context, `site:${lang}`, () =>
      apiFor(context).call(endpoints.site, { query: lang === defaultLang ? {} : { lang } }),
    );
  } catch (error) {
    if (error instanceof ApiCallError && error.unavailable) return fallback(lang);
    throw error;
  }
}
