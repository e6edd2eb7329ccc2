/**
 * A client's fields and statuses, as the forms show them. Kept apart from the contract's schemas so that a page
 * can name them without shipping zod to the browser; the contract builds its schema from the same names, and a
 * test holds the two together.
 */
import { languages } from "./i18n/languages.js";

export const clientStatuses = ["prospect", "active", "on_hold", "completed"] as const;

export const clientStatusLabels: Record<(typeof clientStatuses)[number], string> = {
  prospect: "Prospect",
  active: "Active",
  on_hold: "On hold",
  completed: "Completed",
};

/** The languages the portal writes to clients and mentors in (issue 26): their e-mails, invites and own page. */
export const clientLanguages = languages;
export const clientLanguageLabels: Record<(typeof clientLanguages)[number], string> = {
  en: "English",
  ar: "Arabic (العربية)",
  es: "Spanish (español)",
  fr: "French (français)",
};

/** The client's own fields, in form order. */
export const clientFieldNames = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "time_zone",
  "language",
  "nationality",
  "current_country",
  "destination_country",
  "date_of_birth",
  "passport_number",
  "status",
  "notes",
] as const;

/**
 * The longest value each text field takes: the contract's schemas refuse longer ones, and the forms' inputs carry
 * the same `maxlength`, so a browser stops the typing where the server would refuse it.
 */
export const fieldLimits = {
  first_name: 100,
  last_name: 100,
  email: 254,
  phone: 30,
  passport_number: 20,
  notes: 2000,
  name: 100,
  subject: 150,
  message: 5000,
  topic: 200,
  password: 200,
  search: 100,
} as const;

/** The rules a new password must meet, as the set-password page states them (the contract's schema checks them). */
export const passwordRules = "At least 10 characters, and not your email address. A few words in a row make a good one.";
