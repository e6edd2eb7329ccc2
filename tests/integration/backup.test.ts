/**
 * Issue 21, point 6: a backup taken while agents write and upload restores to a portal whose database is consistent
 * (db:check) and whose every file row downloads, on SQLite (over a database whose stale -wal and -shm files are
 * still there: restoring by copying made it "malformed") and on PostgreSQL (pg_dump and pg_restore).
 */
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseTarget, type Db } from "../../backend/db/connection.js";
import { folderStore } from "../../backend/files/folder.js";
import { prepareDatabase } from "../../backend/setup/prepare.js";
import { backup, restore } from "../../scripts/backup.js";
import { checkDatabase } from "../../scripts/check-db.js";
import { startApi } from "../support/api-harness.js";
import { pdfBytes } from "../support/files.js";

const pgUrl = process.env.TEST_DATABASE_URL;
const hasPgDump = spawnSync("pg_dump", ["--version"]).status === 0;
const temp = () => fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));

/** Agents at work: clients added and files uploaded, until `stop()`; resolves with how many of each went in. */
function busyAgents(api: Awaited<ReturnType<typeof startApi>>, token: string, clientId: number, documentId: number) {
  let stopped = false;
  let writes = 0;
  const loop = async (n: number) => {
    for (let i = 0; !stopped; i++) {
      const add = await api.call("POST", "agent/addclient", {
        token,
        body: { first_name: `B${n}`, last_name: `W${i}`, email: `b${n}.${i}@example.com` },
      });
      const up = await api.call("POST", `agent/clients/${clientId}/documents/${documentId}/file?name=scan-${n}-${i}.pdf`, {
        token,
        bytes: pdfBytes(`scan ${n} ${i}`),
      });
      if (add.status === 201 && up.status === 201) writes++;
    }
  };
  const running = Promise.all([loop(0), loop(1), loop(2)]);
  return {
    writes: () => writes,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

async function verifyRestored(database: Db, documentsDir: string) {
  expect(await checkDatabase(database.db)).toEqual([]);
  const store = folderStore(documentsDir);
  const rows = await database.db.selectFrom("document_files").select(["storage_key", "sha256"]).execute();
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const bytes = await store.get(row.storage_key);
    expect(bytes, row.storage_key).not.toBeNull();
    expect(createHash("sha256").update(bytes!).digest("hex")).toBe(row.sha256);
  }
  return rows.length;
}

async function scenario(source: DatabaseTarget, restoreTo: DatabaseTarget, prepareTarget?: () => Promise<void>) {
  const dataDir = temp();
  const documents = path.join(dataDir, "documents");
  const database = openDatabase(source);
  await prepareDatabase(database, { demo: true });
  const api = await startApi(database, { files: folderStore(documents) });
  const { token } = await api.newAgent(`backup-${randomBytes(3).toString("hex")}@example.com`);
  const clientId = (
    await api.call("POST", "agent/addclient", { token, body: { first_name: "Bea", last_name: "Kup", email: "bea@example.com" } })
  ).json.data.id;
  const documentId = (await api.call("POST", `agent/clients/${clientId}/documents`, { token, body: { title: "Scans" } })).json
    .data.id;

  const agents = busyAgents(api, token, clientId, documentId);
  await expect.poll(() => agents.writes(), { timeout: 20_000 }).toBeGreaterThan(10);
  const into = path.join(temp(), "backup");
  const manifest = await backup({ database: source, files: { driver: "folder", dir: documents } }, into);
  await expect.poll(() => agents.writes(), { timeout: 20_000 }).toBeGreaterThan(manifest.documents + 5);
  await agents.stop();
  await api.close();

  await prepareTarget?.();
  const restoredDir = path.join(temp(), "documents");
  await restore({ database: restoreTo, files: { driver: "folder", dir: restoredDir } }, into);
  const restored = openDatabase(restoreTo);
  try {
    const files = await verifyRestored(restored, restoredDir);
    return { database, files, backedUp: manifest.documents };
  } finally {
    await restored.close();
  }
}

describe("backups that restore", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it("on SQLite: taken during writes and uploads, restored over stale -wal/-shm files", async () => {
    const source = temp();
    const target = temp();
    const file = path.join(target, "portal.sqlite");
    const { database, files, backedUp } = await scenario(
      { kind: "sqlite", file: path.join(source, "portal.sqlite") },
      { kind: "sqlite", file },
      async () => {
        // The database being replaced was running: its -wal and -shm are still beside it, full of its own pages.
        const stale = openDatabase({ kind: "sqlite", file });
        await prepareDatabase(stale, { demo: true });
        if (stale.raw.kind === "sqlite") stale.raw.client.pragma("wal_autocheckpoint = 0");
        await stale.db
          .insertInto("contact_messages")
          .values({
            name: "Old",
            email: "old@example.com",
            phone: null,
            subject: "Old",
            message: "Old",
            created_at: new Date().toISOString(),
          } as never)
          .execute();
        for (const suffix of ["", "-wal", "-shm"]) fs.copyFileSync(file + suffix, file + suffix + ".copy");
        await stale.close();
        for (const suffix of ["", "-wal", "-shm"]) fs.renameSync(file + suffix + ".copy", file + suffix);
        expect(fs.statSync(file + "-wal").size).toBeGreaterThan(0);
      },
    );
    cleanups.push(() => database.close());
    // The documents were copied after the database: every row's file is there, and perhaps a few newer ones.
    expect(backedUp).toBeGreaterThanOrEqual(files);
  }, 90_000);

  it.runIf(pgUrl && hasPgDump)(
    "on PostgreSQL: pg_dump during writes and uploads, pg_restore into another database",
    async () => {
      const schema = `bk_${randomBytes(4).toString("hex")}`;
      const restoreDb = `portal_restore_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.query(`create database ${restoreDb}`);
      const restoreUrl = new URL(pgUrl!);
      restoreUrl.pathname = `/${restoreDb}`;
      cleanups.push(async () => {
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.query(`drop database if exists ${restoreDb} with (force)`);
        await admin.end();
      });
      const { database, files, backedUp } = await scenario(
        { kind: "postgres", url: pgUrl!, schema, poolSize: 6 },
        { kind: "postgres", url: restoreUrl.toString(), schema, poolSize: 2 },
      );
      cleanups.unshift(() => database.close());
      expect(backedUp).toBeGreaterThanOrEqual(files);
    },
    90_000,
  );
});
