/**
 * Zod's issues as refusals beside fields, for the API's 400 answers and the portal's forms alike: one function, so a
 * field's code and message come out the same wherever the input was checked.
 *
 * Each issue's code (lib/contract/codes.ts): a schema's own where it names one (`params: { code }` on a refine),
 * else the kind of check that failed (required, too long, an address, a format …), with
 * the numbers its words name (`{ max: 100 }`). The message is the schema's English.
 */
import type { ZodIssue } from "zod";
import { isRefusalCode, type CodeParams, type FieldError, type RefusalCode } from "./contract/codes.js";

export type { FieldError };
/** The API's field errors: each field's refusals, with their codes. */
export type FieldErrors = Record<string, FieldError[]>;
/** What a page shows beside each field: words, in the page's language. */
export type FieldMessages = Record<string, string[]>;

/** A field's refusal, for a service that finds one itself. */
export const fieldError = (code: RefusalCode, message: string, params?: CodeParams): FieldError =>
  params ? { code, params, message } : { code, message };

/** The code and values of one zod issue (see above). */
export function issueCode(issue: ZodIssue): { code: RefusalCode; params?: CodeParams } {
  const own = issue.code === "custom" ? (issue.params as { code?: unknown } | undefined)?.code : undefined;
  if (isRefusalCode(own)) return { code: own };
  switch (issue.code) {
    case "invalid_type":
      return { code: issue.received === "undefined" || issue.received === "null" ? "validation.required" : "validation.type" };
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.type === "string")
        return min <= 1 ? { code: "validation.required" } : { code: "validation.too_short", params: { min } };
      if (issue.type === "array" || issue.type === "set") return { code: "validation.too_few", params: { min } };
      return { code: "validation.too_small", params: { min } };
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.type === "string") return { code: "validation.too_long", params: { max } };
      if (issue.type === "array" || issue.type === "set") return { code: "validation.too_many", params: { max } };
      return { code: "validation.too_large", params: { max } };
    }
    case "invalid_string":
      return { code: issue.validation === "email" ? "validation.email" : "validation.format" };
    case "invalid_enum_value":
    case "invalid_literal":
    case "invalid_union_discriminator":
      return { code: "validation.choice" };
    case "invalid_date":
      return { code: "validation.format" };
    default:
      return { code: "validation.invalid" };
  }
}

export function fieldErrorsOf(
  issues: readonly ZodIssue[],
  opts: {
    /** The key of an issue about the input as a whole (the API says "body", a form "form") */
    whole: string;
    /** The key for an issue's path: by default the path itself ("time_off.0.starts_on"); null leaves it out */
    fieldOf?: (path: ReadonlyArray<string | number>) => string | null;
    /** Only each field's first refusal (a form shows one under each field) */
    firstOnly?: boolean;
    /** Errors found before (a form's own checks), added to */
    into?: FieldErrors;
  },
): FieldErrors {
  const errors: FieldErrors = opts.into ?? {};
  for (const issue of issues) {
    const key = issue.path.length ? (opts.fieldOf ? opts.fieldOf(issue.path) : issue.path.join(".")) : opts.whole;
    if (key === null) continue;
    if (opts.firstOnly && errors[key]) continue;
    const { code, params } = issueCode(issue);
    (errors[key] ??= []).push(fieldError(code, issue.message, params));
  }
  return errors;
}

/** Each field's refusals in words: `say` puts one in the page's language (by default, its English message). */
export function fieldMessages(
  errors: FieldErrors | undefined,
  say: (error: FieldError) => string = (e) => e.message,
): FieldMessages {
  const out: FieldMessages = {};
  for (const [field, list] of Object.entries(errors ?? {})) out[field] = list.map(say);
  return out;
}

/** A form's key: the field the path starts with, renamed where the form names it otherwise. */
export const formField =
  (rename: Record<string, string> = {}) =>
  (path: ReadonlyArray<string | number>) =>
    rename[String(path[0])] ?? String(path[0]);
