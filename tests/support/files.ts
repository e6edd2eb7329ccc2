/** Documents for tests: small real files of each type, and the two stores (a folder; S3 on a local s3rver). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { folderStore } from "../../backend/files/folder.js";
import { s3Store } from "../../backend/files/s3.js";
import type { FileStore } from "../../backend/files/store.js";

/** A one-page PDF (what a scanner writes begins the same way). */
export function pdfBytes(text = "Curriculum vitae", padTo = 0) {
  const body = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\n`;
  const pad = padTo > body.length ? "%" + "x".repeat(padTo - body.length - 8) + "\n" : "";
  return Buffer.from(body + pad + "%%EOF\n");
}
/** A 1×1 PNG. */
export const pngBytes = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
/** The start of a JPEG (JFIF). */
export const jpegBytes = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0", "binary"),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);

export type TestStore = {
  name: "folder" | "s3";
  store: FileStore;
  count(): Promise<number>;
  close(): Promise<void>;
  /** The S3 server's port and the driver's settings (for a store of the test's own in front of it) */
  port?: number;
  settings?: Parameters<typeof s3Store>[0];
};

export function folderTestStore(): TestStore {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-documents-"));
  const count = async () =>
    (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).length;
  return { name: "folder", store: folderStore(dir), count, close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** An S3-compatible server of the test's own (s3rver), a bucket on it, and the S3 driver pointed there. */
export async function s3TestStore(): Promise<TestStore> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: dir,
    configureBuckets: [{ name: "documents", configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const settings = {
    driver: "s3" as const,
    bucket: "documents",
    region: "us-east-1",
    endpoint,
    prefix: "portal",
    forcePathStyle: true,
    credentials,
  };
  const store = s3Store(settings);
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials });
  const count = async () => (await client.send(new ListObjectsV2Command({ Bucket: "documents" }))).KeyCount ?? 0;
  return {
    name: "s3",
    store,
    port,
    settings,
    count,
    close: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
