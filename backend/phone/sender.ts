/**
 * Sending one message by phone (issue 42, point 2): through Twilio's Messaging API with its own helper library
 * (`twilio`), an SMS from `TWILIO_SMS_FROM` or a WhatsApp template from `TWILIO_WHATSAPP_FROM`, each with a status
 * callback to the API; every call has a deadline (`TWILIO_TIMEOUT_MS`). `TWILIO_API_BASE_URL` points the library at
 * another host (the tests' stand-in). Without an account (the quick start, next to e-mail written to files), each
 * message is written as a text file under `DATA_DIR/outbox/` and named in the log.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { RequestClient } from "twilio";
import type { PhoneChannel } from "../../lib/contract.js";
import type { PhoneSettings } from "../../lib/env.server.js";

export type { PhoneSettings };

/** The channels a person may choose: those the environment gives a sender for (both in the quick start). */
export function offeredChannels(s: PhoneSettings): PhoneChannel[] {
  if (s.mode === "log") return ["sms", "whatsapp"];
  if (s.mode === "off") return [];
  return [...(s.smsFrom ? (["sms"] as const) : []), ...(s.whatsappFrom ? (["whatsapp"] as const) : [])];
}

export type PhoneMessage = {
  outboxId: number;
  channel: PhoneChannel;
  /** E.164 */
  to: string;
  /** An SMS's text (and what a file of the quick start says) */
  body: string;
  /** A WhatsApp message's approved template and its variables */
  template?: { contentSid: string; variables: Record<string, string> };
  statusCallback: string;
};

/** What the provider said of a message it took: its id and first status (queued, accepted, sent). */
export type Taken = { sid: string | null; status: string; file?: string };

/** A refusal that trying again will not change (a number that cannot receive, an unsubscribed one: `stopped`). */
export class PhoneRefused extends Error {
  constructor(
    message: string,
    readonly stopped = false,
  ) {
    super(message);
  }
}

/**
 * `templated`: WhatsApp messages need the office's approved template (Twilio, as Meta requires); the quick start's
 * files take a WhatsApp message's text without one.
 */
export type PhoneSender = { send(message: PhoneMessage): Promise<Taken>; templated: boolean };

/**
 * The provider did not answer in time, or the connection broke after the request went: it may have taken the
 * message. Sending again at once delivered it twice (issue 66); the outbox waits for the status callback instead.
 */
export class PhoneUnanswered extends Error {}

/** Twilio's unsubscribed number (the person replied STOP): https://www.twilio.com/docs/api/errors/21610 */
const UNSUBSCRIBED = 21610;

/**
 * Twilio's library (some 20 MiB once loaded), imported when a sender for Twilio is made: a server that does not send
 * by phone never loads it. Its REST client sends every request to `base` instead of api.twilio.com when given.
 */
async function twilioClient(s: Extract<PhoneSettings, { mode: "twilio" }>) {
  const { default: twilio } = await import("twilio");
  class HostClient extends twilio.RequestClient {
    constructor(
      private readonly base: string | null,
      timeout: number,
    ) {
      super({ timeout });
    }
    override request<T>(opts: Parameters<RequestClient["request"]>[0]) {
      if (!this.base) return super.request<T>(opts as never);
      const uri = new URL(opts.uri);
      const base = new URL(this.base);
      uri.protocol = base.protocol;
      uri.host = base.host;
      return super.request<T>({ ...opts, uri: uri.href } as never);
    }
  }
  return twilio(s.accountSid, s.authToken, { httpClient: new HostClient(s.apiBaseUrl, s.timeoutMs), autoRetry: false });
}

export function createPhoneSender(s: PhoneSettings): PhoneSender | null {
  if (s.mode === "off") return null;
  if (s.mode === "log") {
    return {
      templated: false,
      async send(m) {
        await fs.mkdir(s.outboxDir, { recursive: true });
        const file = path.join(s.outboxDir, `${m.outboxId}.${m.channel}.txt`);
        const template = m.template ? `\nTemplate: ${m.template.contentSid} ${JSON.stringify(m.template.variables)}` : "";
        await fs.writeFile(file, `To: ${m.to}\nChannel: ${m.channel}${template}\n\n${m.body}\n`);
        return { sid: null, status: "written", file };
      },
    };
  }
  const made = twilioClient(s);
  // Awaited by every send: a failure to load is that send's (tried again as any other), never unhandled.
  made.catch(() => undefined);
  return {
    templated: true,
    async send(m) {
      const whatsapp = m.channel === "whatsapp";
      const from = whatsapp ? s.whatsappFrom : s.smsFrom;
      if (!from) throw new PhoneRefused(`No sender is set for ${m.channel} (TWILIO_${whatsapp ? "WHATSAPP" : "SMS"}_FROM).`);
      try {
        const client = await made;
        const sent = await client.messages.create({
          to: whatsapp ? `whatsapp:${m.to}` : m.to,
          from: whatsapp ? `whatsapp:${from}` : from,
          statusCallback: m.statusCallback,
          ...(whatsapp && m.template
            ? { contentSid: m.template.contentSid, contentVariables: JSON.stringify(m.template.variables) }
            : { body: m.body }),
        });
        return { sid: sent.sid, status: sent.status };
      } catch (error) {
        const e = error as { status?: number; code?: number; message?: string };
        // Refused for good: a 4xx other than too many requests. The rest (5xx, a time-out, no answer) is tried again.
        if (typeof e.status === "number" && e.status >= 400 && e.status < 500 && e.status !== 429) {
          throw new PhoneRefused(
            `Twilio ${e.status}${e.code ? ` (${e.code})` : ""}: ${e.message ?? "refused"}`,
            e.code === UNSUBSCRIBED,
          );
        }
        // No status: no answer at all (a time-out, a connection cut). A 5xx said it did not take it: tried again.
        if (typeof e.status !== "number") throw new PhoneUnanswered(`No answer from Twilio: ${e.message ?? String(error)}.`);
        throw error;
      }
    },
  };
}
