/**
 * The case's conversation (issue 39, point 1), through the API over HTTP on SQLite and PostgreSQL: the agent writes,
 * the client reads and answers, each side sees what the other read; the office reads without marking and writes as
 * the office; bad input is refused with codes; another agent, another client and a mentor reach nothing; messages go
 * with an erased client; and both sides writing at once keep every message, in one order both sides see.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { eraseClient } from "../../backend/clients/erase.js";
import { issueClientLink, openAccess } from "../../backend/clients/links.js";
import { folderStore } from "../../backend/files/folder.js";
import { MESSAGE_MAX } from "../../lib/conversation.js";
import { startApi } from "../support/api-harness.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { pdfBytes, pngBytes } from "../support/files.js";

describe.each(testDatabases)("a client's conversation on $name", (target) => {
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), "conversation-files-"));
  const store = folderStore(storeDir);
  const ctx = useSeededApi(target, { files: store });
  let agent: { id: number; token: string };
  let staff: { id: number; token: string };

  beforeAll(async () => {
    agent = await ctx.api.newAgent("conversation-agent@example.com");
    staff = await ctx.api.newStaff("conversation-staff@example.com");
  });

  /** A client of `owner`'s, signed in to their own area: its id and the client's token. */
  async function signedInClient(email: string, owner = agent, language = "en") {
    const made = await ctx.api.call("POST", "agent/addclient", {
      token: owner.token,
      body: { first_name: "Sara", last_name: email.split("@")[0], email, language },
    });
    expect(made.status).toBe(201);
    const clientId = made.json.data.id as number;
    const link = await ctx.database.db.transaction().execute(async (trx) => {
      await openAccess(trx, clientId);
      return issueClientLink(trx, clientId, "sign_in", null, "http://portal.test");
    });
    const used = await ctx.api.call("POST", "my/link", { body: { token: link.token } });
    expect(used.status).toBe(200);
    return { clientId, token: used.json.data.token as string };
  }
  const say = (token: string, p: string, body: unknown) => ctx.api.call("POST", p, { token, body });

  it("carries messages both ways, each side seeing what the other has read", async () => {
    const c = await signedInClient("conv-both@example.com");
    const first = await say(agent.token, `agent/clients/${c.clientId}/messages`, { body: "  Your visa appointment is set.  " });
    expect(first.status).toBe(201);
    expect(first.json.data).toMatchObject({ author: "agent", body: "Your visa appointment is set.", mine: true, read: false });

    // The client sees it unread, on their page too.
    const mine = await ctx.api.call("GET", "my/messages", { token: c.token });
    expect(mine.json.data.unread).toBe(1);
    expect(mine.json.data.messages).toEqual([
      expect.objectContaining({ id: first.json.data.id, author: "agent", author_name: "Test Agent", mine: false }),
    ]);
    expect((await ctx.api.call("GET", "my/case", { token: c.token })).json.data.unread_messages).toBe(1);

    // Reading marks it, never beyond the newest message, never back.
    const read = await say(c.token, "my/messages/read", { through: first.json.data.id + 1000 });
    expect(read.json.data.read_through).toBe(first.json.data.id);
    expect((await say(c.token, "my/messages/read", { through: 1 })).json.data.read_through).toBe(first.json.data.id);
    expect((await ctx.api.call("GET", "my/case", { token: c.token })).json.data.unread_messages).toBe(0);

    const answer = await say(c.token, "my/messages", { body: "Thank you!\nI will be there." });
    expect(answer.status).toBe(201);
    const agentView = await ctx.api.call("GET", `api/clients/${c.clientId}/messages`, { token: agent.token });
    expect(agentView.json.data.unread).toBe(1);
    expect(agentView.json.data.other_read_at).not.toBeNull();
    expect(agentView.json.data.messages).toEqual([
      expect.objectContaining({ author: "agent", mine: true, read: true }),
      expect.objectContaining({
        author: "client",
        author_name: "Sara conv-both",
        body: "Thank you!\nI will be there.",
        mine: false,
      }),
    ]);
    // The client's own answer is not read until the agent marks it.
    expect((await ctx.api.call("GET", "my/messages", { token: c.token })).json.data.messages[1]).toMatchObject({
      mine: true,
      read: false,
    });
    await say(agent.token, `agent/clients/${c.clientId}/messages/read`, { through: answer.json.data.id });
    expect((await ctx.api.call("GET", "my/messages", { token: c.token })).json.data.messages[1].read).toBe(true);
  });

  it("lets the office read without marking anything read, and write as the office", async () => {
    const c = await signedInClient("conv-office@example.com");
    await say(c.token, "my/messages", { body: "Is my file complete?" });
    const office = await ctx.api.call("GET", `office/clients/${c.clientId}/messages`, { token: staff.token });
    expect(office.status).toBe(200);
    expect(office.json.data.agent).toEqual({ name: "Test Agent" });
    expect(office.json.data.messages[0]).toMatchObject({ author: "client", mine: false });
    // Reading as the office left the agent's unread count as it was.
    expect((await ctx.api.call("GET", `api/clients/${c.clientId}/messages`, { token: agent.token })).json.data.unread).toBe(1);
    const wrote = await say(staff.token, `office/clients/${c.clientId}/messages`, { body: "We are checking it today." });
    expect(wrote.status).toBe(201);
    const seen = (await ctx.api.call("GET", "my/messages", { token: c.token })).json.data.messages;
    expect(seen[1]).toMatchObject({ author: "office", author_name: null, mine: false });
    // The agent sees the office's message as someone else's.
    const agentSees = (await ctx.api.call("GET", `api/clients/${c.clientId}/messages`, { token: agent.token })).json.data;
    expect(agentSees.messages[1]).toMatchObject({ author: "office", mine: false });
  });

  it("refuses an empty or too long message with codes, and keeps nothing", async () => {
    const c = await signedInClient("conv-refuse@example.com");
    const empty = await say(c.token, "my/messages", { body: "   " });
    expect(empty.status).toBe(400);
    expect(empty.json.code).toBe("validation.failed");
    expect(empty.json.errors.body[0].code).toBe("validation.required");
    const long = await say(agent.token, `agent/clients/${c.clientId}/messages`, { body: "x".repeat(MESSAGE_MAX + 1) });
    expect(long.status).toBe(400);
    expect(long.json.errors.body[0]).toMatchObject({ code: "validation.too_long" });
    const exact = await say(agent.token, `agent/clients/${c.clientId}/messages`, { body: "y".repeat(MESSAGE_MAX) });
    expect(exact.status).toBe(201);
    const badMark = await say(c.token, "my/messages/read", { through: "soon" });
    expect(badMark.status).toBe(400);
    expect((await ctx.api.call("GET", "my/messages", { token: c.token })).json.data.messages).toHaveLength(1);
  });

  it("keeps another agent, another client and a mentor out", async () => {
    const c = await signedInClient("conv-private@example.com");
    await say(agent.token, `agent/clients/${c.clientId}/messages`, { body: "Private word." });
    const other = await ctx.api.newAgent("conversation-other@example.com");
    for (const [method, p, body] of [
      ["GET", `api/clients/${c.clientId}/messages`, undefined],
      ["POST", `agent/clients/${c.clientId}/messages`, { body: "Planted" }],
      ["POST", `agent/clients/${c.clientId}/messages/read`, { through: 1 }],
    ] as const) {
      const res = await ctx.api.call(method, p, { token: other.token, body });
      expect(res.status, `${method} ${p}`).toBe(404);
      expect(res.json.code).toBe("client.not_found");
    }
    // Another agent's client sees only their own (empty) thread.
    const stranger = await signedInClient("conv-stranger@example.com", other);
    expect((await ctx.api.call("GET", "my/messages", { token: stranger.token })).json.data.messages).toEqual([]);
    const mentor = await ctx.api.newMentor(3, "conversation-mentor@example.com");
    for (const p of [`api/clients/${c.clientId}/messages`, "my/messages", `office/clients/${c.clientId}/messages`]) {
      expect((await ctx.api.call("GET", p, { token: mentor.token })).status, p).toBe(403);
    }
    const mine = (await ctx.api.call("GET", "my/messages", { token: c.token })).json.data.messages;
    expect(mine.map((m: { body: string }) => m.body)).toEqual(["Private word."]);
  });

  it("erases the conversation with the client, and refuses a message to an erased client", async () => {
    const c = await signedInClient("conv-erase@example.com");
    await say(agent.token, `agent/clients/${c.clientId}/messages`, { body: "Before erasure." });
    await say(c.token, "my/messages/read", { through: 1_000_000 });
    const erased = await eraseClient(ctx.database.db, store, c.clientId);
    expect(erased.rows.client_messages).toBe(1);
    expect(erased.rows.client_thread_marks).toBe(2); // the agent's side (it wrote) and the client's (it read)
    const after = await say(staff.token, `office/clients/${c.clientId}/messages`, { body: "Too late." });
    expect(after.status).toBe(404);
    const left = await ctx.database.db.selectFrom("client_messages").select("id").where("client_id", "=", c.clientId).execute();
    expect(left).toEqual([]);
  });

  it("keeps every message when both sides write at once, in the one order both see", async () => {
    const c = await signedInClient("conv-race@example.com");
    for (let round = 0; round < 3; round++) {
      const sends = Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? say(c.token, "my/messages", { body: `client ${round}.${i}` })
          : say(agent.token, `agent/clients/${c.clientId}/messages`, { body: `agent ${round}.${i}` }),
      );
      const results = await Promise.all(sends);
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    }
    const agentSees = (await ctx.api.call("GET", `api/clients/${c.clientId}/messages`, { token: agent.token })).json.data
      .messages as Array<{ id: number; body: string }>;
    const clientSees = (await ctx.api.call("GET", "my/messages", { token: c.token })).json.data.messages as Array<{
      id: number;
    }>;
    expect(agentSees).toHaveLength(60);
    expect(new Set(agentSees.map((m) => m.body)).size).toBe(60);
    expect(clientSees.map((m) => m.id)).toEqual(agentSees.map((m) => m.id));
    expect(agentSees.map((m) => m.id)).toEqual([...agentSees.map((m) => m.id)].sort((a, b) => a - b));
  });

  it("never leaves a message behind when it races the client's erasure", async () => {
    for (let round = 0; round < 3; round++) {
      const c = await signedInClient(`conv-erase-race-${round}@example.com`);
      const sends = Array.from({ length: 10 }, (_, i) =>
        say(agent.token, `agent/clients/${c.clientId}/messages`, { body: `racing ${i}` }),
      );
      const [erased, ...results] = await Promise.all([eraseClient(ctx.database.db, store, c.clientId), ...sends]);
      expect(erased.client_id).toBe(c.clientId);
      for (const r of results) expect([201, 404]).toContain(r.status);
      const left = await ctx.database.db.selectFrom("client_messages").select("id").where("client_id", "=", c.clientId).execute();
      expect(left, `round ${round}`).toEqual([]);
    }
  });

  const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);
  /** One round of the mail worker at `at`, until the outbox is empty: what it sent to `to`. */
  const mailAt = (at: Date, to: string) => ctx.api.deliver({ now: at, to });

  it("e-mails the client once the firm's messages wait unread past the delay, once however many, in their language", async () => {
    const email = "conv-notice@example.com";
    const c = await signedInClient(email, agent, "ar");
    for (const body of ["One.", "Two.", "Three."]) await say(agent.token, `agent/clients/${c.clientId}/messages`, { body });
    // Not before the delay (600 seconds by default).
    expect(await mailAt(minutesFromNow(5), email)).toEqual([]);
    const [notice, ...more] = await mailAt(minutesFromNow(11), email);
    expect(more).toEqual([]);
    expect(notice!.subject).toBe("رسالة جديدة بشأن ملفك");
    expect(notice!.text).toContain("الرسائل غير المقروءة: 3");
    expect(notice!.replyTo).toBe("conversation-agent@example.com");
    // Its link opens the thread, once.
    const link = new URL(/(http:\/\/portal\.test\/my\/link\?\S+)/.exec(notice!.text)![1]!);
    expect(link.searchParams.get("next")).toBe("/my/messages");
    expect(link.searchParams.get("lang")).toBe("ar");
    const used = await ctx.api.call("POST", "my/link", { body: { token: link.searchParams.get("token") } });
    expect(used.status).toBe(200);
    // Nothing new: no second notice, however often the worker runs.
    expect(await mailAt(minutesFromNow(30), email)).toEqual([]);
    // A newer message, unread past the delay again: one more notice, counting all that is unread.
    await say(agent.token, `agent/clients/${c.clientId}/messages`, { body: "Four." });
    const [again] = await mailAt(minutesFromNow(20), email);
    expect(again!.text).toContain("الرسائل غير المقروءة: 4");
    // Read before the delay: no notice.
    await say(agent.token, `agent/clients/${c.clientId}/messages`, { body: "Five." });
    await say(c.token, "my/messages/read", { through: 1_000_000 });
    expect(await mailAt(minutesFromNow(60), email)).toEqual([]);
  });

  it("lets in a client who never had their page when the firm writes, but never one whose access was ended", async () => {
    const fresh = await ctx.api.call("POST", "agent/addclient", {
      token: agent.token,
      body: { first_name: "Nour", last_name: "New", email: "conv-fresh@example.com" },
    });
    const freshId = fresh.json.data.id as number;
    await say(agent.token, `agent/clients/${freshId}/messages`, { body: "Welcome to your page." });
    const [welcome] = await mailAt(minutesFromNow(11), "conv-fresh@example.com");
    expect(welcome!.subject).toBe("A new message about your case");
    // Ended by the agent: a message stays in the thread, no notice reopens the door.
    const ended = await signedInClient("conv-ended@example.com");
    expect((await say(agent.token, `agent/clients/${ended.clientId}/end-access`, {})).status).toBe(200);
    await say(agent.token, `agent/clients/${ended.clientId}/messages`, { body: "After the end." });
    expect(await mailAt(minutesFromNow(11), "conv-ended@example.com")).toEqual([]);
    // The agent's thread says so.
    expect((await ctx.api.call("GET", `api/clients/${ended.clientId}/messages`, { token: agent.token })).json.data.access).toBe(
      "ended",
    );
    const access = (await ctx.api.call("GET", `api/clients/${ended.clientId}/document-requests`, { token: agent.token })).json
      .data.access;
    expect(access.state).toBe("ended");
  });

  it("e-mails the agent of the client's unread messages, and lists the thread on the dashboard until read", async () => {
    const c = await signedInClient("conv-agent-notice@example.com");
    await say(c.token, "my/messages", { body: "Hello?" });
    await say(c.token, "my/messages", { body: "Are you there?" });
    const attention = async () =>
      (await ctx.api.call("GET", "api/dashboard/attention", { token: agent.token })).json.data.filter(
        (a: { kind: string; client_id: number }) => a.kind === "message_unread" && a.client_id === c.clientId,
      );
    expect(await attention()).toEqual([
      expect.objectContaining({
        summary: "2 messages from the client, not read yet",
        to: `/clients/${c.clientId}/messages`,
        action: "Read and answer",
      }),
    ]);
    // The clients list's "needs attention" filter has them too.
    const listed = async () =>
      (
        await ctx.api.call("GET", `api/clients/agent/${agent.id}?attention=1&per_page=100`, { token: agent.token })
      ).json.data.items.map((i: { id: number }) => i.id);
    expect(await listed()).toContain(c.clientId);
    const [notice] = await mailAt(minutesFromNow(11), "conversation-agent@example.com");
    expect(notice!.subject).toBe("Sara conv-agent-notice wrote to you (2 messages)");
    expect(notice!.text).toContain(`http://portal.test/clients/${c.clientId}/messages`);
    const thread = (await ctx.api.call("GET", `api/clients/${c.clientId}/messages`, { token: agent.token })).json.data;
    await say(agent.token, `agent/clients/${c.clientId}/messages/read`, { through: thread.messages.at(-1).id });
    expect(await attention()).toEqual([]);
    expect(await listed()).not.toContain(c.clientId);
  });

  it("sends each notice once when three servers sweep at once", async () => {
    const others = await Promise.all([startApi(ctx.database, { files: store }), startApi(ctx.database, { files: store })]);
    try {
      const c = await signedInClient("conv-three@example.com");
      for (let round = 0; round < 5; round++) {
        await say(agent.token, `agent/clients/${c.clientId}/messages`, { body: `Round ${round}.` });
        const at = minutesFromNow(11 + round * 20);
        await Promise.all([ctx.api, ...others].map((api) => api.mailTick({ now: at })));
      }
      const rows = await ctx.database.db
        .selectFrom("outbox")
        .select(["dedupe_key", "kind"])
        .where("dedupe_key", "like", `conversation:${c.clientId}:%`)
        .execute();
      expect(rows).toHaveLength(5);
      expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(["client.new_messages"]));
      // One claim per notice (the outbox's key would also drop a second row): one link made per notice, not three.
      const links = await ctx.database.db
        .selectFrom("client_links")
        .select("id")
        .where("client_id", "=", c.clientId)
        .where("purpose", "=", "message")
        .execute();
      expect(links).toHaveLength(5);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
  });

  it("sends files with a message both ways, kept as the client's documents from a message, each read by the other side", async () => {
    const c = await signedInClient("conv-files@example.com");
    const pdf = pdfBytes("the appointment letter");
    const sent = await ctx.api.call(
      "POST",
      `agent/clients/${c.clientId}/messages/attachments?name=${encodeURIComponent("letter.pdf")}`,
      {
        token: agent.token,
        bytes: pdf,
      },
    );
    expect(sent.status).toBe(201);
    expect(sent.json.data).toMatchObject({ file_name: "letter.pdf", content_type: "application/pdf", size_bytes: pdf.length });
    const withFile = await say(agent.token, `agent/clients/${c.clientId}/messages`, {
      body: "The letter is attached.",
      attachments: [sent.json.data.document_id],
    });
    expect(withFile.status).toBe(201);
    expect(withFile.json.data.attachments).toEqual([sent.json.data]);
    // The client reads it in the thread and downloads it; it is not on their checklist.
    const mine = (await ctx.api.call("GET", "my/messages", { token: c.token })).json.data.messages[0];
    expect(mine.attachments).toEqual([sent.json.data]);
    const got = await ctx.api.call("GET", `my/documents/${sent.json.data.document_id}/files/${sent.json.data.file_id}`, {
      token: c.token,
    });
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.bytes!, pdf)).toBe(0);
    expect((await ctx.api.call("GET", "my/case", { token: c.token })).json.data.documents).toEqual([]);
    // Among the agent's documents of the client, marked as from a message.
    const docs = (await ctx.api.call("GET", `api/clients/${c.clientId}/documents`, { token: agent.token })).json.data;
    expect(docs).toEqual([expect.objectContaining({ id: sent.json.data.document_id, title: "letter.pdf", from_message: true })]);

    // The client's own file, counted in their quota, read by the agent.
    const before = await ctx.database.db
      .selectFrom("clients")
      .select("upload_files")
      .where("id", "=", c.clientId)
      .executeTakeFirstOrThrow();
    const photo = await ctx.api.call("POST", "my/messages/attachments?name=photo.png", { token: c.token, bytes: pngBytes });
    expect(photo.status).toBe(201);
    const after = await ctx.database.db
      .selectFrom("clients")
      .select("upload_files")
      .where("id", "=", c.clientId)
      .executeTakeFirstOrThrow();
    expect(Number(after.upload_files)).toBe(Number(before.upload_files) + 1);
    expect((await say(c.token, "my/messages", { body: "My photo.", attachments: [photo.json.data.document_id] })).status).toBe(
      201,
    );
    const agentGot = await ctx.api.call(
      "GET",
      `api/clients/${c.clientId}/documents/${photo.json.data.document_id}/files/${photo.json.data.file_id}`,
      { token: agent.token },
    );
    expect(Buffer.compare(agentGot.bytes!, pngBytes)).toBe(0);
  });

  it("refuses a file that is not a document, more than five, another's or a used one, and never leaves one behind an erasure", async () => {
    const c = await signedInClient("conv-files-refused@example.com");
    const notPdf = await ctx.api.call("POST", "my/messages/attachments?name=notes.txt", {
      token: c.token,
      bytes: Buffer.from("plain text, not a document"),
    });
    expect(notPdf.status).toBe(400);
    expect(String(notPdf.json.code)).toMatch(/^upload\./);
    const six = await say(c.token, "my/messages", { body: "Six", attachments: [1, 2, 3, 4, 5, 6] });
    expect(six.status).toBe(400);
    expect(six.json.errors.attachments[0].code).toBe("validation.too_many");
    // The agent's file cannot go with the client's message, nor one already sent, nor a checklist document.
    const agents = await ctx.api.call("POST", `agent/clients/${c.clientId}/messages/attachments?name=a.pdf`, {
      token: agent.token,
      bytes: pdfBytes("agent's"),
    });
    const stolen = await say(c.token, "my/messages", { body: "Mine?", attachments: [agents.json.data.document_id] });
    expect(stolen.status).toBe(400);
    expect(stolen.json.errors.attachments[0].code).toBe("message.attachment_invalid");
    await say(agent.token, `agent/clients/${c.clientId}/messages`, { body: "Once", attachments: [agents.json.data.document_id] });
    const twice = await say(agent.token, `agent/clients/${c.clientId}/messages`, {
      body: "Twice",
      attachments: [agents.json.data.document_id],
    });
    expect(twice.status).toBe(400);
    const checklist = await ctx.api.call("POST", `agent/clients/${c.clientId}/documents`, {
      token: agent.token,
      body: { title: "Payslip" },
    });
    const notFromMessage = await say(agent.token, `agent/clients/${c.clientId}/messages`, {
      body: "Checklist",
      attachments: [checklist.json.data.id],
    });
    expect(notFromMessage.status).toBe(400);
    // Another agent's client: not found, nothing stored.
    const other = await ctx.api.newAgent("conversation-files-other@example.com");
    const intruder = await ctx.api.call("POST", `agent/clients/${c.clientId}/messages/attachments?name=x.pdf`, {
      token: other.token,
      bytes: pdfBytes("planted"),
    });
    expect(intruder.status).toBe(404);
    // Erased: the thread's files go from the store with the rest.
    const key = (
      await ctx.database.db
        .selectFrom("document_files")
        .select("storage_key")
        .where("id", "=", agents.json.data.file_id)
        .executeTakeFirstOrThrow()
    ).storage_key;
    expect(await store.get(key)).not.toBeNull();
    await eraseClient(ctx.database.db, store, c.clientId);
    expect(await store.get(key)).toBeNull();
    expect(
      await ctx.database.db.selectFrom("client_documents").select("id").where("client_id", "=", c.clientId).execute(),
    ).toEqual([]);
  });

  it("never leaves a message's file in the store or a row behind when it races the client's erasure", async () => {
    for (let round = 0; round < 3; round++) {
      const c = await signedInClient(`conv-files-race-${round}@example.com`);
      const uploads = Array.from({ length: 6 }, (_, i) =>
        ctx.api.call("POST", `agent/clients/${c.clientId}/messages/attachments?name=f${i}.pdf`, {
          token: agent.token,
          bytes: pdfBytes(`racing ${round}.${i}`),
        }),
      );
      const [erased, ...answers] = await Promise.all([eraseClient(ctx.database.db, store, c.clientId), ...uploads]);
      expect(erased.client_id).toBe(c.clientId);
      // Stored and kept until the erasure took it, refused as the client went, or asked to wait (the upload slots).
      for (const a of answers) expect([201, 404, 429]).toContain(a.status);
      const dir = path.join(storeDir, "clients", String(c.clientId));
      const left = fs.existsSync(dir)
        ? fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, String(f))).isFile())
        : [];
      expect(left, `round ${round}: files left in the store`).toEqual([]);
      const rows = await ctx.database.db
        .selectFrom("client_documents")
        .select("id")
        .where("client_id", "=", c.clientId)
        .execute();
      expect(rows, `round ${round}`).toEqual([]);
    }
  });
});
