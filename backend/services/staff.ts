/**
 * The back office's accounts and their records: staff accounts and tokens, one-time set-password links (agents and
 * staff alike), the audit log, and what staff do to agents' accounts. Every staff change writes its audit row in
 * the change's own transaction.
 */
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { AuditEntry, OfficeAgent, OfficeAgentDetail, PasswordLinkInfo, StaffPublic } from "../../lib/contract.js";
import { agentSearchText, foldForSearch } from "../../lib/search.js";
import { isUniqueViolation } from "../db/errors.js";
import { containsPattern } from "../db/like.js";
import type { Database } from "../db/schema.js";
import { Conflict, NotFound } from "../errors.js";
import { passwordChanged, passwordLink } from "../mail/notices.js";
import { listOrders } from "../payments/orders.js";
import { listBookings } from "./bookings.js";
import { hashPassword } from "./passwords.js";
import { hashToken } from "./tokens.js";

export const PASSWORD_LINK_HOURS = 24;

// ---- audit ------------------------------------------------------------------

/** One audit row: who (a staff id, or null for the command line), what, to what, before and after. */
export async function audit(
  db: Kysely<Database>,
  entry: { staffId: number | null; kind: string; subject?: string | null; before?: unknown; after?: unknown },
  now = new Date(),
) {
  await db
    .insertInto("audit_log")
    .values({
      staff_id: entry.staffId,
      kind: entry.kind,
      subject: entry.subject ?? null,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: now.toISOString(),
    })
    .execute();
}

export async function listAudit(
  db: Kysely<Database>,
  opts: { kind?: string | null; subject?: string | null; staff?: string | null; page?: number | null; perPage?: number },
): Promise<{ items: AuditEntry[]; page: number; per_page: number; total: number; pages: number }> {
  const perPage = opts.perPage ?? 50;
  const page = opts.page ?? 1;
  let q = db.selectFrom("audit_log").leftJoin("staff", "staff.id", "audit_log.staff_id");
  if (opts.kind) q = q.where("audit_log.kind", "like", `${opts.kind.replace(/[%_\\]/g, "")}%`);
  if (opts.subject) q = q.where("audit_log.subject", "=", opts.subject);
  if (opts.staff) {
    const like = containsPattern(opts.staff);
    q = q.where((eb) =>
      eb.or([eb(eb.fn("lower", ["staff.name"]), "like", like), eb(eb.fn("lower", ["staff.email"]), "like", like)]),
    );
  }
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const rows = await q
    .select([
      "audit_log.id",
      "staff.name as staff_name",
      "audit_log.kind",
      "audit_log.subject",
      "audit_log.before",
      "audit_log.after",
      "audit_log.created_at",
    ])
    .orderBy("audit_log.id", "desc")
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const total = Number(n);
  return {
    items: rows.map((r) => ({
      ...r,
      before: r.before === null ? null : JSON.parse(r.before),
      after: r.after === null ? null : JSON.parse(r.after),
    })),
    page,
    per_page: perPage,
    total,
    pages: Math.max(1, Math.ceil(total / perPage)),
  };
}

// ---- staff accounts and tokens ---------------------------------------------

export function staffByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("staff")
    .select(["id", "name", "email", "password_hash", "active", "time_zone"])
    .where("email", "=", email)
    .executeTakeFirst();
}

/** A staff account (no password yet: its person sets one through a link), or the one there is with this email. */
export async function createStaff(db: Kysely<Database>, input: { email: string; name: string }, now = new Date()) {
  const existing = await staffByEmail(db, input.email);
  if (existing) return { staff: { id: existing.id, name: existing.name, email: existing.email }, created: false };
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto("staff")
        .values({
          email: input.email,
          name: input.name,
          password_hash: null,
          created_at: now.toISOString(),
          last_sign_in_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit(trx, { staffId: null, kind: "staff.create", subject: `staff:${id}`, after: input }, now);
      return { staff: { id, name: input.name, email: input.email }, created: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return createStaff(db, input, now);
    throw error;
  }
}

export async function issueStaffToken(db: Kysely<Database>, staffId: number, ttlDays: number, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + ttlDays * 86_400_000).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("staff_tokens")
      .values({ staff_id: staffId, token_hash: hashToken(token), created_at: now.toISOString(), expires_at: expiresAt })
      .execute();
    await trx.updateTable("staff").set({ last_sign_in_at: now.toISOString() }).where("id", "=", staffId).execute();
    await audit(trx, { staffId, kind: "staff.sign_in", subject: `staff:${staffId}` }, now);
  });
  await db.deleteFrom("staff_tokens").where("staff_id", "=", staffId).where("expires_at", "<=", now.toISOString()).execute();
  return { token, expiresAt };
}

/** The active staff member a live token belongs to, or null. */
export async function staffForToken(db: Kysely<Database>, token: string, now = new Date()) {
  const row = await db
    .selectFrom("staff_tokens")
    .innerJoin("staff", "staff.id", "staff_tokens.staff_id")
    .select(["staff.id", "staff.name", "staff.email", "staff.time_zone", "staff_tokens.expires_at"])
    .where("staff_tokens.token_hash", "=", hashToken(token))
    .where("staff_tokens.expires_at", ">", now.toISOString())
    .where("staff.active", "=", 1)
    .executeTakeFirst();
  if (!row) return null;
  const { expires_at, ...staff } = row;
  return { staff: staff as StaffPublic, expires_at };
}

export async function revokeStaffToken(db: Kysely<Database>, token: string) {
  await db.deleteFrom("staff_tokens").where("token_hash", "=", hashToken(token)).execute();
}

// ---- set-password links -----------------------------------------------------

export const RESET_LINK_HOURS = 1;

/** The page a link opens: `/set-password?token=…` on the portal. */
export const passwordLinkUrl = (publicUrl: string, token: string) =>
  new URL(`/set-password?${new URLSearchParams({ token })}`, publicUrl).toString();

/**
 * A new one-time link for an account (stored hashed); earlier unused links of that account stop working. "set"
 * links (from the back office or the office:user command) last 24 hours, "reset" links (forgot password) one.
 * With `mailTo`, the link is also e-mailed to the account, written to the outbox in the caller's transaction.
 */
export async function issuePasswordLink(
  db: Kysely<Database>,
  kind: "agent" | "staff",
  accountId: number,
  now = new Date(),
  opts: { purpose?: "set" | "reset"; mailTo?: { publicUrl: string } } = {},
): Promise<{ token: string; expiresAt: string }> {
  const purpose = opts.purpose ?? "set";
  const token = randomBytes(32).toString("base64url");
  const hours = purpose === "reset" ? RESET_LINK_HOURS : PASSWORD_LINK_HOURS;
  const expiresAt = new Date(now.getTime() + hours * 3_600_000).toISOString();
  await db
    .updateTable("password_links")
    .set({ used_at: now.toISOString() })
    .where("account_kind", "=", kind)
    .where("account_id", "=", accountId)
    .where("used_at", "is", null)
    .execute();
  await db
    .insertInto("password_links")
    .values({
      token_hash: hashToken(token),
      account_kind: kind,
      account_id: accountId,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      used_at: null,
      purpose,
    })
    .execute();
  if (opts.mailTo) {
    await passwordLink(
      db,
      { kind, id: accountId },
      { url: passwordLinkUrl(opts.mailTo.publicUrl, token), token, expiresAt, purpose },
      now,
    );
  }
  return { token, expiresAt };
}

const LINK_GONE = "This link has expired or was used already. Ask the consultancy for a new one.";

/** Whose link this is, while it can still be used. */
export async function passwordLinkInfo(db: Kysely<Database>, token: string, now = new Date()): Promise<PasswordLinkInfo> {
  const link = await db
    .selectFrom("password_links")
    .select(["account_kind", "account_id", "expires_at", "used_at", "purpose"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!link || link.used_at || link.expires_at <= now.toISOString()) throw new NotFound(LINK_GONE);
  const table = link.account_kind === "staff" ? "staff" : "agents";
  const who = await db.selectFrom(table).select(["name", "email"]).where("id", "=", link.account_id).executeTakeFirst();
  if (!who) throw new NotFound(LINK_GONE);
  return {
    kind: link.account_kind as "agent" | "staff",
    name: who.name,
    email: who.email,
    expires_at: link.expires_at,
    purpose: link.purpose === "reset" ? "reset" : "set",
  };
}

/**
 * Uses a link once: a guarded update (unused, unexpired) in the same transaction as the new password, so two
 * simultaneous uses set it once. The account's other sessions end.
 */
export async function usePasswordLink(
  db: Kysely<Database>,
  token: string,
  password: string,
  now = new Date(),
): Promise<{ kind: "agent" | "staff"; accountId: number }> {
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const link = await trx
      .updateTable("password_links")
      .set({ used_at: now.toISOString() })
      .where("token_hash", "=", hashToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .returning(["account_kind", "account_id", "purpose"])
      .executeTakeFirst();
    if (!link) throw new NotFound(LINK_GONE);
    // A reset tells the account's address, in case it was not its owner; a first password set through the link
    // staff handed over needs no such word.
    if (link.purpose === "reset") {
      await passwordChanged(trx, { kind: link.account_kind as "agent" | "staff", id: link.account_id }, "reset", now);
    }
    if (link.account_kind === "staff") {
      await trx.updateTable("staff").set({ password_hash: hash }).where("id", "=", link.account_id).execute();
      await trx.deleteFrom("staff_tokens").where("staff_id", "=", link.account_id).execute();
      await audit(trx, { staffId: link.account_id, kind: "staff.password_set", subject: `staff:${link.account_id}` }, now);
      return { kind: "staff" as const, accountId: link.account_id };
    }
    await trx.updateTable("agents").set({ password_hash: hash }).where("id", "=", link.account_id).execute();
    await trx.deleteFrom("api_tokens").where("agent_id", "=", link.account_id).execute();
    return { kind: "agent" as const, accountId: link.account_id };
  });
}

// ---- agents, as staff see them ---------------------------------------------

function officeAgentsQuery(db: Kysely<Database>) {
  return db.selectFrom("agents").select((eb) => [
    "agents.id",
    "agents.name",
    "agents.email",
    "agents.phone",
    "agents.time_zone",
    "agents.active",
    "agents.last_sign_in_at",
    "agents.created_at",
    eb
      .selectFrom("clients")
      .select((c) => c.fn.countAll<number>().as("n"))
      .whereRef("clients.agent_id", "=", "agents.id")
      .where("clients.archived_at", "is", null)
      .as("clients"),
  ]);
}

type AgentRow = Omit<OfficeAgent, "active" | "clients"> & { active: number; clients: number | string | null };
const toOfficeAgent = (r: AgentRow): OfficeAgent => ({ ...r, active: r.active === 1, clients: Number(r.clients ?? 0) });

export async function listOfficeAgents(
  db: Kysely<Database>,
  opts: { q?: string | null; page?: number | null; perPage?: number },
) {
  const perPage = opts.perPage ?? 25;
  const page = opts.page ?? 1;
  let base = db.selectFrom("agents");
  let q = officeAgentsQuery(db);
  if (opts.q) {
    // Folded alike on both sides (lib/search.ts): case and accents make no difference.
    const like = containsPattern(foldForSearch(opts.q));
    const folded = sql`coalesce(agents.search_text, lower(agents.name || ' ' || agents.email))`;
    base = base.where(folded, "like", like);
    q = q.where(folded, "like", like);
  }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const rows = await q
    .orderBy("agents.name")
    .orderBy("agents.id")
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const total = Number(n);
  return {
    items: rows.map((r) => toOfficeAgent(r as AgentRow)),
    page,
    per_page: perPage,
    total,
    pages: Math.max(1, Math.ceil(total / perPage)),
  };
}

export async function getOfficeAgent(db: Kysely<Database>, id: number): Promise<OfficeAgent> {
  const row = await officeAgentsQuery(db).where("agents.id", "=", id).executeTakeFirst();
  if (!row) throw new NotFound("No such agent.");
  return toOfficeAgent(row as AgentRow);
}

/**
 * An agent account made by staff: no usable password until its person sets one through the link, which the page
 * shows to hand over and which is e-mailed to the agent (written with the account, sent after).
 */
export async function createAgentByStaff(
  db: Kysely<Database>,
  staffId: number,
  input: { name: string; email: string; phone?: string | null; time_zone: string },
  publicUrl: string,
  now = new Date(),
) {
  try {
    const { id, link } = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto("agents")
        .values({
          name: input.name,
          email: input.email,
          search_text: agentSearchText(input),
          phone: input.phone ?? null,
          time_zone: input.time_zone,
          time_zone_set_at: now.toISOString(),
          // Nobody knows this password: the agent chooses one through the link.
          password_hash: await hashPassword(randomBytes(32).toString("base64url")),
          created_at: now.toISOString(),
          last_sign_in_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit(trx, { staffId, kind: "agent.create", subject: `agent:${id}`, after: input }, now);
      const link = await issuePasswordLink(trx, "agent", id, now, { mailTo: { publicUrl } });
      return { id, link };
    });
    return { agent: await getOfficeAgent(db, id), link };
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict("An agent with this email exists already.");
    throw error;
  }
}

/**
 * Deactivates (every token of the agent ends at once: its portal sessions show "Session Expired!" on their next
 * page) or reactivates an agent, with its audit row, in one transaction.
 */
export async function setAgentActive(db: Kysely<Database>, staffId: number, agentId: number, active: boolean, now = new Date()) {
  const before = await getOfficeAgent(db, agentId);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("agents")
      .set({ active: active ? 1 : 0 })
      .where("id", "=", agentId)
      .execute();
    if (!active) {
      await trx.deleteFrom("api_tokens").where("agent_id", "=", agentId).execute();
      // A set-password link handed out before stays unusable: it would let the departed agent back in.
      await trx
        .updateTable("password_links")
        .set({ expires_at: now.toISOString() })
        .where("account_kind", "=", "agent")
        .where("account_id", "=", agentId)
        .where("used_at", "is", null)
        .where("expires_at", ">", now.toISOString())
        .execute();
    }
    await audit(
      trx,
      {
        staffId,
        kind: active ? "agent.reactivate" : "agent.deactivate",
        subject: `agent:${agentId}`,
        before: { active: before.active },
        after: { active },
      },
      now,
    );
  });
  return getOfficeAgent(db, agentId);
}

export async function newAgentPasswordLink(
  db: Kysely<Database>,
  staffId: number,
  agentId: number,
  publicUrl: string,
  now = new Date(),
) {
  await getOfficeAgent(db, agentId);
  return db.transaction().execute(async (trx) => {
    const link = await issuePasswordLink(trx, "agent", agentId, now, { mailTo: { publicUrl } });
    await audit(trx, { staffId, kind: "agent.password_link", subject: `agent:${agentId}` }, now);
    return link;
  });
}

/** One agent as staff see it: clients by name and status only (no contact or passport details), orders, sessions. */
export async function getOfficeAgentDetail(db: Kysely<Database>, id: number): Promise<OfficeAgentDetail> {
  const agent = await getOfficeAgent(db, id);
  const [clients, orders, bookings] = await Promise.all([
    db
      .selectFrom("clients")
      .select(["id", "first_name", "last_name", "status", "archived_at"])
      .where("agent_id", "=", id)
      .orderBy("last_name")
      .orderBy("first_name")
      .execute(),
    listOrders(db, id),
    listBookings(db, id),
  ]);
  return {
    agent,
    clients: clients.map((c) => ({
      id: c.id,
      name: `${c.first_name} ${c.last_name}`,
      status: c.status as OfficeAgentDetail["clients"][number]["status"],
      archived: Boolean(c.archived_at),
    })),
    orders: orders.map((o) => ({
      id: o.id,
      status: o.status,
      amount_minor: o.amount_minor,
      currency: o.currency,
      created_at: o.created_at,
      refund_due_minor: o.refund_due_minor,
    })),
    bookings: bookings.map((b) => ({
      id: b.id,
      mentor_name: b.mentor_name,
      client_name: b.client_name,
      start_at: b.start_at,
      status: b.status,
      refund_status: b.refund_status,
    })),
  };
}
