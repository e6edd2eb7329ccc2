/** The tables of issue 42 (migration 036): the firm's logos, consents to messages by phone, WhatsApp templates. */
import type { Generated } from "kysely";

/** A logo an owner uploaded, by the SHA-256 of its bytes (the settings' `brand_logo` names the one in use). */
export interface BrandLogosTable {
  hash: string;
  type: string;
  bytes: Buffer;
  width: number;
  height: number;
  created_at: string;
  created_by: number | null;
}

/** A person's consent to reminders by SMS or WhatsApp: given, and perhaps withdrawn; never rewritten otherwise. */
export interface MessageConsentsTable {
  id: Generated<number>;
  account_kind: "agent" | "mentor" | "client";
  account_id: number;
  channel: "sms" | "whatsapp";
  /** E.164 */
  phone: string;
  lang: string;
  /** The words the person agreed to, as they were shown */
  words: string;
  given_at: string;
  given_how: string;
  withdrawn_at: string | null;
  withdrawn_how: string | null;
  /** When the code sent to the number came back (a consent counts from then; issue 66) */
  verified_at: string | null;
  /** The code waiting to be typed back: its SHA-256 (with the consent's id), when sent, wrong tries so far */
  code_hash: string | null;
  code_sent_at: string | null;
  code_tries: Generated<number>;
}

/** The approved WhatsApp template (a Twilio Content SID) the office set for a reminder in a language. */
export interface WhatsappTemplatesTable {
  purpose: string;
  lang: string;
  name: string;
  content_sid: string;
  updated_at: string;
  updated_by: number | null;
}
