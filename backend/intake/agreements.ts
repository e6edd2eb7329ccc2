/**
 * Signed agreements (issue 40, point 3; lib/contract/agreements.ts), the office's and the sending: each service's
 * agreement per language, every change a new version; a copy for a client is the version's words in the client's
 * language (English where not written) with the record's fields filled, kept as shown with its SHA-256. A payment
 * of the service sends it (the client told on the sweep's next round), or the agent does (told at once); at most
 * one unsigned copy per client and agreement (a unique index).
 */
import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import {
  agreementFields,
  askedFields,
  type AskedField,
  type ClientAgreement,
  type ClientAgreementRecord,
  type ClientAgreementSummary,
  type ClientAgreements,
  type OfficeAgreement,
} from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { translator } from "../../lib/i18n/index.js";
import { asLang, intlLocale, type Lang } from "../../lib/i18n/languages.js";
import { dateFormatter } from "../../lib/intl.js";
import { formatMoneyIn } from "../../lib/money.js";
import { audit } from "../audit.js";
import { clientEvent } from "../clients/case-file.js";
import { ownClient } from "../clients/ownership.js";
import { clientZone } from "../clients/people.js";
import type { Database } from "../db/schema.js";
import { lineService } from "../documents/changes.js";
import { Conflict, Invalid, NotFound } from "../errors.js";
import { tellClientOfAgreement } from "./notices.js";

type Db = Kysely<Database>;
type Texts = { text: string; text_ar?: string | null; text_es?: string | null; text_fr?: string | null };

export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

export async function officeAgreements(db: Db): Promise<OfficeAgreement[]> {
  const [services, rows, counts] = await Promise.all([
    db.selectFrom("services").select(["id", "name"]).orderBy("id").execute(),
    db
      .selectFrom("agreements as a")
      .innerJoin("agreement_versions as v", (j) =>
        j.onRef("v.agreement_id", "=", "a.id").onRef("v.number", "=", "a.current_version"),
      )
      .select([
        "a.id",
        "a.service_id",
        "a.current_version",
        "a.retired_at",
        "a.updated_at",
        "v.text_en",
        "v.text_ar",
        "v.text_es",
        "v.text_fr",
      ])
      .execute(),
    db
      .selectFrom("client_agreements")
      .select((eb) => [
        "agreement_id",
        eb.fn.countAll<number>().as("sent"),
        eb.fn.sum<number>(sql`case when status = 'signed' then 1 else 0 end`).as("signed"),
      ])
      .groupBy("agreement_id")
      .execute(),
  ]);
  return services.map((s) => {
    const a = rows.find((r) => r.service_id === s.id);
    const n = a ? counts.find((c) => c.agreement_id === a.id) : undefined;
    return {
      service_id: s.id,
      service_name: s.name,
      agreement: a
        ? {
            id: a.id,
            version: a.current_version,
            text_en: a.text_en,
            text_ar: a.text_ar,
            text_es: a.text_es,
            text_fr: a.text_fr,
            retired: a.retired_at !== null,
            updated_at: new Date(a.updated_at).toISOString(),
            sent: Number(n?.sent ?? 0),
            signed: Number(n?.signed ?? 0),
          }
        : null,
    };
  });
}

const oneOf = async (db: Db, serviceId: number) => (await officeAgreements(db)).find((a) => a.service_id === serviceId)!;

/** Refuses words naming a field the record does not fill ({{passport}}): it would reach the client as written. */
function checkFields(v: Texts) {
  for (const [field, text] of Object.entries(v)) {
    for (const [, name] of (typeof text === "string" ? text : "").matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)) {
      if (!(agreementFields as readonly string[]).includes(name!)) {
        const message = `{{${name}}} is not a field: use ${agreementFields.map((f) => `{{${f}}}`).join(", ")}`;
        throw new Invalid("agreement.field", message, { [field]: [fieldError("agreement.field", message)] });
      }
    }
  }
}

/** The agreement written anew: its next version (the first makes the service's agreement). */
export async function saveAgreement(db: Db, staffId: number, serviceId: number, v: Texts, now = new Date()) {
  checkFields(v);
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const service = await trx.selectFrom("services").select("id").where("id", "=", serviceId).executeTakeFirst();
    if (!service) throw new NotFound("agreement.none", "No such service.");
    await trx
      .insertInto("agreements")
      .values({ service_id: serviceId, current_version: 0, retired_at: null, created_at: stamp, updated_at: stamp })
      .onConflict((oc) => oc.column("service_id").doNothing())
      .execute();
    // The row held while its next version is written: two saves at once make two versions, one after the other.
    const bumped = await trx
      .updateTable("agreements")
      .set((eb) => ({ current_version: eb("current_version", "+", 1), updated_at: stamp }))
      .where("service_id", "=", serviceId)
      .returning(["id", "current_version"])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("agreement_versions")
      .values({
        agreement_id: bumped.id,
        number: bumped.current_version,
        text_en: v.text,
        text_ar: v.text_ar ?? null,
        text_es: v.text_es ?? null,
        text_fr: v.text_fr ?? null,
        created_at: stamp,
      })
      .execute();
    await audit(
      trx,
      { staffId, kind: "agreement.edit", subject: `agreement:${serviceId}`, after: { version: bumped.current_version } },
      now,
    );
  });
  return oneOf(db, serviceId);
}

export async function retireAgreement(db: Db, staffId: number, serviceId: number, retired: boolean, now = new Date()) {
  const done = await db
    .updateTable("agreements")
    .set({ retired_at: retired ? now.toISOString() : null, updated_at: now.toISOString() })
    .where("service_id", "=", serviceId)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new NotFound("agreement.none", "This service has no agreement yet.");
  await audit(
    db,
    { staffId, kind: retired ? "agreement.deactivate" : "agreement.reactivate", subject: `agreement:${serviceId}` },
    now,
  );
  return oneOf(db, serviceId);
}

/** The plan and price the client's last paid line of the service names, in `lang`; null when none was paid. */
async function paidLine(trx: Db, clientId: number, serviceId: number, lang: Lang) {
  const lines = await trx
    .selectFrom("order_items as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .select(["i.item_type", "i.item_id", "i.description", "i.price_minor", "i.currency"])
    .where("i.client_id", "=", clientId)
    .where("o.status", "=", "paid")
    .orderBy("o.id", "desc")
    .limit(50)
    .execute();
  for (const line of lines) {
    if ((await lineService(trx, line)) !== serviceId) continue;
    return { plan: line.description, price: formatMoneyIn(intlLocale(lang), line.price_minor, line.currency) };
  }
  return null;
}

/** The fields the words name that only a paid line (or the agent) can fill. */
const askedIn = (text: string): AskedField[] => askedFields.filter((f) => new RegExp(`\\{\\{\\s*${f}\\s*\\}\\}`).test(text));

/** A new copy for the client, unless one is waiting to be signed: its id, or why not. */
export async function newAgreementCopy(
  trx: Db,
  c: {
    agentId: number;
    clientId: number;
    serviceId: number;
    notified: boolean;
    company: string;
    /** The agent's plan and price, for words that name them when no paid line does */
    given?: Partial<Record<AskedField, string | null>>;
  },
  now: Date,
) {
  const a = await trx
    .selectFrom("agreements as a")
    .innerJoin("agreement_versions as v", (j) =>
      j.onRef("v.agreement_id", "=", "a.id").onRef("v.number", "=", "a.current_version"),
    )
    .select(["a.id", "a.retired_at", "v.id as version_id", "v.text_en", "v.text_ar", "v.text_es", "v.text_fr"])
    .where("a.service_id", "=", c.serviceId)
    .executeTakeFirst();
  if (!a) return { none: true as const };
  if (a.retired_at) return { retired: true as const };
  const client = await trx
    .selectFrom("clients")
    .innerJoin("agents", "agents.id", "clients.agent_id")
    .select(["clients.first_name", "clients.last_name", "clients.language", clientZone.as("zone")])
    .where("clients.id", "=", c.clientId)
    .executeTakeFirstOrThrow();
  const lang = asLang(client.language);
  const own = lang === "en" ? null : a[`text_${lang}`];
  const shownIn: Lang = own ? lang : "en";
  const t = translator(shownIn);
  const words = own ?? a.text_en;
  const paid = await paidLine(trx, c.clientId, c.serviceId, shownIn);
  // A field the words name is never sent blank: a paid line fills the plan and price, else the agent's (issue 66).
  const missing = askedIn(words).filter((f) => !(paid?.[f] ?? c.given?.[f]?.trim()));
  if (missing.length) return { missing };
  const fill: Record<string, string> = {
    client_name: `${client.first_name} ${client.last_name}`,
    service: t(`services.s${c.serviceId}.name`),
    plan: paid?.plan ?? c.given?.plan?.trim() ?? "",
    price: paid?.price ?? c.given?.price?.trim() ?? "",
    date: dateFormatter(intlLocale(shownIn), { dateStyle: "long", timeZone: client.zone }).format(now),
    company: c.company,
  };
  const text = words.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => fill[name] ?? whole);
  const stamp = now.toISOString();
  const row = await trx
    .insertInto("client_agreements")
    .values({
      client_id: c.clientId,
      agent_id: c.agentId,
      agreement_id: a.id,
      version_id: a.version_id,
      service_id: c.serviceId,
      lang: shownIn,
      text,
      text_sha256: sha256(text),
      status: "sent",
      sent_at: stamp,
      notified_at: c.notified ? stamp : null,
      reminded_at: null,
      signed_at: null,
      signed_name: null,
      signed_ip: null,
      signed_user_agent: null,
      document_id: null,
    })
    .onConflict((oc) =>
      oc
        .columns(["client_id", "agreement_id"])
        .where(sql<boolean>`status = 'sent'`)
        .doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  if (!row) return { taken: true as const };
  await clientEvent(
    trx,
    {
      agentId: c.agentId,
      clientId: c.clientId,
      kind: "agreement.sent",
      summary: `Agreement sent to sign: ${translator("en")(`services.s${c.serviceId}.name`)}`,
      ref: `agreement:${row.id}`,
    },
    now,
  );
  return { id: row.id };
}

/** What a paid, delivered line sends: its service's agreement (in the payment's transaction; told on the sweep). */
export async function sendPaidAgreements(
  trx: Db,
  agentId: number,
  lines: Array<{ client_id: number; item_type: string; item_id: number }>,
  company: string,
  now = new Date(),
) {
  for (const line of lines) {
    const serviceId = await lineService(trx, line);
    if (serviceId) await newAgreementCopy(trx, { agentId, clientId: line.client_id, serviceId, notified: false, company }, now);
  }
}

export async function sendAgreement(
  db: Db,
  agentId: number,
  clientId: number,
  serviceId: number,
  publicUrl: string,
  company: string,
  now = new Date(),
  given: Partial<Record<AskedField, string | null>> = {},
) {
  const id = await db.transaction().execute(async (trx) => {
    await ownClient(trx, agentId, clientId, "change");
    const made = await newAgreementCopy(trx, { agentId, clientId, serviceId, notified: true, company, given }, now);
    if ("missing" in made && made.missing) {
      const say = { plan: "Write the plan the agreement names", price: "Write the price the agreement names" };
      const message = "The agreement names a plan and a price, and the client has paid for none: write them.";
      throw new Invalid(
        "agreement.field_missing",
        message,
        Object.fromEntries(made.missing.map((f) => [f, [fieldError("agreement.field_missing", say[f])]])),
      );
    }
    if ("none" in made) {
      const message = "This service has no agreement: the office writes them.";
      throw new Invalid("agreement.none", message, { service_id: [fieldError("agreement.none", message)] });
    }
    if ("retired" in made) throw new Conflict("agreement.retired", "This service's agreement is no longer sent.");
    if ("taken" in made) throw new Conflict("agreement.already_sent", "The client has this agreement to sign already.");
    await tellClientOfAgreement(trx, made.id, "sent", publicUrl, now);
    return made.id;
  });
  const {
    text: _t,
    text_sha256: _h,
    lang: _l,
    signed_ip: _i,
    signed_user_agent: _u,
    ...summary
  } = await agreementCopy(db, id, {
    clientId,
    agentId,
  });
  return summary;
}

/** The client's copies with what each signature kept, newest first; `agentId` narrows to that agent's. */
function copyRows(db: Db, clientId: number, agentId?: number) {
  let q = db
    .selectFrom("client_agreements as ca")
    .innerJoin("agreement_versions as v", "v.id", "ca.version_id")
    .leftJoin("client_documents as d", "d.id", "ca.document_id")
    .select([
      "ca.id",
      "ca.service_id",
      "v.number as version",
      "ca.status",
      "ca.sent_at",
      "ca.signed_at",
      "ca.signed_name",
      "ca.document_id",
      "d.file_id",
      "ca.lang",
      "ca.text",
      "ca.text_sha256",
      "ca.signed_ip",
      "ca.signed_user_agent",
    ])
    .where("ca.client_id", "=", clientId)
    .orderBy("ca.id", "desc");
  if (agentId !== undefined) q = q.where("ca.agent_id", "=", agentId);
  return q;
}
type CopyRow = Awaited<ReturnType<ReturnType<typeof copyRows>["execute"]>>[number];
const toCopy = (r: CopyRow): ClientAgreement => ({
  ...r,
  sent_at: new Date(r.sent_at).toISOString(),
  signed_at: r.signed_at ? new Date(r.signed_at).toISOString() : null,
  file_id: r.file_id ?? null,
});
/** A copy as a list shows it: without its text and the signature's record. */
export function summaryOf(copy: ClientAgreement): ClientAgreementSummary {
  const { text: _t, text_sha256: _h, lang: _l, signed_ip: _i, signed_user_agent: _u, ...summary } = copy;
  return summary;
}

/** One copy, the caller's own (the client's, or their agent's), else 404. */
export async function agreementCopy(db: Db, id: number, owner: { clientId: number; agentId?: number }): Promise<ClientAgreement> {
  const r = await copyRows(db, owner.clientId, owner.agentId).where("ca.id", "=", id).executeTakeFirst();
  if (!r) throw new NotFound("agreement.not_found", "No such agreement.");
  return toCopy(r);
}

/** The client's copies (newest first), as their page and their agent's list them. */
export async function agreementCopies(db: Db, clientId: number, agentId?: number): Promise<ClientAgreementSummary[]> {
  return (await copyRows(db, clientId, agentId).execute()).map((r) => summaryOf(toCopy(r)));
}

export async function clientAgreements(db: Db, agentId: number, clientId: number) {
  await ownClient(db, agentId, clientId, "read");
  const [copies, offered] = await Promise.all([
    copyRows(db, clientId, agentId).execute(),
    db.selectFrom("agreements").select("service_id").where("retired_at", "is", null).orderBy("service_id").execute(),
  ]);
  const items = copies.map((r): ClientAgreementRecord => {
    const copy = toCopy(r);
    return {
      ...summaryOf(copy),
      text_sha256: copy.text_sha256,
      signed_ip: copy.signed_ip,
      signed_user_agent: copy.signed_user_agent,
    };
  });
  const waiting = new Set(items.filter((i) => i.status === "sent").map((i) => i.service_id));
  const canSend = offered.map((o) => o.service_id).filter((s) => !waiting.has(s));
  return { items, can_send: canSend, asks: await askedOf(db, clientId, canSend) };
}

/** For each service, the fields its words (in the client's language) name that no paid line fills. */
async function askedOf(db: Db, clientId: number, serviceIds: number[]): Promise<ClientAgreements["asks"]> {
  if (!serviceIds.length) return [];
  const client = await db.selectFrom("clients").select("language").where("id", "=", clientId).executeTakeFirstOrThrow();
  const lang = asLang(client.language);
  const texts = await db
    .selectFrom("agreements as a")
    .innerJoin("agreement_versions as v", (j) =>
      j.onRef("v.agreement_id", "=", "a.id").onRef("v.number", "=", "a.current_version"),
    )
    .select(["a.service_id", "v.text_en", "v.text_ar", "v.text_es", "v.text_fr"])
    .where("a.service_id", "in", serviceIds)
    .execute();
  const asks: ClientAgreements["asks"] = [];
  for (const row of texts) {
    const words = (lang === "en" ? null : row[`text_${lang}`]) ?? row.text_en;
    const fields = askedIn(words);
    if (fields.length && !(await paidLine(db, clientId, row.service_id, lang))) asks.push({ service_id: row.service_id, fields });
  }
  return asks.sort((a, b) => a.service_id - b.service_id);
}
