/**
 * Clients in the loop (issue 24, points 2 to 6), through the API over HTTP on SQLite and PostgreSQL: the agent asks
 * for documents, the client signs in by the e-mailed link (once), sends files (several for one document), sees
 * what is asked, accepted and rejected; the agent rejects with a reason (the client is e-mailed) and accepts; the
 * reminder goes once after three days; requests are sent again and withdrawn; the agent ends the client's access;
 * the quota holds; and the client reaches nothing but their own area.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { eraseClient, eraseMailFiles } from "../../backend/clients/erase.js";
import { folderStore } from "../../backend/files/folder.js";
import { httpTransport } from "../../lib/http-transport.js";
import { checkDatabase } from "../../scripts/check-db.js";
import { agentFixtures } from "../support/agent-fixtures.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { pdfBytes, pngBytes } from "../support/files.js";
import { messagesOf } from "../support/fixtures.js";

describe.each(testDatabases)("the client's own area on $name", (target) => {
  const store = folderStore(fs.mkdtempSync(path.join(os.tmpdir(), "client-area-files-")));
  const ctx = useSeededApi(target, { files: store });
  let agent: { id: number; token: string };
  let fixtures: ReturnType<typeof agentFixtures>;

  beforeAll(async () => {
    agent = await ctx.api.newAgent("client-area-agent@example.com");
    fixtures = agentFixtures(httpTransport(ctx.api.base, 10_000), agent.token);
  });

  const deliver = (now?: Date) => ctx.api.deliver({ now });
  /** The newest e-mail to an address, and the link it carries to the client's page. */
  function lastMail(to: string) {
    const mail = ctx.api.mailbox.filter((m) => m.to === to).at(-1);
    if (!mail) throw new Error(`no mail to ${to}`);
    const token = /\/my\/link\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? null;
    return { ...mail, token };
  }
  const asAgent = (method: "GET" | "POST", path: string, body?: unknown) =>
    ctx.api.call(method, path, { token: agent.token, body });
  const upload = (token: string, documentId: number, name: string, bytes: Buffer, add = false) =>
    ctx.api.call("POST", `my/documents/${documentId}/file?${new URLSearchParams({ name, ...(add ? { add: "1" } : {}) })}`, {
      token,
      bytes,
    });

  /** A client with a passport and a CV on the checklist, asked for both: the client, the documents and the link. */
  async function askedClient(
    email: string,
    language?: "en" | "ar" | "es" | "fr",
    name: { first_name: string; last_name: string } = { first_name: "Lina", last_name: "Haddad" },
  ) {
    const client = await fixtures.client({ ...name, email, ...(language ? { language } : {}) });
    const passport = await fixtures.document(client.id, { title: "Passport scan", file: false });
    const cv = await fixtures.document(client.id, { title: "CV", file: false });
    const sent = await asAgent("POST", `agent/clients/${client.id}/document-requests`, {
      document_ids: [passport.id, cv.id],
      message: "Your passport's photo page, please.",
    });
    expect(sent.status).toBe(201);
    await deliver();
    return { client, passport, cv, request: sent.json.data, link: lastMail(email).token! };
  }
  async function signInWith(link: string) {
    const used = await ctx.api.call("POST", "my/link", { body: { token: link } });
    expect(used.status, JSON.stringify(used.json)).toBe(200);
    return used.json.data.token as string;
  }

  it("asks, signs the client in once by the link, takes several files, and shows the review both ways", async () => {
    const { client, passport, cv, request, link } = await askedClient("lina@example.com");
    expect(request).toMatchObject({
      message: "Your passport's photo page, please.",
      times_sent: 1,
      opened_at: null,
      items: [
        { document_id: passport.id, status: "missing", answered_at: null },
        { document_id: cv.id, status: "missing", answered_at: null },
      ],
    });
    const mail = lastMail("lina@example.com");
    expect(mail.subject).toBe("Test Agent asks you for documents");
    expect(mail.text).toContain("asks you to send: Passport scan and CV.");
    expect(mail.text).toContain("Your passport's photo page, please.");
    expect(mail.replyTo).toBe("client-area-agent@example.com");
    // The outbox keeps no link once the message is sent.
    const kept = await ctx.database.db
      .selectFrom("outbox")
      .select("payload")
      .where("kind", "=", "client.documents_requested")
      .execute();
    expect(kept.map((k) => k.payload).join("")).not.toContain(link);

    // The landing page's check does not use the link up; using it does, once.
    expect((await ctx.api.call("POST", "my/link/check", { body: { token: link } })).json.data).toMatchObject({
      first_name: "Lina",
    });
    const token = await signInWith(link);
    const again = await ctx.api.call("POST", "my/link", { body: { token: link } });
    expect(again.status).toBe(404);
    expect(again.json.message).toMatch(/expired, was used already/);

    const mine = await ctx.api.call("GET", "my/case", { token });
    expect(mine.status).toBe(200);
    expect(mine.json.data).toMatchObject({
      client: { first_name: "Lina", email: "lina@example.com" },
      agent: { name: "Test Agent", email: "client-area-agent@example.com" },
      messages: [{ text: "Your passport's photo page, please." }],
    });
    expect(mine.json.data.documents.map((d: { title: string; asked: boolean }) => [d.title, d.asked])).toEqual([
      ["Passport scan", true],
      ["CV", true],
    ]);
    // Nothing the agent keeps for themselves.
    expect(JSON.stringify(mine.json.data)).not.toMatch(/price|amount|order|note|passport_number/i);

    // The passport in one file; the CV in two (the second a further page of the first).
    expect((await upload(token, passport.id, "passport.pdf", pdfBytes("passport"))).status).toBe(201);
    expect((await upload(token, cv.id, "cv-page-1.pdf", pdfBytes("cv 1"))).status).toBe(201);
    const second = await upload(token, cv.id, "cv-page-2.png", pngBytes, true);
    expect(second.status).toBe(201);
    expect(second.json.data).toMatchObject({ status: "uploaded", asked: false });
    expect(second.json.data.files.map((f: { file_name: string }) => f.file_name)).toEqual(["cv-page-1.pdf", "cv-page-2.png"]);

    // The agent sees them as from the client, the CV as one upload of two files, and the request answered.
    const checklist = (await asAgent("GET", `api/clients/${client.id}/documents`)).json.data;
    const cvRow = checklist.find((d: { id: number }) => d.id === cv.id);
    expect(cvRow).toMatchObject({ status: "uploaded", file_count: 2, file: { file_name: "cv-page-2.png", from_client: true } });
    const requests = (await asAgent("GET", `api/clients/${client.id}/document-requests`)).json.data;
    expect(requests.access).toMatchObject({ state: "open", uploads: { files: 3, max_files: 50 } });
    expect(requests.requests[0].opened_at).not.toBeNull();
    expect(requests.requests[0].items.every((i: { answered_at: string | null }) => i.answered_at)).toBe(true);

    // The agent rejects the CV with a reason: the client is e-mailed with a link and sees the reason.
    const rejected = await asAgent("POST", `agent/clients/${client.id}/documents/${cv.id}/reject`, {
      file_id: cvRow.file.id,
      reason: "The second page is cut off.",
    });
    expect(rejected.status).toBe(200);
    expect(rejected.json.data).toMatchObject({ status: "rejected", rejection: { reason: "The second page is cut off." } });
    await deliver();
    const told = lastMail("lina@example.com");
    expect(told.subject).toBe("Please send your CV again");
    expect(told.text).toContain("The second page is cut off.");
    expect(told.token).not.toBeNull();
    const afterReject = (await ctx.api.call("GET", "my/case", { token })).json.data.documents;
    expect(afterReject.find((d: { id: number }) => d.id === cv.id)).toMatchObject({
      status: "rejected",
      asked: true,
      reject_reason: "The second page is cut off.",
      files: [],
    });

    // Sent again, then accepted; the passport accepted too. An accepted document takes no more files.
    const resent = await upload(token, cv.id, "cv-complete.pdf", pdfBytes("cv again"));
    expect(resent.status).toBe(201);
    const current = (await asAgent("GET", `api/clients/${client.id}/documents/${cv.id}`)).json.data;
    expect(current.rejection).toBeNull();
    expect(
      (await asAgent("POST", `agent/clients/${client.id}/documents/${cv.id}/accept`, { file_id: current.file.id })).status,
    ).toBe(200);
    const more = await upload(token, cv.id, "late.pdf", pdfBytes("late"));
    expect(more.status).toBe(409);
    expect(more.json.message).toMatch(/accepted already/);

    // The client downloads their own file, never one the agent keeps.
    const own = await ctx.api.call("GET", `my/documents/${cv.id}/files/${current.file.id}`, { token });
    expect(own.status).toBe(200);
    expect(own.bytes!.toString()).toContain("cv again");
    const agentsOwn = await fixtures.document(client.id, { title: "Agent's copy" });
    const notHers = await ctx.api.call("GET", `my/documents/${agentsOwn.id}/files/${agentsOwn.file!.id}`, { token });
    expect(notHers.status).toBe(404);

    // The timeline tells it all.
    const timeline = (await asAgent("POST", `agent/viewClient/${client.id}`)).json.data.timeline as Array<{ summary: string }>;
    const said = timeline.map((e) => e.summary).join("\n");
    expect(said).toContain("You asked the client for: Passport scan, CV");
    expect(said).toContain("The client opened your request for documents");
    expect(said).toContain("CV uploaded by the client: cv-page-1.pdf");
    expect(said).toContain("CV page added by the client: cv-page-2.png");
    expect(said).toMatch(/CV rejected \(cv-page-2\.png, from the client\): The second page is cut off\./);
    expect(said).toContain("CV accepted (cv-complete.pdf)");
  });

  it("reminds once after three days while something is missing; sends again and withdraws", async () => {
    const { client, passport, request, link } = await askedClient("rami@example.com");
    const token = await signInWith(link);
    await upload(token, passport.id, "passport.pdf", pdfBytes("p"));
    const count = () => ctx.api.mailbox.filter((m) => m.to === "rami@example.com").length;
    const before = count();
    await deliver(new Date(Date.now() + 2 * 86_400_000));
    expect(count()).toBe(before);
    await deliver(new Date(Date.now() + 3 * 86_400_000 + 60_000));
    expect(count()).toBe(before + 1);
    const reminder = lastMail("rami@example.com");
    expect(reminder.subject).toBe("Reminder: Test Agent is still waiting for your documents");
    // Only what is still missing.
    expect(reminder.text).toContain("still waiting for: CV.");
    await deliver(new Date(Date.now() + 5 * 86_400_000));
    expect(count()).toBe(before + 1);

    const resent = await asAgent("POST", `agent/clients/${client.id}/document-requests/${request.id}/resend`);
    expect(resent.json.data.times_sent).toBe(2);
    await deliver();
    const fresh = lastMail("rami@example.com").token!;
    const withdrawn = await asAgent("POST", `agent/clients/${client.id}/document-requests/${request.id}/withdraw`);
    expect(withdrawn.json.data.withdrawn_at).not.toBeNull();
    // The withdrawn request's link is dead; its documents are no longer asked for.
    expect((await ctx.api.call("POST", "my/link", { body: { token: fresh } })).status).toBe(404);
    const docs = (await ctx.api.call("GET", "my/case", { token })).json.data.documents;
    expect(docs.every((d: { asked: boolean }) => !d.asked)).toBe(true);
    const resendWithdrawn = await asAgent("POST", `agent/clients/${client.id}/document-requests/${request.id}/resend`);
    expect(resendWithdrawn.status).toBe(409);
  });

  it("does not remind an archived client", async () => {
    const client = await fixtures.client({ first_name: "Ada", last_name: "Gone", email: "ada-gone@example.com" });
    const doc = await fixtures.document(client.id, { title: "Diploma", file: false });
    await asAgent("POST", `agent/clients/${client.id}/document-requests`, { document_ids: [doc.id] });
    await deliver();
    const before = ctx.api.mailbox.filter((m) => m.to === "ada-gone@example.com").length;
    await asAgent("POST", `agent/deleteClient/${client.id}`);
    await deliver(new Date(Date.now() + 4 * 86_400_000));
    expect(ctx.api.mailbox.filter((m) => m.to === "ada-gone@example.com").length).toBe(before);
  });

  it("sets a web address inside an Arabic e-mail apart, left to right, in both parts (issue 66)", async () => {
    await askedClient("bidi-mail@example.com", "ar", { first_name: "ليلى", last_name: "حداد" });
    const mail = lastMail("bidi-mail@example.com");
    // Inside a sentence (where to ask for a new link), and on a line of its own after the link's words.
    expect(mail.text).toContain("\u2066http://portal.test/my/sign-in?lang=ar \u2069");
    expect(mail.text).toMatch(/: \u2066http:\/\/portal\.test\/my\/link\?token=[\w-]+&lang=ar \u2069/);
    expect(mail.html).toMatch(/<a[^>]*href="http:\/\/portal\.test\/my\/sign-in\?lang=ar"[^>]*dir="ltr"/);
  });

  it("ends access at once: sessions and links stop, /my/sign-in sends nothing until a new request", async () => {
    const { client, link } = await askedClient("omar@example.com");
    const token = await signInWith(link);
    // A fresh link asked for by address: the same answer for an unknown one.
    const asked = await ctx.api.call("POST", "my/sign-in", { body: { email: "OMAR@example.com" } });
    const unknown = await ctx.api.call("POST", "my/sign-in", { body: { email: "nobody-here@example.com" } });
    expect(asked.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(asked.json).toEqual(unknown.json);
    await deliver();
    const signInMail = lastMail("omar@example.com");
    expect(signInMail.subject).toBe("Your link to Waypoint Consultancy");
    const hourLink = signInMail.token!;
    const info = (await ctx.api.call("POST", "my/link/check", { body: { token: hourLink } })).json.data;
    expect(new Date(info.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);

    const ended = await asAgent("POST", `agent/clients/${client.id}/end-access`);
    expect(ended.json.data.state).toBe("ended");
    expect((await ctx.api.call("GET", "my/case", { token })).status).toBe(401);
    expect((await ctx.api.call("POST", "my/link", { body: { token: hourLink } })).status).toBe(404);
    const mails = ctx.api.mailbox.length;
    await ctx.api.call("POST", "my/sign-in", { body: { email: "omar@example.com" } });
    await deliver();
    expect(ctx.api.mailbox.length).toBe(mails);
    const timeline = (await asAgent("POST", `agent/viewClient/${client.id}`)).json.data.timeline as Array<{ summary: string }>;
    expect(timeline.map((e) => e.summary)).toContain("You ended the client's access to their page");
  });

  it("holds the quota, refuses what is not a document, and keeps the client to their own", async () => {
    const { client, passport, link } = await askedClient("quota@example.com");
    const token = await signInWith(link);
    const other = await askedClient("other-client@example.com");
    // Another client's document: not found, nothing stored.
    const foreign = await upload(token, other.passport.id, "x.pdf", pdfBytes("x"));
    expect(foreign.status).toBe(404);
    const html = await upload(token, passport.id, "passport.pdf", Buffer.from("<html><script>alert(1)</script></html>"));
    expect(html.status).toBe(400);
    expect(messagesOf(html.json.errors).file![0]).toMatch(/PDF, JPEG or PNG/);
    // At the quota's edge (49 files sent): one more is taken, the next refused.
    await ctx.database.db.updateTable("clients").set({ upload_files: 49 }).where("id", "=", client.id).execute();
    expect((await upload(token, passport.id, "p1.pdf", pdfBytes("1"))).status).toBe(201);
    const over = await upload(token, passport.id, "p2.pdf", pdfBytes("2"));
    expect(over.status).toBe(413);
    expect(over.json.message).toMatch(/as many files as your page holds/);
    // The count back to what was sent (the 49 was this test's own), as npm run db:check wants it.
    const sentFiles = await ctx.database.db
      .selectFrom("document_files as f")
      .innerJoin("client_documents as d", "d.id", "f.document_id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("d.client_id", "=", client.id)
      .where("f.from_client", "=", 1)
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .updateTable("clients")
      .set({ upload_files: Number(sentFiles.n) })
      .where("id", "=", client.id)
      .execute();
    // The client's token opens no agent's, office's or mentor's call; an agent's opens none of the client's.
    expect((await ctx.api.call("GET", `api/clients/${client.id}/documents`, { token })).status).toBe(403);
    expect((await ctx.api.call("GET", "office/agents", { token })).status).toBe(403);
    expect((await ctx.api.call("GET", "mentor/sessions", { token })).status).toBe(403);
    const agentInMine = await ctx.api.call("GET", "my/case", { token: agent.token });
    expect(agentInMine.status).toBe(403);
    expect(agentInMine.json.message).toBe("This is for clients.");
    // Signing out ends the token.
    expect((await ctx.api.call("POST", "my/logout", { token })).status).toBe(200);
    expect((await ctx.api.call("GET", "my/case", { token })).status).toBe(401);
  });

  it("lists the client's upcoming sessions with the join link and gives the invite as a file", async () => {
    const { client, link } = await askedClient("sessions-client@example.com");
    const { booking } = await fixtures.paidSession(client.id, { topic: "Interview practice" });
    const token = await signInWith(link);
    const sessions = (await ctx.api.call("GET", "my/case", { token })).json.data.sessions;
    expect(sessions).toEqual([
      expect.objectContaining({ id: booking.id, topic: "Interview practice", join_url: expect.stringMatching(/^https:/) }),
    ]);
    const ics = await ctx.api.call("GET", `my/sessions/${booking.id}/invite`, { token });
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toMatch(/text\/calendar/);
    const file = ics.bytes!.toString();
    expect(file).toContain(`UID:booking-${booking.id}@portal.test`);
    // A file to add to one's calendar, not an invitation to answer; in the client's language (a Spanish one below).
    expect(file).toContain("METHOD:PUBLISH");
    expect(file).not.toContain("ATTENDEE");
    const spanish = await askedClient("sessions-es@example.com", "es");
    const theirs = await fixtures.paidSession(spanish.client.id, { topic: "Entrevista" });
    const es = await ctx.api.call("GET", `my/sessions/${theirs.booking.id}/invite`, { token: await signInWith(spanish.link) });
    expect(es.bytes!.toString()).toMatch(/SUMMARY:Sesión con un mentor: .+ con Lina Haddad/);
    // Another client's session: not found.
    const other = await askedClient("sessions-other@example.com");
    const otherToken = await signInWith(other.link);
    expect((await ctx.api.call("GET", `my/sessions/${booking.id}/invite`, { token: otherToken })).status).toBe(404);
  });

  it("erases a client on request: files and records gone, order lines and paid sessions kept, audited", async () => {
    const { client, passport, link } = await askedClient("erase-me@example.com", "en", {
      first_name: "Erin",
      last_name: "Erasable",
    });
    const token = await signInWith(link);
    await upload(token, passport.id, "passport.pdf", pdfBytes("erase me"));
    const agentsOwn = await fixtures.document(client.id, { title: "Agent's scan" });
    await asAgent("POST", `agent/clients/${client.id}/notes`, { body: "Prefers mornings" });
    const { orderId } = await fixtures.paidPlan(client.id);
    const { booking } = await fixtures.paidSession(client.id, { topic: "Erase practice" });
    const keys = (
      await ctx.database.db
        .selectFrom("document_files as f")
        .innerJoin("client_documents as d", "d.id", "f.document_id")
        .select("f.storage_key")
        .where("d.client_id", "=", client.id)
        .execute()
    ).map((k) => k.storage_key);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await store.get(key)).not.toBeNull();
    const linesBefore = await ctx.database.db.selectFrom("order_items").selectAll().where("client_id", "=", client.id).execute();
    // They asked for a new link once (a limit keyed by their address), and e-mails to and about them wait or went.
    expect((await ctx.api.call("POST", "my/sign-in", { body: { email: "erase-me@example.com" } })).status).toBe(200);
    await deliver();
    const mentions = async () => {
      const outbox = await ctx.database.db.selectFrom("outbox").select(["to_address", "reply_to", "payload"]).execute();
      const { rows: limits } = await sql`select key from rate_limits`.execute(ctx.database.db);
      return JSON.stringify([outbox, limits]).match(/erase-me@example\.com|Erin Erasable/gi) ?? [];
    };
    expect((await mentions()).length).toBeGreaterThan(2);
    // The e-mails written as files name them too (MAIL_MODE=log): the command removes those.
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "erase-mail-"));
    fs.writeFileSync(path.join(mailDir, "1.eml"), "To: erase-me@example.com\r\nSubject: Your link\r\n\r\nHello Erin");
    fs.writeFileSync(path.join(mailDir, "2.eml"), "To: agent@example.com\r\n\r\nErin Erasa=\r\nble sent a file.");
    fs.writeFileSync(path.join(mailDir, "3.eml"), "To: agent@example.com\r\n\r\nSomeone else sent a file.");

    const erased = await eraseClient(ctx.database.db, store, client.id);
    const left = await ctx.database.db.selectFrom("outbox").select(["kind", "to_address", "payload"]).execute();
    expect(left.filter((r) => /Erin Erasable|erase-me@/.test(JSON.stringify(r)))).toEqual([]);
    expect(await mentions()).toEqual([]);
    expect(eraseMailFiles(mailDir, ["erase-me@example.com", "Erin Erasable"])).toBe(2);
    expect(fs.readdirSync(mailDir)).toEqual(["3.eml"]);
    expect(erased).toMatchObject({ files_removed: 2, kept: { order_lines: linesBefore.length, sessions: 1 } });
    for (const key of keys) expect(await store.get(key)).toBeNull();
    for (const table of [
      "client_documents",
      "document_requests",
      "client_links",
      "client_tokens",
      "client_notes",
      "client_events",
      "cart_items",
    ] as const) {
      const left = await ctx.database.db.selectFrom(table).select("id").where("client_id", "=", client.id).execute();
      expect(left, table).toEqual([]);
    }
    expect(
      await ctx.database.db.selectFrom("document_files").select("id").where("id", "=", agentsOwn.files[0]!.id).execute(),
    ).toEqual([]);
    // The record of money is as it was; the client's row names no one.
    expect(await ctx.database.db.selectFrom("order_items").selectAll().where("client_id", "=", client.id).execute()).toEqual(
      linesBefore,
    );
    const row = await ctx.database.db.selectFrom("clients").selectAll().where("id", "=", client.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      first_name: "Erased",
      email: `erased-client-${client.id}@invalid`,
      passport_number: null,
      phone: null,
    });
    expect(row.archived_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain("Haddad");
    expect((await asAgent("GET", `api/orders/${orderId}`)).json.data.status).toBe("paid");
    const session = await ctx.database.db
      .selectFrom("mentor_bookings")
      .select("status")
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(session.status).toBe("confirmed");
    const audited = await ctx.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("kind", "=", "client.erased")
      .where("subject", "=", `client:${client.id}`)
      .execute();
    expect(audited).toHaveLength(1);
    // The link and the session are dead; the database is consistent; running it again erases nothing more.
    expect((await ctx.api.call("GET", "my/case", { token })).status).toBe(401);
    expect(await checkDatabase(ctx.database.db)).toEqual([]);
    expect((await eraseClient(ctx.database.db, store, client.id)).files_removed).toBe(0);
  });
});
