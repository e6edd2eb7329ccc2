/**
 * Intake questionnaires (issue 40, points 1 and 2), through the API on SQLite and PostgreSQL: the office writes one
 * (sections, questions of every kind, a condition, Arabic words), audited and versioned once sent; a paid Relocation
 * plan sends it (once, however often the payment is delivered) and the client is e-mailed in Arabic with a link
 * that opens it; the client answers section by section (each answer checked by its kind, required ones said beside
 * them, a conditional one required only when shown), leaves and comes back, sends a file, submits; the agent returns
 * one answer and the client corrects only that one; the agent accepts. Other agents, other clients and bad input
 * are refused with codes; reminders go once; the copy goes with an erased client; sends racing each other make one.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { eraseClient } from "../../backend/clients/erase.js";
import { folderStore } from "../../backend/files/folder.js";
import { startApi } from "../support/api-harness.js";
import { caseClient } from "../support/client-area.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { pdfBytes } from "../support/files.js";

describe.each(testDatabases)("intake questionnaires on $name", (target) => {
  const store = folderStore(fs.mkdtempSync(path.join(os.tmpdir(), "intake-files-")));
  const ctx = useSeededApi(target, { files: store });
  let agent: { id: number; token: string };
  let other: { id: number; token: string };
  let staff: { id: number; token: string };
  let qid: number;

  const post = (token: string, p: string, body: unknown) => ctx.api.call("POST", p, { token, body });
  const get = (token: string, p: string) => ctx.api.call("GET", p, { token });

  beforeAll(async () => {
    agent = await ctx.api.newAgent("intake-agent@example.com");
    other = await ctx.api.newAgent("intake-other@example.com");
    staff = await ctx.api.newStaff("intake-staff@example.com");
    // The questionnaire the office writes: two sections, a condition, Arabic words; sent when Relocation is paid.
    const made = await post(staff.token, "office/questionnaires", {
      name: "Relocation intake",
      title: "Before you move",
      title_ar: "قبل انتقالك",
      intro: "A few questions about you and your family.",
      services: [2],
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    qid = made.json.data.id;
    await post(staff.token, `office/questionnaires/${qid}/sections`, { title: "About you", title_ar: "عنك" });
    await post(staff.token, `office/questionnaires/${qid}/sections`, { title: "Family", title_ar: "العائلة" });
    const [s1, s2] = (await get(staff.token, `office/questionnaires/${qid}`)).json.data.content.sections.map(
      (s: { key: string }) => s.key,
    );
    const ask = async (section: string, q: Record<string, unknown>) => {
      const r = await post(staff.token, `office/questionnaires/${qid}/sections/${section}/questions`, q);
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      return r.json.data.content.sections.flatMap((s: { questions: Array<{ key: string }> }) => s.questions).at(-1).key as string;
    };
    await ask(s1, { kind: "date", required: true, label: "Date of birth", label_ar: "تاريخ الميلاد", dates: "past" });
    await ask(s1, { kind: "country", required: true, label: "Country of birth", label_ar: "بلد الميلاد" });
    await ask(s1, { kind: "phone", label: "Phone" });
    await ask(s1, { kind: "file", label: "Your CV" });
    const children = await ask(s2, {
      kind: "yes_no",
      required: true,
      label: "Do you have children?",
      label_ar: "هل لديك أطفال؟",
    });
    await ask(s2, {
      kind: "number",
      required: true,
      label: "How many?",
      label_ar: "كم عددهم؟",
      show_if_key: children,
      show_if_value: "yes",
    });
    await ask(s2, {
      kind: "choices",
      label: "Languages spoken at home",
      options: "English\nArabic\nFrench",
      options_ar: "الإنجليزية\nالعربية\nالفرنسية",
    });
  });

  const content = async () => (await get(staff.token, `office/questionnaires/${qid}`)).json.data;
  const keys = async () => {
    const c = (await content()).content;
    const all = c.sections.flatMap((s: { questions: Array<{ key: string; label: { en: string } }> }) => s.questions);
    const by = (label: string) => all.find((q: { label: { en: string } }) => q.label.en === label).key as string;
    return {
      s1: c.sections[0].key as string,
      s2: c.sections[1].key as string,
      born: by("Date of birth"),
      country: by("Country of birth"),
      phone: by("Phone"),
      cv: by("Your CV"),
      children: by("Do you have children?"),
      howMany: by("How many?"),
      languages: by("Languages spoken at home"),
    };
  };

  /** A client of `owner` in `language`, signed in; with a paid Relocation plan when `pay`. */
  function newClient(email: string, opts: { language?: string; pay?: boolean; owner?: { token: string } } = {}) {
    const { owner = agent, ...rest } = opts;
    return caseClient(ctx, owner.token, { email, first_name: "Huda", last_name: email.split("@")[0]!, ...rest });
  }

  /** The mail worker until the outbox is empty, at `at`: what went to `to`. */
  const mailAt = (to: string, at = new Date()) => ctx.api.deliver({ now: at, to });

  it("lets the office write it: refused with codes where it breaks a rule, each change audited", async () => {
    const { s1, children, howMany } = await keys();
    const noOptions = await post(staff.token, `office/questionnaires/${qid}/sections/${s1}/questions`, {
      kind: "choice",
      label: "Pick",
    });
    expect(noOptions.status).toBe(400);
    expect(noOptions.json.code).toBe("questionnaire.options");
    expect(noOptions.json.errors.options[0].code).toBe("questionnaire.options");
    const badKind = await post(staff.token, `office/questionnaires/${qid}/sections/${s1}/questions`, {
      kind: "essay",
      label: "Pick",
    });
    expect(badKind.status).toBe(400);
    expect(badKind.json.errors.kind).toBeDefined();
    // A condition must name an earlier yes/no or choice question, and one of its answers.
    const later = await post(staff.token, `office/questionnaires/${qid}/sections/${s1}/questions`, {
      kind: "short_text",
      label: "Names",
      show_if_key: howMany,
      show_if_value: "2",
    });
    expect(later.json.code).toBe("questionnaire.condition");
    const wrongValue = await post(staff.token, `office/questionnaires/${qid}/questions/${howMany}`, {
      kind: "number",
      label: "How many?",
      show_if_key: children,
      show_if_value: "maybe",
    });
    expect(wrongValue.json.code).toBe("questionnaire.condition");
    // Removing a question another depends on, or a section with questions: refused.
    expect((await post(staff.token, `office/questionnaires/${qid}/items/${children}/remove`, {})).json.code).toBe(
      "questionnaire.condition",
    );
    expect((await post(staff.token, `office/questionnaires/${qid}/items/${s1}/remove`, {})).json.code).toBe(
      "questionnaire.section_not_empty",
    );
    expect((await post(staff.token, `office/questionnaires/${qid}/items/q999/remove`, {})).status).toBe(404);
    expect((await get(staff.token, "office/questionnaires/999999")).json.code).toBe("questionnaire.not_found");
    // Agents and clients cannot write questionnaires.
    expect((await post(agent.token, "office/questionnaires", { name: "x", title: "x" })).status).toBe(403);
    const audited = await ctx.database.db
      .selectFrom("audit_log")
      .select("kind")
      .where("subject", "=", `questionnaire:${qid}`)
      .execute();
    expect(audited.map((a) => a.kind)).toEqual(
      expect.arrayContaining(["questionnaire.create", "questionnaire.section_added", "questionnaire.question_added"]),
    );
    // Never sent yet: still version 1.
    expect((await content()).version).toBe(1);
  });

  it("goes out when Relocation is paid, once, and the client is e-mailed in Arabic with a link that opens it", async () => {
    const email = "intake-paid@example.com";
    const c = await newClient(email, { pay: true });
    const mine = (await get(c.token, "my/questionnaires")).json.data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: "sent", service_id: 2, title: { en: "Before you move", ar: "قبل انتقالك" } });
    // The payment delivered again sends nothing more.
    const copies = () =>
      ctx.database.db.selectFrom("client_questionnaires").select("id").where("client_id", "=", c.clientId).execute();
    const { sendPaidQuestionnaires } = await import("../../backend/intake/copies.js");
    await ctx.database.db
      .transaction()
      .execute((trx) => sendPaidQuestionnaires(trx, agent.id, [{ client_id: c.clientId, item_type: "relocation", item_id: 1 }]));
    expect(await copies()).toHaveLength(1);
    const [notice, ...more] = await mailAt(email);
    expect(more).toEqual([]);
    expect(notice!.subject).toBe("أسئلة من وكيلك: قبل انتقالك");
    const link = new URL(/(http:\/\/portal\.test\/my\/link\?\S+)/.exec(notice!.text)![1]!);
    expect(link.searchParams.get("next")).toBe(`/my/questionnaires/${mine[0].id}`);
    expect(link.searchParams.get("lang")).toBe("ar");
    // Told once: the next round sends nothing.
    expect(await mailAt(email)).toEqual([]);
    // The version now is in use: the next change makes version 2, and the client's copy keeps version 1.
    await post(staff.token, `office/questionnaires/${qid}/sections`, { title: "Extra" });
    const now = await content();
    expect(now).toMatchObject({ version: 2, in_use: false });
    expect((await get(c.token, `my/questionnaires/${mine[0].id}`)).json.data).toMatchObject({ version: 1 });
    expect((await get(c.token, `my/questionnaires/${mine[0].id}`)).json.data.content.sections).toHaveLength(2);
    const extra = now.content.sections.at(-1).key;
    await post(staff.token, `office/questionnaires/${qid}/items/${extra}/remove`, {});
  });

  it("takes answers section by section, each checked by its kind, and keeps them for when the client comes back", async () => {
    const k = await keys();
    const c = await newClient("intake-answers@example.com", { pay: true });
    const [copy] = (await get(c.token, "my/questionnaires")).json.data;
    const save = (section: string, answers: Record<string, unknown>) =>
      post(c.token, `my/questionnaires/${copy.id}/answers`, { section, answers });
    const bad = await save(k.s1, { [k.born]: "1990-02-30", [k.country]: "XX", [k.phone]: "call me" });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[k.born][0].code).toBe("answer.date");
    expect(bad.json.errors[k.country][0].code).toBe("answer.country");
    expect(bad.json.errors[k.phone][0].code).toBe("phone.format");
    // A birth after today cannot be (issue 66).
    const future = await save(k.s1, { [k.born]: `${new Date().getUTCFullYear() + 1}-01-15` });
    expect(future.json.errors[k.born][0].code).toBe("answer.date_past");
    const missing = await save(k.s1, { [k.born]: "1990-02-20" });
    expect(missing.json.errors[k.country][0].code).toBe("answer.required");
    expect((await get(c.token, `my/questionnaires/${copy.id}`)).json.data.status).toBe("sent");
    const ok = await save(k.s1, { [k.born]: " 1990-02-20 ", [k.country]: "sy", [k.phone]: "+963 11 123 4567" });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.data.status).toBe("started");
    expect(ok.json.data.answers[k.country].value).toBe("SY");
    // "How many?" is required only when the client has children.
    const noKids = await save(k.s2, { [k.children]: "no", [k.languages]: ["French", "Arabic"] });
    expect(noKids.status, JSON.stringify(noKids.json)).toBe(200);
    expect(noKids.json.data.answers[k.languages].value).toEqual(["Arabic", "French"]);
    const kids = await save(k.s2, { [k.children]: "yes" });
    expect(kids.json.errors[k.howMany][0].code).toBe("answer.required");
    expect((await save(k.s2, { [k.children]: "yes", [k.howMany]: "two" })).json.errors[k.howMany][0].code).toBe("answer.number");
    expect((await save(k.s2, { [k.children]: "maybe" })).json.errors[k.children][0].code).toBe("answer.choice");
    expect((await save(k.s2, { [k.children]: "no", [k.languages]: ["Klingon"] })).json.errors[k.languages][0].code).toBe(
      "answer.choice",
    );
    expect((await save("s999", {})).json.code).toBe("questionnaire.no_section");
    // Coming back later, on another sign-in: the answers are there.
    const again = (await get(c.token, `my/questionnaires/${copy.id}`)).json.data;
    expect(again.answers[k.born].value).toBe("1990-02-20");
    expect(again).toMatchObject({ answered: 5, shown: 6 });
  });

  it("takes a file as an answer, kept as the client's document off their checklist; submits, returns, corrects, accepts", async () => {
    const k = await keys();
    const email = "intake-review@example.com";
    const c = await newClient(email, { pay: true });
    await mailAt(email);
    const [copy] = (await get(c.token, "my/questionnaires")).json.data;
    const base = `my/questionnaires/${copy.id}`;
    // Submitting before the required answers: refused, naming them.
    const early = await post(c.token, `${base}/submit`, {});
    expect(early.status).toBe(400);
    expect(early.json.code).toBe("questionnaire.incomplete");
    expect(Object.keys(early.json.errors)).toEqual(expect.arrayContaining([k.born, k.country, k.children]));
    const file = await ctx.api.call("POST", `${base}/files?name=cv.pdf&question=${k.cv}`, {
      token: c.token,
      bytes: pdfBytes("my cv"),
    });
    expect(file.status, JSON.stringify(file.json)).toBe(200);
    expect(file.json.data.files[k.cv]).toMatchObject({ file_name: "cv.pdf" });
    const notFile = await ctx.api.call("POST", `${base}/files?name=cv.pdf&question=${k.born}`, {
      token: c.token,
      bytes: pdfBytes("x"),
    });
    expect(notFile.json.code).toBe("questionnaire.not_a_file");
    const listed = (await get(agent.token, `api/clients/${c.clientId}/documents`)).json.data;
    expect(JSON.stringify(listed)).toContain('"from_questionnaire":true');
    const myCase = (await get(c.token, "my/case")).json.data;
    expect(myCase.documents.some((d: { title: string }) => d.title === "cv.pdf")).toBe(false);
    expect(myCase.questionnaires[0]).toMatchObject({ id: copy.id });

    await post(c.token, `${base}/answers`, { section: k.s1, answers: { [k.born]: "1985-07-01", [k.country]: "LB" } });
    await post(c.token, `${base}/answers`, { section: k.s2, answers: { [k.children]: "yes", [k.howMany]: "2" } });
    const sent = await post(c.token, `${base}/submit`, {});
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    expect(sent.json.data.status).toBe("submitted");
    expect((await post(c.token, `${base}/answers`, { section: k.s1, answers: {} })).json.code).toBe("questionnaire.closed");
    // Waiting for review: on the agent's dashboard, and in the clients list's "needs attention".
    const toReview = async () =>
      (await get(agent.token, "api/dashboard/attention")).json.data.filter(
        (a: { kind: string; client_id: number }) => a.kind === "questionnaire_submitted" && a.client_id === c.clientId,
      );
    expect(await toReview()).toEqual([
      expect.objectContaining({
        summary: "Answers to review: Relocation intake",
        action: "Review the answers",
        to: `/clients/${c.clientId}/questionnaires/${copy.id}`,
      }),
    ]);
    const [toAgent] = await mailAt("intake-agent@example.com");
    expect(toAgent!.subject).toContain("sent their answers: Relocation intake");
    expect(toAgent!.text).toContain(`/clients/${c.clientId}/questionnaires/${copy.id}`);

    // The agent returns one answer with a word; another agent cannot see or touch it.
    const agentBase = `agent/clients/${c.clientId}/questionnaires/${copy.id}`;
    expect((await get(other.token, `api/clients/${c.clientId}/questionnaires/${copy.id}`)).status).toBe(404);
    expect((await post(other.token, `${agentBase}/accept`, {})).status).toBe(404);
    expect((await post(agent.token, `${agentBase}/return`, { questions: [] })).status).toBe(400);
    expect((await post(agent.token, `${agentBase}/return`, { questions: [{ key: "q999" }] })).json.code).toBe(
      "questionnaire.item_not_found",
    );
    const returned = await post(agent.token, `${agentBase}/return`, {
      note: "One thing to fix.",
      questions: [{ key: k.born, note: "The year looks wrong." }],
    });
    expect(returned.status, JSON.stringify(returned.json)).toBe(200);
    expect(returned.json.data.answers[k.born]).toMatchObject({
      returned: true,
      returned_note: "The year looks wrong.",
      value: "1985-07-01",
    });
    const [toClient] = await mailAt(email);
    expect(toClient!.subject).toBe("إجابات تحتاج إلى تصحيح: قبل انتقالك");
    expect(toClient!.text).toContain("One thing to fix.");
    // Only the returned answer changes: the others are kept as they were, whatever is sent.
    const fixed = await post(c.token, `${base}/answers`, {
      section: k.s1,
      answers: { [k.born]: "1986-07-01", [k.country]: "FR" },
    });
    expect(fixed.status, JSON.stringify(fixed.json)).toBe(200);
    expect(fixed.json.data.answers[k.born]).toMatchObject({ value: "1986-07-01", returned: false });
    expect(fixed.json.data.answers[k.country].value).toBe("LB");
    const refile = await ctx.api.call("POST", `${base}/files?name=cv2.pdf&question=${k.cv}`, {
      token: c.token,
      bytes: pdfBytes("again"),
    });
    expect(refile.json.code).toBe("questionnaire.not_returned");
    expect((await post(c.token, `${base}/submit`, {})).json.data.status).toBe("submitted");
    const accepted = await post(agent.token, `${agentBase}/accept`, {});
    expect(accepted.json.data.status).toBe("accepted");
    expect(await toReview()).toEqual([]);
    expect((await post(agent.token, `${agentBase}/accept`, {})).json.code).toBe("questionnaire.not_submitted");
    const view = (await post(agent.token, `agent/viewClient/${c.clientId}`, {})).json.data;
    expect(view.timeline.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining([
        "questionnaire.sent",
        "questionnaire.submitted",
        "questionnaire.returned",
        "questionnaire.accepted",
      ]),
    );
    // Accepted, it can be sent anew (a new copy).
    expect((await post(agent.token, `agent/clients/${c.clientId}/questionnaires`, { questionnaire_id: qid })).status).toBe(201);
  });

  it("lets the agent send one: refused while one is out, for a retired one, and for another agent's client", async () => {
    const c = await newClient("intake-send@example.com", { language: "es" });
    const send = (token: string, clientId: number, body: unknown) =>
      post(token, `agent/clients/${clientId}/questionnaires`, body);
    expect((await send(agent.token, c.clientId, {})).json.errors.questionnaire_id).toBeDefined();
    expect((await send(agent.token, c.clientId, { questionnaire_id: 999999 })).json.code).toBe("questionnaire.not_found");
    const first = await send(agent.token, c.clientId, { questionnaire_id: qid });
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    // Told at once (the agent's send), in the client's language.
    const [mail] = await mailAt("intake-send@example.com");
    expect(mail!.subject).toBe("Preguntas de su agente: Before you move");
    expect((await send(agent.token, c.clientId, { questionnaire_id: qid })).json.code).toBe("questionnaire.already_sent");
    expect((await send(other.token, c.clientId, { questionnaire_id: qid })).status).toBe(404);
    expect((await get(agent.token, `api/clients/${c.clientId}/questionnaires`)).json.data).toMatchObject({
      items: [expect.objectContaining({ status: "sent", service_id: null })],
    });
    const spare = (await post(staff.token, "office/questionnaires", { name: "Spare", title: "Spare", services: [] })).json.data
      .id;
    await post(staff.token, `office/questionnaires/${spare}/retire`, { retired: true });
    expect((await send(agent.token, c.clientId, { questionnaire_id: spare })).json.code).toBe("questionnaire.retired");
    expect(
      (await get(agent.token, `api/clients/${c.clientId}/questionnaires`)).json.data.can_send.map((q: { id: number }) => q.id),
    ).not.toContain(spare);
    // A client sees only their own copies.
    const stranger = await newClient("intake-stranger@example.com", { owner: other });
    expect((await get(stranger.token, `my/questionnaires/${first.json.data.id}`)).status).toBe(404);
  });

  it("reminds once, three days on, while it is not sent back", async () => {
    const email = "intake-remind@example.com";
    const c = await newClient(email, { pay: true });
    await mailAt(email);
    const days = (n: number) => new Date(Date.now() + n * 86_400_000);
    expect(await mailAt(email, days(2))).toEqual([]);
    const [reminder, ...more] = await mailAt(email, days(4));
    expect(more).toEqual([]);
    expect(reminder!.subject).toBe("تذكير: قبل انتقالك");
    expect(await mailAt(email, days(8))).toEqual([]);
    expect(c.clientId).toBeGreaterThan(0);
  });

  it("makes one copy when sends race, and tells the client once when three servers sweep at once", async () => {
    for (let round = 0; round < 3; round++) {
      const c = await newClient(`intake-race-${round}@example.com`);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          post(agent.token, `agent/clients/${c.clientId}/questionnaires`, { questionnaire_id: qid }),
        ),
      );
      expect(
        answers.filter((a) => a.status === 201),
        `round ${round}`,
      ).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(11);
    }
    const others = await Promise.all([startApi(ctx.database, { files: store }), startApi(ctx.database, { files: store })]);
    try {
      const paid = await newClient("intake-sweep@example.com", { pay: true });
      await Promise.all([ctx.api, ...others].map((api) => api.mailTick()));
      const queued = await ctx.database.db
        .selectFrom("outbox")
        .select("id")
        .where("kind", "=", "client.questionnaire")
        .where("to_address", "=", "intake-sweep@example.com")
        .execute();
      expect(queued).toHaveLength(1);
      expect(paid.clientId).toBeGreaterThan(0);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
  });

  it("goes with an erased client: copies and answers", async () => {
    const c = await newClient("intake-erase@example.com", { pay: true });
    const k = await keys();
    const [copy] = (await get(c.token, "my/questionnaires")).json.data;
    await post(c.token, `my/questionnaires/${copy.id}/answers`, {
      section: k.s1,
      answers: { [k.born]: "1990-01-01", [k.country]: "SY" },
    });
    await eraseClient(ctx.database.db, store, c.clientId);
    const left = await ctx.database.db
      .selectFrom("client_questionnaires")
      .select("id")
      .where("client_id", "=", c.clientId)
      .execute();
    expect(left).toEqual([]);
    const answers = await ctx.database.db
      .selectFrom("questionnaire_answers")
      .select("question_key")
      .where("client_questionnaire_id", "=", copy.id)
      .execute();
    expect(answers).toEqual([]);
  });
});
