/**
 * The business settings (issue 25, point 3): what the owner sets in the office, field by field, as plain values the
 * browser's build may import. The API keeps them (backend/business/settings.ts); the environment gives
 * only their first values.
 */
import type { DocumentKind } from "./documents.js";
import { defaultLang, isTextLang, type Lang, type TextLang } from "./i18n/languages.js";

export { DEFAULT_COMPANY_NAME, todaysHours } from "./site-facts.js";

export const weekdayShort = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
/** One field per weekday, 0 Sunday: "09:00-18:00", or empty when the office is closed that day */
export const openingField = (weekday: number) => `hours_${weekday}` as `hours_${0 | 1 | 2 | 3 | 4 | 5 | 6}`;
export const serviceIds = [1, 2, 3] as const;
export type ServiceId = (typeof serviceIds)[number];
export const serviceTextFields = ["tagline", "intro", "includes", "for_whom"] as const;
export type ServiceTextField = (typeof serviceTextFields)[number];
/** How long each service text may be, in characters (the contract and the office's fields alike) */
export const serviceTextMax: Record<ServiceTextField, number> = { tagline: 200, intro: 2000, includes: 1000, for_whom: 500 };
export const serviceField = <F extends ServiceTextField | "documents">(id: ServiceId, field: F) =>
  `service_${id}_${field}` as `service_${ServiceId}_${F}`;

/** A service text in one of `textLangs`: `service_1_tagline_ar` */
export const serviceTextField = (id: ServiceId, field: ServiceTextField, lang: TextLang) =>
  `service_${id}_${field}_${lang}` as const;
/** A service's public text in one language: what the office writes and the service page shows */
export type ServiceText = { tagline: string; intro: string; includes: string[]; for_whom: string };

/** A logo an owner uploaded: the SHA-256 of its bytes (its address), its type and its size in pixels. */
export type BrandLogo = { hash: string; type: string; width: number; height: number };

/** A logo's file extension by its type (the uploads take these three). */
export const logoExtension = (type: string) => ({ "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif" })[type] ?? "png";

/** Where the portal serves a logo (`/brand/logo/<hash>.<ext>`): what e-mails and the office's page show. */
export const logoPath = (logo: Pick<BrandLogo, "hash" | "type">) => `/brand/logo/${logo.hash}.${logoExtension(logo.type)}`;

/** The e-mails' colour until an owner sets one: a blue that white text reads on. */
export const DEFAULT_BRAND_COLOR = "#0b5cab";

/**
 * How well white text reads on a colour (WCAG's contrast ratio, 1 to 21): a button's label is white on the firm's
 * colour, so the settings refuse a colour under 4.5.
 */
export function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
}

/** Every setting, flat, as the office's form has them. */
export type BusinessValues = {
  company_name: string;
  company_address: string;
  tax_id: string | null;
  phone: string;
  chat_url: string | null;
  /** The zone the opening hours are given in */
  hours_zone: string;
  hours_0: string;
  hours_1: string;
  hours_2: string;
  hours_3: string;
  hours_4: string;
  hours_5: string;
  hours_6: string;
  /** The footer's year; null (never set): the current year */
  copyright_year: number | null;
  hold_minutes: number;
  cancel_cutoff_hours: number;
  min_notice_hours: number;
  /** The firm's colour in its e-mails (the name, the button, links): #rrggbb, dark enough for white text on it */
  brand_color: string;
  /** The logo at the top of its e-mails (backend/business/logo.ts), or none: the firm's name in its colour */
  brand_logo: BrandLogo | null;
  /**
   * The owner's rule (issue 67): each kind asked for a second factor. An account of it without one is taken to its
   * security page after its password, and can do nothing else until it has one.
   */
  factor_staff: boolean;
  factor_agent: boolean;
  factor_mentor: boolean;
} & {
  [K in `service_${ServiceId}_documents`]: Array<Exclude<DocumentKind, "other">>;
} & {
  [K in `service_${ServiceId}_${ServiceTextField}`]: string;
} & {
  [K in `service_${ServiceId}_${ServiceTextField}_${TextLang}`]: string;
};

export type BusinessKey = keyof BusinessValues;

/** A translator as i18next's `t` is called: a key and the values it names (the API passes English's) */
export type Say = (key: string, values?: Record<string, unknown>) => string;

/** What the public pages and the agents' pages show of the business (the `site` call). */
export type SiteFacts = {
  company: { name: string; address: string; tax_id: string | null };
  phone: string;
  chat_url: string;
  hours_zone: string;
  /** 0 Sunday … 6 Saturday: [open, close] as "HH:MM" in `hours_zone`, or null when closed */
  hours: Array<[string, string] | null>;
  /** The footer's year as an owner set it; null: the current year */
  copyright_year: number | null;
  hold_minutes: number;
  cancel_cutoff_hours: number;
  min_notice_hours: number;
  /** In the language the page asked for (English unless it said) */
  services: Record<ServiceId, ServiceText>;
};

/** A service's text in one language, from the settings. */
export function serviceText(v: BusinessValues, id: ServiceId, lang: Lang = defaultLang): ServiceText {
  const field = (f: ServiceTextField) => (isTextLang(lang) ? v[serviceTextField(id, f, lang)] : v[serviceField(id, f)]);
  return {
    tagline: field("tagline"),
    intro: field("intro"),
    includes: field("includes")
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean),
    for_whom: field("for_whom"),
  };
}

/** What the pages show, from the settings: the services' text in `lang`. */
export function siteFacts(v: BusinessValues, lang: Lang = defaultLang): SiteFacts {
  const day = (h: string): [string, string] | null => {
    const [open, close] = h.split("-");
    return open && close ? [open, close] : null;
  };
  return {
    company: { name: v.company_name, address: v.company_address, tax_id: v.tax_id },
    phone: v.phone,
    chat_url: v.chat_url ?? `https://wa.me/${v.phone.replace(/\D/g, "")}`,
    hours_zone: v.hours_zone,
    hours: [v.hours_0, v.hours_1, v.hours_2, v.hours_3, v.hours_4, v.hours_5, v.hours_6].map(day),
    copyright_year: v.copyright_year,
    hold_minutes: v.hold_minutes,
    cancel_cutoff_hours: v.cancel_cutoff_hours,
    min_notice_hours: v.min_notice_hours,
    services: Object.fromEntries(serviceIds.map((id) => [id, serviceText(v, id, lang)])) as SiteFacts["services"],
  };
}
