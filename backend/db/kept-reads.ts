/**
 * Reads a server keeps in memory between requests, each under a name with a number in `data_versions` that triggers
 * move on every change to what the read holds, whoever makes it (migrations 037 and 038). A kept read costs one
 * lookup of that number; it is made again when the number has moved, so a server behind a load balancer sees
 * another's change at its next read. A name with no row yet has a version of its own ("none yet"): the first change
 * makes the row. What is kept should be frozen: it is every caller's.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema.js";

/** How many reads a database keeps (one per agent's destinations, and the directory's): the oldest made goes first. */
const MAX_KEPT = 2000;

const kept = new WeakMap<Kysely<Database>, Map<string, { version: number | null; value: unknown }>>();

/** The read named `name`: the copy kept for this database while its version stands, else `read()` made and kept. */
export async function keptRead<T>(db: Kysely<Database>, name: string, read: () => Promise<T>): Promise<T> {
  const stamp = await db.selectFrom("data_versions").select("version").where("name", "=", name).executeTakeFirst();
  const version = stamp ? Number(stamp.version) : null;
  let reads = kept.get(db);
  if (!reads) kept.set(db, (reads = new Map()));
  const known = reads.get(name);
  if (known && known.version === version) return known.value as T;
  const value = await read();
  // The number read before the rows: a change made between the two is in the rows, and moves the number past this one.
  reads.delete(name);
  if (reads.size >= MAX_KEPT) reads.delete(reads.keys().next().value!);
  reads.set(name, { version, value });
  return value;
}
