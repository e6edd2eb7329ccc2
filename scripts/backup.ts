/**
 * Backups that restore (issue 21, point 6).
 *
 *   npm run backup -- --to DIR       while the portal runs
 *   npm run restore -- --from DIR    with every instance stopped
 *
 * The order is what keeps a backup consistent: the database first, then the documents. Files are never changed or
 * deleted, so documents copied after the database are a superset of the files its rows name. SQLite is copied with
 * its online backup API (a consistent copy while writers go on); PostgreSQL with `pg_dump --format=custom` (a
 * consistent snapshot), restored with `pg_restore --clean --if-exists`. Documents in a folder are copied file by
 * file; in an S3 bucket, each object under the prefix is downloaded.
 *
 * Both use the portal's own settings (DATABASE_URL, DATA_DIR, the S3 settings), so run them with the same
 * environment as the portal.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import SQLite from "better-sqlite3";
import type { DatabaseTarget } from "../backend/db/connection.js";
import { S3_DEADLINES, type S3Deadlines } from "../backend/files/s3.js";
import type { FileSettings } from "../lib/env.server.js";

export type BackupTarget = { database: DatabaseTarget; files: FileSettings };
export type Manifest = { made_at: string; database: "sqlite" | "postgres"; files: "folder" | "s3"; documents: number };

const SQLITE_FILE = "portal.sqlite";
const PG_FILE = "portal.pgdump";
const DOCUMENTS = "documents";

export class BackupError extends Error {}

function hasCommand(command: string): boolean {
  return spawnSync(command, ["--version"], { stdio: "ignore" }).status === 0;
}

function pgUrl(target: Extract<DatabaseTarget, { kind: "postgres" }>): string {
  if (!target.schema) return target.url;
  // libpq reads a space in `options` as %20 only (URLSearchParams would write "+").
  const url = new URL(target.url);
  url.searchParams.delete("options");
  const options = `options=${encodeURIComponent(`-c search_path=${target.schema}`)}`;
  return url.toString() + (url.search ? "&" : "?") + options;
}

/**
 * The bucket, with the portal's own deadlines (backend/files/s3.ts): each call is given up after `totalMs` (one retry
 * included), so a store that stops answering ends the backup or restore with a message, never a wait without end.
 */
function s3Client(files: Extract<FileSettings, { driver: "s3" }>, deadlines: S3Deadlines) {
  const client = new S3Client({
    region: files.region,
    ...(files.endpoint ? { endpoint: files.endpoint } : {}),
    forcePathStyle: files.forcePathStyle,
    ...(files.credentials ? { credentials: files.credentials } : {}),
    maxAttempts: 2,
    requestHandler: { connectionTimeout: deadlines.connectMs, requestTimeout: deadlines.requestMs },
  });
  return {
    /** One call of the bucket's, given up after the deadline; `what` names it in the message. */
    async send<T>(what: string, call: (s3: S3Client, options: { abortSignal: AbortSignal }) => Promise<T>): Promise<T> {
      try {
        return await call(client, { abortSignal: AbortSignal.timeout(deadlines.totalMs) });
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw new BackupError(
          `The file store (${files.endpoint ?? "S3"}, bucket ${files.bucket}) did not answer ${what} within ${deadlines.totalMs / 1000} s: ${why}`,
        );
      }
    },
    destroy: () => client.destroy(),
  };
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter(
    (f) => !f.endsWith(".part") && fs.statSync(path.join(dir, f)).isFile(),
  );
}

export async function backup(target: BackupTarget, to: string, deadlines: S3Deadlines = S3_DEADLINES): Promise<Manifest> {
  fs.mkdirSync(to, { recursive: true });
  if (fs.readdirSync(to).length) throw new BackupError(`${to} is not empty: back up into a new folder.`);

  // 1. The database.
  if (target.database.kind === "sqlite") {
    if (!fs.existsSync(target.database.file)) throw new BackupError(`No database at ${target.database.file}.`);
    const source = new SQLite(target.database.file, { fileMustExist: true });
    try {
      source.pragma("busy_timeout = 5000");
      await source.backup(path.join(to, SQLITE_FILE));
    } finally {
      source.close();
    }
  } else {
    if (!hasCommand("pg_dump")) {
      throw new BackupError(
        "pg_dump is not on the PATH: install PostgreSQL's client tools (Debian: postgresql-client) of the server's version or newer.",
      );
    }
    const dump = spawnSync(
      "pg_dump",
      [
        "--format=custom",
        "--no-owner",
        `--file=${path.join(to, PG_FILE)}`,
        ...(target.database.schema ? [`--schema=${target.database.schema}`] : []),
        target.database.url,
      ],
      { encoding: "utf8" },
    );
    if (dump.status !== 0) throw new BackupError(`pg_dump failed: ${dump.stderr.trim()}`);
  }

  // 2. The documents, after the database: every file its rows name was written before it was copied.
  const into = path.join(to, DOCUMENTS);
  fs.mkdirSync(into, { recursive: true });
  let documents = 0;
  if (target.files.driver === "folder") {
    for (const file of filesUnder(target.files.dir)) {
      fs.mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
      fs.copyFileSync(path.join(target.files.dir, file), path.join(into, file));
      documents++;
    }
  } else {
    const files = target.files;
    const client = s3Client(files, deadlines);
    const prefix = files.prefix ? `${files.prefix.replace(/\/+$/, "")}/` : "";
    try {
      let token: string | undefined;
      do {
        const page = await client.send("a listing", (s3, options) =>
          s3.send(new ListObjectsV2Command({ Bucket: files.bucket, Prefix: prefix, ContinuationToken: token }), options),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key!.slice(prefix.length);
          const body = await client.send(`for ${object.Key}`, (s3, options) =>
            s3.send(new GetObjectCommand({ Bucket: files.bucket, Key: object.Key! }), options),
          );
          fs.mkdirSync(path.dirname(path.join(into, key)), { recursive: true });
          // The body is read under a deadline of its own: a store can answer the request, then stop sending.
          const bytes = await Promise.race([
            body.Body!.transformToByteArray(),
            new Promise<never>((_, reject) =>
              setTimeout(
                () => reject(new BackupError(`The file store stopped sending ${object.Key} (${deadlines.totalMs / 1000} s).`)),
                deadlines.totalMs,
              ).unref(),
            ),
          ]);
          fs.writeFileSync(path.join(into, key), bytes);
          documents++;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } finally {
      client.destroy();
    }
  }

  const manifest: Manifest = {
    made_at: new Date().toISOString(),
    database: target.database.kind,
    files: target.files.driver,
    documents,
  };
  fs.writeFileSync(path.join(to, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  return manifest;
}

export async function restore(target: BackupTarget, from: string, deadlines: S3Deadlines = S3_DEADLINES): Promise<Manifest> {
  const manifestFile = path.join(from, "manifest.json");
  if (!fs.existsSync(manifestFile)) throw new BackupError(`${from} holds no backup (no manifest.json).`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest;
  if (manifest.database !== target.database.kind) {
    throw new BackupError(`This backup is of a ${manifest.database} database; the settings name a ${target.database.kind} one.`);
  }

  // 1. The database.
  if (target.database.kind === "sqlite") {
    const file = target.database.file;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // A -wal or -shm file left beside the old database would be read with the restored one: "malformed".
    for (const stale of [`${file}-wal`, `${file}-shm`, `${file}-journal`]) fs.rmSync(stale, { force: true });
    const temp = `${file}.restoring`;
    fs.copyFileSync(path.join(from, SQLITE_FILE), temp);
    const check = new SQLite(temp);
    try {
      const integrity = check.pragma("integrity_check", { simple: true });
      if (integrity !== "ok") throw new BackupError(`The backup's database is damaged: ${String(integrity)}`);
    } finally {
      check.close();
    }
    fs.rmSync(`${temp}-wal`, { force: true });
    fs.rmSync(`${temp}-shm`, { force: true });
    fs.renameSync(temp, file);
  } else {
    if (!hasCommand("pg_restore")) {
      throw new BackupError("pg_restore is not on the PATH: install PostgreSQL's client tools (Debian: postgresql-client).");
    }
    const restored = spawnSync(
      "pg_restore",
      [
        "--clean",
        "--if-exists",
        "--no-owner",
        "--single-transaction",
        `--dbname=${pgUrl(target.database)}`,
        path.join(from, PG_FILE),
      ],
      { encoding: "utf8" },
    );
    if (restored.status !== 0) throw new BackupError(`pg_restore failed: ${restored.stderr.trim()}`);
  }

  // 2. The documents: copied back (a file already there is the same file: keys are never reused).
  const source = path.join(from, DOCUMENTS);
  const files = filesUnder(source);
  if (target.files.driver === "folder") {
    for (const file of files) {
      const dest = path.join(target.files.dir, file);
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.copyFileSync(path.join(source, file), dest);
    }
  } else {
    const s3 = target.files;
    const client = s3Client(s3, deadlines);
    const prefix = s3.prefix ? `${s3.prefix.replace(/\/+$/, "")}/` : "";
    try {
      for (const file of files) {
        const key = file.split(path.sep).join("/");
        await client.send(`for ${prefix + key}`, (bucket, options) =>
          bucket.send(
            new PutObjectCommand({ Bucket: s3.bucket, Key: prefix + key, Body: fs.readFileSync(path.join(source, file)) }),
            options,
          ),
        );
      }
    } finally {
      client.destroy();
    }
  }
  return manifest;
}

async function cli() {
  const { getSettings } = await import("../lib/env.server.js");
  const [command, flag, dir] = process.argv.slice(2);
  const wanted = command === "backup" ? "--to" : "--from";
  if ((command !== "backup" && command !== "restore") || flag !== wanted || !dir) {
    console.error("usage: npm run backup -- --to DIR   |   npm run restore -- --from DIR (with the portal stopped)");
    process.exit(2);
  }
  const settings = getSettings();
  const target = { database: settings.database, files: settings.files };
  try {
    const manifest = command === "backup" ? await backup(target, path.resolve(dir)) : await restore(target, path.resolve(dir));
    console.log(
      command === "backup"
        ? `backup: the ${manifest.database} database and ${manifest.documents} document file(s) are in ${dir}`
        : `restore: the ${manifest.database} database and its document files from ${dir} (made ${manifest.made_at}) are back; start the portal and run npm run db:check`,
    );
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(`${command}: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await cli();
