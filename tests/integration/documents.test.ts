/**
 * The client's documents on each database and each file store (a folder; S3 on a local s3rver): the checklist a
 * payment asks for, uploads typed by their bytes, downloads only for the client's own agent, accepting, expiry and
 * its warning, what needs attention, archiving a client with documents; and the races (tens of simultaneous calls)
 * that the database settles.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../backend/db/connection.js";
import { requestDocuments } from "../../backend/documents/changes.js";
import { noteExpiringDocuments } from "../../backend/documents/expiry.js";
import { orphanFiles, sweepOrphanFiles } from "../../backend/files/orphans.js";
import { newKey } from "../../backend/files/store.js";
import { addDays, dayIn } from "../../lib/days.js";
import { EXPIRY_NOTICE_DAYS } from "../../lib/documents.js";
import { startApi, type Harness } from "../support/api-harness.js";
import { openSeeded, testDatabases } from "../support/databases.js";
import { folderTestStore, jpegBytes, pdfBytes, pngBytes, s3TestStore, type TestStore } from "../support/files.js";
import { messagesOf } from "../support/fixtures.js";

const stores: Array<{ name: string; make: () => Promise<TestStore> | TestStore }> = [
  { name: "folder", make: folderTestStore },
  { name: "s3", make: s3TestStore },
];
const combos = testDatabases.flatMap((db) => stores.map((store) => ({ db, store, name: `${db.name} + ${store.name}` })));

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(combos)("a client's documents on $name", ({ db: target, store: storeKind }) => {
  let database: Db;
  let drop: () => Promise<void>;
  let api: Harness;
  let files: TestStore;

  beforeAll(async () => {
    ({ database, drop } = await openSeeded(target));
    files = await storeKind.make();
    // Twenty uploads of one agent at once, for the race below: past the three a server allows by default.
    api = await startApi(database, { files: files.store, uploads: { perAgent: 20, inAll: 20 } });
  });
  afterAll(async () => {
    await api.close();
    await files.close();
    await drop();
    expect(api.logged).toEqual([]);
  });

  /** An agent with a client for whom a job was paid for (Job Placement: CV, passport, degree). */
  async function paidClient(email: string) {
    const agent = await api.newAgent(email);
    const client = (
      await api.call("POST", "agent/addclient", {
        token: agent.token,
        body: { first_name: "Dana", last_name: "Docs", email: `client-${email}` },
      })
    ).json.data as { id: number };
    await api.call("POST", "agent/addcart", { token: agent.token, body: { client_id: client.id, item_type: "job", item_id: 1 } });
    const checkout = (await api.call("POST", "stripe/create-checkout-session", { token: agent.token })).json.data;
    expect((await api.call("POST", `stripe/demo/complete/${checkout.session_id}`, { token: agent.token })).status).toBe(200);
    return { agent, clientId: client.id };
  }
  const checklist = async (token: string, clientId: number) =>
    (await api.call("GET", `api/clients/${clientId}/documents`, { token })).json.data as Array<{
      id: number;
      kind: string;
      title: string;
      status: string;
      service: string | null;
      expires_on: string | null;
      file: { id: number; file_name: string; content_type: string; size_bytes: number } | null;
    }>;
  const upload = (token: string, clientId: number, docId: number, bytes: Uint8Array, name: string, extra = "") =>
    api.call("POST", `agent/clients/${clientId}/documents/${docId}/file?name=${encodeURIComponent(name)}${extra}`, {
      token,
      bytes,
      headers: { "Content-Type": "application/octet-stream" },
    });
  const timeline = async (token: string, clientId: number) =>
    (
      (await api.call("POST", `agent/viewClient/${clientId}`, { token })).json.data.timeline as Array<{
        kind: string;
        summary: string;
      }>
    ).map((t) => `${t.kind}: ${t.summary}`);

  it("lists the stored files no record names, an hour on, and sweeps only those (issue 37)", async () => {
    const { agent, clientId } = await paidClient(`orphans-${target.name}-${storeKind.name}@example.com`);
    const [doc] = await checklist(agent.token, clientId);
    expect((await upload(agent.token, clientId, doc!.id, pdfBytes("kept.pdf"), "kept.pdf")).status).toBe(201);
    // What a put the store finished after the portal gave up on it leaves: bytes no record names.
    const spooled = path.join(os.tmpdir(), `orphan-${process.pid}-${storeKind.name}.pdf`);
    fs.writeFileSync(spooled, pdfBytes("orphan.pdf"));
    const orphan = newKey(clientId);
    await files.store.put(orphan, { path: spooled, size: fs.statSync(spooled).size }, "application/pdf");
    fs.rmSync(spooled);
    const before = await files.count();
    // Written just now, it may still be on its way to its record: not listed.
    expect(await orphanFiles(database.db, files.store)).not.toContain(orphan);
    const later = new Date(Date.now() + 2 * 3_600_000);
    const listed = await orphanFiles(database.db, files.store, later);
    expect(listed).toContain(orphan);
    const recorded = await database.db.selectFrom("document_files").select("storage_key").execute();
    expect(listed.filter((key) => recorded.some((r) => r.storage_key === key))).toEqual([]);
    expect(await sweepOrphanFiles(database.db, files.store, later)).toEqual(listed);
    expect(await files.count()).toBe(before - listed.length);
    expect(await orphanFiles(database.db, files.store, later)).toEqual([]);
    // The recorded file is still there, whole.
    const file = (await checklist(agent.token, clientId)).find((d) => d.id === doc!.id)!.file!;
    const got = await api.call("GET", `api/clients/${clientId}/documents/${doc!.id}/files/${file.id}`, { token: agent.token });
    expect(got.status).toBe(200);
  });

  it("builds the checklist from what was paid for, once however often it is asked", async () => {
    const { agent, clientId } = await paidClient(`checklist-${target.name}-${storeKind.name}@example.com`);
    const list = await checklist(agent.token, clientId);
    expect(list.map((d) => [d.kind, d.title, d.status, d.service])).toEqual([
      ["passport", "Passport", "missing", "Job Placement"],
      ["cv", "CV", "missing", "Job Placement"],
      ["degree", "Degree certificate", "missing", "Job Placement"],
    ]);
    // A relocation package paid next adds what it needs and nothing twice (the passport is already there).
    await api.call("POST", "agent/addcart", {
      token: agent.token,
      body: { client_id: clientId, item_type: "relocation", item_id: 1 },
    });
    const checkout = (await api.call("POST", "stripe/create-checkout-session", { token: agent.token })).json.data;
    await api.call("POST", `stripe/demo/complete/${checkout.session_id}`, { token: agent.token });
    expect((await checklist(agent.token, clientId)).map((d) => d.kind)).toEqual(["passport", "visa", "address", "cv", "degree"]);
    const lines = await timeline(agent.token, clientId);
    expect(lines).toContain("document.requested: Documents needed for Job Placement: CV, Passport, Degree certificate");
    expect(lines).toContain(
      "document.requested: Documents needed for Relocation: Visa or residence permit, Proof of address abroad",
    );
    // The agent's own addition.
    const added = await api.call("POST", `agent/clients/${clientId}/documents`, {
      token: agent.token,
      body: { title: "Offer letter" },
    });
    expect(added.status).toBe(201);
    expect(added.json.data).toMatchObject({ kind: "other", title: "Offer letter", status: "missing", service: null });
    const blank = await api.call("POST", `agent/clients/${clientId}/documents`, { token: agent.token, body: { title: "  " } });
    expect(blank.status).toBe(400);
    expect(messagesOf(blank.json.errors).title).toEqual(["Document name is required"]);
  });

  it("stores an upload typed by its bytes, hands it back as an attachment, and to no other agent", async () => {
    const { agent, clientId } = await paidClient(`upload-${target.name}-${storeKind.name}@example.com`);
    const cv = (await checklist(agent.token, clientId)).find((d) => d.kind === "cv")!;
    const bytes = pdfBytes("Dana's CV");
    const before = await files.count();
    // Named .png, but a PDF by its bytes: it is kept as what it is, and its name ends as what it is (issue 21).
    const up = await upload(agent.token, clientId, cv.id, bytes, "Dana CV.png", `&expires_on=`);
    expect(up.status).toBe(201);
    expect(up.json.data).toMatchObject({
      status: "uploaded",
      file: { file_name: "Dana CV.png.pdf", content_type: "application/pdf", size_bytes: bytes.length },
    });
    expect(await files.count()).toBe(before + 1);
    const fileId = up.json.data.file.id as number;

    const down = await api.call("GET", `api/clients/${clientId}/documents/${cv.id}/files/${fileId}`, { token: agent.token });
    expect(down.status).toBe(200);
    expect(down.bytes!.equals(bytes)).toBe(true);
    expect(down.headers.get("content-type")).toBe("application/pdf");
    expect(down.headers.get("content-disposition")).toBe('attachment; filename="Dana CV.png.pdf"');
    expect(down.headers.get("x-content-type-options")).toBe("nosniff");
    expect(down.headers.get("content-security-policy")).toContain("sandbox");

    // Another agent: not found, for the list, the document, the file, an upload, accepting, the expiry.
    const other = await api.newAgent(`intruder-${target.name}-${storeKind.name}@example.com`);
    const tries = await Promise.all([
      api.call("GET", `api/clients/${clientId}/documents`, { token: other.token }),
      api.call("GET", `api/clients/${clientId}/documents/${cv.id}`, { token: other.token }),
      api.call("GET", `api/clients/${clientId}/documents/${cv.id}/files/${fileId}`, { token: other.token }),
      upload(other.token, clientId, cv.id, pdfBytes("forged"), "forged.pdf"),
      api.call("POST", `agent/clients/${clientId}/documents/${cv.id}/accept`, { token: other.token, body: { file_id: fileId } }),
      api.call("POST", `agent/clients/${clientId}/documents/${cv.id}/expiry`, {
        token: other.token,
        body: { expires_on: day(5) },
      }),
      api.call("POST", `agent/clients/${clientId}/documents`, { token: other.token, body: { title: "Planted" } }),
    ]);
    expect(tries.map((t) => t.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(tries[2]!.bytes).toBeNull();
    expect(await files.count()).toBe(before + 1);
    expect((await checklist(agent.token, clientId)).find((d) => d.kind === "cv")).toMatchObject({
      status: "uploaded",
      expires_on: null,
    });

    // A PNG and a JPEG are documents too.
    const passport = (await checklist(agent.token, clientId)).find((d) => d.kind === "passport")!;
    expect((await upload(agent.token, clientId, passport.id, pngBytes, "passport.png")).json.data.file.content_type).toBe(
      "image/png",
    );
    expect((await upload(agent.token, clientId, passport.id, jpegBytes, "passport.jpg")).json.data.file.content_type).toBe(
      "image/jpeg",
    );
  });

  it("refuses what is not a document (wrong type, empty, over 10 MB) with the reason, storing nothing", async () => {
    const { agent, clientId } = await paidClient(`refuse-${target.name}-${storeKind.name}@example.com`);
    const degree = (await checklist(agent.token, clientId)).find((d) => d.kind === "degree")!;
    const before = await files.count();
    const cases: Array<[Uint8Array, string, number, string]> = [
      [
        Buffer.from("MZ\x90\x00 this is a program, not a PDF", "binary"),
        "degree.pdf",
        400,
        "The file must be a PDF, JPEG or PNG (this one is not, whatever its name says).",
      ],
      [
        Buffer.from("<html><script>alert(1)</script></html>"),
        "degree.pdf",
        400,
        "The file must be a PDF, JPEG or PNG (this one is not, whatever its name says).",
      ],
      [
        Buffer.from("GIF89a\x01\x00\x01\x00", "binary"),
        "degree.png",
        400,
        "The file must be a PDF, JPEG or PNG (this one is not, whatever its name says).",
      ],
      [Buffer.alloc(0), "degree.pdf", 400, "The file is empty."],
      [pdfBytes("big", 10 * 1024 * 1024 + 1), "degree.pdf", 413, "The file is larger than 10 MB."],
    ];
    for (const [bytes, name, status, message] of cases) {
      const res = await upload(agent.token, clientId, degree.id, bytes, name);
      expect([res.status, res.json.message]).toEqual([status, message]);
      expect(messagesOf(res.json.errors).file).toEqual([message]);
    }
    // Exactly 10 MB is allowed.
    expect((await upload(agent.token, clientId, degree.id, pdfBytes("edge", 10 * 1024 * 1024), "degree.pdf")).status).toBe(201);
    expect(await files.count()).toBe(before + 1);
    // A name is needed (the query), and an expiry must be a real day.
    const noName = await api.call("POST", `agent/clients/${clientId}/documents/${degree.id}/file`, {
      token: agent.token,
      bytes: pdfBytes(),
    });
    expect(noName.status).toBe(400);
    expect(messagesOf(noName.json.errors).name).toEqual(["File name is required"]);
    const badDay = await upload(agent.token, clientId, degree.id, pdfBytes(), "d.pdf", "&expires_on=2027-02-30");
    expect([badDay.status, messagesOf(badDay.json.errors).expires_on]).toEqual([400, ["Enter a real date"]]);
    expect(await files.count()).toBe(before + 1);
  });

  it("keeps a name with path characters as a name only, never as a path", async () => {
    const { agent, clientId } = await paidClient(`paths-${target.name}-${storeKind.name}@example.com`);
    const cv = (await checklist(agent.token, clientId)).find((d) => d.kind === "cv")!;
    for (const [name, kept] of [
      ["../../../../etc/passwd.pdf", "passwd.pdf"],
      ["C:\\Users\\dana\\My CV.pdf", "My CV.pdf"],
      ['..\\..\\"evil"\u0000<x>.pdf', "evilx.pdf"],
      ["/", "document.pdf"],
      ["..", "document.pdf"],
      ["ä".repeat(200) + ".pdf", "ä".repeat(116) + ".pdf"],
    ] as const) {
      const res = await upload(agent.token, clientId, cv.id, pdfBytes(name), name);
      if (name.includes("\u0000")) {
        // A NUL never gets in at all (the API's input guard), file or no file.
        expect(res.status).toBe(400);
        continue;
      }
      expect(res.status).toBe(201);
      expect(res.json.data.file.file_name).toBe(kept);
      const down = await api.call("GET", `api/clients/${clientId}/documents/${cv.id}/files/${res.json.data.file.id}`, {
        token: agent.token,
      });
      expect(down.bytes!.equals(pdfBytes(name))).toBe(true);
    }
  });

  it("accepts the file the agent looked at, and a new upload needs looking at again; earlier files are kept", async () => {
    const { agent, clientId } = await paidClient(`accept-${target.name}-${storeKind.name}@example.com`);
    const passport = (await checklist(agent.token, clientId)).find((d) => d.kind === "passport")!;
    const none = await api.call("POST", `agent/clients/${clientId}/documents/${passport.id}/accept`, {
      token: agent.token,
      body: { file_id: 1 },
    });
    expect([none.status, none.json.message]).toEqual([409, "There is no file to accept yet: upload one first."]);
    const first = (await upload(agent.token, clientId, passport.id, pdfBytes("old passport"), "old.pdf")).json.data.file.id;
    const second = (await upload(agent.token, clientId, passport.id, pdfBytes("new passport"), "new.pdf")).json.data.file.id;
    const stale = await api.call("POST", `agent/clients/${clientId}/documents/${passport.id}/accept`, {
      token: agent.token,
      body: { file_id: first },
    });
    expect([stale.status, stale.json.message]).toEqual([
      409,
      "A newer file was uploaded meanwhile: look at it before accepting.",
    ]);
    const ok = await api.call("POST", `agent/clients/${clientId}/documents/${passport.id}/accept`, {
      token: agent.token,
      body: { file_id: second },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ status: "accepted", file: { id: second, file_name: "new.pdf" } });
    expect(ok.json.data.files.map((f: { file_name: string }) => f.file_name)).toEqual(["new.pdf", "old.pdf"]);
    const again = await api.call("POST", `agent/clients/${clientId}/documents/${passport.id}/accept`, {
      token: agent.token,
      body: { file_id: second },
    });
    expect(again.status).toBe(409);
    // The earlier file is still there to download.
    const old = await api.call("GET", `api/clients/${clientId}/documents/${passport.id}/files/${first}`, { token: agent.token });
    expect(old.bytes!.equals(pdfBytes("old passport"))).toBe(true);
    // A newer upload is no longer accepted.
    const third = await upload(agent.token, clientId, passport.id, pngBytes, "scan.png");
    expect(third.json.data).toMatchObject({ status: "uploaded", accepted_at: null });
    const lines = await timeline(agent.token, clientId);
    expect(lines).toContain("document.accepted: Passport accepted (new.pdf)");
    expect(lines.filter((l) => l.startsWith("document.uploaded: Passport uploaded"))).toHaveLength(3);
  });

  it("counts a document's expiry window in its agent's own days", async () => {
    // Kiritimati (UTC+14) is always a day or two ahead of Pago Pago (UTC-11): the last day of Kiritimati's window
    // is past Pago Pago's.
    const lastDay = addDays(dayIn("Pacific/Kiritimati"), EXPIRY_NOTICE_DAYS);
    const seen: Record<string, string[]> = {};
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      const { agent, clientId } = await paidClient(
        `zone-${zone.replace("/", "-").toLowerCase()}-${target.name}-${storeKind.name}@example.com`,
      );
      await api.call("POST", "agent/settings", { token: agent.token, body: { time_zone: zone } });
      const passport = (await checklist(agent.token, clientId)).find((d) => d.kind === "passport")!;
      await upload(agent.token, clientId, passport.id, pdfBytes("passport"), "passport.pdf", `&expires_on=${lastDay}`);
      const items = (await api.call("GET", "api/dashboard/attention", { token: agent.token })).json.data as Array<{
        kind: string;
        summary: string;
      }>;
      seen[zone] = items.filter((a) => a.kind === "document_expiring").map((a) => a.summary);
    }
    expect(seen).toEqual({ "Pacific/Kiritimati": [`Passport expires on ${lastDay}`], "Pacific/Pago_Pago": [] });
  });

  it("lists missing documents and coming expiries as needing attention, and warns once on the timeline", async () => {
    const { agent, clientId } = await paidClient(`attention-${target.name}-${storeKind.name}@example.com`);
    const list = await checklist(agent.token, clientId);
    const attention = async () =>
      (await api.call("GET", "api/dashboard/attention", { token: agent.token })).json.data as Array<{
        kind: string;
        summary: string;
        to: string;
      }>;
    expect((await attention()).map((a) => a.summary)).toEqual([
      "Document missing: CV (for Job Placement)",
      "Document missing: Passport (for Job Placement)",
      "Document missing: Degree certificate (for Job Placement)",
    ]);
    const passport = list.find((d) => d.kind === "passport")!;
    await upload(agent.token, clientId, passport.id, pdfBytes("passport"), "passport.pdf", `&expires_on=${day(30)}`);
    const cv = list.find((d) => d.kind === "cv")!;
    await upload(agent.token, clientId, cv.id, pdfBytes("cv"), "cv.pdf", `&expires_on=${day(400)}`);
    const items = await attention();
    expect(items[0]).toEqual(
      expect.objectContaining({
        kind: "document_expiring",
        summary: `Passport expires on ${day(30)}`,
        to: `/clients/${clientId}/documents/${passport.id}`,
      }),
    );
    expect(items.map((a) => a.kind)).toEqual(["document_expiring", "document_missing"]);
    // The clients list's filter agrees.
    const filtered = await api.call("GET", `api/clients/agent/${agent.id}?attention=1`, { token: agent.token });
    expect(filtered.json.data.items.map((c: { id: number }) => c.id)).toEqual([clientId]);

    // The warning on the timeline: once, however many sweeps run at once.
    await Promise.all(Array.from({ length: 12 }, () => noteExpiringDocuments(database.db)));
    await api.sweep();
    let lines = (await timeline(agent.token, clientId)).filter((l) => l.startsWith("document.expiring"));
    expect(lines).toEqual([`document.expiring: Passport expires on ${day(30)}`]);
    // Expired: said as such; a new date may be warned of again.
    const moved = await api.call("POST", `agent/clients/${clientId}/documents/${passport.id}/expiry`, {
      token: agent.token,
      body: { expires_on: day(-3) },
    });
    expect(moved.json.data.expires_on).toBe(day(-3));
    await api.sweep();
    lines = (await timeline(agent.token, clientId)).filter((l) => l.startsWith("document.expiring"));
    expect(lines).toEqual([
      `document.expiring: Passport expired on ${day(-3)}`,
      `document.expiring: Passport expires on ${day(30)}`,
    ]);
    expect((await attention())[0]!.summary).toBe(`Passport expired on ${day(-3)}`);
    // No expiry: off the list.
    await api.call("POST", `agent/clients/${clientId}/documents/${passport.id}/expiry`, {
      token: agent.token,
      body: { expires_on: "" },
    });
    expect((await attention()).map((a) => a.kind)).toEqual(["document_missing"]);
    const bad = await api.call("POST", `agent/clients/${clientId}/documents/${passport.id}/expiry`, {
      token: agent.token,
      body: { expires_on: "soon" },
    });
    expect([bad.status, messagesOf(bad.json.errors).expires_on]).toEqual([400, ["Enter the date as YYYY-MM-DD"]]);
  });

  it("archives a client with documents instead of deleting it, and keeps the files", async () => {
    const { agent, clientId } = await paidClient(`archive-${target.name}-${storeKind.name}@example.com`);
    const cv = (await checklist(agent.token, clientId)).find((d) => d.kind === "cv")!;
    const fileId = (await upload(agent.token, clientId, cv.id, pdfBytes("kept"), "kept.pdf")).json.data.file.id;
    const count = await files.count();
    const gone = await api.call("POST", `agent/deleteClient/${clientId}`, { token: agent.token });
    expect(gone.json.data).toMatchObject({ archived: true, deleted: false });
    expect(await files.count()).toBe(count);
    const row = await database.db
      .selectFrom("document_files")
      .select("storage_key")
      .where("id", "=", fileId)
      .executeTakeFirstOrThrow();
    expect((await files.store.get(row.storage_key))!.equals(pdfBytes("kept"))).toBe(true);
    // An archived client takes no more uploads, and its documents leave the dashboard.
    expect((await upload(agent.token, clientId, cv.id, pdfBytes("late"), "late.pdf")).status).toBe(404);
    expect(await files.count()).toBe(count);
    // A client with only an added (empty) document is archived too: its checklist is part of its history.
    const plain = (
      await api.call("POST", "agent/addclient", {
        token: agent.token,
        body: { first_name: "P", last_name: "Q", email: "pq@example.com" },
      })
    ).json.data.id;
    await api.call("POST", `agent/clients/${plain}/documents`, { token: agent.token, body: { title: "Contract" } });
    expect((await api.call("POST", `agent/deleteClient/${plain}`, { token: agent.token })).json.data.archived).toBe(true);
  });

  it("settles races in the database: one checklist item per kind, one acceptance, every upload kept whole", async () => {
    const { agent, clientId } = await paidClient(`races-${target.name}-${storeKind.name}@example.com`);
    for (let round = 0; round < 3; round++) {
      // Twenty payments fulfilled at once, each asking for the relocation documents.
      await Promise.all(
        Array.from({ length: 20 }, () =>
          database.db
            .transaction()
            .execute((trx) => requestDocuments(trx, agent.id, [{ client_id: clientId, item_type: "relocation", item_id: 1 }])),
        ),
      );
      const kinds = (await checklist(agent.token, clientId)).map((d) => d.kind);
      expect(kinds).toEqual(["passport", "visa", "address", "cv", "degree"]);
    }
    const visa = (await checklist(agent.token, clientId)).find((d) => d.kind === "visa")!;
    const before = await files.count();
    const ups = await Promise.all(
      Array.from({ length: 20 }, (_, i) => upload(agent.token, clientId, visa.id, pdfBytes(`visa ${i}`), `visa-${i}.pdf`)),
    );
    expect(ups.map((u) => u.status)).toEqual(Array(20).fill(201));
    expect(await files.count()).toBe(before + 20);
    const detail = (await api.call("GET", `api/clients/${clientId}/documents/${visa.id}`, { token: agent.token })).json.data;
    expect(detail.files).toHaveLength(20);
    expect(detail.files.map((f: { id: number }) => f.id)).toContain(detail.file.id);
    // Each file is whole: its bytes are the ones sent under its name.
    for (const f of detail.files.slice(0, 5)) {
      const down = await api.call("GET", `api/clients/${clientId}/documents/${visa.id}/files/${f.id}`, { token: agent.token });
      expect(down.bytes!.equals(pdfBytes(f.file_name.replace(/^visa-(\d+)\.pdf$/, "visa $1")))).toBe(true);
    }
    for (let round = 0; round < 3; round++) {
      const current = (await api.call("GET", `api/clients/${clientId}/documents/${visa.id}`, { token: agent.token })).json.data
        .file.id;
      const accepts = await Promise.all(
        Array.from({ length: 20 }, () =>
          api.call("POST", `agent/clients/${clientId}/documents/${visa.id}/accept`, {
            token: agent.token,
            body: { file_id: current },
          }),
        ),
      );
      expect(accepts.filter((a) => a.status === 200)).toHaveLength(1);
      expect(accepts.filter((a) => a.status === 409)).toHaveLength(19);
      await upload(agent.token, clientId, visa.id, pdfBytes(`visa again ${round}`), "again.pdf");
    }
    const accepted = (await timeline(agent.token, clientId)).filter((l) => l.startsWith("document.accepted"));
    expect(accepted).toHaveLength(3);
  });
});
