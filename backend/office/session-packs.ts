/**
 * Session packs as the office writes them (issue 41): added unpublished, edited (carts holding one take its new price
 * and words; credits already given keep what was sold), each change audited in its own transaction.
 */
import type { Kysely } from "kysely";
import type { OfficePack, PackValues } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { CATALOGUE_CURRENCY } from "../../lib/money.js";
import { audit } from "../audit.js";
import { getOfficePack, packLine } from "../catalogue/packs.js";
import type { Database } from "../db/schema.js";
import { Invalid } from "../errors.js";
import { repriceCarts } from "./catalogue.js";

type Db = Kysely<Database>;

/** The mentors a pack names must be mentors the firm has. */
async function checkMentors(db: Db, v: PackValues) {
  if (v.all_mentors) return;
  const ids = [...new Set(v.mentor_ids)];
  if (!ids.length)
    throw new Invalid("validation.failed", FIX_FIELDS, {
      mentor_ids: [fieldError("pack.no_mentors", "Choose the mentors who give them, or every mentor")],
    });
  const found = await db.selectFrom("mentors").select("id").where("id", "in", ids).execute();
  if (found.length !== ids.length)
    throw new Invalid("validation.failed", FIX_FIELDS, {
      mentor_ids: [fieldError("mentor.not_found", "Choose mentors from the list")],
    });
}

const packRow = (v: PackValues) => ({
  name: v.name,
  description: v.description,
  texts: JSON.stringify(v.texts ?? {}),
  sessions: v.sessions,
  session_minutes: v.session_minutes,
  all_mentors: v.all_mentors ? 1 : 0,
  price_minor: v.price_minor,
  valid_days: v.valid_days,
});

async function saveMentors(trx: Db, id: number, v: PackValues) {
  await trx.deleteFrom("session_pack_mentors").where("pack_id", "=", id).execute();
  if (!v.all_mentors && v.mentor_ids.length) {
    await trx
      .insertInto("session_pack_mentors")
      .values([...new Set(v.mentor_ids)].map((mentor_id) => ({ pack_id: id, mentor_id })))
      .execute();
  }
}

const audited = (p: PackValues | OfficePack) => ({
  name: p.name,
  sessions: p.sessions,
  session_minutes: p.session_minutes,
  price_minor: p.price_minor,
  valid_days: p.valid_days,
});

export async function createPack(db: Db, staffId: number, v: PackValues, now = new Date()) {
  await checkMentors(db, v);
  const stamp = now.toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("session_packs")
      .values({ ...packRow(v), currency: CATALOGUE_CURRENCY, published: 0, created_at: stamp, updated_at: stamp })
      .returning("id")
      .executeTakeFirstOrThrow();
    await saveMentors(trx, id, v);
    await audit(trx, { staffId, kind: "pack.create", subject: `pack:${id}`, after: audited(v) }, now);
    return id;
  });
  return getOfficePack(db, id);
}

export async function editPack(db: Db, staffId: number, id: number, v: PackValues, now = new Date()) {
  const before = await getOfficePack(db, id);
  await checkMentors(db, v);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("session_packs")
      .set({ ...packRow(v), updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    await saveMentors(trx, id, v);
    await repriceCarts(trx, "session_pack", id, v.price_minor, packLine(v));
    await audit(trx, { staffId, kind: "pack.edit", subject: `pack:${id}`, before: audited(before), after: audited(v) }, now);
  });
  return getOfficePack(db, id);
}
