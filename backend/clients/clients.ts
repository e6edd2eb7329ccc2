/** An agent's clients. Every query is scoped by agent: another agent's client is simply not found. */
import { sql, type Kysely } from "kysely";
import { clientFieldNames, type Client, type ClientList, type ClientListQuery, type ClientValues } from "../../lib/contract.js";
import { fieldError, type FieldErrors } from "../../lib/field-errors.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { clientSearchText, foldForSearch } from "../../lib/search.js";
import { keptRead } from "../db/kept-reads.js";
import { containsPattern } from "../db/like.js";
import type { Database } from "../db/schema.js";
import { Conflict, Invalid, NotFound } from "../errors.js";
import { CART_LOCKED, lockAgent, openOrderOf } from "../holds/cart-lock.js";
import { releaseBookings } from "../holds/holds.js";
import { needsAttention } from "./attention.js";
import { clientEvent } from "./case-file.js";
import { NO_CLIENT, ownedClient } from "./ownership.js";

/** How the timeline names a changed field. */
const fieldLabels: Record<string, string> = {
  first_name: "first name",
  last_name: "last name",
  email: "email",
  phone: "phone",
  nationality: "nationality",
  current_country: "current country",
  destination_country: "destination country",
  date_of_birth: "date of birth",
  passport_number: "passport number",
  status: "status",
  notes: "notes",
};

const columns = ["id", ...clientFieldNames, "created_at", "updated_at", "archived_at"] as const;

export async function listClients(
  db: Kysely<Database>,
  agentId: number,
  opts: Partial<ClientListQuery> & { perPage?: number | null; /** The agent's zone, for "needs attention" */ zone?: string },
  now = new Date(),
): Promise<ClientList> {
  const perPage = opts.perPage ?? opts.per_page ?? 20;
  const page = opts.page ?? 1;
  // Archived clients (kept for their orders and bookings) leave the list.
  let query = db.selectFrom("clients").where("agent_id", "=", agentId).where("archived_at", "is", null);
  if (opts.q) {
    // Folded alike on both sides (lib/search.ts): case, accents and Arabic marks make no difference.
    const pattern = containsPattern(foldForSearch(opts.q));
    query = query.where(sql`coalesce(search_text, lower(first_name || ' ' || last_name || ' ' || email))`, "like", pattern);
  }
  if (opts.status) query = query.where("status", "=", opts.status);
  if (opts.destination) query = query.where("destination_country", "=", opts.destination);
  if (opts.attention) query = query.where(needsAttention(opts.zone ?? "UTC", now));
  // Every destination among the agent's clients (not only this page's), by name: what the filter can offer. A read of
  // the agent's whole client index (some 250 countries for an agent with clients everywhere), so it is kept per agent
  // while the agent's `destinations:` version stands (backend/db/kept-reads.ts, migration 038).
  const destinations = await keptRead(db, `destinations:${agentId}`, () => readDestinations(db, agentId));
  const dir = opts.dir ?? (opts.sort === "activity" ? "desc" : "asc");
  // Last activity: the newest timeline line or note, else the last edit.
  let listed = query
    .select(columns)
    .select(
      sql<string>`coalesce((select max(t.created_at) from (select created_at from client_events where client_id = clients.id union all select created_at from client_notes where client_id = clients.id) t), clients.updated_at)`.as(
        "last_activity_at",
      ),
    );
  switch (opts.sort) {
    case "name":
      listed = listed.orderBy(sql`lower(last_name)`, dir).orderBy(sql`lower(first_name)`, dir);
      break;
    case "destination":
      // Clients without a destination last, whichever way.
      listed = listed.orderBy(sql`destination_country is null`).orderBy("destination_country", dir);
      break;
    case "status":
      listed = listed.orderBy("status", dir);
      break;
    case "activity":
      listed = listed.orderBy("last_activity_at", dir);
      break;
    default:
      listed = listed.orderBy("created_at", "desc");
  }
  const offset = (page - 1) * perPage;
  const items = await listed.orderBy("id", "desc").limit(perPage).offset(offset).execute();
  // A page that is not full is the last: it says how many there are, and the count (a second pass over every match,
  // the costly part of a search) is left out. A full page, or one past the end, counts.
  const total =
    items.length > 0 && items.length < perPage
      ? offset + items.length
      : Number((await query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  return {
    items: items.map((c) => ({ ...c, last_activity_at: new Date(c.last_activity_at as string).toISOString() })) as Client[],
    page,
    per_page: perPage,
    total,
    pages: Math.max(1, Math.ceil(total / perPage)),
    destinations,
  };
}

/**
 * The countries the agent's clients (archived ones aside) are going to, by name. Each country is looked up once in the
 * clients' (agent, archived, destination) index, rather than every client's destination read and then matched: a
 * third less time for an agent of 1,000 clients.
 */
async function readDestinations(db: Kysely<Database>, agentId: number) {
  const rows = await db
    .selectFrom("countries")
    .select(["code", "name"])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("clients")
          .select(sql`1`.as("one"))
          .where("agent_id", "=", agentId)
          .where("archived_at", "is", null)
          .whereRef("destination_country", "=", "countries.code"),
      ),
    )
    .orderBy("name")
    .execute();
  return Object.freeze(rows.map((r) => Object.freeze(r)));
}

export async function getClient(db: Kysely<Database>, agentId: number, clientId: number): Promise<Client> {
  const row = await db
    .selectFrom("clients")
    .select(columns)
    .where("id", "=", clientId)
    .where("agent_id", "=", agentId)
    .executeTakeFirst();
  return ownedClient(row, "read") as Client;
}

/** Country codes must be ones we know; answers 400 with the field that is not. */
async function checkCountries(db: Kysely<Database>, values: ClientValues) {
  const fields = ["nationality", "current_country", "destination_country"] as const;
  const codes = [...new Set(fields.map((f) => values[f]).filter((c): c is string => Boolean(c)))];
  if (!codes.length) return;
  const known = new Set(
    (await db.selectFrom("countries").select("code").where("code", "in", codes).execute()).map((r) => r.code),
  );
  const errors: FieldErrors = {};
  for (const f of fields) {
    const code = values[f];
    if (code && !known.has(code)) errors[f] = [fieldError("validation.country", "Choose a country from the list")];
  }
  if (Object.keys(errors).length) throw new Invalid("validation.failed", FIX_FIELDS, errors);
}

function row(values: ClientValues) {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: values.phone ?? null,
    time_zone: values.time_zone ?? null,
    language: values.language,
    nationality: values.nationality ?? null,
    current_country: values.current_country ?? null,
    destination_country: values.destination_country ?? null,
    date_of_birth: values.date_of_birth ?? null,
    passport_number: values.passport_number ?? null,
    status: values.status,
    notes: values.notes ?? null,
  };
}

export async function addClient(db: Kysely<Database>, agentId: number, values: ClientValues): Promise<Client> {
  await checkCountries(db, values);
  const now = new Date();
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("clients")
      .values({
        ...row(values),
        search_text: clientSearchText(values),
        agent_id: agentId,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await clientEvent(trx, { agentId, clientId: id, kind: "client.created", summary: "Client added" }, now);
    return id;
  });
  return getClient(db, agentId, id);
}

export async function editClient(db: Kysely<Database>, agentId: number, clientId: number, values: ClientValues): Promise<Client> {
  await checkCountries(db, values);
  const before = await getClient(db, agentId, clientId);
  const next = row(values);
  // Which fields changed, by their labels (never their values: the timeline is no place for a passport number).
  const changed = (Object.keys(next) as Array<keyof typeof next>).filter((k) => (before[k] ?? null) !== (next[k] ?? null));
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("clients")
      .set({ ...next, search_text: clientSearchText(next), updated_at: new Date().toISOString() })
      .where("id", "=", clientId)
      .where("agent_id", "=", agentId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new NotFound("client.not_found", NO_CLIENT);
    if (changed.length) {
      const fields = changed.map((k) => fieldLabels[k] ?? k).join(", ");
      await clientEvent(trx, { agentId, clientId, kind: "client.edited", summary: `Edited: ${fields}` });
    }
  });
  return getClient(db, agentId, clientId);
}

/**
 * Deletes a client, or archives one that has orders, bookings or documents (their history and files stay), in one transaction
 * under the cart lock: the client's cart items and unpaid holds go with it. Refused while the client has paid
 * sessions to come, or while a checkout covers the client's cart items.
 */
export async function deleteClient(db: Kysely<Database>, agentId: number, clientId: number) {
  ownedClient(await getClient(db, agentId, clientId), "change");
  return db.transaction().execute(async (trx) => {
    await lockAgent(trx, agentId);
    const now = new Date().toISOString();
    const paid = await trx
      .selectFrom("mentor_bookings")
      .select("id")
      .where("client_id", "=", clientId)
      .where("status", "=", "confirmed")
      .where("end_at", ">", now)
      .executeTakeFirst();
    if (paid) {
      throw new Conflict(
        "client.sessions_to_come",
        "This client has paid mentor sessions to come: cancel them in Mentor sessions before deleting the client.",
      );
    }
    const inCart = await trx.selectFrom("cart_items").select("id").where("client_id", "=", clientId).execute();
    if (inCart.length && (await openOrderOf(trx, agentId))) throw new Conflict("cart.locked", CART_LOCKED);
    const held = await trx
      .selectFrom("mentor_bookings")
      .select("id")
      .where("client_id", "=", clientId)
      .where("status", "=", "held")
      .execute();
    await releaseBookings(
      trx,
      held.map((b) => b.id),
    );
    await trx.deleteFrom("cart_items").where("client_id", "=", clientId).executeTakeFirst();
    const history =
      (await trx.selectFrom("order_items").select("id").where("client_id", "=", clientId).executeTakeFirst()) ??
      (await trx.selectFrom("mentor_bookings").select("id").where("client_id", "=", clientId).executeTakeFirst()) ??
      // Its documents and their files are kept: the client is archived, never deleted.
      (await trx.selectFrom("client_documents").select("id").where("client_id", "=", clientId).executeTakeFirst());
    if (history) {
      await trx.updateTable("clients").set({ archived_at: now, updated_at: now }).where("id", "=", clientId).execute();
      await clientEvent(trx, { agentId, clientId, kind: "client.archived", summary: "Archived (deleted with its history kept)" });
    } else {
      await trx.deleteFrom("clients").where("id", "=", clientId).where("agent_id", "=", agentId).execute();
    }
    return {
      deleted: !history,
      archived: Boolean(history),
      removed_cart_items: inCart.length,
    };
  });
}
