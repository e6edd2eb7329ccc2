/**
 * Signed agreements (issue 40, point 3), through the API on SQLite and PostgreSQL: the office writes a service's
 * agreement per language (a field the record does not fill refused; every save a version, audited); a paid
 * Relocation plan sends it in the client's language with their name, service, plan, price and date filled, and the
 * client is e-mailed a link; the client signs only the text shown (its SHA-256), with their name as the agent has it
 * and their consent; the signature's record and the signed PDF (read back with pdftotext) are kept, filed among the
 * client's documents for both sides, and never change; twelve signatures at once sign once and file one PDF; other
 * agents and other clients are refused; erasure takes the copies.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { eraseClient } from "../../backend/clients/erase.js";
import { folderStore } from "../../backend/files/folder.js";
import { caseClient } from "../support/client-area.js";
import { testDatabases, useSeededApi } from "../support/databases.js";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "agreements-pdf-"));
const textOf = (pdf: Buffer, name: string) => {
  const file = path.join(tmp, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).normalize("NFKC");
};

const ENGLISH = "This agreement between {{company}} and {{client_name}} covers {{service}} ({{plan}}, {{price}}), from {{date}}.";
const ARABIC = "هذه الاتفاقية بين {{company}} و{{client_name}} تشمل خدمة {{service}} ({{plan}}، {{price}}) ابتداءً من {{date}}.";

describe.each(testDatabases)("signed agreements on $name", (target) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agreements-files-"));
  const store = folderStore(dir);
  const ctx = useSeededApi(target, { files: store });
  let agent: { id: number; token: string };
  let staff: { id: number; token: string };
  const post = (token: string, p: string, body: unknown) => ctx.api.call("POST", p, { token, body });
  const get = (token: string, p: string) => ctx.api.call("GET", p, { token });

  beforeAll(async () => {
    agent = await ctx.api.newAgent("agreements-agent@example.com");
    staff = await ctx.api.newStaff("agreements-staff@example.com");
  });

  const newClient = (email: string, opts: { pay?: boolean; language?: string } = {}) =>
    caseClient(ctx, agent.token, { email, first_name: "هدى", last_name: "الحلبي", ...opts });

  const mailTo = (to: string) => ctx.api.deliver({ to });

  it("lets the office write each service's agreement per language, every save a version, a field it cannot fill refused", async () => {
    const bad = await post(staff.token, "office/agreements/2", { text: "Passport: {{passport}}" });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.text[0].code).toBe("agreement.field");
    expect((await post(staff.token, "office/agreements/2", { text: "" })).json.errors.text).toBeDefined();
    const first = await post(staff.token, "office/agreements/2", { text: "Draft." });
    expect(first.json.data.agreement).toMatchObject({ version: 1, text_en: "Draft.", text_ar: null });
    const second = await post(staff.token, "office/agreements/2", { text: ENGLISH, text_ar: ARABIC });
    expect(second.json.data.agreement).toMatchObject({ version: 2, text_ar: ARABIC, retired: false });
    expect((await get(staff.token, "office/agreements")).json.data.map((a: { service_id: number }) => a.service_id)).toEqual([
      1, 2, 3,
    ]);
    expect((await post(agent.token, "office/agreements/2", { text: "x" })).status).toBe(403);
    const audited = await ctx.database.db.selectFrom("audit_log").select("kind").where("subject", "=", "agreement:2").execute();
    expect(audited.filter((a) => a.kind === "agreement.edit")).toHaveLength(2);
  });

  it("goes out when Relocation is paid, in the client's language with the record's fields, and is signed once, as shown", async () => {
    const email = "agreements-paid@example.com";
    const c = await newClient(email, { pay: true });
    const [copy] = (await get(c.token, "my/case")).json.data.agreements;
    expect(copy).toMatchObject({ service_id: 2, status: "sent", version: 2 });
    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe("اتفاقية الانتقال بانتظار توقيعك");
    expect(new URL(/(http:\/\/portal\.test\/my\/link\?\S+)/.exec(mail!.text)![1]!).searchParams.get("next")).toBe(
      `/my/agreements/${copy.id}`,
    );
    const shown = (await get(c.token, `my/agreements/${copy.id}`)).json.data;
    expect(shown.lang).toBe("ar");
    expect(shown.text).toContain("هدى الحلبي");
    expect(shown.text).toContain("خدمة الانتقال");
    expect(shown.text).not.toContain("{{");
    expect(shown.text_sha256).toMatch(/^[0-9a-f]{64}$/);

    const sign = (body: Record<string, unknown>) => post(c.token, `my/agreements/${copy.id}/sign`, body);
    const good = { full_name: "  هُدى   الحلبي ", consent: true, text_sha256: shown.text_sha256 };
    expect((await sign({ ...good, text_sha256: "0".repeat(64) })).json.code).toBe("agreement.text_changed");
    const wrongName = await sign({ ...good, full_name: "Someone Else" });
    expect(wrongName.status).toBe(400);
    expect(wrongName.json.errors.full_name[0]).toMatchObject({ code: "agreement.name", params: { name: "هدى الحلبي" } });
    const noConsent = await sign({ ...good, consent: false });
    expect(noConsent.json.errors.consent[0].code).toBe("agreement.consent");
    // The record keeps the request's own browser, never one named in the body (issue 66).
    const signed = await ctx.api.call("POST", `my/agreements/${copy.id}/sign`, {
      token: c.token,
      body: { ...good, device: "Forged browser 9.9" },
      headers: { "User-Agent": "Test browser 1.0" },
    });
    expect(signed.status, JSON.stringify(signed.json)).toBe(200);
    expect(signed.json.data).toMatchObject({
      status: "signed",
      signed_name: "هُدى   الحلبي",
      signed_user_agent: "Test browser 1.0",
      text: shown.text,
      text_sha256: shown.text_sha256,
    });
    expect(signed.json.data.signed_ip).toBeTruthy();
    expect((await sign(good)).json.code).toBe("agreement.signed");

    // The signed PDF: among the client's documents for both sides, with the text, the signature and the record.
    const { document_id, file_id } = signed.json.data;
    const mine = await get(c.token, `my/documents/${document_id}/files/${file_id}`);
    expect(mine.status).toBe(200);
    const theirs = await get(agent.token, `api/clients/${c.clientId}/documents/${document_id}/files/${file_id}`);
    expect(theirs.bytes!.equals(mine.bytes!)).toBe(true);
    const text = textOf(mine.bytes!, `signed-${target.name}`).replace(/\s+/g, " ");
    for (const words of [
      "اتفاقية الانتقال",
      "هدى الحلبي",
      "خدمة الانتقال",
      "التوقيع",
      "سجل التوقيع",
      shown.text_sha256,
      "Test browser 1.0",
    ]) {
      expect(text, words).toContain(words);
    }
    expect(text).not.toContain("Forged");
    const listed = (await get(agent.token, `api/clients/${c.clientId}/documents`)).json.data;
    expect(JSON.stringify(listed)).toContain('"from_agreement":true');
    expect((await get(c.token, "my/case")).json.data.documents.some((d: { id: number }) => d.id === document_id)).toBe(false);
    const [told] = await mailTo("agreements-agent@example.com");
    expect(told!.subject).toBe("هدى الحلبي signed the Relocation agreement");

    // A new version of the office's words changes nothing signed; the agent can send the new one to sign anew.
    await post(staff.token, "office/agreements/2", { text: `${ENGLISH} Revised.`, text_ar: `${ARABIC} معدّلة.` });
    expect((await get(c.token, `my/agreements/${copy.id}`)).json.data).toMatchObject({
      text: shown.text,
      text_sha256: shown.text_sha256,
    });
    const again = await post(agent.token, `agent/clients/${c.clientId}/agreements`, { service_id: 2 });
    expect(again.status, JSON.stringify(again.json)).toBe(201);
    expect(again.json.data).toMatchObject({ version: 3, status: "sent" });
    expect((await post(agent.token, `agent/clients/${c.clientId}/agreements`, { service_id: 2 })).json.code).toBe(
      "agreement.already_sent",
    );
    expect((await post(agent.token, `agent/clients/${c.clientId}/agreements`, { service_id: 3 })).json.code).toBe(
      "agreement.none",
    );
  });

  it("asks the agent for the plan and price an agreement names when nothing paid names them, and never sends a blank", async () => {
    const c = await newClient("agreements-unpaid@example.com", { language: "en" });
    const listed = (await get(agent.token, `api/clients/${c.clientId}/agreements`)).json.data;
    expect(listed.asks).toEqual([{ service_id: 2, fields: ["plan", "price"] }]);
    const send = (body: Record<string, unknown>) => post(agent.token, `agent/clients/${c.clientId}/agreements`, body);
    const blank = await send({ service_id: 2, plan: "  " });
    expect(blank.status).toBe(400);
    expect(blank.json.code).toBe("agreement.field_missing");
    expect(blank.json.errors.plan[0].code).toBe("agreement.field_missing");
    expect(blank.json.errors.price[0].code).toBe("agreement.field_missing");
    expect((await get(agent.token, `api/clients/${c.clientId}/agreements`)).json.data.items).toEqual([]);
    const sent = await send({ service_id: 2, plan: "Standard relocation", price: "USD 1,200" });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const shown = (await get(c.token, `my/agreements/${sent.json.data.id}`)).json.data;
    expect(shown.text).toContain("(Standard relocation, USD 1,200)");
    expect(shown.text).not.toMatch(/—|\{\{/);
    // A paid client's agreement names what was paid, and asks nothing.
    const paid = await newClient("agreements-paid-asks@example.com", { pay: true });
    expect((await get(agent.token, `api/clients/${paid.clientId}/agreements`)).json.data.asks).toEqual([]);
  });

  it("signs once when twelve signatures come at once, filing one PDF and leaving no file behind", async () => {
    for (let round = 0; round < 3; round++) {
      const c = await newClient(`agreements-race-${round}@example.com`, { language: "en" });
      const sent = await post(agent.token, `agent/clients/${c.clientId}/agreements`, {
        service_id: 2,
        plan: "Standard",
        price: "USD 1,200",
      });
      const shown = (await get(c.token, `my/agreements/${sent.json.data.id}`)).json.data;
      expect(shown.text).toContain("هدى الحلبي");
      const before = fs.readdirSync(dir, { recursive: true }).length;
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          post(c.token, `my/agreements/${shown.id}/sign`, {
            full_name: "هدى الحلبي",
            consent: "on",
            text_sha256: shown.text_sha256,
          }),
        ),
      );
      expect(
        answers.filter((a) => a.status === 200),
        `round ${round}`,
      ).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409 && a.json.code === "agreement.signed")).toHaveLength(11);
      const docs = await ctx.database.db
        .selectFrom("client_documents")
        .select("id")
        .where("client_id", "=", c.clientId)
        .where("from_agreement", "=", 1)
        .execute();
      expect(docs).toHaveLength(1);
      // One stored file more (its folder may be new too), not twelve.
      expect(fs.readdirSync(dir, { recursive: true }).length - before).toBeLessThanOrEqual(2);
    }
  });

  it("keeps each client's agreements theirs and their agent's; erasure takes them", async () => {
    const c = await newClient("agreements-own@example.com", { language: "es" });
    const sent = await post(agent.token, `agent/clients/${c.clientId}/agreements`, {
      service_id: 2,
      plan: "Standard",
      price: "EUR 900",
    });
    const other = await ctx.api.newAgent("agreements-other@example.com");
    expect((await get(other.token, `api/clients/${c.clientId}/agreements/${sent.json.data.id}`)).status).toBe(404);
    expect((await post(other.token, `agent/clients/${c.clientId}/agreements`, { service_id: 2 })).status).toBe(404);
    const stranger = await newClient("agreements-stranger@example.com");
    expect((await get(stranger.token, `my/agreements/${sent.json.data.id}`)).status).toBe(404);
    // Spanish not written: the English words, filled.
    const shown = (await get(c.token, `my/agreements/${sent.json.data.id}`)).json.data;
    expect(shown.lang).toBe("en");
    expect(shown.text).toContain("covers Relocation");
    await eraseClient(ctx.database.db, store, c.clientId);
    expect(
      await ctx.database.db.selectFrom("client_agreements").select("id").where("client_id", "=", c.clientId).execute(),
    ).toEqual([]);
  });
});
