/** The audit log: every staff change writes its row in the change's own transaction; staff read it in the office. */
import type { Kysely } from "kysely";
import { describeAudit } from "../lib/audit-words.js";
import type { AuditEntry } from "../lib/contract.js";
import { translator } from "../lib/i18n/index.js";
import { containsPattern } from "./db/like.js";
import type { Database } from "./db/schema.js";

/**
 * One audit row: who (a staff id; a mentor's for their own change; neither for the command line), what, to what,
 * before and after.
 */
export async function audit(
  db: Kysely<Database>,
  entry: {
    staffId: number | null;
    mentorId?: number;
    kind: string;
    subject?: string | null;
    before?: unknown;
    after?: unknown;
  },
  now = new Date(),
) {
  await db
    .insertInto("audit_log")
    .values({
      staff_id: entry.staffId,
      mentor_id: entry.mentorId ?? null,
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
  opts: {
    kind?: string | null;
    subject?: string | null;
    staff?: string | null;
    /** Staff sign-ins are many and rarely what is looked for: left out unless asked for */
    signIns?: boolean;
    page?: number | null;
    perPage?: number;
  },
): Promise<{ items: AuditEntry[]; page: number; per_page: number; total: number; pages: number }> {
  const perPage = opts.perPage ?? 50;
  const page = opts.page ?? 1;
  let q = db
    .selectFrom("audit_log")
    .leftJoin("staff", "staff.id", "audit_log.staff_id")
    .leftJoin("mentors", "mentors.id", "audit_log.mentor_id");
  if (opts.kind) q = q.where("audit_log.kind", "like", `${opts.kind.replace(/[%_\\]/g, "")}%`);
  if (opts.subject) q = q.where("audit_log.subject", "=", opts.subject);
  if (!opts.signIns) q = q.where("audit_log.kind", "<>", "staff.sign_in");
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
      "mentors.name as mentor_name",
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
    items: rows.map((r) => {
      const entry = {
        ...r,
        before: r.before === null ? null : (JSON.parse(r.before) as unknown),
        after: r.after === null ? null : (JSON.parse(r.after) as unknown),
      };
      return { ...entry, summary: describeAudit(entry, translator("en")) };
    }),
    page,
    per_page: perPage,
    total,
    pages: Math.max(1, Math.ceil(total / perPage)),
  };
}
