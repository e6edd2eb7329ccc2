/**
 * What the pages show of the business (its contact, opening hours, booking rules and the services' text), as the
 * owner set them in the office. Every page shows them, so this process keeps each language's answer for a second:
 * asking the API on every page cost a list page a tenth of its speed. The API itself reads the settings again after a
 * second (backend/business/settings.ts), so another instance's save shows here within two; a save made through this
 * process (the office's settings, texts and logo) forgets the kept answers at once, and its next page shows it.
 * Should the API not answer, the environment's first values stand in, so that the public pages still draw.
 */
import type { AppLoadContext } from "@remix-run/node";
import { businessDefaults } from "../../lib/business-defaults.js";
import { siteFacts, type SiteFacts } from "../../lib/business.js";
import { serviceTextDefaults } from "../../lib/i18n/index.js";
import { defaultLang, type Lang } from "../../lib/i18n/languages.js";
import type { ApiTransport } from "../../lib/transport.js";
import { ApiCallError } from "./api.server.js";
import { apiFor } from "./context.server.js";
import { endpoints } from "./endpoints.server.js";
import { getSettings } from "./settings.server.js";

function fallback(lang: Lang): SiteFacts {
  const s = getSettings();
  return siteFacts(
    businessDefaults({ company: s.mail.company, site: s.site, bookings: s.bookings }, serviceTextDefaults()),
    lang,
  );
}

/** How long an answer is kept: as long as the API keeps the settings it read. */
const KEEP_MS = 1000;
/** For each API (a process has one; tests make others): each language's answer or the call under way, and when asked */
let kept = new WeakMap<ApiTransport, Map<Lang, { at: number; facts: Promise<SiteFacts> }>>();

/** After a save of the settings, texts or logo through this process: every language is asked again. */
export function forgetSite() {
  kept = new WeakMap();
}

/** The facts with the services' text in `lang`: kept for a second, shared by every page and request meanwhile. */
export async function loadSite(context: AppLoadContext, lang: Lang = defaultLang): Promise<SiteFacts> {
  const now = Date.now();
  let answers = kept.get(context.apiTransport);
  if (!answers) kept.set(context.apiTransport, (answers = new Map()));
  let entry = answers.get(lang);
  if (!entry || now - entry.at >= KEEP_MS) {
    entry = { at: now, facts: apiFor(context).call(endpoints.site, { query: lang === defaultLang ? {} : { lang } }) };
    answers.set(lang, entry);
    // A failed call is not kept: the next page asks again.
    const [asked, mine] = [entry, answers];
    entry.facts.catch(() => {
      if (mine.get(lang) === asked) mine.delete(lang);
    });
  }
  try {
    return await entry.facts;
  } catch (error) {
    if (error instanceof ApiCallError && error.unavailable) return fallback(lang);
    throw error;
  }
}
