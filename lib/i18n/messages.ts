/**
 * What the API and the forms say, in the page's language. The API answers in English (its contract, its logs and
 * the office read English); a public page says the same thing in its reader's language: an English message is
 * matched here, exactly or by its shape, to a catalogue key. One not known is shown as it came.
 */
import type { TFunction } from "i18next";
import {
  AGENT_CHANGED,
  ALREADY_ACCEPTED,
  CHOOSE_FILE,
  CHOOSE_FILES,
  CLIENT_QUOTA,
  EMPTY_FILE,
  fileSizeInText,
  JUST_REVIEWED,
  kindNamed,
  QUOTA_FULL,
  TOO_LARGE,
  TOO_LARGE_HINT,
  TOO_MANY_PARTS,
  WRONG_TYPE,
} from "../documents.js";
import {
  DEACTIVATED_MESSAGE,
  FIX_FIELDS,
  FORM_EXPIRED,
  FORM_UNREADABLE,
  SERVER_BUSY,
  WRONG_CREDENTIALS_MESSAGE,
} from "../messages.js";

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
  [FORM_UNREADABLE]: "messages.formUnreadable",
  [FORM_EXPIRED]: "messages.formExpired",
  // A client's uploads (their own page).
  [CHOOSE_FILE]: "my.chooseOne",
  [CHOOSE_FILES]: "my.chooseMany",
  [TOO_LARGE]: "my.tooLargeShort",
  [TOO_LARGE_HINT]: "my.tooLarge",
  [TOO_MANY_PARTS]: "my.tooManyParts",
  [EMPTY_FILE]: "my.empty",
  [WRONG_TYPE]: "my.wrongType",
  [ALREADY_ACCEPTED]: "my.alreadyAccepted",
  [JUST_REVIEWED]: "my.justReviewed",
  [AGENT_CHANGED]: "my.agentChanged",
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

/**
 * A document's title in the language `t` speaks: the standard kinds (the API names them in English, "Passport")
 * from the catalogue; a title the agent wrote is theirs and shown as written.
 */
export function localizeDocumentTitle(t: TFunction, title: string): string {
  const kind = kindNamed(title);
  return kind ? t(`documentKinds.${kind}`) : title;
}

/** An English message of the API or a form in the language `t` speaks; as it came when it is not one we know. */
export function localizeMessage(t: TFunction, message: string, locale: string): string {
  const key = exact[message];
  if (key) return t(key);
  let m = /^(\w+) is required$/.exec(message);
  if (m && fieldKeys[m[1]!]) return t("messages.fieldRequired", { field: t(fieldKeys[m[1]!]!) });
  m = /^(\w+) must be at most (\d+) characters$/.exec(message);
  if (m && fieldKeys[m[1]!]) return t("messages.fieldTooLong", { field: t(fieldKeys[m[1]!]!), max: Number(m[2]) });
  const upload = knownUpload(t, message);
  if (upload) return upload;
  m = /^Choose at most (\d+) files at once\.$/.exec(message);
  if (m) return t("my.atMost", { count: Number(m[1]) });
  m = /^(.+): your file was sent to your agent\.$/.exec(message);
  if (m) return t("my.sentOne", { title: localizeDocumentTitle(t, m[1]!) });
  m = /^(.+): your (\d+) files were sent to your agent\.$/.exec(message);
  if (m) return t("my.sentMany", { title: localizeDocumentTitle(t, m[1]!), count: Number(m[2]) });
  m = /^(\d+) of (\d+) files were sent\. (.+)$/.exec(message);
  if (m) {
    const { name, problem } = namedProblem(t, m[3]!);
    return t("my.partlySent", { sent: Number(m[1]), count: Number(m[2]), name, problem });
  }
  // "scan.tiff: The file must be …": a file's name, then what is wrong with it.
  const named = namedProblem(t, message);
  if (named.problem !== named.rest) return t("my.fileProblem", { name: named.name, problem: named.problem });
  m = /^Too many [^.]+\. Please try again in (\d+) (seconds|minutes)\.$/.exec(message);
  if (m) {
    const unit = m[2] === "minutes" ? "minute" : "second";
    const wait = new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(Number(m[1]));
    return t("messages.tooMany", { wait });
  }
  return message;
}

/** An upload's refusal that is not a plain catalogue sentence (the quota names its numbers). */
function knownUpload(t: TFunction, message: string): string | null {
  if (message === QUOTA_FULL) return t("my.quotaFull", { files: CLIENT_QUOTA.files, bytes: fileSizeInText(CLIENT_QUOTA.bytes) });
  return null;
}

/** "name: problem", the problem said in the language when it is one we know (a file's name may hold ": " too). */
function namedProblem(t: TFunction, text: string) {
  for (let at = text.indexOf(": "); at > 0; at = text.indexOf(": ", at + 1)) {
    const rest = text.slice(at + 2);
    const said = exact[rest] ? t(exact[rest]) : knownUpload(t, rest);
    if (said) return { name: text.slice(0, at), problem: said, rest };
  }
  return { name: "", problem: text, rest: text };
}
