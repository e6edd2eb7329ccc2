/**
 * The business settings' first values (lib/business.ts): the environment's, and the services' text and documents as
 * written in code. Only the server makes them (the API at start, the portal when the API does not answer). A module
 * of its own so that the pages' scripts, which import lib/business.ts for its names and helpers, do not reach the
 * services' copy and the documents' table from there (the browser's build fetches a shared module's file for every
 * route that reaches it).
 */
import { DEFAULT_BRAND_COLOR, serviceIds, type BusinessValues, type ServiceId, type ServiceTextField } from "./business.js";
import { documentsByService } from "./documents.js";
import type { TextLang } from "./i18n/languages.js";
import { serviceContent } from "./services-content.js";

/** What the environment says, before any owner saved a setting. */
export type BusinessDefaults = {
  company: { name: string; address: string; taxId?: string | null };
  site: { phone: string; chatUrl: string; copyrightYear: number | null };
  bookings: { holdMinutes: number; cancelCutoffHours: number; minNoticeHours: number };
};

/**
 * The first values of every setting: the environment's, the services' English text as written in code, and its
 * translations (`translated`: each `service_<id>_<text>_<lang>`, from the catalogues, which only the server loads).
 */
export function businessDefaults(
  env: BusinessDefaults,
  translated: Record<`service_${ServiceId}_${ServiceTextField}_${TextLang}`, string>,
): BusinessValues {
  const services = Object.fromEntries(
    serviceIds.flatMap((id) => {
      const c = serviceContent[id];
      return [
        [`service_${id}_documents`, [...(documentsByService[id] ?? [])]],
        [`service_${id}_tagline`, c.tagline],
        [`service_${id}_intro`, c.intro],
        [`service_${id}_includes`, c.includes.join("\n")],
        [`service_${id}_for_whom`, c.forWhom],
      ];
    }),
  );
  return {
    company_name: env.company.name,
    company_address: env.company.address,
    tax_id: env.company.taxId ?? null,
    phone: env.site.phone,
    chat_url: env.site.chatUrl,
    hours_zone: "UTC",
    hours_0: "",
    hours_1: "09:00-18:00",
    hours_2: "09:00-18:00",
    hours_3: "09:00-18:00",
    hours_4: "09:00-18:00",
    hours_5: "09:00-18:00",
    hours_6: "",
    copyright_year: env.site.copyrightYear,
    hold_minutes: env.bookings.holdMinutes,
    cancel_cutoff_hours: env.bookings.cancelCutoffHours,
    min_notice_hours: env.bookings.minNoticeHours,
    brand_color: DEFAULT_BRAND_COLOR,
    brand_logo: null,
    factor_staff: false,
    factor_agent: false,
    factor_mentor: false,
    ...services,
    ...translated,
  } as BusinessValues;
}
