/**
 * Stored files no record names (issue 37, point 6). An upload is stored first and recorded after; when the record
 * cannot be written the file is removed again, but a put the store finished after the portal gave up on it (a slow
 * S3, the visitor gone), or a crash between the two, leaves bytes of a client's that nothing points to, forever.
 * `npm run db:check` lists them; `npm run db:check -- --sweep-files` removes them. Files written in the last hour
 * are left alone: their upload may still be on its way to its record.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { FileStore } from "./store.js";

export const ORPHAN_AGE_MS = 3_600_000;

export async function orphanFiles(db: Kysely<Database>, store: FileStore, now = new Date()): Promise<string[]> {
  const before = now.getTime() - ORPHAN_AGE_MS;
  const stored: string[] = [];
  for await (const file of store.list()) if (file.modified.getTime() < before) stored.push(file.key);
  if (!stored.length) return [];
  const recorded = new Set<string>();
  // In slices: a store can hold more keys than one query may name.
  for (let i = 0; i < stored.length; i += 500) {
    const rows = await db
      .selectFrom("document_files")
      .select("storage_key")
      .where("storage_key", "in", stored.slice(i, i + 500))
      .execute();
    for (const row of rows) recorded.add(row.storage_key);
  }
  return stored.filter((key) => !recorded.has(key)).sort();
}

/** Removes them: what was removed. */
export async function sweepOrphanFiles(db: Kysely<Database>, store: FileStore, now = new Date()): Promise<string[]> {
  const orphans = await orphanFiles(db, store, now);
  for (const key of orphans) await store.remove(key);
  return orphans;
}
