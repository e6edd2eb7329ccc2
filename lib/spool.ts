/**
 * An upload on its way to the file store, kept in a temporary file rather than in memory (issue 21, point 1): the
 * portal writes the form's file part here, the API writes its request body here, and the store copies it from
 * here. Only its first bytes (for telling its type) and its digest are kept in memory. Past `limit` the bytes are
 * counted and dropped, not written: the caller says "too large" beside the field.
 */
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** A file of bytes received, in the temporary folder until `dispose()`. */
export type Spooled = {
  path: string;
  size: number;
  /** The first bytes (4 kB at most): enough to tell a PDF, JPEG or PNG */
  head: Uint8Array;
  sha256: string;
  dispose(): Promise<void>;
};

const HEAD_BYTES = 4100;
/** Where uploads wait: the system's temporary folder (TMPDIR), read when each upload begins. */
export const spoolDir = () => path.join(os.tmpdir(), "portal-uploads");

/**
 * Writes `source` to a temporary file, keeping at most `limit` bytes; reads on to the end (`readUpTo` at most,
 * else throws `TooMuchToRead`). Resolves with the file, or with `tooLarge` (and nothing kept) when it was over.
 */
export async function spool(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  limit: number,
  readUpTo = limit,
): Promise<{ file: Spooled | null; size: number; tooLarge: boolean }> {
  const dir = spoolDir();
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, randomUUID());
  const out = createWriteStream(file, { flags: "wx", mode: 0o600 });
  const failed = new Promise<never>((_, reject) => out.once("error", reject));
  failed.catch(() => undefined);
  const hash = createHash("sha256");
  const head: Uint8Array[] = [];
  let headSize = 0;
  let size = 0;
  try {
    for await (const chunk of source) {
      size += chunk.byteLength;
      if (size > readUpTo) throw new TooMuchToRead();
      if (size > limit) continue;
      hash.update(chunk);
      if (headSize < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headSize));
        headSize += Math.min(chunk.byteLength, HEAD_BYTES - headSize);
      }
      if (!out.write(chunk)) await Promise.race([new Promise<void>((resolve) => out.once("drain", () => resolve())), failed]);
    }
    await Promise.race([new Promise<void>((resolve) => out.end(resolve)), failed]);
  } catch (error) {
    out.destroy();
    await fs.rm(file, { force: true });
    throw error;
  }
  if (size > limit) {
    await fs.rm(file, { force: true });
    return { file: null, size, tooLarge: true };
  }
  return {
    size,
    tooLarge: false,
    file: {
      path: file,
      size,
      head: Buffer.concat(head),
      sha256: hash.digest("hex"),
      dispose: () => fs.rm(file, { force: true }),
    },
  };
}

/** Bytes already in memory (a test's, or a caller's), as a spooled file. */
export async function spoolBytes(bytes: Uint8Array): Promise<Spooled> {
  const { file } = await spool([bytes], bytes.byteLength);
  return file!;
}

export class TooMuchToRead extends Error {}
