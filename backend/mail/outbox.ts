/**
 * The outbox (docs/decisions/006-mail-outbox.md). `enqueue` writes a message's facts in the caller's transaction,
 * so a notice exists exactly when what caused it was committed; one row per `dedupe_key` (an event and its
 * recipient), however often the event is written. `deliverDue` is the worker: it claims due rows with a guarded
 * update (only one worker of any number of portal instances takes a row), renders and sends them, and marks each
 * sent, or due again after a back-off, or failed after the last attempt. A claim lapses after a while, so a worker
 * that died mid-send leaves its rows to another.
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import { addressOf } from "../../lib/env.server.js";
import type { Database } from "../db/schema.js";
import { oneLine } from "./compose.js";
import { render, type Facts, type MailContext } from "./messages.js";
import type { Mailer } from "./transport.js";

export type MailDeps = MailContext & {
  mailer: Mailer;
  /** How a message by phone leaves (issue 42, backend/phone/deliver.ts); without it, a phone's row fails and says why */
  phone?: PhoneDelivery;
  /** How a session reaches a mentor's own calendar (issue 69, backend/calendars/writes.ts) */
  calendar?: PhoneDelivery;
  /** How long a claim holds a message for its worker (longer than the mailer's own time-outs); 120 s by default */
  claimSeconds?: number;
  /** How long a message by phone without its provider's answer waits for its callback before another try (600 s) */
  unansweredWaitSeconds?: number;
  from: string;
  staffInbox: string;
  retrySeconds: number;
  maxAttempts: number;
  logger: {
    info?(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  };
};

/** Facts that are secret (a password link): kept until the message is sent, then blanked in the row. */
const SECRET_KINDS = new Set([
  "account.password_link",
  "account.email_change",
  "client.documents_requested",
  "client.document_rejected",
  "client.sign_in_link",
]);

/**
 * What sends a message by phone: its row claimed, it answers skipped (no longer wanted), taken (by the provider, with
 * its id and first status) or refused for good; anything it throws is tried again later.
 */
export type PhoneDelivery = (
  row: { id: number; kind: string; channel: string; to_address: string | null; payload: string },
  company: string,
) => Promise<
  | { skipped: string }
  | { taken: { sid: string | null; status: string; file?: string } }
  | { refused: string }
  /** Handed over, and no answer came back (a time-out): the provider may have taken it */
  | { unanswered: string }
>;

/**
 * How long a message by phone whose provider's answer was lost waits for the provider's status callback (which names
 * its row) before it is sent again: the provider most likely took it, and sending at once delivered it twice.
 */
const UNANSWERED_WAIT_SECONDS = 600;

/**
 * A message to send, in the caller's transaction. An e-mail by default; a message by phone (issue 42) is the same
 * with `channel` and a number (backend/phone/enqueue.ts writes them beside a reminder's e-mail).
 */
export async function enqueue(
  trx: Kysely<Database>,
  message: {
    dedupeKey: string;
    to: string | null;
    replyTo?: string | null;
    facts: Facts | { kind: string; [field: string]: unknown };
    channel?: "sms" | "whatsapp" | "calendar";
  },
  now = new Date(),
) {
  await trx
    .insertInto("outbox")
    .values({
      kind: message.facts.kind,
      ...(message.channel ? { channel: message.channel } : {}),
      dedupe_key: message.dedupeKey,
      to_address: message.to,
      reply_to: message.replyTo ?? null,
      payload: JSON.stringify(message.facts),
      next_attempt_at: now.toISOString(),
      claimed_by: null,
      claimed_until: null,
      last_error: null,
      created_at: now.toISOString(),
      sent_at: null,
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .execute();
}

/** Whether a message still says something true when it is sent (a reminder of a cancelled session does not). */
async function stillTrue(db: Kysely<Database>, facts: Facts): Promise<boolean> {
  if (facts.kind === "booking.reminder") {
    const b = await db
      .selectFrom("mentor_bookings")
      .select("status")
      .where("id", "=", facts.session.booking_id)
      .executeTakeFirst();
    return b?.status === "confirmed";
  }
  if (facts.kind === "refund.notice" && facts.state === "due") {
    // Settled meanwhile (Stripe usually refunds within the second): the "refunded" notice says it instead.
    const due = await db
      .selectFrom("order_items")
      .select("id")
      .where("id", "in", facts.item_ids.length ? facts.item_ids : [-1])
      .where("refund_status", "=", "due")
      .execute();
    return due.length > 0;
  }
  return true;
}

const CLAIM_SECONDS = 120;

/**
 * The round's clock: `now` (the caller's, which tests set), moved on by the time the round has taken. Each message's
 * claim is counted from the moment it is claimed, never from the round's start: a round of slow sends would
 * otherwise claim its last messages for less than nothing, and another worker would send them again.
 */
function roundClock(now: Date) {
  const started = Date.now();
  return () => new Date(now.getTime() + (Date.now() - started));
}

/**
 * Sends what is due, up to `limit` messages; returns how many were sent, retried, failed and skipped. Safe to run
 * in any number of processes at once: each row is taken by one guarded update.
 */
export async function deliverDue(
  db: Kysely<Database>,
  deps: MailDeps,
  opts: { now?: Date; limit?: number; worker?: string } = {},
) {
  const now = opts.now ?? new Date();
  const clock = roundClock(now);
  const claimMs = (deps.claimSeconds ?? CLAIM_SECONDS) * 1000;
  const worker = opts.worker ?? workerId;
  const stamp = now.toISOString();
  const candidates = await db
    .selectFrom("outbox")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", stamp)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", stamp)]))
    .orderBy("id")
    .limit(opts.limit ?? 50)
    .execute();
  const tally = { sent: 0, retried: 0, failed: 0, skipped: 0 };
  for (const { id } of candidates) {
    // The claim: one worker's update finds the row still unclaimed; every other one finds it taken.
    const at = clock();
    const claimed = await db
      .updateTable("outbox")
      .set((eb) => ({
        claimed_by: worker,
        claimed_until: new Date(at.getTime() + claimMs).toISOString(),
        attempts: eb("attempts", "+", 1),
      }))
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", at.toISOString())]))
      .returningAll()
      .executeTakeFirst();
    if (!claimed) continue;
    const mine = (q: ReturnType<typeof db.updateTable<"outbox">>) => q.where("id", "=", id).where("claimed_by", "=", worker);
    const byPhone = claimed.channel !== "email";
    const toCalendar = claimed.channel === "calendar";
    try {
      if (byPhone) {
        const deliver = toCalendar ? deps.calendar : deps.phone;
        const outcome = deliver
          ? await deliver(claimed, deps.company.name)
          : {
              refused: toCalendar
                ? "Mentors' calendars are not set up on this server (CALENDAR_KEY)."
                : "Messages by phone are not set up on this server (TWILIO_ACCOUNT_SID).",
            };
        if ("refused" in outcome) throw new Refused(outcome.refused);
        if ("unanswered" in outcome) {
          // Not sent again until the callback has had its time: it comes to this row, and marks it sent (issue 66).
          const wait = (deps.unansweredWaitSeconds ?? UNANSWERED_WAIT_SECONDS) * 1000;
          await mine(
            db.updateTable("outbox").set({
              claimed_until: null,
              unconfirmed_at: new Date().toISOString(),
              last_error: `${outcome.unanswered} Waiting for the provider's callback before trying again.`.slice(0, 1000),
              next_attempt_at: new Date(now.getTime() + wait).toISOString(),
            }),
          ).execute();
          tally.retried++;
          deps.logger.warn(
            { outbox: id, kind: claimed.kind, channel: claimed.channel, attempts: claimed.attempts, err: outcome.unanswered },
            "message by phone handed over without an answer; waiting for its callback",
          );
          continue;
        }
        if ("skipped" in outcome) {
          await mine(
            db.updateTable("outbox").set({ status: "skipped", claimed_until: null, last_error: outcome.skipped }),
          ).execute();
          tally.skipped++;
          continue;
        }
        const at = new Date().toISOString();
        await mine(
          db.updateTable("outbox").set({
            status: "sent",
            sent_at: at,
            claimed_until: null,
            last_error: null,
            provider_id: outcome.taken.sid,
            delivery_status: outcome.taken.status,
            delivery_at: at,
            // A number's code is not kept once it is on its way.
            ...(claimed.kind === "phone.code"
              ? { payload: JSON.stringify({ ...JSON.parse(claimed.payload), code: "(sent; not kept)" }) }
              : {}),
          }),
        ).execute();
        tally.sent++;
        deps.logger.info?.(
          {
            outbox: id,
            kind: claimed.kind,
            channel: claimed.channel,
            ...(outcome.taken.file ? { file: outcome.taken.file } : {}),
          },
          toCalendar
            ? `session ${outcome.taken.status} in the mentor's calendar`
            : outcome.taken.file
              ? "message by phone written to a file"
              : "message by phone handed to Twilio",
        );
        continue;
      }
      const facts = JSON.parse(claimed.payload) as Facts;
      if (!(await stillTrue(db, facts))) {
        await mine(db.updateTable("outbox").set({ status: "skipped", claimed_until: null })).execute();
        tally.skipped++;
        continue;
      }
      const message = await render(facts, deps);
      const to = claimed.to_address ?? deps.staffInbox;
      const result = await deps.mailer.send({
        // The company's name as the office set it, at MAIL_FROM's address.
        from: { name: oneLine(deps.company.name), address: addressOf(deps.from) },
        to,
        // Staff's reply to a contact message: the sender's answer comes back to the staff inbox.
        replyTo: claimed.reply_to ?? (claimed.kind === "contact.reply" ? deps.staffInbox : null),
        subject: message.subject,
        text: message.text,
        html: message.html,
        ics: message.ics,
        messageId: `<outbox-${id}.${claimed.created_at.replace(/\D/g, "").slice(0, 14)}@${new URL(deps.publicUrl).hostname || "portal"}>`,
      });
      await mine(
        db.updateTable("outbox").set({
          status: "sent",
          sent_at: new Date().toISOString(),
          claimed_until: null,
          last_error: null,
          ...(SECRET_KINDS.has(facts.kind) ? { payload: JSON.stringify({ ...facts, link: "(sent; not kept)" }) } : {}),
        }),
      ).execute();
      tally.sent++;
      deps.logger.info?.(
        { outbox: id, kind: facts.kind, to, ...(result.file ? { file: result.file } : {}) },
        result.file ? "e-mail written to a file" : "e-mail sent",
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Refused for good by the provider (or not set up): no use trying again.
      const last = error instanceof Refused || claimed.attempts >= deps.maxAttempts;
      const wait = deps.retrySeconds * 2 ** (claimed.attempts - 1) * 1000;
      await mine(
        db.updateTable("outbox").set({
          status: last ? "failed" : "pending",
          claimed_until: null,
          last_error: message.slice(0, 1000),
          next_attempt_at: new Date(now.getTime() + wait).toISOString(),
        }),
      ).execute();
      if (last) tally.failed++;
      else tally.retried++;
      deps.logger[last ? "error" : "warn"](
        { outbox: id, kind: claimed.kind, channel: claimed.channel, attempts: claimed.attempts, err: message },
        `${toCalendar ? "calendar write" : byPhone ? "message by phone" : "e-mail"} ${last ? "failed for good: shown in the back office" : "not sent; will retry"}`,
      );
    }
  }
  return tally;
}

/** A message by phone refused for good (trying again would not change it). */
class Refused extends Error {}

/** Who this process is, in claims (for a person reading the table). */
export const workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;

/** A failed message tried again (from the back office): due now, with a fresh count of attempts. */
export async function retryMessage(db: Kysely<Database>, id: number, now = new Date()) {
  const r = await db
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: now.toISOString(), claimed_until: null })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
