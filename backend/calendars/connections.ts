/**
 * A mentor's calendar connections (issue 69, point 1): made, chosen, reconnected and ended here; read in sync.ts;
 * sessions written in writes.ts. What the portal keeps to call the service (a CalDAV password, OAuth's tokens) is
 * sealed with CALENDAR_KEY (AES-256-GCM, backend/accounts/sealed.ts), shown to nobody and never logged.
 */
import type { Kysely } from "kysely";
import type { CalendarsView, CalendarConnectionView, CaldavConnectBody, OfficeCalendarRow } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { seal, unseal } from "../accounts/sealed.js";
import type { CalendarProvider, Database } from "../db/schema.js";
import { Conflict, Invalid, NotFound } from "../errors.js";
import { BlockedAddress } from "../net/outside-fetch.js";
import { caldavService } from "./caldav.js";
import type { CalendarDeps, ConnectionRow } from "./deps.js";
import { CalendarRefused, type CalendarService, type FoundCalendar } from "./provider.js";

/** A connection's columns the services are made from (ConnectionRow), for the reads that join them. */
export const connectionColumns = [
  "calendar_connections.id",
  "calendar_connections.mentor_id",
  "calendar_connections.provider",
  "calendar_connections.label",
  "calendar_connections.server_url",
  "calendar_connections.username",
  "calendar_connections.secret",
  "calendar_connections.broken_since",
] as const;

/** A new connection's row: working, to be read at once. */
export function newConnection(
  c: Pick<ConnectionRow, "mentor_id" | "provider" | "label" | "server_url" | "username" | "secret">,
  now: Date,
) {
  const stamp = now.toISOString();
  return {
    ...c,
    broken_since: null,
    broken_code: null,
    read_at: null,
    next_read_at: stamp,
    claimed_until: null,
    last_error: null,
    created_at: stamp,
    updated_at: stamp,
  };
}

/** A broken connection's busy times still count for a day (a password being changed), then no more. */
export const BROKEN_GRACE_MS = 86_400_000;

export type { ConnectionRow };

/** The service behind a connection, its secret unsealed; null when the key that sealed it is gone. */
export function serviceOf(deps: CalendarDeps, row: ConnectionRow): CalendarService | null {
  const secret = unseal(deps.key, row.secret);
  if (secret === null) return null;
  if (row.provider === "caldav") {
    return caldavService({ serverUrl: row.server_url!, username: row.username!, password: secret }, deps.fetch);
  }
  return deps.oauth?.service(row, secret) ?? null;
}

const invalid = (field: string, code: Parameters<typeof fieldError>[0], message: string) =>
  new Invalid("validation.failed", FIX_FIELDS, { [field]: [fieldError(code, message)] });

/** The calendars an account has, or the field the mentor should look at again. */
async function discover(service: CalendarService): Promise<FoundCalendar[]> {
  let found: FoundCalendar[];
  try {
    found = await service.calendars();
  } catch (error) {
    if (error instanceof CalendarRefused) {
      throw invalid("password", "calendar.password_refused", "The server refused this user name and password");
    }
    const blocked = error instanceof BlockedAddress || (error as { cause?: unknown })?.cause instanceof BlockedAddress;
    if (blocked) throw invalid("server_url", "calendar.private_address", "This address is on a private network");
    throw invalid("server_url", "calendar.unreachable", "No calendar server answered at this address");
  }
  if (!found.length) throw invalid("server_url", "calendar.none_found", "No calendar was found for this account");
  return found;
}

/**
 * Connects a CalDAV account: the calendars found are listed, each counting as busy, and the first one receives
 * sessions unless another calendar of the mentor's already does. Its busy times are read at once (sync.ts).
 */
export async function connectCaldav(
  db: Kysely<Database>,
  deps: CalendarDeps,
  mentorId: number,
  body: CaldavConnectBody,
  now = new Date(),
): Promise<number> {
  const service = caldavService({ serverUrl: body.server_url, username: body.username, password: body.password }, deps.fetch);
  const found = await discover(service);
  const host = new URL(body.server_url).host;
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("calendar_connections")
      .values(
        newConnection(
          {
            mentor_id: mentorId,
            provider: "caldav",
            label: `${body.username} · ${host}`,
            server_url: body.server_url,
            username: body.username,
            secret: seal(deps.key, body.password),
          },
          now,
        ),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    await addSources(trx, mentorId, id, found);
    return id;
  });
}

/** The calendars found, added to a connection: each busy; the first receives sessions if none of the mentor's does. */
export async function addSources(trx: Kysely<Database>, mentorId: number, connectionId: number, found: FoundCalendar[]) {
  const receiving = await trx
    .selectFrom("calendar_sources")
    .select("id")
    .where("mentor_id", "=", mentorId)
    .where("receives", "=", 1)
    .executeTakeFirst();
  const known = new Set(
    (await trx.selectFrom("calendar_sources").select("remote_id").where("connection_id", "=", connectionId).execute()).map(
      (r) => r.remote_id,
    ),
  );
  const fresh = found.filter((c) => !known.has(c.remote_id));
  if (!fresh.length) return;
  await trx
    .insertInto("calendar_sources")
    .values(
      fresh.map((c, i) => ({
        connection_id: connectionId,
        mentor_id: mentorId,
        remote_id: c.remote_id,
        name: c.name.slice(0, 200),
        busy: 1,
        receives: !receiving && i === 0 && !known.size ? 1 : 0,
        tag: null,
        read_at: null,
        busy_spans: null,
      })),
    )
    .execute();
}

export async function ownConnection(db: Kysely<Database>, mentorId: number, connectionId: number): Promise<ConnectionRow> {
  const row = await db
    .selectFrom("calendar_connections")
    .select(["id", "mentor_id", "provider", "label", "server_url", "username", "secret", "broken_since"])
    .where("id", "=", connectionId)
    .where("mentor_id", "=", mentorId)
    .executeTakeFirst();
  if (!row) throw new NotFound("calendar.not_found", "No such calendar connection");
  return row;
}

/** A CalDAV connection given its new password: checked against the server, then working again. */
export async function reconnectCaldav(
  db: Kysely<Database>,
  deps: CalendarDeps,
  mentorId: number,
  connectionId: number,
  password: string,
  now = new Date(),
) {
  const row = await ownConnection(db, mentorId, connectionId);
  if (row.provider !== "caldav") throw new Conflict("calendar.not_caldav", "This connection signs in with its service");
  const found = await discover(caldavService({ serverUrl: row.server_url!, username: row.username!, password }, deps.fetch));
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("calendar_connections")
      .set({ secret: seal(deps.key, password), ...working(now) })
      .where("id", "=", connectionId)
      .execute();
    await addSources(trx, mentorId, connectionId, found);
  });
}

/** What a connection that works again is set to: read at once. */
export const working = (now: Date) => ({
  broken_since: null,
  broken_code: null,
  last_error: null,
  next_read_at: now.toISOString(),
  claimed_until: null,
  updated_at: now.toISOString(),
});

/**
 * Which calendars count as busy (those named; the rest not) and which one receives sessions (one of the mentor's,
 * or none). A calendar that stops counting has its busy times dropped at once (its spans and tag).
 */
export async function chooseCalendars(
  db: Kysely<Database>,
  mentorId: number,
  choice: { busy: number[]; receives: number | null },
  now = new Date(),
) {
  const sources = await db.selectFrom("calendar_sources").select(["id"]).where("mentor_id", "=", mentorId).execute();
  const mine = new Set(sources.map((s) => s.id));
  if (choice.receives !== null && !mine.has(choice.receives)) {
    throw invalid("receives", "calendar.not_found", "Choose one of your calendars");
  }
  await db.transaction().execute(async (trx) => {
    const busy = choice.busy.filter((id) => mine.has(id));
    await trx
      .updateTable("calendar_sources")
      .set({ busy: 0, tag: null, busy_spans: null })
      .where("mentor_id", "=", mentorId)
      .$if(busy.length > 0, (q) => q.where("id", "not in", busy))
      .execute();
    if (busy.length) {
      await trx.updateTable("calendar_sources").set({ busy: 1 }).where("id", "in", busy).where("busy", "=", 0).execute();
    }
    // One receiving calendar a mentor: the old one let go before the new one is taken (a unique index holds it).
    await trx.updateTable("calendar_sources").set({ receives: 0 }).where("mentor_id", "=", mentorId).execute();
    if (choice.receives !== null) {
      await trx.updateTable("calendar_sources").set({ receives: 1 }).where("id", "=", choice.receives).execute();
    }
    // Newly counted calendars are read at the next round, which is now.
    await trx
      .updateTable("calendar_connections")
      .set({ next_read_at: now.toISOString() })
      .where("mentor_id", "=", mentorId)
      .execute();
  });
}

/** A connection ended: its calendars with their busy times, and its sealed secret, gone. Sessions written stay where they are. */
export async function disconnect(db: Kysely<Database>, mentorId: number, connectionId: number) {
  await ownConnection(db, mentorId, connectionId);
  await db.transaction().execute(async (trx) => {
    const sources = trx.selectFrom("calendar_sources").select("id").where("connection_id", "=", connectionId);
    await trx.updateTable("calendar_writes").set({ source_id: null }).where("source_id", "in", sources).execute();
    await trx.deleteFrom("calendar_sources").where("connection_id", "=", connectionId).execute();
    await trx.deleteFrom("calendar_connections").where("id", "=", connectionId).execute();
  });
}

/** The mentor's connections as their page shows them: never a password or a token. */
export async function mentorCalendars(
  db: Kysely<Database>,
  deps: Pick<CalendarDeps, "providers">,
  mentorId: number,
  now = new Date(),
): Promise<CalendarsView> {
  const [connections, sources] = await Promise.all([
    db
      .selectFrom("calendar_connections")
      .select(["id", "provider", "label", "broken_since", "broken_code", "read_at", "last_error", "created_at"])
      .where("mentor_id", "=", mentorId)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("calendar_sources")
      .select(["id", "connection_id", "name", "busy", "receives"])
      .where("mentor_id", "=", mentorId)
      .orderBy("id")
      .execute(),
  ]);
  return {
    providers: deps.providers,
    connections: connections.map((c) => connectionView(c, sources, now)),
  };
}

function connectionView(
  c: {
    id: number;
    provider: CalendarProvider;
    label: string;
    broken_since: string | null;
    broken_code: string | null;
    read_at: string | null;
    last_error: string | null;
  },
  sources: Array<{ id: number; connection_id: number; name: string; busy: number; receives: number }>,
  now: Date,
): CalendarConnectionView {
  const brokenSince = c.broken_since ? new Date(c.broken_since).toISOString() : null;
  const countsUntil = brokenSince ? new Date(Date.parse(brokenSince) + BROKEN_GRACE_MS).toISOString() : null;
  return {
    id: c.id,
    provider: c.provider,
    label: c.label,
    status: brokenSince ? "broken" : c.last_error ? "unanswered" : "working",
    broken_since: brokenSince,
    broken_code: c.broken_code,
    busy_counts_until: countsUntil,
    busy_counting: !countsUntil || Date.parse(countsUntil) > now.getTime(),
    read_at: c.read_at ? new Date(c.read_at).toISOString() : null,
    calendars: sources
      .filter((s) => s.connection_id === c.id)
      .map((s) => ({ id: s.id, name: s.name, busy: s.busy === 1, receives: s.receives === 1 })),
  };
}

/** Staff's view: each mentor with a connection, and whether each works. */
export async function officeCalendars(db: Kysely<Database>): Promise<OfficeCalendarRow[]> {
  const rows = await db
    .selectFrom("calendar_connections")
    .innerJoin("mentors", "mentors.id", "calendar_connections.mentor_id")
    .select([
      "calendar_connections.id",
      "calendar_connections.mentor_id",
      "mentors.name as mentor_name",
      "calendar_connections.provider",
      "calendar_connections.broken_since",
      "calendar_connections.broken_code",
      "calendar_connections.read_at",
      "calendar_connections.last_error",
    ])
    .orderBy("mentors.name")
    .orderBy("calendar_connections.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    mentor_id: r.mentor_id,
    mentor_name: r.mentor_name,
    provider: r.provider,
    status: r.broken_since ? "broken" : r.last_error ? "unanswered" : "working",
    broken_since: r.broken_since ? new Date(r.broken_since).toISOString() : null,
    broken_code: r.broken_code,
    read_at: r.read_at ? new Date(r.read_at).toISOString() : null,
  }));
}
