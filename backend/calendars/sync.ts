/**
 * Busy times read ahead and kept (issue 69, point 2). Every few minutes (CALENDAR_READ_SECONDS) each connection is
 * read by one instance (a guarded update claims it), its counting calendars' busy times for the booking horizon
 * and a week more kept with each calendar (`calendar_sources.busy_spans`); a calendar whose ctag has not moved is not read again (except once in
 * six hours, as the window moves on). Pages read only the kept table: a calendar that does not answer never blocks
 * one. Before a hold the mentor's connections are read again if older than a minute, within a short budget.
 *
 * A refusal (a password changed, a token revoked) breaks the connection: the mentor is e-mailed once (the outbox's
 * key names the breakage), their busy times count for a day more, then no more (`busyBetween`).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { enqueue } from "../mail/outbox.js";
import type { Busy } from "./busy-ics.js";
import { encodeSpans, merge, spansWithin } from "./busy-ics.js";
import { BROKEN_GRACE_MS, connectionColumns, serviceOf, type ConnectionRow } from "./connections.js";
import { ownUid, type CalendarDeps } from "./deps.js";
import { CalendarRefused } from "./provider.js";

const CLAIM_MS = 120_000;
/** A calendar is read whole at least this often, its tag unchanged or not: the window moves on. */
const FULL_READ_MS = 6 * 3_600_000;
/** A broken connection is tried again this often: a refusal that was the server's passing fault mends itself. */
const BROKEN_RETRY_MS = 3_600_000;

export type ReadOutcome = "read" | "broken" | "failed";

/** Claims one connection for this instance's read: null when another holds it. */
async function claim(db: Kysely<Database>, id: number, now: Date): Promise<(ConnectionRow & { time_zone: string }) | null> {
  const stamp = now.toISOString();
  const claimed = await db
    .updateTable("calendar_connections")
    .set({ claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString() })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", stamp)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;
  const row = await db
    .selectFrom("calendar_connections")
    .innerJoin("mentors", "mentors.id", "calendar_connections.mentor_id")
    .select([...connectionColumns, "mentors.time_zone"])
    .where("calendar_connections.id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/** Reads one claimed connection's counting calendars and keeps what they say; the claim is let go after. */
export async function readConnection(
  db: Kysely<Database>,
  deps: CalendarDeps,
  row: ConnectionRow & { time_zone: string },
  now = new Date(),
): Promise<ReadOutcome> {
  const service = serviceOf(deps, row);
  if (!service) {
    await markBroken(db, row, "calendar.key_changed", now);
    return "broken";
  }
  const window = { from: now.getTime() - 86_400_000, to: now.getTime() + (deps.horizonDays() + 7) * 86_400_000 };
  const own = ownUid(deps.publicUrl);
  const sources = await db
    .selectFrom("calendar_sources")
    .select(["id", "remote_id", "tag", "read_at"])
    .where("connection_id", "=", row.id)
    .where("busy", "=", 1)
    .execute();
  try {
    for (const source of sources) {
      const fresh = source.read_at && now.getTime() - Date.parse(source.read_at) < FULL_READ_MS;
      const read = await service.busy(source.remote_id, window, { zone: row.time_zone, own, tag: fresh ? source.tag : null });
      if ("unchanged" in read) continue;
      await keepBusy(db, source.id, read.busy, read.tag, now);
    }
  } catch (error) {
    if (error instanceof CalendarRefused) {
      await markBroken(db, row, error.code, now);
      return "broken";
    }
    const message = error instanceof Error ? error.message : String(error);
    deps.logger.warn({ calendar: row.id, mentor: row.mentor_id, err: message }, "calendar not read; its busy times kept");
    await db
      .updateTable("calendar_connections")
      .set({
        last_error: message.slice(0, 500),
        claimed_until: null,
        next_read_at: new Date(now.getTime() + deps.readSeconds * 1000).toISOString(),
      })
      .where("id", "=", row.id)
      .execute();
    return "failed";
  }
  await db
    .updateTable("calendar_connections")
    .set({
      read_at: now.toISOString(),
      last_error: null,
      broken_since: null,
      broken_code: null,
      claimed_until: null,
      next_read_at: new Date(now.getTime() + deps.readSeconds * 1000).toISOString(),
    })
    .where("id", "=", row.id)
    .execute();
  return "read";
}

/** A calendar's busy times replaced whole, with its tag: one row, one update. */
async function keepBusy(db: Kysely<Database>, sourceId: number, busy: Busy[], tag: string | null, now: Date) {
  await db
    .updateTable("calendar_sources")
    .set({ tag, read_at: now.toISOString(), busy_spans: encodeSpans(busy) })
    .where("id", "=", sourceId)
    .execute();
}

/**
 * The connection refused: broken from now (unless it already was), and the mentor e-mailed once for this breakage,
 * in the same transaction (the outbox's key names the connection and when it broke).
 */
export async function markBroken(db: Kysely<Database>, row: ConnectionRow, code: string, now = new Date()) {
  await db.transaction().execute(async (trx) => {
    const stamp = now.toISOString();
    const newly = await trx
      .updateTable("calendar_connections")
      .set({ broken_since: stamp, broken_code: code, updated_at: stamp })
      .where("id", "=", row.id)
      .where("broken_since", "is", null)
      .executeTakeFirst();
    await trx
      .updateTable("calendar_connections")
      .set({ claimed_until: null, next_read_at: new Date(now.getTime() + BROKEN_RETRY_MS).toISOString() })
      .where("id", "=", row.id)
      .execute();
    if (Number(newly.numUpdatedRows) !== 1) return;
    const mentor = await trx
      .selectFrom("mentors")
      .select(["name", "email", "language", "time_zone"])
      .where("id", "=", row.mentor_id)
      .executeTakeFirst();
    if (!mentor?.email) return;
    await enqueue(
      trx,
      {
        dedupeKey: `calendar.broken:${row.id}:${stamp}`,
        to: mentor.email,
        facts: {
          kind: "calendar.broken",
          to: { name: mentor.name, email: mentor.email, role: "mentor", zone: mentor.time_zone, lang: mentor.language },
          calendar: { label: row.label, provider: row.provider, code },
          broken_since: stamp,
          counts_until: new Date(now.getTime() + BROKEN_GRACE_MS).toISOString(),
        },
      },
      now,
    );
  });
}

/** The connections due to be read, each by the first instance that claims it: how each went. */
export async function readDue(db: Kysely<Database>, deps: CalendarDeps, now = new Date(), limit = 20) {
  const due = await db
    .selectFrom("calendar_connections")
    .select("id")
    .where("next_read_at", "<=", now.toISOString())
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now.toISOString())]))
    .orderBy("next_read_at")
    .limit(limit)
    .execute();
  const tally = { read: 0, broken: 0, failed: 0 };
  for (const { id } of due) {
    const row = await claim(db, id, now);
    if (row) tally[await readConnection(db, deps, row, now)]++;
  }
  return tally;
}

/**
 * Before a hold: the mentor's working connections read again if their last read is older than `freshMs`, all within
 * `budgetMs`. A read that takes longer goes on by itself (its outcome kept for the next page); the hold goes by the
 * busy times kept.
 */
export async function refreshMentor(
  db: Kysely<Database>,
  deps: CalendarDeps,
  mentorId: number,
  opts: { now?: Date; budgetMs?: number; freshMs?: number } = {},
) {
  const now = opts.now ?? new Date();
  const stale = new Date(now.getTime() - (opts.freshMs ?? 60_000)).toISOString();
  const rows = await db
    .selectFrom("calendar_connections")
    .select("id")
    .where("mentor_id", "=", mentorId)
    .where("broken_since", "is", null)
    .where((eb) => eb.or([eb("read_at", "is", null), eb("read_at", "<", stale)]))
    .execute();
  if (!rows.length) return;
  const reads = rows.map(async ({ id }) => {
    const row = await claim(db, id, now);
    if (row) await readConnection(db, deps, row, now);
  });
  const all = Promise.all(reads).catch((err: unknown) =>
    deps.logger.warn({ mentor: mentorId, err: err instanceof Error ? err.message : String(err) }, "calendar read failed"),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, opts.budgetMs ?? 2500)))]);
  clearTimeout(timer);
}

/**
 * The busy times of these mentors that overlap [from, to), merged, from their counting calendars whose connection
 * works or broke less than a day ago. One query for them all.
 */
export async function busyBetween(
  db: Kysely<Database>,
  mentorIds: number[],
  from: Date,
  to: Date,
  now = new Date(),
): Promise<Map<number, Busy[]>> {
  const found = new Map<number, Busy[]>();
  if (!mentorIds.length) return found;
  const graceStart = new Date(now.getTime() - BROKEN_GRACE_MS).toISOString();
  const rows = await db
    .selectFrom("calendar_sources")
    .innerJoin("calendar_connections", "calendar_connections.id", "calendar_sources.connection_id")
    .select(["calendar_sources.mentor_id", "calendar_sources.busy_spans"])
    .where("calendar_sources.mentor_id", "in", mentorIds)
    .where("calendar_sources.busy", "=", 1)
    .where("calendar_sources.busy_spans", "is not", null)
    .where((eb) =>
      eb.or([eb("calendar_connections.broken_since", "is", null), eb("calendar_connections.broken_since", ">", graceStart)]),
    )
    .execute();
  const [start, end] = [from.getTime(), to.getTime()];
  for (const r of rows) {
    const list = found.get(r.mentor_id) ?? [];
    list.push(...spansWithin(r.busy_spans!, start, end));
    if (list.length) found.set(r.mentor_id, list);
  }
  // One calendar's spans come merged; two calendars' are merged together.
  for (const [id, list] of found) found.set(id, merge(list));
  return found;
}
