/**
 * The client signs an agreement (issue 40, point 3): the text they were shown (its SHA-256, sent back by the page,
 * must be the one kept), their full name typed as their agent has it, and their consent. The server keeps who, when,
 * from which address and browser, and files a signed PDF (the text, the signature block, that record) among the
 * client's documents. One guarded update signs a copy once: a second signature at the same moment finds it signed,
 * and its PDF is removed from the store. A signed copy is never changed.
 */
import type { Kysely } from "kysely";
import { fieldError } from "../../lib/field-errors.js";
import { translator } from "../../lib/i18n/index.js";
import { asLang, intlLocale } from "../../lib/i18n/languages.js";
import { spoolBytes } from "../../lib/spool.js";
import { clientEvent } from "../clients/case-file.js";
import { clientZone } from "../clients/people.js";
import type { Database } from "../db/schema.js";
import { recordFile } from "../documents/files.js";
import { Conflict, Invalid } from "../errors.js";
import { renderPdf } from "../files/pdf-pool.js";
import { newKey, type FileStore } from "../files/store.js";
import { when } from "../mail/compose.js";
import { agreementCopy } from "./agreements.js";
import { tellAgentSigned } from "./notices.js";

type Db = Kysely<Database>;

/** A name as typed, for comparing: letters folded (NFKC), marks and case dropped, spaces single. */
const folded = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .normalize("NFKC")
    .toLocaleLowerCase()
    .replace(/[\s\u200c-\u200f]+/g, " ")
    .trim();

export async function signAgreement(
  db: Db,
  store: FileStore,
  clientId: number,
  id: number,
  input: { full_name: string; text_sha256: string },
  from: { ip: string; userAgent: string | null },
  company: string,
  now = new Date(),
) {
  const copy = await agreementCopy(db, id, { clientId });
  if (copy.status === "signed") throw new Conflict("agreement.signed", "This agreement is signed already.");
  if (copy.text_sha256 !== input.text_sha256) {
    throw new Conflict("agreement.text_changed", "The agreement shown is not the one to sign: open it again.");
  }
  const client = await db
    .selectFrom("clients")
    .innerJoin("agents", "agents.id", "clients.agent_id")
    .select(["clients.first_name", "clients.last_name", "clients.agent_id", clientZone.as("zone")])
    .where("clients.id", "=", clientId)
    .executeTakeFirstOrThrow();
  const name = `${client.first_name} ${client.last_name}`;
  if (folded(input.full_name) !== folded(name)) {
    const message = `Type your full name as your agent has it: ${name}`;
    throw new Invalid("agreement.name", message, { full_name: [fieldError("agreement.name", message, { name })] });
  }
  const lang = asLang(copy.lang);
  const t = translator(lang);
  // The request's own browser (the portal passes its visitor's on), never a value sent in the body (issue 66).
  const userAgent = (from.userAgent ?? "").slice(0, 300) || null;
  const signedAt = now.toISOString();
  const service = t(`services.s${copy.service_id}.name`);
  const title = t("agreement.title", { service });
  const pdf = await renderPdf({
    lang,
    title,
    blocks: [
      { h1: title },
      { p: copy.text },
      { rule: true },
      { h2: t("agreement.signatureHeading") },
      { pair: [t("agreement.signedBy"), input.full_name.trim()] },
      { pair: [t("agreement.signedAt"), `${when(signedAt, client.zone, intlLocale(lang))} · ${signedAt}`] },
      { pair: [t("agreement.consentGiven"), t("agreement.consent")] },
      { h2: t("agreement.recordHeading") },
      { pair: [t("agreement.address"), from.ip] },
      { pair: [t("agreement.browser"), userAgent ?? t("agreement.browserUnknown")] },
      { pair: ["SHA-256", copy.text_sha256] },
      { pair: [t("agreement.reference"), `${company} · ${service} · v${copy.version} · #${copy.id}`] },
    ],
    footer: t("agreement.footer", { company }),
  });
  const file = await spoolBytes(pdf);
  const key = newKey(clientId);
  const fileName = `agreement-${copy.service_id}-v${copy.version}-${copy.id}.pdf`;
  await store.put(key, file, "application/pdf");
  try {
    await db.transaction().execute(async (trx) => {
      const signed = await trx
        .updateTable("client_agreements")
        .set({
          status: "signed",
          signed_at: signedAt,
          signed_name: input.full_name.trim(),
          signed_ip: from.ip,
          signed_user_agent: userAgent,
        })
        .where("id", "=", id)
        .where("client_id", "=", clientId)
        .where("status", "=", "sent")
        .where("text_sha256", "=", input.text_sha256)
        .returning("agent_id")
        .executeTakeFirst();
      if (!signed) throw new Conflict("agreement.signed", "This agreement is signed already.");
      const doc = await trx
        .insertInto("client_documents")
        .values({
          agent_id: signed.agent_id,
          client_id: clientId,
          kind: "other",
          title: `${translator("en")("agreement.title", { service: translator("en")(`services.s${copy.service_id}.name`) })} (v${copy.version})`,
          status: "missing",
          from_agreement: 1,
          created_at: signedAt,
          updated_at: signedAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const fileId = await recordFile(
        trx,
        {
          documentId: doc.id,
          agentId: signed.agent_id,
          key,
          name: fileName,
          type: "application/pdf",
          size: file.size,
          sha256: file.sha256,
        },
        signedAt,
      );
      await trx
        .updateTable("client_documents")
        .set({ file_id: fileId, status: "accepted", accepted_at: signedAt })
        .where("id", "=", doc.id)
        .execute();
      await trx.updateTable("client_agreements").set({ document_id: doc.id }).where("id", "=", id).execute();
      await clientEvent(
        trx,
        {
          agentId: signed.agent_id,
          clientId,
          kind: "agreement.signed",
          summary: `The client signed the ${translator("en")(`services.s${copy.service_id}.name`)} agreement (v${copy.version})`,
          ref: `agreement:${id}`,
        },
        now,
      );
      await tellAgentSigned(trx, id, now);
    });
  } catch (error) {
    await store.remove(key).catch(() => undefined);
    throw error;
  } finally {
    await file.dispose();
  }
  return agreementCopy(db, id, { clientId });
}
