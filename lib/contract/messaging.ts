/**
 * Reminders by SMS and WhatsApp (issue 42, point 2): each person's consent, the office's WhatsApp templates, and the
 * provider's signed callbacks. A message by phone is an outbox row of its own (one per message and channel); this
 * area is who agreed to them, in which words, and what the office set.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "zod";
import { isLang, languages, type Lang } from "../i18n/languages.js";
import { answer, endpoint } from "./endpoint.js";
import { idParam } from "./fields.js";

export const phoneChannels = ["sms", "whatsapp"] as const;
export type PhoneChannel = (typeof phoneChannels)[number];

/**
 * What goes by phone: the reminders, and the code that confirms a number (issue 66), each with its WhatsApp
 * template's three variables ({{1}} {{2}} {{3}}).
 */
export const phonePurposes = [
  "session_reminder",
  "documents_waiting",
  "questionnaire_waiting",
  "unread_messages",
  "phone_code",
] as const;
export type PhonePurpose = (typeof phonePurposes)[number];

/** A consent as its person and the office see it. */
export type PhoneConsent = {
  id: number;
  channel: PhoneChannel;
  /** E.164 */
  phone: string;
  given_at: string;
  /** The words agreed to, as shown */
  words: string;
  given_how: string;
  /** Whether the code sent to the number came back: reminders go only then */
  verified: boolean;
};

/** What a person's page shows: the channels the firm offers, their live consents, the words each would agree to. */
export type MessagingState = {
  channels: PhoneChannel[];
  consents: PhoneConsent[];
  words: Record<PhoneChannel, string>;
  /** Their phone on file, in E.164 when it reads as one: the form's first value */
  phone_on_file: string | null;
};

const langField = z.preprocess(
  (v) => (v === undefined || v === "" ? "en" : v),
  z.string().refine(isLang, `The language is one of ${languages.join(", ")}`),
) as unknown as z.ZodType<Lang, z.ZodTypeDef, unknown>;

/** A number as people write it (+44 7911 123456, 0044…) in E.164, or null when it is no real number of its country. */
export function toE164(written: string): string | null {
  const v = written.trim();
  const parsed = parsePhoneNumberFromString(v.startsWith("00") ? `+${v.slice(2)}` : v);
  return parsed?.isValid() ? (parsed.number as string) : null;
}

/**
 * A mobile number with its country code, stored in E.164 (+447700900123): read by libphonenumber's full metadata, so
 * a number too short or too long for its country, or of no country, is refused beside the field.
 */
export const e164Phone = z
  .string({ required_error: "Enter your mobile number", invalid_type_error: "Enter your mobile number" })
  .trim()
  .min(1, "Enter your mobile number")
  .max(40, "A phone number is at most 40 characters")
  .transform((v, ctx) => {
    const e164 = toE164(v);
    if (!e164) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: "Enter a mobile number with its country code, such as +44 7911 123456",
        params: { code: "phone.e164" },
      });
      return z.NEVER;
    }
    return e164;
  });

/** A number in E.164 as people read it (+44 7911 123456). */
export function phoneForPeople(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

export const consentBody = z.object({
  channel: z.enum(phoneChannels, { errorMap: () => ({ message: "Choose SMS or WhatsApp" }) }),
  phone: e164Phone,
  /** The box ticked: "yes" (a form's checkbox) or true */
  agree: z
    .preprocess((v) => v === true || v === "yes" || v === "on", z.boolean())
    .refine((v) => v, { message: "Tick the box to agree to these messages", params: { code: "consent.needed" } }),
  /** The language the words were shown in (they are kept as shown) */
  lang: langField,
});

export const messagingQuery = z.object({ lang: langField });

/** The code sent to a number, typed back: six digits (spaces and dashes as people type them are taken out) */
export const consentCodeBody = z.object({
  code: z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[\s-]/g, "") : v),
    z
      .string({ required_error: "Type the code we sent", invalid_type_error: "Type the code we sent" })
      .refine((v) => /^\d{6}$/.test(v), { message: "The code is six digits", params: { code: "validation.format" } }),
  ),
  lang: langField,
});

/** A WhatsApp template the office set: for a reminder, in a language, the name and Content SID Twilio gave it. */
export type WhatsappTemplate = { purpose: PhonePurpose; lang: Lang; name: string; content_sid: string; updated_at: string };

export type WhatsappTemplates = {
  templates: WhatsappTemplate[];
  /** What each reminder's template says in {{1}}, {{2}} and {{3}} */
  purposes: Array<{ purpose: PhonePurpose; variables: [string, string, string] }>;
  /** The channels set up on this server (the Twilio senders the environment names, or files in the demo) */
  channels: PhoneChannel[];
  mode: "twilio" | "log" | "off";
};

export const templateBody = z.object({
  purpose: z.enum(phonePurposes, {
    errorMap: () => ({ message: "Choose a reminder from the list", params: { code: "template.purpose" } }),
  }),
  lang: z.string().refine(isLang, "Choose a language from the list") as unknown as z.ZodType<Lang, z.ZodTypeDef, unknown>,
  name: z
    .string()
    .trim()
    .min(1, "Write the template's name as Twilio shows it")
    .max(100, "A template's name is at most 100 characters")
    .regex(/^[a-z0-9_]+$/, "A template's name is lower-case letters, digits and _ (as WhatsApp names them)"),
  content_sid: z
    .string()
    .trim()
    .regex(/^HX[0-9a-fA-F]{32}$/, "The Content SID is HX and 32 hex digits, from Twilio's Content Template Builder"),
});
export const templateRemoveBody = templateBody.pick({ purpose: true, lang: true });

const who = ["agent", "mentor", "client"] as const;

export const messagingEndpoints = {
  messaging: endpoint({
    method: "GET",
    path: "messaging",
    auth: who,
    summary: "One's own reminders by SMS and WhatsApp: the channels offered, one's consents, the words to agree to in `lang`",
    query: messagingQuery,
    answer: answer<MessagingState>(),
  }),
  giveConsent: endpoint({
    method: "POST",
    path: "messaging",
    auth: who,
    summary:
      "Agrees to reminders by SMS or WhatsApp at a number (E.164): kept with the words shown, when and how; one per channel (a new one replaces it)",
    body: consentBody,
    created: true,
    answer: answer<MessagingState>(),
  }),
  confirmConsent: endpoint({
    method: "POST",
    path: "messaging/:id/confirm",
    auth: who,
    summary: "Confirms a consent's number with the code sent to it: reminders go there from now on",
    params: { id: idParam },
    body: consentCodeBody,
    answer: answer<MessagingState>(),
  }),
  sendConsentCode: endpoint({
    method: "POST",
    path: "messaging/:id/code",
    auth: who,
    summary: "Sends a new code to a consent's number (at most one a minute; the one before stops working)",
    params: { id: idParam },
    body: messagingQuery,
    answer: answer<MessagingState>(),
  }),
  withdrawConsent: endpoint({
    method: "POST",
    path: "messaging/:id/withdraw",
    auth: who,
    summary: "Withdraws one's consent: nothing more is sent by that channel (what is queued is skipped)",
    params: { id: idParam },
    answer: answer<MessagingState>(),
  }),
  whatsappTemplates: endpoint({
    method: "GET",
    path: "office/whatsapp-templates",
    auth: ["staff"],
    summary: "The WhatsApp templates set for each reminder and language, and the channels this server sends by",
    answer: answer<WhatsappTemplates>(),
  }),
  saveWhatsappTemplate: endpoint({
    method: "POST",
    path: "office/whatsapp-templates",
    auth: ["staff"],
    owner: true,
    summary: "Sets the approved template (its name and Content SID) for a reminder in a language (owners only)",
    body: templateBody,
    answer: answer<WhatsappTemplates>(),
  }),
  removeWhatsappTemplate: endpoint({
    method: "POST",
    path: "office/whatsapp-templates/remove",
    auth: ["staff"],
    owner: true,
    summary: "Removes a reminder's template in a language (its WhatsApp messages then use the English one)",
    body: templateRemoveBody,
    answer: answer<WhatsappTemplates>(),
  }),
  twilioStatus: endpoint({
    method: "POST",
    path: "twilio/status",
    auth: "public",
    summary: "Twilio's delivery callbacks, signed (X-Twilio-Signature): each message's status reaches the office's outbox",
    raw: true,
    answer: answer<{ received: true; updated: boolean }>(),
  }),
  twilioInbound: endpoint({
    method: "POST",
    path: "twilio/inbound",
    auth: "public",
    summary: "Messages people send to the firm's numbers, signed: STOP (and its like) withdraws their consent; answered in TwiML",
    raw: true,
    answer: answer<{ received: true }>(),
  }),
};
