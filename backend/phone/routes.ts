/**
 * Reminders by phone (issue 42, point 2): one's own consents (agents and mentors on /account, clients on /my), the
 * office's WhatsApp templates, and Twilio's signed callbacks: a message's delivery status, and the messages people
 * send back (STOP ends theirs).
 */
import type { Kysely } from "kysely";
import { endpoints, type PhoneChannel } from "../../lib/contract.js";
import { rawBody } from "../body.js";
import type { Database } from "../db/schema.js";
import { ApiError } from "../http.js";
import type { Server } from "../serve.js";
import { confirmConsent, giveConsent, messagingState, sendConsentCodeAgain, stopNumber, withdrawConsent } from "./consents.js";
import { twilioCallbackUrl } from "./deliver.js";
import { offeredChannels, type PhoneSettings } from "./sender.js";
import { listTemplates, removeTemplate, saveTemplate } from "./templates.js";

type Deps = { db: Kysely<Database>; settings: PhoneSettings; publicUrl: string; company: () => string };

export function messagingRoutes(serve: Server, deps: Deps) {
  const { db, settings } = deps;
  const offer = () => ({ channels: offeredChannels(settings), company: deps.company() });
  serve(endpoints.messaging, async ({ caller, query }) => messagingState(db, caller, query.lang, offer()));
  serve(endpoints.giveConsent, async ({ caller, body }) => {
    await giveConsent(db, caller, body, offer());
    return messagingState(db, caller, body.lang, offer());
  });
  serve(endpoints.confirmConsent, async ({ caller, params, body }) => {
    await confirmConsent(db, caller, params.id, body.code);
    return messagingState(db, caller, body.lang, offer());
  });
  serve(endpoints.sendConsentCode, async ({ caller, params, body }) => {
    await sendConsentCodeAgain(db, caller, params.id);
    return messagingState(db, caller, body.lang, offer());
  });
  serve(endpoints.withdrawConsent, async ({ caller, params }) => {
    await withdrawConsent(db, caller, params.id);
    return messagingState(db, caller, "en", offer());
  });
  serve(endpoints.whatsappTemplates, async () => listTemplates(db, settings));
  serve(endpoints.saveWhatsappTemplate, async ({ caller, body }) => {
    await saveTemplate(db, caller.id, body);
    return listTemplates(db, settings);
  });
  serve(endpoints.removeWhatsappTemplate, async ({ caller, body }) => {
    await removeTemplate(db, caller.id, body);
    return listTemplates(db, settings);
  });
}

/** A delivery status's place: a later callback may say an earlier status (they can cross); it never goes back. */
const statusRank: Record<string, number> = {
  written: 0,
  accepted: 0,
  scheduled: 0,
  queued: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
  read: 4,
};

/** The outbox row a status callback names (`?outbox=<id>`), if any. */
function outboxOf(query: Record<string, unknown>): number | undefined {
  const id = Number(query.outbox);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The keywords after which Twilio itself sends nothing more to a number (its Advanced Opt-Out's defaults). */
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"]);

/**
 * The callbacks read the raw body (the signature covers the URL and every parameter): served before any JSON parser.
 * Off (404) unless Twilio is set up; a request without Twilio's valid signature is refused (403).
 */
export function twilioRoutes(serve: Server, deps: Deps) {
  const { db, settings } = deps;
  const signed = async (
    req: { get(name: string): string | undefined; body: unknown; query: Record<string, unknown> },
    what: "status" | "inbound",
  ) => {
    if (settings.mode !== "twilio") throw new ApiError(404, "twilio.off", "Messages by phone are not set up on this server.");
    // Twilio's library, loaded only where Twilio is set up (backend/phone/sender.ts).
    const { default: twilio } = await import("twilio");
    const params = Object.fromEntries(new URLSearchParams(Buffer.isBuffer(req.body) ? req.body.toString("utf8") : ""));
    const signature = req.get("x-twilio-signature") ?? "";
    const row = what === "status" ? outboxOf(req.query) : undefined;
    const url = twilioCallbackUrl(deps.publicUrl, what, row);
    if (!signature || !twilio.validateRequest(settings.authToken, signature, url, params)) {
      throw new ApiError(403, "twilio.bad_signature", "The request is not signed by Twilio with this account's token.");
    }
    return params;
  };
  serve(
    endpoints.twilioStatus,
    async ({ call }) => {
      const req = call.http!.req;
      const p = await signed(req, "status");
      const status = (p.MessageStatus ?? p.SmsStatus ?? "").toLowerCase();
      const rank = statusRank[status];
      if (!p.MessageSid || rank === undefined) return { received: true as const, updated: false };
      const earlier = Object.keys(statusRank).filter((s) => statusRank[s]! < rank);
      // A row still waiting for its answer (the send's was lost): the callback says it was taken, and by which SID.
      const row = outboxOf(req.query);
      if (row) {
        await db
          .updateTable("outbox")
          .set({
            status: "sent",
            sent_at: new Date().toISOString(),
            provider_id: p.MessageSid,
            claimed_until: null,
            last_error: null,
          })
          .where("id", "=", row)
          .where("channel", "!=", "email")
          .where("status", "=", "pending")
          .where("provider_id", "is", null)
          .execute();
      }
      const r = await db
        .updateTable("outbox")
        .set({ delivery_status: status, delivery_error: p.ErrorCode || null, delivery_at: new Date().toISOString() })
        .where("provider_id", "=", p.MessageSid)
        .where("channel", "!=", "email")
        .where((eb) => eb.or([eb("delivery_status", "is", null), eb("delivery_status", "in", earlier)]))
        .returning(["to_address", "channel"])
        .executeTakeFirst();
      // Undelivered because the person had unsubscribed: their consents at that number end too.
      if (r && p.ErrorCode === "21610" && r.to_address) {
        await stopNumber(db, r.to_address, r.channel as PhoneChannel, "the provider said the number is unsubscribed (STOP)");
      }
      return { received: true as const, updated: Boolean(r) };
    },
    { http: [rawBody(64 * 1024)] },
  );
  serve(
    endpoints.twilioInbound,
    async ({ call }) => {
      const { req, res } = call.http!;
      const p = await signed(req, "inbound");
      const from = p.From ?? "";
      const channel: PhoneChannel = from.startsWith("whatsapp:") ? "whatsapp" : "sms";
      const word = (p.Body ?? "").trim().toUpperCase();
      if (from && (STOP_WORDS.has(word) || (p.OptOutType ?? "").toUpperCase() === "STOP")) {
        await stopNumber(db, from.replace(/^whatsapp:/, ""), channel, `replied ${word || "STOP"} to the firm's number`);
      }
      // Twilio reads TwiML back: nothing to answer (its own opt-out reply, if on, is sent by Twilio).
      res.status(200).type("text/xml").send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
      return { received: true as const };
    },
    { http: [rawBody(64 * 1024)] },
  );
}
