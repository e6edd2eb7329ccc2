/**
 * The words a form's own schema says beside a field, by code: one table for the server's answers
 * (refusals.server.ts, through refusal-keys.ts) and the browser's check of the same schema (components/ui/form-check.ts),
 * so a field refused before it is sent reads as it would after. Small on purpose: the browser carries it on every page
 * with a form, and the page's words are cut to the keys its scripts name (scripts/catalogue-parts.js).
 */
import type { RefusalCode } from "../../lib/contract/codes";

/** The catalogue's words for each code a schema itself gives a field (lib/field-errors.ts `issueCode`). */
export const fieldCodeKeys = {
  "validation.failed": "messages.fixFields",
  "validation.required": "messages.fieldRequired",
  "validation.too_short": "messages.fieldTooShort",
  "validation.too_long": "messages.fieldTooLong",
  "validation.email": "messages.emailInvalid",
  "validation.format": "messages.fieldFormat",
  "validation.invalid": "messages.fieldFormat",
  "phone.format": "messages.phoneFormat",
  "phone.digits": "messages.phoneDigits",
  "password.varied": "messages.passwordVaried",
  "password.has_email": "messages.passwordHasEmail",
  "message.too_short": "messages.messageShort",
  "agreement.consent": "agreement.consentNeeded",
} as const satisfies Partial<Record<RefusalCode, string>>;

/** Where a field says a code in its own words (a password's length, a message's, a link's token). */
export const fieldKeys: Record<string, Partial<Record<RefusalCode, string>>> = {
  email: { "validation.required": "messages.emailRequired", "validation.too_long": "messages.emailTooLong" },
  password: {
    "validation.too_short": "messages.passwordShort",
    "validation.required": "messages.passwordRequired",
    "validation.too_long": "messages.passwordTooLong",
  },
  new_password: { "validation.too_short": "messages.passwordShort" },
  message: { "validation.too_short": "messages.messageShort" },
  token: {
    "validation.required": "setPassword.gone",
    "validation.too_short": "setPassword.gone",
    "validation.too_long": "setPassword.gone",
  },
};

/** The fields public forms have, named in the words of a code that names its field ("Email is required"). */
export const fieldLabels: Record<string, string> = {
  name: "fields.name",
  email: "fields.email",
  password: "fields.password",
  phone: "fields.phone",
  subject: "contact.subject",
  message: "fields.message",
};

/**
 * The tables as the browser's check reads them, handed to it by the form's hook (components/ui/form.tsx) so that they
 * travel with the page's first load, and the page's words include their keys (scripts/catalogue-parts.js).
 */
export const fieldWords: {
  codeKeys: Readonly<Record<string, string>>;
  fieldKeys: Readonly<Record<string, Readonly<Record<string, string>>>>;
} = { codeKeys: fieldCodeKeys, fieldKeys };
export type FieldWords = typeof fieldWords;

/** The label of a field a code names, or the words for "this field". */
export const fieldLabelKey = (field: string | undefined) => (field && fieldLabels[field]) || "fields.this";
