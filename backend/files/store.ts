/**
 * Where clients' documents are kept: one small interface, two drivers. The folder driver (DATA_DIR/documents, the
 * default) suits one instance; the S3 driver (any S3-compatible bucket) suits several behind a load balancer. Keys
 * are made by the API (`newKey`), never from a file's name, so no upload can name a path.
 */
import { randomUUID } from "node:crypto";
import type { FileSettings } from "../../lib/env.server.js";
import type { FileStore } from "./file-store.js";
import { folderStore } from "./folder.js";
import { s3Store } from "./s3.js";
import { StoreUnavailable } from "./unavailable.js";

export { StoreUnavailable };
export type { FileStore };

/** A fresh key for a client's file: "clients/<id>/<random>", whatever the file was called. */
export function newKey(clientId: number) {
  return `clients/${clientId}/${randomUUID()}`;
}

export function createFileStore(settings: FileSettings): FileStore {
  return settings.driver === "s3" ? s3Store(settings) : folderStore(settings.dir);
}
