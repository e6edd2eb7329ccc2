/**
 * Where a client's case stands (issue 39, point 3), through the API on SQLite and PostgreSQL: every service starts
 * with its stages in four languages; the office adds, renames, reorders and retires them (audited); the agent moves
 * a paid service's case with a word for the client, on the timeline, and the client is e-mailed in their language
 * and sees it on their page; bad input, services the client does not have, retired stages and other agents are
 * refused; the case goes with an erased client.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { eraseClient } from "../../backend/clients/erase.js";
import { folderStore } from "../../backend/files/folder.js";
import { clientToken, payPlan } from "../support/client-area.js";
import { testDatabases, useSeededApi } from "../support/databases.js";

describe.each(testDatabases)("case stages on $name", (target) => {
  const store = folderStore(fs.mkdtempSync(path.join(os.tmpdir(), "case-stages-files-")));
  const ctx = useSeededApi(target, { files: store });
  let agent: { id: number; token: string };
  let staff: { id: number; token: string };

  beforeAll(async () => {
    agent = await ctx.api.newAgent("stages-agent@example.com");
    staff = await ctx.api.newStaff("stages-staff@example.com");
  });

  const post = (token: string, p: string, body: unknown) => ctx.api.call("POST", p, { token, body });
  const stagesOf = async (serviceId: number) =>
    (await ctx.api.call("GET", "office/stages", { token: staff.token })).json.data.find(
      (s: { service_id: number }) => s.service_id === serviceId,
    ).stages as Array<{ id: number; name: string; name_ar: string | null; retired: boolean; position: number }>;

  /** A client of the agent's with a paid Relocation plan, signed in to their page, in `language`. */
  async function relocatingClient(email: string, language = "en") {
    const made = await post(agent.token, "agent/addclient", {
      first_name: "Rami",
      last_name: email.split("@")[0],
      email,
      language,
      destination_country: "PT",
    });
    const clientId = made.json.data.id as number;
    await payPlan(ctx, agent.token, clientId);
    const token = await clientToken(ctx, clientId);
    return { clientId, token };
  }

  it("starts every service with its stages in four languages", async () => {
    const relocation = await stagesOf(2);
    expect(relocation.map((s) => s.name)).toEqual(["Documents gathered", "Application filed", "Decision", "Moved"]);
    expect(relocation[1]!.name_ar).toBe("تقديم الطلب");
    expect((await stagesOf(1)).length).toBeGreaterThan(0);
    expect((await stagesOf(3)).length).toBeGreaterThan(0);
  });

  it("lets the office add, rename, reorder and retire stages, each change audited; refuses bad input with codes", async () => {
    const added = await post(staff.token, "office/stages", {
      service_id: 3,
      name: "  Contract signed ",
      name_fr: "Contrat signé",
    });
    expect(added.status).toBe(201);
    expect(added.json.data).toMatchObject({ name: "Contract signed", name_fr: "Contrat signé", name_ar: null, retired: false });
    const id = added.json.data.id as number;
    expect((await stagesOf(3)).at(-1)!.id).toBe(id);

    const renamed = await post(staff.token, `office/stages/${id}`, {
      name: "Contract signed",
      name_ar: "توقيع العقد",
      name_es: "",
    });
    expect(renamed.json.data).toMatchObject({ name_ar: "توقيع العقد", name_es: null, name_fr: null });
    const up = await post(staff.token, `office/stages/${id}/move`, { direction: "up" });
    expect(up.status).toBe(200);
    const order = (await stagesOf(3)).map((s) => s.id);
    expect(order.indexOf(id)).toBe(order.length - 2);
    expect((await stagesOf(3)).map((s) => s.position)).toEqual(order.map((_, i) => i + 1));
    expect((await post(staff.token, `office/stages/${id}/retire`, { retired: true })).json.data.retired).toBe(true);

    const audit = await ctx.database.db
      .selectFrom("audit_log")
      .select("kind")
      .where("subject", "=", `stage:${id}`)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.kind)).toEqual(["stage.added", "stage.renamed", "stage.moved", "stage.retired"]);

    const empty = await post(staff.token, "office/stages", { service_id: 3, name: " " });
    expect(empty.status).toBe(400);
    expect(empty.json.errors.name[0].code).toBe("validation.required");
    const twoLines = await post(staff.token, "office/stages", { service_id: 3, name: "One\nTwo" });
    expect(twoLines.status).toBe(400);
    const noService = await post(staff.token, "office/stages", { service_id: 99, name: "Nowhere" });
    expect(noService.status).toBe(400);
    expect(noService.json.errors.service_id[0].code).toBe("stage.no_service");
    expect((await post(staff.token, "office/stages/999999", { name: "Ghost" })).status).toBe(404);
    expect((await post(staff.token, `office/stages/${id}/move`, { direction: "sideways" })).status).toBe(400);
  });

  it("moves a paid service's case with a word for the client: timeline, e-mail in their language, the client's page", async () => {
    const c = await relocatingClient("stages-move@example.com", "es");
    const cases = (await ctx.api.call("GET", `api/clients/${c.clientId}/cases`, { token: agent.token })).json.data;
    expect(cases).toEqual([expect.objectContaining({ service_id: 2, stage_id: null, note: null })]);
    const filed = cases[0].stages.find((s: { name: string }) => s.name === "Application filed");
    expect((await ctx.api.call("GET", "my/case", { token: c.token })).json.data.cases).toEqual([
      expect.objectContaining({
        service_id: 2,
        current: -1,
        stages: ["Documentos reunidos", "Solicitud presentada", "Decisión", "Mudanza hecha"],
      }),
    ]);

    const moved = await post(agent.token, `agent/clients/${c.clientId}/cases/2`, {
      stage_id: filed.id,
      note: "We filed it on Monday.",
    });
    expect(moved.status).toBe(200);
    expect(moved.json.data).toMatchObject({ stage_id: filed.id, note: "We filed it on Monday." });
    const mine = (await ctx.api.call("GET", "my/case", { token: c.token })).json.data.cases[0];
    expect(mine).toMatchObject({ current: 1, note: "We filed it on Monday." });

    const view = (await post(agent.token, `agent/viewClient/${c.clientId}`, {})).json.data;
    expect(view.timeline[0]).toMatchObject({ kind: "case.moved" });
    expect(view.timeline[0].summary).toContain('Relocation: the case is now at "Application filed"');

    const [mail] = await ctx.api.deliver({ to: "stages-move@example.com" });
    expect(mail!.subject).toBe("Reubicación: su caso está en «Solicitud presentada»");
    expect(mail!.text).toContain("Siguiente: Decisión.");
    expect(mail!.text).toContain("We filed it on Monday.");
    expect(mail!.text).toMatch(/http:\/\/portal\.test\/my\/link\?token=/);

    // The same stage with the same word again: nothing changes, nothing is sent.
    const outbox = async () =>
      (await ctx.database.db.selectFrom("outbox").select("id").where("kind", "=", "client.case_moved").execute()).length;
    const sent = await outbox();
    await post(agent.token, `agent/clients/${c.clientId}/cases/2`, { stage_id: filed.id, note: "We filed it on Monday." });
    expect(await outbox()).toBe(sent);
  });

  it("refuses a service the client does not have, another service's or a retired stage, and another agent", async () => {
    const c = await relocatingClient("stages-refuse@example.com");
    const [jobStage] = await stagesOf(3);
    const [relocationStage] = await stagesOf(2);
    const noService = await post(agent.token, `agent/clients/${c.clientId}/cases/3`, { stage_id: jobStage!.id });
    expect(noService.status).toBe(404);
    expect(noService.json.code).toBe("case.no_service");
    const wrong = await post(agent.token, `agent/clients/${c.clientId}/cases/2`, { stage_id: jobStage!.id });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors.stage_id[0].code).toBe("case.stage_not_offered");
    const noStage = await post(agent.token, `agent/clients/${c.clientId}/cases/2`, { note: "x" });
    expect(noStage.status).toBe(400);
    const extra = await post(staff.token, "office/stages", { service_id: 2, name: "Soon retired" });
    await post(staff.token, `office/stages/${extra.json.data.id}/retire`, { retired: true });
    expect((await post(agent.token, `agent/clients/${c.clientId}/cases/2`, { stage_id: extra.json.data.id })).status).toBe(400);
    const other = await ctx.api.newAgent("stages-other@example.com");
    expect((await ctx.api.call("GET", `api/clients/${c.clientId}/cases`, { token: other.token })).status).toBe(404);
    const intruder = await post(other.token, `agent/clients/${c.clientId}/cases/2`, { stage_id: relocationStage!.id });
    expect(intruder.status).toBe(404);
    expect(intruder.json.code).toBe("client.not_found");
    expect(
      (await ctx.api.call("GET", `api/clients/${c.clientId}/cases`, { token: agent.token })).json.data[0].stage_id,
    ).toBeNull();
  });

  it("keeps a case at a stage retired after it moved there, and erases the case with the client", async () => {
    const c = await relocatingClient("stages-erase@example.com");
    const temp = await post(staff.token, "office/stages", { service_id: 2, name: "Waiting on the consulate" });
    await post(agent.token, `agent/clients/${c.clientId}/cases/2`, { stage_id: temp.json.data.id });
    await post(staff.token, `office/stages/${temp.json.data.id}/retire`, { retired: true });
    const cases = (await ctx.api.call("GET", `api/clients/${c.clientId}/cases`, { token: agent.token })).json.data;
    expect(cases[0].stage_id).toBe(temp.json.data.id);
    expect(cases[0].stages.map((s: { name: string }) => s.name)).toContain("Waiting on the consulate");
    const erased = await eraseClient(ctx.database.db, store, c.clientId);
    expect(erased.rows.client_cases).toBe(1);
  });
});
