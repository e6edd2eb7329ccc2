/**
 * Session packs (issue 41), as they are read: written and published by the office (office/session-packs.ts), bought by agents for their clients through the
 * cart, shown on the Mentorship page in the page's language. Never deleted (carts, orders and credits name them): an
 * edit reaches the carts holding one (the agent sees the new price before paying), never credits already given.
 */
import type { Kysely } from "kysely";
import type { Translations } from "../../lib/catalogue-texts.js";
import type { AgentPack, OfficePack, OfficePackDetail, PackTexts, PublicPack, SessionPack } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import type { Lang } from "../../lib/i18n/languages.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { creditGrants } from "../db/ledger.js";
import type { Database } from "../db/schema.js";
import { Invalid, NotFound } from "../errors.js";

type Db = Kysely<Database>;

/** What a cart line and an order line call a pack. */
export const packLine = (p: { name: string; sessions: number; session_minutes: number }) =>
  `Session pack: ${p.name} (${p.sessions} × ${p.session_minutes} min)`;

function packRows(db: Db) {
  return db
    .selectFrom("session_packs")
    .selectAll("session_packs")
    .select((eb) =>
      eb
        .selectFrom("cart_items")
        .select((e) => e.fn.countAll<number>().as("n"))
        .where("cart_items.item_type", "=", "session_pack")
        .whereRef("cart_items.item_id", "=", "session_packs.id")
        .as("in_carts"),
    )
    .select((eb) =>
      eb
        .selectFrom("client_credits")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("client_credits.pack_id", "=", "session_packs.id")
        .as("sold"),
    );
}
type PackRow = Awaited<ReturnType<ReturnType<typeof packRows>["executeTakeFirstOrThrow"]>>;

/** The mentors of packs that name some, by pack (a pack for every mentor has none). */
async function mentorsOf(db: Db, packIds: number[]) {
  const found = new Map<number, Array<{ id: number; name: string }>>();
  if (!packIds.length) return found;
  const rows = await db
    .selectFrom("session_pack_mentors")
    .innerJoin("mentors", "mentors.id", "session_pack_mentors.mentor_id")
    .select(["session_pack_mentors.pack_id", "mentors.id", "mentors.name"])
    .where("session_pack_mentors.pack_id", "in", packIds)
    .orderBy("mentors.name")
    .execute();
  for (const r of rows) found.set(r.pack_id, [...(found.get(r.pack_id) ?? []), { id: r.id, name: r.name }]);
  return found;
}

async function toPacks(db: Db, rows: PackRow[]): Promise<OfficePack[]> {
  const mentors = await mentorsOf(
    db,
    rows.filter((r) => !r.all_mentors).map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    sessions: r.sessions,
    session_minutes: r.session_minutes,
    mentors: r.all_mentors ? null : (mentors.get(r.id) ?? []),
    price_minor: r.price_minor,
    currency: r.currency,
    valid_days: r.valid_days,
    texts: JSON.parse(r.texts) as Translations<PackTexts>,
    published: r.published === 1,
    sold: Number(r.sold ?? 0),
    in_carts: Number(r.in_carts ?? 0),
  }));
}

export async function listOfficePacks(db: Db): Promise<OfficePack[]> {
  return toPacks(db, await packRows(db).orderBy("session_packs.name").orderBy("session_packs.id").execute());
}

export async function getOfficePack(db: Db, id: number): Promise<OfficePack> {
  const row = await packRows(db).where("session_packs.id", "=", id).executeTakeFirst();
  if (!row) throw new NotFound("pack.not_found", "No such session pack.");
  return (await toPacks(db, [row]))[0]!;
}

/** A pack with who holds its credits now (their balance is their ledger's last row). */
export async function getOfficePackDetail(db: Db, id: number): Promise<OfficePackDetail> {
  const pack = await getOfficePack(db, id);
  const holders = await creditGrants(db)
    .innerJoin("order_items", "order_items.id", "client_credits.order_item_id")
    .select("order_items.order_id")
    .where("client_credits.pack_id", "=", id)
    .orderBy("client_credits.expires_at", "desc")
    .limit(200)
    .execute();
  return {
    ...pack,
    holders: holders.map(({ id, first_name, last_name, left, expires_at, ...h }) => ({
      ...h,
      credit_id: id,
      client_name: `${first_name} ${last_name}`,
      left: Number(left ?? 0),
      expires_at: new Date(expires_at).toISOString(),
    })),
  };
}

const plain = ({ texts: _t, published: _p, sold: _s, in_carts: _c, ...pack }: OfficePack): SessionPack => pack;

/** The published packs, as an agent chooses for a client (whether each is in the client's cart). */
export async function agentPacks(db: Db, agentId: number, clientId: number): Promise<AgentPack[]> {
  const rows = await packRows(db).where("session_packs.published", "=", 1).orderBy("session_packs.price_minor").execute();
  const inCart = await db
    .selectFrom("cart_items")
    .select("item_id")
    .where("agent_id", "=", agentId)
    .where("client_id", "=", clientId)
    .where("item_type", "=", "session_pack")
    .execute();
  return (await toPacks(db, rows)).map((p) => ({ ...plain(p), in_cart: inCart.some((c) => c.item_id === p.id) }));
}

/** The published packs in a page's language: each field in it where the office wrote it, else English (named). */
export async function publicPacks(db: Db, lang: Lang): Promise<PublicPack[]> {
  const rows = await packRows(db).where("session_packs.published", "=", 1).orderBy("session_packs.price_minor").execute();
  return (await toPacks(db, rows)).map((p) => {
    const written = lang === "en" ? {} : (p.texts[lang] ?? {});
    const english = lang === "en" ? [] : (["name", "description"] as const).filter((f) => !written[f]);
    return {
      ...plain(p),
      name: written.name || p.name,
      description: written.description || p.description,
      english,
    };
  });
}

/** A published pack as a cart line: its words and price now. */
export async function packForCart(db: Db, id: number) {
  const pack = await db
    .selectFrom("session_packs")
    .select(["name", "sessions", "session_minutes", "price_minor", "currency"])
    .where("id", "=", id)
    .where("published", "=", 1)
    .executeTakeFirst();
  if (!pack)
    throw new Invalid("validation.failed", FIX_FIELDS, {
      item_id: [fieldError("catalogue.not_offered", "That session pack is not on offer")],
    });
  return { description: packLine(pack), price_minor: pack.price_minor, currency: pack.currency };
}
