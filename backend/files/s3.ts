/**
 * The S3 driver: any S3-compatible object storage (AWS S3, MinIO, Ceph, R2, ...) through the AWS SDK, for several
 * instances that share one bucket. Objects are private; the API reads them and hands them only to the client's agent.
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import type { FileSettings } from "../../lib/env.server.js";
import type { FileStore } from "./store.js";

export function s3Store(settings: Extract<FileSettings, { driver: "s3" }>): FileStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
  const Bucket = settings.bucket;
  const keyOf = (key: string) => (settings.prefix ? `${settings.prefix.replace(/\/+$/, "")}/${key}` : key);
  return {
    driver: "s3",
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
          ContentDisposition: "attachment",
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (err) {
        if (err instanceof S3ServiceException && (err.name === "NoSuchKey" || err.$metadata.httpStatusCode === 404)) return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
  };
}
