/** The business settings (issue 25, point 3): read by every page (`site`), changed by an owner in the office. */
import { z } from "zod";
import {
  contrastWithWhite,
  serviceField,
  serviceIds,
  serviceTextFields,
  serviceTextMax,
  type BusinessValues,
  type ServiceId,
  type ServiceTextField,
  type SiteFacts,
} from "../business.js";
import type { MentorTextField, PlanTextField } from "../catalogue-texts.js";
import { documentKinds } from "../documents.js";
import { translator } from "../i18n/index.js";
import { isLang, languages, textLangs, type TextLang } from "../i18n/languages.js";
import { settingLabel } from "../setting-words.js";
import type { ApiFile } from "../transport.js";
import { answer, endpoint } from "./endpoint.js";
import { blankToNull, idParam, oneLineText, optionalText, requiredText, timeZoneField } from "./fields.js";
import type { Mentor } from "./mentors.js";

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ invalid_type_error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} is at least ${min}`)
    .max(max, `${label} is at most ${max}`);

const HOURS = /^([01]\d|2[0-3]):([0-5]\d)\s*[-–]\s*([01]\d|2[0-4]):([0-5]\d)$/;
/** "09:00-18:00" (opening before closing), or empty for a closed day */
const openingHours = (day: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z
      .string({ invalid_type_error: `${day} must be text` })
      .trim()
      .refine((v) => v === "" || HOURS.test(v), `Write ${day} as 09:00-18:00, or leave it empty when closed`)
      .refine((v) => {
        const m = HOURS.exec(v);
        return !m || `${m[1]}:${m[2]}` < `${m[3]}:${m[4]}`;
      }, `On ${day} the office must open before it closes`)
      .transform((v) => v.replace(/\s*[-–]\s*/, "-")),
  );

type StandardKind = Exclude<(typeof documentKinds)[number], "other">;
const standardKinds = documentKinds.filter((k): k is StandardKind => k !== "other");
/** The standard documents a service asks for (said of the whole list, not of one box) */
const docs = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(z.string({ invalid_type_error: "Choose documents from the list" }), {
      invalid_type_error: "Choose documents from the list",
    })
    .max(5, "Choose documents from the list")
    .refine((v) => v.every((k) => (standardKinds as string[]).includes(k)), "Choose documents from the list")
    .transform((v) => [...new Set(v)] as StandardKind[]),
);

/** A service's four texts, each within its length and named as the form names it ("Mentorship's tagline"). */
const english = translator("en");
const serviceTexts = (id: ServiceId) =>
  Object.fromEntries(
    serviceTextFields.map((field) => [
      field,
      requiredText(serviceTextMax[field], settingLabel(serviceField(id, field), english)),
    ]),
  ) as Record<ServiceTextField, ReturnType<typeof requiredText>>;
const s1 = serviceTexts(1);
const s2 = serviceTexts(2);
const s3 = serviceTexts(3);

/** The e-mails' colour: #rrggbb, dark enough that a button's white label reads on it (4.5:1). */
const brandColor = z
  .string({ invalid_type_error: "The colour must be text" })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: "Write the colour as # and six hex digits, such as #0b5cab" })
  .superRefine((v, ctx) => {
    const ratio = contrastWithWhite(v);
    if (ratio < 4.5) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `White text is hard to read on this colour (contrast ${ratio.toFixed(1)}:1; it needs 4.5:1): choose a darker one`,
        params: { code: "brand.low_contrast", ratio: ratio.toFixed(1) },
      });
    }
  })
  .transform((v) => v.toLowerCase());

/** A rule's box: ticked ("on", "true" or true) or not ("", "false" or false); left out, undefined. */
const ruleBox = z.preprocess(
  (v) => (v === undefined ? undefined : v === true || v === "on" || v === "true"),
  z.boolean().optional(),
);

export const businessBody = z.object({
  company_name: oneLineText(100, "Company name"),
  company_address: requiredText(300, "Company address"),
  tax_id: optionalText(50, "Tax id"),
  phone: requiredText(40, "Phone").refine((v) => /^[+()\d\s./-]{3,40}$/.test(v) && /\d{3}/.test(v.replace(/\D/g, "")), {
    message: "Write the phone number with digits, spaces and + ( ) - only",
  }),
  chat_url: z.preprocess(
    blankToNull,
    z
      .string({ invalid_type_error: "The chat link must be text" })
      .trim()
      .max(300, "The chat link is at most 300 characters")
      .url("The chat link must be an address such as https://wa.me/15550100100")
      .refine((v) => /^https?:\/\//i.test(v), "The chat link must start with https://")
      .nullable(),
  ),
  hours_zone: timeZoneField,
  hours_0: openingHours("Sundays"),
  hours_1: openingHours("Mondays"),
  hours_2: openingHours("Tuesdays"),
  hours_3: openingHours("Wednesdays"),
  hours_4: openingHours("Thursdays"),
  hours_5: openingHours("Fridays"),
  hours_6: openingHours("Saturdays"),
  /** Blank: the current year, each year */
  copyright_year: z.preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    whole("The footer's year", 2000, 2100).nullable(),
  ),
  hold_minutes: whole("Hold minutes", 5, 240),
  cancel_cutoff_hours: whole("The cancellation cut-off", 0, 720),
  min_notice_hours: whole("The minimum notice", 0, 720),
  /** Left out, the colour stays as it is (callers of before did not send it) */
  brand_color: brandColor.optional(),
  /** The owner's rule (issue 67): a box ticked ("on") or not (""); left out, the rule stays as it is */
  factor_staff: ruleBox,
  factor_agent: ruleBox,
  factor_mentor: ruleBox,
  service_1_documents: docs,
  service_2_documents: docs,
  service_3_documents: docs,
  service_1_tagline: s1.tagline,
  service_1_intro: s1.intro,
  service_1_includes: s1.includes,
  service_1_for_whom: s1.for_whom,
  service_2_tagline: s2.tagline,
  service_2_intro: s2.intro,
  service_2_includes: s2.includes,
  service_2_for_whom: s2.for_whom,
  service_3_tagline: s3.tagline,
  service_3_intro: s3.intro,
  service_3_includes: s3.includes,
  service_3_for_whom: s3.for_whom,
});

/** The language the services' text is wanted in (English when not said) */
export const siteQuery = z.object({
  lang: z.preprocess(
    (v) => (v === undefined || v === "" ? "en" : v),
    z.string().refine(isLang, `The language is one of ${languages.join(", ")}`),
  ),
});

/** One language's text of every service page (the office writes each language besides English on its own page) */
export const serviceTextsBody = z.object(
  Object.fromEntries(
    serviceIds.flatMap((id) => {
      const texts = serviceTexts(id);
      return serviceTextFields.map((field) => [serviceField(id, field), texts[field]]);
    }),
  ) as Record<`service_${ServiceId}_${ServiceTextField}`, ReturnType<typeof requiredText>>,
);
export const textLangParam = z.string().refine((v): v is TextLang => (textLangs as readonly string[]).includes(v), {
  message: `The language is one of ${textLangs.join(", ")}`,
});

/** A published plan as the public service pages show it (issue 26): no cart, no client. */
export type PublicPlan = {
  id: number;
  service_id: number;
  name: string;
  description: string;
  /** What it includes, one item a line of its card */
  includes: string[];
  price_minor: number;
  currency: string;
  /** The fields shown in English on a page in another language (not written in it yet): marked `lang="en"` */
  english: PlanTextField[];
};

/** The language a public answer is written in (English when left out). */
const publicLang = z.preprocess(
  (v) => (v === undefined || v === "" ? "en" : v),
  z.enum(languages, { errorMap: () => ({ message: `The language is one of ${languages.join(", ")}` }) }),
);
export const publicLangQuery = z.object({ lang: publicLang });

export const publicPlansQuery = z.object({
  lang: publicLang,
  service_id: z.coerce
    .number({ invalid_type_error: "Choose a service: 1, 2 or 3" })
    .int("Choose a service: 1, 2 or 3")
    .min(1, "Choose a service: 1, 2 or 3")
    .max(3, "Choose a service: 1, 2 or 3"),
});

/** A mentor as the public pages show them (issue 26): no rate, no hours, no free slots, no contact details. */
export type PublicMentor = Pick<
  Mentor,
  "id" | "name" | "title" | "bio" | "expertise" | "languages" | "country_code" | "photo_url"
> & {
  /**
   * The fields shown in English on a page in another language (not written in it yet, or a language Intl cannot
   * name): marked `lang="en"`
   */
  english: Array<MentorTextField | "languages">;
};

/** Each change of a save, in words (also what the audit log says). */
export type BusinessSaved = { values: BusinessValues; changes: string[] };

export const businessEndpoints = {
  site: endpoint({
    method: "GET",
    path: "site",
    auth: "public",
    summary: "What every page shows of the business: contact, opening hours, booking rules, the services' text in `lang`",
    query: siteQuery,
    answer: answer<SiteFacts>(),
  }),
  publicPlans: endpoint({
    method: "GET",
    path: "site/plans",
    auth: "public",
    summary:
      "A service's published plans, what each includes and its price, in `lang`, for its public page (a plan published in the office shows at once)",
    query: publicPlansQuery,
    answer: answer<PublicPlan[]>(),
  }),
  publicMentors: endpoint({
    method: "GET",
    path: "site/mentors",
    auth: "public",
    summary: "The active mentors as the public pages show them, in `lang`: name, photo, expertise, languages (no rates or slots)",
    query: publicLangQuery,
    answer: answer<PublicMentor[]>(),
  }),
  publicMentor: endpoint({
    method: "GET",
    path: "site/mentors/:id",
    auth: "public",
    summary: "One active mentor's public profile, in `lang`",
    params: { id: idParam },
    query: publicLangQuery,
    answer: answer<PublicMentor>(),
  }),
  businessSettings: endpoint({
    method: "GET",
    path: "office/settings",
    auth: ["staff"],
    owner: true,
    summary: "The business settings (owners only)",
    answer: answer<BusinessValues>(),
  }),
  saveBusiness: endpoint({
    method: "POST",
    path: "office/settings",
    auth: ["staff"],
    owner: true,
    summary: "Saves the business settings: in effect at once, each change audited in words",
    body: businessBody,
    answer: answer<BusinessSaved>(),
  }),
  saveLogo: endpoint({
    method: "POST",
    path: "office/settings/logo",
    auth: ["staff"],
    owner: true,
    summary: "The logo at the top of every e-mail: the bytes are the body (a PNG, JPEG or GIF, at most 200 kB)",
    upload: true,
    answer: answer<BusinessSaved>(),
  }),
  removeLogo: endpoint({
    method: "POST",
    path: "office/settings/logo/remove",
    auth: ["staff"],
    owner: true,
    summary: "E-mails without a logo again (the firm's name in its colour); the logos sent before stay where they were",
    answer: answer<BusinessSaved>(),
  }),
  brandLogo: endpoint({
    method: "GET",
    path: "site/logo/:hash",
    auth: "public",
    summary: "A logo the firm uploaded, by the SHA-256 of its bytes (e-mails link to it through the portal's /brand/logo/)",
    params: { hash: z.string().regex(/^[0-9a-f]{64}$/, "A logo's name is 64 hex digits") },
    download: true,
    answer: answer<ApiFile>(),
  }),
  saveServiceTexts: endpoint({
    method: "POST",
    path: "office/settings/texts/:lang",
    auth: ["staff"],
    owner: true,
    summary: "Saves the service pages' text in Arabic, Spanish or French: in effect at once, each change audited",
    params: { lang: textLangParam },
    body: serviceTextsBody,
    answer: answer<BusinessSaved>(),
  }),
};
