/**
 * The staff accounts, as owners manage them (issue 25): the list, inviting (a one-time link, as for agents),
 * deactivating (sessions end at once), roles. There is always an active owner: a change that would leave none is
 * refused, under a lock of the owners' rows so that two owners removing each other at once cannot both succeed.
 */
import { PostgresAdapter, sql, type Kysely, type Transaction } from "kysely";
import type { OfficeStaffMember, StaffRole } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { pendingEmail } from "../accounts/email-changes.js";
import { expirePasswordLinks, issuePasswordLink } from "../accounts/password-links.js";
import { endSessions } from "../accounts/tokens.js";
import { audit } from "../audit.js";
import { isUniqueViolation } from "../db/errors.js";
import type { Database } from "../db/schema.js";
import { Conflict, NotFound } from "../errors.js";

export const LAST_OWNER = "The office needs an active owner: make someone else an owner first.";

function staffQuery(db: Kysely<Database>) {
  return db
    .selectFrom("staff")
    .select(["id", "name", "email", "role", "time_zone", "active", "password_hash", "last_sign_in_at", "created_at"]);
}

type StaffRow = Awaited<ReturnType<ReturnType<typeof staffQuery>["executeTakeFirstOrThrow"]>>;

async function toMember(db: Kysely<Database>, r: StaffRow, now: Date): Promise<OfficeStaffMember> {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    time_zone: r.time_zone,
    active: r.active === 1,
    password_set: Boolean(r.password_hash),
    last_sign_in_at: r.last_sign_in_at,
    created_at: r.created_at,
    pending_email: await pendingEmail(db, "staff", r.id, now),
  };
}

export async function listStaff(db: Kysely<Database>, now = new Date()): Promise<OfficeStaffMember[]> {
  const rows = await staffQuery(db).orderBy("active", "desc").orderBy("name").orderBy("id").execute();
  return Promise.all(rows.map((r) => toMember(db, r, now)));
}

export async function getStaffMember(db: Kysely<Database>, id: number, now = new Date()): Promise<OfficeStaffMember> {
  const row = await staffQuery(db).where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFound("staff.not_found", "No such staff member.");
  return toMember(db, row, now);
}

/** A staff account made by an owner, with its set-password link (e-mailed, and shown once to hand over). */
export async function inviteStaff(
  db: Kysely<Database>,
  ownerId: number,
  input: { name: string; email: string; role: StaffRole; time_zone: string },
  publicUrl: string,
  now = new Date(),
) {
  try {
    const { id, link } = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto("staff")
        .values({
          name: input.name,
          email: input.email,
          role: input.role,
          time_zone: input.time_zone,
          password_hash: null,
          created_at: now.toISOString(),
          last_sign_in_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit(trx, { staffId: ownerId, kind: "staff.create", subject: `staff:${id}`, after: input }, now);
      const link = await issuePasswordLink(trx, "staff", id, now, { mailTo: { publicUrl } });
      return { id, link };
    });
    return { staff: await getStaffMember(db, id, now), link };
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict("email.taken", "A staff member with this email exists already.", {
        email: [fieldError("email.taken", "A staff member with this email exists already")],
      });
    throw error;
  }
}

/**
 * Runs a change to one staff account while holding every active owner's row (PostgreSQL: row locks; SQLite runs
 * one transaction at a time), refused when it would leave no active owner.
 */
async function changeKeepingAnOwner(
  db: Kysely<Database>,
  id: number,
  leavesOwner: (row: { role: StaffRole; active: number }) => boolean,
  change: (trx: Transaction<Database>, before: { role: StaffRole; active: number }) => Promise<void>,
) {
  await db.transaction().execute(async (trx) => {
    const pg = trx.getExecutor().adapter instanceof PostgresAdapter;
    const owners = (
      await sql<{
        id: number;
      }>`select id from staff where role = 'owner' and active = 1 order by id ${pg ? sql`for update` : sql``}`.execute(trx)
    ).rows.map((r) => Number(r.id));
    const before = await trx.selectFrom("staff").select(["role", "active"]).where("id", "=", id).executeTakeFirst();
    if (!before) throw new NotFound("staff.not_found", "No such staff member.");
    const wasOwner = owners.includes(id);
    if (wasOwner && owners.length === 1 && !leavesOwner(before)) throw new Conflict("staff.last_owner", LAST_OWNER);
    await change(trx, before);
  });
}

export async function setStaffActive(db: Kysely<Database>, ownerId: number, id: number, active: boolean, now = new Date()) {
  await changeKeepingAnOwner(
    db,
    id,
    () => active,
    async (trx, before) => {
      await trx
        .updateTable("staff")
        .set({ active: active ? 1 : 0 })
        .where("id", "=", id)
        .execute();
      if (!active) {
        await endSessions(trx, "staff", id);
        await expirePasswordLinks(trx, "staff", id, now);
      }
      await audit(
        trx,
        {
          staffId: ownerId,
          kind: active ? "staff.reactivate" : "staff.deactivate",
          subject: `staff:${id}`,
          before: { active: before.active === 1 },
          after: { active },
        },
        now,
      );
    },
  );
  return getStaffMember(db, id, now);
}

export async function setStaffRole(db: Kysely<Database>, ownerId: number, id: number, role: StaffRole, now = new Date()) {
  await changeKeepingAnOwner(
    db,
    id,
    () => role === "owner",
    async (trx, before) => {
      if (before.role === role) return;
      await trx.updateTable("staff").set({ role }).where("id", "=", id).execute();
      await audit(
        trx,
        { staffId: ownerId, kind: "staff.role", subject: `staff:${id}`, before: { role: before.role }, after: { role } },
        now,
      );
    },
  );
  return getStaffMember(db, id, now);
}

export async function newStaffPasswordLink(
  db: Kysely<Database>,
  ownerId: number,
  id: number,
  publicUrl: string,
  now = new Date(),
) {
  const member = await getStaffMember(db, id, now);
  if (!member.active) throw new Conflict("staff.inactive", "This account is deactivated: reactivate it first.");
  return db.transaction().execute(async (trx) => {
    const link = await issuePasswordLink(trx, "staff", id, now, { mailTo: { publicUrl } });
    await audit(trx, { staffId: ownerId, kind: "staff.password_link", subject: `staff:${id}` }, now);
    return link;
  });
}
