/**
 * Handing an agent's clients to another agent (issue 25, point 2): the clients move with their case files (notes,
 * timeline, documents and their files, document requests) and their sessions; the giver's cart loses the items
 * that named them (unpaid holds released), and the move is refused while a checkout of the giver's is open. Both
 * agents' rows are locked, in the order of their ids, for the whole move; both agents are e-mailed; the move is on
 * each client's timeline and in the audit log. Orders stay the giver's: they paid them.
 */
import type { Kysely } from "kysely";
import type { HandOverData } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { clientsHandedOver } from "../accounts/notices.js";
import { audit } from "../audit.js";
import { clientEvent } from "../clients/case-file.js";
import type { Database } from "../db/schema.js";
import { Conflict, Invalid, NotFound } from "../errors.js";
import { lockAgent, openOrderOf } from "../holds/cart-lock.js";
import { releaseBookings } from "../holds/holds.js";

export const CHECKOUT_OPEN =
  "A payment of this agent's cart is in progress: wait until it is paid or lapses (at most half an hour), then hand over.";

/** The tables of a client's case file that carry its agent's id. */
const caseTables = [
  "client_events",
  "client_notes",
  "client_documents",
  "document_files",
  "document_requests",
  "client_questionnaires",
  "client_agreements",
  "client_credits",
] as const;

export async function handOverClients(
  db: Kysely<Database>,
  staffId: number,
  fromId: number,
  input: { to_agent_id: number; client_ids?: number[] | undefined },
  now = new Date(),
): Promise<HandOverData> {
  const toId = input.to_agent_id;
  if (toId === fromId) {
    throw new Invalid("handover.same_agent", "Choose another agent", {
      to_agent_id: [fieldError("handover.same_agent", "Choose another agent than the one who has them")],
    });
  }
  return db.transaction().execute(async (trx) => {
    for (const id of [fromId, toId].sort((a, b) => a - b)) await lockAgent(trx, id);
    const agents = await trx.selectFrom("agents").select(["id", "name", "active"]).where("id", "in", [fromId, toId]).execute();
    const from = agents.find((a) => a.id === fromId);
    const to = agents.find((a) => a.id === toId);
    if (!from) throw new NotFound("agent.not_found", "No such agent.");
    if (!to)
      throw new Invalid("handover.unknown_agent", "Choose an agent from the list", {
        to_agent_id: [fieldError("handover.unknown_agent", "Choose an agent from the list")],
      });
    if (to.active !== 1) {
      throw new Invalid("handover.inactive_agent", "This agent is deactivated", {
        to_agent_id: [fieldError("handover.inactive_agent", "This agent is deactivated: choose an active one")],
      });
    }
    let q = trx.selectFrom("clients").select(["id", "first_name", "last_name"]).where("agent_id", "=", fromId);
    if (input.client_ids) q = q.where("id", "in", input.client_ids);
    const clients = await q.orderBy("last_name").orderBy("first_name").orderBy("id").execute();
    if (input.client_ids && clients.length !== new Set(input.client_ids).size) {
      throw new Invalid("handover.not_their_clients", "Choose the agent's own clients", {
        client_ids: [fieldError("handover.not_their_clients", "Some of these clients are not this agent's")],
      });
    }
    if (!clients.length)
      throw new Invalid("handover.no_clients", "This agent has no client to hand over", {
        client_ids: [fieldError("handover.no_clients", "No client to hand over")],
      });
    const ids = clients.map((c) => c.id);

    const inCart = await trx
      .selectFrom("cart_items")
      .select(["id"])
      .where("agent_id", "=", fromId)
      .where("client_id", "in", ids)
      .execute();
    if (inCart.length && (await openOrderOf(trx, fromId))) throw new Conflict("handover.checkout_open", CHECKOUT_OPEN);
    const held = await trx
      .selectFrom("mentor_bookings")
      .select("id")
      .where("agent_id", "=", fromId)
      .where("client_id", "in", ids)
      .where("status", "=", "held")
      .execute();
    await releaseBookings(
      trx,
      held.map((b) => b.id),
    );
    await trx.deleteFrom("cart_items").where("agent_id", "=", fromId).where("client_id", "in", ids).execute();

    const stamp = now.toISOString();
    const moved = await trx
      .updateTable("clients")
      .set({ agent_id: toId, updated_at: stamp })
      .where("agent_id", "=", fromId)
      .where("id", "in", ids)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== ids.length)
      throw new Conflict("handover.changed", "These clients changed meanwhile: try again.");
    for (const table of caseTables) {
      if (table === "document_files") {
        await trx
          .updateTable("document_files")
          .set({ agent_id: toId })
          .where("agent_id", "=", fromId)
          .where("document_id", "in", trx.selectFrom("client_documents").select("id").where("client_id", "in", ids))
          .execute();
      } else {
        await trx
          .updateTable(table)
          .set({ agent_id: toId })
          .where("agent_id", "=", fromId)
          .where("client_id", "in", ids)
          .execute();
      }
    }
    const sessions = await trx
      .updateTable("mentor_bookings")
      .set({ agent_id: toId, updated_at: stamp })
      .where("agent_id", "=", fromId)
      .where("client_id", "in", ids)
      .where("status", "<>", "held")
      .executeTakeFirst();

    for (const c of clients) {
      await clientEvent(
        trx,
        {
          agentId: toId,
          clientId: c.id,
          kind: "client.handed_over",
          summary: `Handed over from ${from.name} to ${to.name} by the office`,
        },
        now,
      );
    }
    const names = clients.map((c) => ({ id: c.id, name: `${c.first_name} ${c.last_name}` }));
    await clientsHandedOver(trx, { fromId, toId, clients: names.map((c) => c.name) }, now);
    await audit(
      trx,
      {
        staffId,
        kind: "agent.clients_handed_over",
        subject: `agent:${fromId}`,
        before: { agent: from.name },
        after: { agent: to.name, agent_id: toId, clients: names.map((c) => c.name) },
      },
      now,
    );
    return { moved: names, cart_items_removed: inCart.length, sessions_moved: Number(sessions.numUpdatedRows) };
  });
}
