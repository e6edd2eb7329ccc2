/**
 * What needs the agent's attention, most urgent first (issue 14, point 4): unpaid holds lapsing within the hour,
 * paid sessions in the next 24 hours, refunds due, and cart items waiting more than 7 days. Each says where it is
 * resolved. For all the agent's clients (the dashboard) or one (the client's page). Documents join the list when the
 * case file has them.
 */
import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { AttentionItem } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import { lineName } from "./case-file.js";

/** The windows of "needs attention", from one place: the list below and the clients list's filter. */
function windows(now: Date) {
  return {
    stamp: now.toISOString(),
    hour: new Date(now.getTime() + 3_600_000).toISOString(),
    day: new Date(now.getTime() + 86_400_000).toISOString(),
    week: new Date(now.getTime() - 7 * 86_400_000).toISOString(),
  };
}

/** A hold lapsing within the hour, or a paid session starting within 24 hours (a condition on mentor_bookings). */
function sessionDue(win: ReturnType<typeof windows>) {
  return sql<SqlBool>`((mentor_bookings.status = 'held' and mentor_bookings.held_until > ${win.stamp} and mentor_bookings.held_until <= ${win.hour})
    or (mentor_bookings.status = 'confirmed' and mentor_bookings.start_at > ${win.stamp} and mentor_bookings.start_at <= ${win.day}))`;
}

/** The clients list's "needs attention" filter: a client with any line of the list below. */
export function needsAttention(now = new Date()) {
  const win = windows(now);
  return ({ or, exists, selectFrom }: ExpressionBuilder<Database, "clients">) =>
    or([
      exists(
        selectFrom("mentor_bookings")
          .select("mentor_bookings.id")
          .whereRef("mentor_bookings.client_id", "=", "clients.id")
          .where(sessionDue(win)),
      ),
      exists(
        selectFrom("cart_items")
          .select("cart_items.id")
          .whereRef("cart_items.client_id", "=", "clients.id")
          .where("cart_items.created_at", "<", win.week),
      ),
      exists(
        selectFrom("order_items")
          .select("order_items.id")
          .whereRef("order_items.client_id", "=", "clients.id")
          .where("order_items.refund_status", "=", "due"),
      ),
    ]);
}

const rank: Record<AttentionItem["kind"], number> = { hold_lapsing: 0, session_soon: 1, refund_due: 2, cart_waiting: 3 };

export async function attentionList(
  db: Kysely<Database>,
  agentId: number,
  clientId: number | null,
  now = new Date(),
): Promise<AttentionItem[]> {
  const win = windows(now);
  const sessions = db
    .selectFrom("mentor_bookings")
    .innerJoin("clients", "clients.id", "mentor_bookings.client_id")
    .innerJoin("mentors", "mentors.id", "mentor_bookings.mentor_id")
    .select([
      "mentor_bookings.id",
      "mentor_bookings.status",
      "mentor_bookings.start_at",
      "mentor_bookings.held_until",
      "mentor_bookings.client_id",
      "clients.first_name",
      "clients.last_name",
      "mentors.name as mentor_name",
    ])
    .where("mentor_bookings.agent_id", "=", agentId)
    .where(sessionDue(win))
    .$if(clientId !== null, (q) => q.where("mentor_bookings.client_id", "=", clientId!))
    .execute();
  const refunds = db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .select([
      "order_items.id",
      "order_items.order_id",
      "order_items.client_id",
      "order_items.client_name",
      "order_items.description",
    ])
    .where("orders.agent_id", "=", agentId)
    .where("order_items.refund_status", "=", "due")
    .$if(clientId !== null, (q) => q.where("order_items.client_id", "=", clientId!))
    .execute();
  const waiting = db
    .selectFrom("cart_items")
    .innerJoin("clients", "clients.id", "cart_items.client_id")
    .select([
      "cart_items.id",
      "cart_items.client_id",
      "cart_items.description",
      "cart_items.created_at",
      "clients.first_name",
      "clients.last_name",
    ])
    .where("cart_items.agent_id", "=", agentId)
    .where("cart_items.created_at", "<", win.week)
    .$if(clientId !== null, (q) => q.where("cart_items.client_id", "=", clientId!))
    .execute();
  const [s, r, w] = await Promise.all([sessions, refunds, waiting]);
  const items: AttentionItem[] = [
    ...s.map((b): AttentionItem => {
      const held = b.status === "held";
      return {
        kind: held ? "hold_lapsing" : "session_soon",
        client_id: b.client_id,
        client_name: `${b.first_name} ${b.last_name}`,
        summary: held ? `Unpaid session with ${b.mentor_name}: the hold lapses` : `Session with ${b.mentor_name}`,
        at: new Date((held ? b.held_until : b.start_at)!).toISOString(),
        to: held ? "/cart" : "/bookings",
        action: held ? "Pay in the cart" : "See the session",
      };
    }),
    ...r.map((i): AttentionItem => ({
      kind: "refund_due",
      client_id: i.client_id,
      client_name: i.client_name,
      summary: `Refund due: ${lineName(i.description)}`,
      at: null,
      to: `/orders/${i.order_id}`,
      action: `Order ${i.order_id}`,
    })),
    ...w.map((c): AttentionItem => ({
      kind: "cart_waiting",
      client_id: c.client_id,
      client_name: `${c.first_name} ${c.last_name}`,
      summary: `In the cart since more than 7 days: ${lineName(c.description)}`,
      at: new Date(c.created_at).toISOString(),
      to: "/cart",
      action: "Pay or remove it",
    })),
  ];
  return items.sort((a, b) => rank[a.kind] - rank[b.kind] || (a.at ?? "").localeCompare(b.at ?? ""));
}
