/** What every area of the contract is built of: the envelope, ids, texts, days, zones, money and paging. */
import { z } from "zod";
import { clientLanguages, fieldLimits } from "../client-fields.js";
import { isRealDate } from "../days.js";
import type { FieldErrors } from "../field-errors.js";
import { isTimeZone } from "../intl.js";
import type { CodeParams, RefusalCode } from "./codes.js";

export type { FieldErrors };
export type ApiSuccess<T> = { status: true; data: T };
/** A refusal: its code (lib/contract/codes.ts), the same in English, and each field's own (with their codes). */
export type ApiFailure = { status: false; code: RefusalCode; params?: CodeParams; message: string; errors?: FieldErrors };
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

export const emailField = z
  .string({ required_error: "Email is required", invalid_type_error: "Email must be text" })
  .trim()
  .min(1, "Email is required")
  .max(fieldLimits.email, "Email is too long")
  .email("Enter a valid email address")
  .transform((v) => v.toLowerCase());

// ---- ids in paths -----------------------------------------------------------

/** The largest id a table holds (PostgreSQL's integer): a larger one names no record. */
export const MAX_ID = 2_147_483_647;

export const idParam = z.coerce
  .number({ invalid_type_error: "must be a number" })
  .int("must be a whole number")
  .positive("must be a positive number")
  .max(MAX_ID, "is too large");

// ---- helpers for form-shaped input -------------------------------------------

export { isRealDate };

/** A YYYY-MM-DD of a real day, 2000 to 2100: what every date filter and range may name (issue 21: year 0 or
 * 9999 reached PostgreSQL's date arithmetic and failed there as a 500). */
export const boundedDay = (format: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, format)
    .refine(isRealDate, "Enter a real date")
    .refine((v) => v >= "2000-01-01" && v <= "2100-12-31", "Choose a date between 2000 and 2100");

/** "" and whitespace become null, so an empty form field and a missing JSON field mean the same. */
/**
 * The language a person is written to in (their e-mails and invites, a client's own page): one of the portal's.
 * Left out or blank, it stays as it is (English for someone new).
 */
export const writtenLanguage = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.enum(clientLanguages, { errorMap: () => ({ message: "Choose a language from the list" }) }).optional(),
);

export type WrittenLanguage = (typeof clientLanguages)[number];

export const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
export const optionalText = (max: number, label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ invalid_type_error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .nullable()
      .optional(),
  );
export const requiredText = (max: number, label: string) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * A name or a title: required, and on one line. A line break or another control character would reach an e-mail's
 * header (the From name, a file's Content-Disposition) or a calendar's line (X-WR-CALNAME) and start a field of its
 * own there.
 */
export const oneLineText = (max: number, label: string) =>
  requiredText(max, label).refine((v) => !CONTROL_CHARACTERS.test(v), `${label} must be on one line`);

/** A required text of at most `max` characters, with messages naming `label` (also for the command-line tools). */
export const requiredTextField = requiredText;

export const countryCode = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim().toUpperCase()) : v),
    z
      .string({ invalid_type_error: `${label} must be a country code` })
      .regex(/^[A-Z]{2}$/, `${label} must be a country from the list`)
      .nullable()
      .optional(),
  );

let zoneNames: Map<string, string> | null = null;

/**
 * A zone as a person types it in the searchable picker ("america/new york", " Europe/Lisbon "): spaced and cased
 * as IANA writes it when this runtime lists it; anything else is left for the check to refuse.
 */
export function zoneAsTyped(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const typed = v.trim().replace(/ +/g, "_");
  zoneNames ??= new Map(Intl.supportedValuesOf("timeZone").map((tz) => [tz.toLowerCase(), tz]));
  return zoneNames.get(typed.toLowerCase()) ?? typed;
}

/** An IANA zone this runtime knows; one message for whatever else comes (blank is "choose one"). */
export const timeZoneField = z.preprocess(
  (v) => (v === "" ? undefined : zoneAsTyped(v)),
  z
    .string({ required_error: "Choose a time zone", invalid_type_error: "Time zone must be text" })
    .refine((tz) => isTimeZone(tz), "Choose a time zone from the list"),
);

/** Money as the API takes it: whole minor units (cents), 0 up to 10 million dollars. */
export const minorUnits = (label: string) =>
  z.coerce
    .number({ invalid_type_error: `${label} must be an amount` })
    .int(`${label} must be whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000_000, `${label} is too large`);

export type Page<T> = { items: T[]; page: number; per_page: number; total: number; pages: number };

/** A list's page number: blank or absent is the first. */
export const pageField = z.preprocess(
  blankToNull,
  z.coerce.number().int().min(1, "Page must be 1 or more").max(100000).nullable().optional(),
);

/** A list's free-text search: blank or absent is none. */
export const searchField = z.preprocess(
  blankToNull,
  z.string().trim().max(100, "Search must be at most 100 characters").nullable().optional(),
);

/** An optional filter of one of `values`: blank or absent is none. */
export const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message = "Choose from the list") =>
  z.preprocess(
    blankToNull,
    z
      .enum(values, { errorMap: () => ({ message }) })
      .nullable()
      .optional(),
  );

/** A day a list is filtered by, 2000 to 2100: blank or absent is none. */
export const optionalDay = z.preprocess(blankToNull, boundedDay("Enter the date as YYYY-MM-DD").nullable().optional());

/** A searched, paged list's query: words and a page. */
export const searchPageQuery = z.object({ q: searchField, page: pageField });

/**
 * The words of a plan or a mentor in Arabic, Spanish and French (issue 37): each language's object replaces what
 * was written in it (a field left out or blank: shown in English); a language left out keeps what it has.
 */
export const translations = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ ar: z.object(shape).optional(), es: z.object(shape).optional(), fr: z.object(shape).optional() }).optional();
export const translatedList = (max: number, label: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) && v.length === 0 ? null : v),
    z
      .array(requiredText(max, label), { invalid_type_error: `List ${label.toLowerCase()}s` })
      .max(20)
      .nullable()
      .optional(),
  );
