/**
 * What the API and the forms say, in the page's language. The API answers in English (its contract, its logs and
 * the office read English); a public page says the same thing in its reader's language: an English message is
 * matched here, exactly or by its shape, to a catalogue key. One not known is shown as it came.
 */
import type { TFunction } from "i18next";
import { DEACTIVATED_MESSAGE, FIX_FIELDS, SERVER_BUSY, WRONG_CREDENTIALS_MESSAGE } from "../messages.js";

const exact: Record<string, string> = {
  [FIX_FIELDS]: "messages.fixFields",
  [SERVER_BUSY]: "messages.serverBusy",
  [WRONG_CREDENTIALS_MESSAGE]: "messages.wrongCredentials",
  [DEACTIVATED_MESSAGE]: "messages.deactivated",
  "Email is required": "messages.emailRequired",
  "Enter a valid email address": "messages.emailInvalid",
  "Email is too long": "messages.emailTooLong",
  "Password is required": "messages.passwordRequired",
  "Password is too long": "messages.passwordTooLong",
  "Choose a password": "messages.choosePassword",
  "A password needs at least 10 characters": "messages.passwordShort",
  "Use more different characters": "messages.passwordVaried",
  "This link is not valid": "setPassword.gone",
  "This link is not valid.": "setPassword.gone",
  "This link has expired or was used already. Ask the consultancy for a new one.": "messages.passwordLinkGone",
  "Tell us a little more (at least 10 characters)": "messages.messageShort",
  "This link is not complete. Copy the whole link from the e-mail.": "my.linkIncomplete",
  "This link has expired, was used already, or your access was ended. Ask for a new link with your e-mail address, or write to your agent.":
    "my.linkGone",
  "Enter a phone number: digits, spaces, and an optional leading +": "messages.phoneFormat",
  "A phone number has 7 to 15 digits": "messages.phoneDigits",
};

/** The fields public forms name in their messages, and their catalogue keys. */
const fieldKeys: Record<string, string> = {
  Name: "fields.name",
  Email: "fields.email",
  Password: "fields.password",
  Phone: "fields.phone",
  Subject: "contact.subject",
  Message: "fields.message",
};

/** An English message of the API or a form in the language `t` speaks; as it came when it is not one we know. */
export function localizeMessage(t: TFunction, message: string, locale: string): string {
  const key = exact[message];
  if (key) return t(key);
  let m = /^(\w+) is required$/.exec(message);
  if (m && fieldKeys[m[1]!]) return t("messages.fieldRequired", { field: t(fieldKeys[m[1]!]!) });
  m = /^(\w+) must be at most (\d+) characters$/.exec(message);
  if (m && fieldKeys[m[1]!]) return t("messages.fieldTooLong", { field: t(fieldKeys[m[1]!]!), max: Number(m[2]) });
  m = /^Too many [^.]+\. Please try again in (\d+) (seconds|minutes)\.$/.exec(message);
  if (m) {
    const unit = m[2] === "minutes" ? "minute" : "second";
    const wait = new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(Number(m[1]));
    return t("messages.tooMany", { wait });
  }
  return message;
}
