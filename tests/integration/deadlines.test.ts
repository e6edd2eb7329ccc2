/**
 * Issue 21, point 5: every outside call has a deadline, and a late answer changes nothing. An S3 endpoint that
 * stops answering makes an upload a 503 within its deadline (it hung for good before), stores nothing that later
 * becomes the document's file (the SDK's retry, let through once the endpoint answers again, stored the file and
 * made it current over a newer upload), and /readyz's check of the store fails in time. An SMTP server that never
 * answers fails a send within the mailer's time-out, which is shorter than the outbox's claim.
 */
import fs from "node:fs";
import net from "node:net";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../backend/db/connection.js";
import { s3Store } from "../../backend/files/s3.js";
import { StoreUnavailable } from "../../backend/files/store.js";
import { smtpMailer } from "../../backend/mail/transport.js";
import { createStripe } from "../../backend/payments/stripe-client.js";
import { stripeFailure } from "../../backend/payments/stripe-errors.js";
import { backup, BackupError, restore } from "../../scripts/backup.js";
import { startApi, type Harness } from "../support/api-harness.js";
import { openSeeded, testDatabases } from "../support/databases.js";
import { pdfBytes, s3TestStore, type TestStore } from "../support/files.js";
import { startHangProxy } from "../support/hang-proxy.js";

const deadlines = { connectMs: 300, requestMs: 700, totalMs: 1500 };

describe("outside calls with deadlines", () => {
  let database: Db;
  let drop: () => Promise<void>;
  let s3: TestStore;
  let proxy: Awaited<ReturnType<typeof startHangProxy>>;
  let api: Harness;
  let token = "";
  let clientId = 0;
  let documentId = 0;
  const store = () => s3Store({ ...s3.settings!, endpoint: proxy.url }, deadlines);

  beforeAll(async () => {
    ({ database, drop } = await openSeeded(testDatabases[0]!));
    s3 = await s3TestStore();
    proxy = await startHangProxy({ host: "127.0.0.1", port: s3.port! });
    api = await startApi(database, { files: store() });
    token = (await api.newAgent("deadlines@example.com")).token;
    clientId = (
      await api.call("POST", "agent/addclient", {
        token,
        body: { first_name: "Dee", last_name: "Lay", email: "dee@example.com" },
      })
    ).json.data.id;
    documentId = (await api.call("POST", `agent/clients/${clientId}/documents`, { token, body: { title: "Passport" } })).json.data
      .id;
  });
  afterAll(async () => {
    await api?.close();
    await proxy?.close();
    await s3?.close();
    await drop?.();
  });

  const upload = (name: string) =>
    api.call("POST", `agent/clients/${clientId}/documents/${documentId}/file?name=${name}`, { token, bytes: pdfBytes(name) });

  it("answers an upload to a hung S3 with 503 in time, and its late retry never becomes the document's file", async () => {
    proxy.hang();
    const started = Date.now();
    const hung = await upload("first.pdf");
    expect(hung.status).toBe(503);
    expect(hung.json.message).toMatch(/file store/);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(proxy.hung()).toBeGreaterThan(0);

    // The endpoint answers again: a newer upload goes through and is the document's file.
    proxy.pass();
    const second = await upload("second.pdf");
    expect(second.status).toBe(201);
    // Anything of the first still pending would arrive now; nothing does.
    await new Promise((resolve) => setTimeout(resolve, 2 * deadlines.totalMs));
    const detail = (await api.call("GET", `api/clients/${clientId}/documents/${documentId}`, { token })).json.data;
    expect(detail.file.file_name).toBe("second.pdf");
    expect(detail.files.map((f: { file_name: string }) => f.file_name)).toEqual(["second.pdf"]);
    expect(await s3.count()).toBe(1);
  });

  it("says in time that a hung store is not ready", async () => {
    proxy.hang();
    const started = Date.now();
    await expect(store().ping()).rejects.toBeInstanceOf(StoreUnavailable);
    expect(Date.now() - started).toBeLessThan(5000);
    proxy.pass();
    await expect(store().ping()).resolves.toBeUndefined();
  });

  it("ends a backup and a restore from a hung store with a message within the deadline, never a wait without end", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-backup-deadline-"));
    const file = path.join(dir, "portal.sqlite");
    new SQLite(file).close();
    const target = { database: { kind: "sqlite" as const, file }, files: { ...s3.settings!, endpoint: proxy.url } };
    proxy.hang();
    try {
      const started = Date.now();
      const failed = await backup(target, path.join(dir, "backup"), deadlines).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(BackupError);
      expect((failed as Error).message).toMatch(
        /^The file store \(http:\/\/127\.0\.0\.1:\d+, bucket documents\) did not answer a listing within 1\.5 s/,
      );
      expect(Date.now() - started).toBeLessThan(5000);
      proxy.pass();
      // Answering again, the same store backs up whole; a restore into it while it hangs ends the same way.
      const manifest = await backup(target, path.join(dir, "again"), deadlines);
      expect(manifest.documents).toBe(await s3.count());
      proxy.hang();
      await expect(restore(target, path.join(dir, "again"), deadlines)).rejects.toThrow(/did not answer for portal\//);
    } finally {
      proxy.pass();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives up on a Stripe that never answers within the SDK's deadline, and says the provider could not be reached", async () => {
    const silent = net.createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const stripe = createStripe({
      secretKey: "sk_test_hung",
      api: { host: "127.0.0.1", port: (silent.address() as AddressInfo).port, protocol: "http" },
      timeoutMs: 300,
    });
    const started = Date.now();
    const failure = await stripe.checkout.sessions
      .create({ mode: "payment", line_items: [], success_url: "http://x/s", cancel_url: "http://x/c" })
      .catch((error: unknown) => stripeFailure(error, { error() {}, warn() {} }));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(failure).toMatchObject({ status: 502, message: "We could not reach the payment provider. Please try again." });
    silent.close();
  });

  it("gives up on an SMTP server that never answers within the mailer's time-out", async () => {
    const silent = net.createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const mailer = smtpMailer(`smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`, { timeoutMs: 500 });
    const started = Date.now();
    await expect(
      mailer.send({
        from: "a@example.com",
        to: "b@example.com",
        subject: "x",
        text: "x",
        html: "x",
        messageId: "<x@example.com>",
      }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
    mailer.close();
    silent.close();
  });
});
