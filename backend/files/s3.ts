/**
 * The S3 driver: any S3-compatible object storage (AWS S3, MinIO, Ceph, R2, ...) through the AWS SDK, for several
 * instances that share one bucket. Objects are private; the API reads them and hands them only to the client's agent.
 *
 * Every call has a deadline (issue 21, point 5): 5 s to connect, 10 s without an answer, and 25 s in all with the
 * SDK's one retry, after which the call is aborted, retries included; the visitor leaving aborts it too. A stored
 * file counts only once the API records it after `put` resolves, so an aborted put can never become a document's
 * file later. A store that does not answer is `StoreUnavailable` (a 503).
 *
 * The SDK (some 20 MiB once loaded) is imported when an S3 store is made, so a server that keeps its files in a
 * folder never loads it.
 */
import { createReadStream } from "node:fs";
import type { S3Client } from "@aws-sdk/client-s3";
import type { FileSettings } from "../../lib/env.server.js";
import type { FileStore } from "./file-store.js";
import { StoreUnavailable } from "./unavailable.js";

export type S3Deadlines = { connectMs: number; requestMs: number; totalMs: number };
export const S3_DEADLINES: S3Deadlines = { connectMs: 5_000, requestMs: 10_000, totalMs: 25_000 };

export function s3Store(settings: Extract<FileSettings, { driver: "s3" }>, deadlines: S3Deadlines = S3_DEADLINES): FileStore {
  const connect = (Client: typeof S3Client) =>
    new Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      maxAttempts: 2,
      // A streamed body with a checksum is sent "aws-chunked", which not every S3-compatible store decodes (s3rver,
      // older MinIO and Ceph keep the chunk framing as the file's bytes): checksums only where an operation needs one.
      requestChecksumCalculation: "WHEN_REQUIRED",
      requestHandler: { connectionTimeout: deadlines.connectMs, requestTimeout: deadlines.requestMs },
    });
  const made = (async () => {
    const sdk = await import("@aws-sdk/client-s3");
    return { sdk, client: connect(sdk.S3Client) };
  })();
  // Awaited by every call: a failure to load (a broken install) is each call's, never an unhandled rejection.
  made.catch(() => undefined);
  const Bucket = settings.bucket;
  const keyOf = (key: string) => (settings.prefix ? `${settings.prefix.replace(/\/+$/, "")}/${key}` : key);

  /** One call under the deadline (and the caller's signal): a failure to answer is the store being unavailable. */
  async function call<T>(
    send: (abortSignal: AbortSignal, s3: Awaited<typeof made>) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const s3 = await made;
    const deadline = AbortSignal.timeout(deadlines.totalMs);
    const abortSignal = signal ? AbortSignal.any([deadline, signal]) : deadline;
    try {
      return await send(abortSignal, s3);
    } catch (err) {
      // The store's own answer (no such key, access denied) is passed on; silence, a reset or an abort is an outage.
      if (err instanceof s3.sdk.S3ServiceException && err.$metadata.httpStatusCode && err.$metadata.httpStatusCode < 500)
        throw err;
      throw new StoreUnavailable(err);
    }
  }

  return {
    driver: "s3",
    async put(key, source, contentType, signal) {
      await call(
        (abortSignal, { sdk, client }) =>
          client.send(
            new sdk.PutObjectCommand({
              Bucket,
              Key: keyOf(key),
              // Streamed from the spooled file, never read into memory whole (a stream is read once: a try that fails
              // part-way fails the upload, a 503, rather than sending half a file again).
              Body: createReadStream(source.path),
              ContentType: contentType,
              ContentLength: source.size,
              ContentDisposition: "attachment",
            }),
            { abortSignal },
          ),
        signal,
      );
    },
    async get(key, signal) {
      try {
        return await call(async (abortSignal, { sdk, client }) => {
          const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: keyOf(key) }), { abortSignal });
          if (!answer.Body) return null;
          return Buffer.from(await answer.Body.transformToByteArray());
        }, signal);
      } catch (err) {
        const { sdk } = await made;
        if (err instanceof sdk.S3ServiceException && (err.name === "NoSuchKey" || err.$metadata.httpStatusCode === 404))
          return null;
        throw err;
      }
    },
    async remove(key) {
      await call((abortSignal, { sdk, client }) =>
        client.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(key) }), { abortSignal }),
      );
    },
    async ping() {
      await call((abortSignal, { sdk, client }) => client.send(new sdk.HeadBucketCommand({ Bucket }), { abortSignal }));
    },
    async *list() {
      const Prefix = keyOf("clients/");
      const own = Prefix.slice(0, -"clients/".length);
      let ContinuationToken: string | undefined;
      do {
        // A page at a time, each under the deadline.
        const page = await call((abortSignal, { sdk, client }) =>
          client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }), { abortSignal }),
        );
        for (const o of page.Contents ?? []) {
          if (o.Key) yield { key: o.Key.slice(own.length), modified: o.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
