/**
 * What needs the agent's attention, most urgent first (issue 14, point 4): unpaid holds lapsing within the hour,
 * paid sessions in the next 24 hours, refunds due, documents expired or expiring within 60 days, documents missing
 * for something paid, and cart items waiting more than 7 days. Each says where it is resolved. For all the agent's
 * clients (the dashboard) or one (the client's page).
 */
import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import { attentionActionKey, attentionSummaryKey, attentionValues } from "../../lib/attention-words.js";
import type { AttentionItem } from "../../lib/contract.js";
import { expiryWindow, documentTitle } from "../../lib/documents.js";
import { translator } from "../../lib/i18n/index.js";
import type { Database } from "../db/schema.js";
import { lineName } from "./case-file.js";

/** The windows of "needs attention", from one place: the list below and the clients list's filter. */
function windows(now: Date, zone: string) {
  return {
    stamp: now.toISOString(),
    hour: new Date(now.getTime() + 3_600_000).toISOString(),
    day: new Date(now.getTime() + 86_400_000).toISOString(),
    week: new Date(now.getTime() - 7 * 86_400_000).toISOString(),
    // In the agent's days: a document expiring "in 60 days" counts from the agent's today.
    horizon: expiryWindow(now, zone).horizon,
  };
}

/** A document missing that a paid service asked for, or one expired or expiring within the notice window. */
function documentDue(win: ReturnType<typeof windows>) {
  return sql<SqlBool>`((client_documents.status = 'missing' and client_documents.service_id is not null)
    or (client_documents.status <> 'missing' and client_documents.expires_on <= ${win.horizon}))`;
}

/** A hold lapsing within the hour, or a paid session starting within 24 hours (a condition on mentor_bookings). */
function sessionDue(win: ReturnType<typeof windows>) {
  return sql<SqlBool>`((mentor_bookings.status = 'held' and mentor_bookings.held_until > ${win.stamp} and mentor_bookings.held_until <= ${win.hour})
    or (mentor_bookings.status = 'confirmed' and mentor_bookings.start_at > ${win.stamp} and mentor_bookings.start_at <= ${win.day}))`;
}

/** The clients list's "needs attention" filter: a client with any line of the list below. */
export function needsAttention(zone: string, now = new Date()) {
  const win = windows(now, zone);
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
      exists(
        selectFrom("client_documents")
          .select("client_documents.id")
          .whereRef("client_documents.client_id", "=", "clients.id")
          .where(documentDue(win)),
      ),
      // A message from the client the agent has not read (issue 39).
      exists(
        selectFrom("client_messages as m")
          .leftJoin("client_thread_marks as k", (j) => j.onRef("k.client_id", "=", "m.client_id").on("k.side", "=", "firm"))
          .select("m.id")
          .whereRef("m.client_id", "=", "clients.id")
          .where("m.author", "=", "client")
          .where(sql<SqlBool>`m.id > coalesce(k.read_through, 0)`),
      ),
      // A questionnaire the client sent back, waiting for the agent's review (issue 40).
      exists(
        selectFrom("client_questionnaires as cq")
          .select("cq.id")
          .whereRef("cq.client_id", "=", "clients.id")
          .where("cq.status", "=", "submitted"),
      ),
    ]);
}

const rank: Record<AttentionItem["kind"], number> = {
  hold_lapsing: 0,
  session_soon: 1,
  message_unread: 2,
  questionnaire_submitted: 3,
  refund_due: 4,
  document_expiring: 5,
  document_missing: 6,
  cart_waiting: 7,
};

export async function attentionList(
  db: Kysely<Database>,
  agentId: number,
  clientId: number | null,
  /** The agent's zone: the expiry window counts its days */
  zone: string,
  now = new Date(),
): Promise<AttentionItem[]> {
  const win = windows(now, zone);
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
  const documents = db
    .selectFrom("client_documents")
    .innerJoin("clients", "clients.id", "client_documents.client_id")
    .leftJoin("services", "services.id", "client_documents.service_id")
    .select([
      "client_documents.id",
      "client_documents.client_id",
      "client_documents.kind",
      "client_documents.title",
      "client_documents.status",
      "client_documents.expires_on",
      "services.name as service",
      "clients.first_name",
      "clients.last_name",
    ])
    .where("client_documents.agent_id", "=", agentId)
    .where("clients.archived_at", "is", null)
    .where(documentDue(win))
    .$if(clientId !== null, (q) => q.where("client_documents.client_id", "=", clientId!))
    .orderBy("client_documents.id")
    .execute();
  // Threads where the client wrote and the agent has not read it yet (issue 39): the count, since the oldest.
  const unread = db
    .selectFrom("client_messages as m")
    .innerJoin("clients", "clients.id", "m.client_id")
    .leftJoin("client_thread_marks as k", (j) => j.onRef("k.client_id", "=", "m.client_id").on("k.side", "=", "firm"))
    .select((eb) => [
      "m.client_id",
      "clients.first_name",
      "clients.last_name",
      eb.fn.countAll<number>().as("n"),
      eb.fn.min("m.created_at").as("since"),
    ])
    .where("clients.agent_id", "=", agentId)
    .where("clients.archived_at", "is", null)
    .where("m.author", "=", "client")
    .where((eb) => eb.or([eb("k.read_through", "is", null), eb("m.id", ">", eb.ref("k.read_through"))]))
    .$if(clientId !== null, (q) => q.where("m.client_id", "=", clientId!))
    .groupBy(["m.client_id", "clients.first_name", "clients.last_name"])
    .execute();
  // Questionnaires the client sent back, waiting for the agent's review (issue 40).
  const toReview = db
    .selectFrom("client_questionnaires as cq")
    .innerJoin("clients", "clients.id", "cq.client_id")
    .innerJoin("questionnaires as q", "q.id", "cq.questionnaire_id")
    .select(["cq.id", "cq.client_id", "cq.submitted_at", "q.name", "clients.first_name", "clients.last_name"])
    .where("cq.agent_id", "=", agentId)
    .where("cq.status", "=", "submitted")
    .where("clients.archived_at", "is", null)
    .$if(clientId !== null, (q) => q.where("cq.client_id", "=", clientId!))
    .execute();
  const [s, r, w, d, u, qs] = await Promise.all([sessions, refunds, waiting, documents, unread, toReview]);
  const today = win.stamp.slice(0, 10);
  type Line = Omit<AttentionItem, "summary" | "action">;
  const lines: Line[] = [
    ...s.map((b): Line => {
      const held = b.status === "held";
      return {
        kind: held ? "hold_lapsing" : "session_soon",
        client_id: b.client_id,
        client_name: `${b.first_name} ${b.last_name}`,
        words: { mentor: b.mentor_name },
        at: new Date((held ? b.held_until : b.start_at)!).toISOString(),
        to: held ? "/cart" : "/bookings",
      };
    }),
    ...u.map((m): Line => ({
      kind: "message_unread",
      client_id: m.client_id,
      client_name: `${m.first_name} ${m.last_name}`,
      words: { count: Number(m.n) },
      at: new Date(String(m.since)).toISOString(),
      to: `/clients/${m.client_id}/messages`,
    })),
    ...qs.map((c): Line => ({
      kind: "questionnaire_submitted",
      client_id: c.client_id,
      client_name: `${c.first_name} ${c.last_name}`,
      words: { questionnaire: c.name },
      at: c.submitted_at ? new Date(c.submitted_at).toISOString() : null,
      to: `/clients/${c.client_id}/questionnaires/${c.id}`,
    })),
    ...r.map((i): Line => ({
      kind: "refund_due",
      client_id: i.client_id,
      client_name: i.client_name,
      words: { line: lineName(i.description), order_id: i.order_id },
      at: null,
      to: `/orders/${i.order_id}`,
    })),
    ...d.map((doc): Line => {
      const missing = doc.status === "missing";
      const title = documentTitle(doc);
      return {
        kind: missing ? "document_missing" : "document_expiring",
        client_id: doc.client_id,
        client_name: `${doc.first_name} ${doc.last_name}`,
        words: missing
          ? { document: title, service: doc.service ?? null }
          : { document: title, expires_on: doc.expires_on!, expired: doc.expires_on! < today },
        at: missing ? null : `${doc.expires_on}T00:00:00.000Z`,
        to: `/clients/${doc.client_id}/documents/${doc.id}`,
      };
    }),
    ...w.map((c): Line => ({
      kind: "cart_waiting",
      client_id: c.client_id,
      client_name: `${c.first_name} ${c.last_name}`,
      words: { line: lineName(c.description) },
      at: new Date(c.created_at).toISOString(),
      to: "/cart",
    })),
  ];
  // In English, from the keys the agent's pages say them with.
  const en = translator("en");
  const items = lines.map((l): AttentionItem => ({
    ...l,
    summary: en(attentionSummaryKey(l), attentionValues(l)),
    action: en(attentionActionKey(l.kind), { order: l.words.order_id }),
  }));
  return items.sort((a, b) => rank[a.kind] - rank[b.kind] || (a.at ?? "").localeCompare(b.at ?? ""));
}
