/**
 * Where clients' documents are kept: one small interface, two drivers. The folder driver (DATA_DIR/documents, the
 * default) suits one instance; the S3 driver (any S3-compatible bucket) suits several behind a load balancer. Keys
 * are made by the API (`newKey`), never from a file's name, so no upload can name a path.
 */
import { randomUUID } from "node:crypto";
import type { FileSettings } from "../../lib/env.server.js";
import { folderStore } from "./folder.js";
import { s3Store } from "./s3.js";
import { StoreUnavailable } from "./unavailable.js";

export { StoreUnavailable };

export interface FileStore {
  /** "folder" or "s3", for the logs and the health of the operator's mind */
  readonly driver: string;
  /**
   * Stores a file from disk (an upload spooled by lib/spool.ts: streamed, never read into memory whole); `signal`
   * gives up (the visitor left), and so does the store's own deadline
   */
  put(key: string, source: { path: string; size: number }, contentType: string, signal?: AbortSignal): Promise<void>;
  /** The file's bytes, or null when the store has no such key */
  get(key: string, signal?: AbortSignal): Promise<Buffer | null>;
  /** Removes a file that was stored but never recorded (its database write failed); quietly absent is fine */
  remove(key: string): Promise<void>;
  /** Resolves when the store answers (for /readyz) */
  ping(): Promise<void>;
  /** Every key the store holds under clients/, with when it was written (for `npm run db:check`'s orphans) */
  list(): AsyncIterable<{ key: string; modified: Date }>;
}

/** A fresh key for a client's file: "clients/<id>/<random>", whatever the file was called. */
export function newKey(clientId: number) {
  return `clients/${clientId}/${randomUUID()}`;
}

export function createFileStore(settings: FileSettings): FileStore {
  return settings.driver === "s3" ? s3Store(settings) : folderStore(settings.dir);
}
