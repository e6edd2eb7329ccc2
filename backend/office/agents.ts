/** Agents' accounts as staff see and change them: the list, one agent's record, adding, (de)activating, links. */
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { OfficeAgent, OfficeAgentDetail } from "../../lib/contract.js";
import { agentSearchText, foldForSearch } from "../../lib/search.js";
import { pendingEmail } from "../accounts/email-changes.js";
import { expirePasswordLinks, issuePasswordLink } from "../accounts/password-links.js";
import { hashPassword } from "../accounts/passwords.js";
import { endSessions } from "../accounts/tokens.js";
import { audit } from "../audit.js";
import { listBookings } from "../bookings/bookings.js";
import { isUniqueViolation } from "../db/errors.js";
import { containsPattern } from "../db/like.js";
import type { Database } from "../db/schema.js";
import { Conflict, NotFound } from "../errors.js";
import { listOrders } from "../payments/orders.js";

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
  if (!row) throw new NotFound("agent.not_found", "No such agent.");
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
    if (isUniqueViolation(error)) throw new Conflict("email.taken", "An agent with this email exists already.");
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
      await endSessions(trx, "agent", agentId);
      // A set-password link handed out before stays unusable: it would let the departed agent back in.
      await expirePasswordLinks(trx, "agent", agentId, now);
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
    pending_email: await pendingEmail(db, "agent", id),
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
