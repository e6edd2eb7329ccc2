/** What a client may send in all (lib/documents.ts CLIENT_QUOTA): counted on their row by one guarded update. */
import type { Kysely } from "kysely";
import { CLIENT_QUOTA, QUOTA_FULL } from "../../lib/documents.js";
import { fieldError } from "../../lib/field-errors.js";
import type { Database } from "../db/schema.js";
import { TooLarge } from "../errors.js";

/** Counts one more file of `size` bytes against the client's quota, in the caller's transaction; refused when full. */
export async function countClientUpload(trx: Kysely<Database>, clientId: number, size: number, field = "file") {
  const counted = await trx
    .updateTable("clients")
    .set((eb) => ({ upload_files: eb("upload_files", "+", 1), upload_bytes: eb("upload_bytes", "+", size) }))
    .where("id", "=", clientId)
    .where("upload_files", "<", CLIENT_QUOTA.files)
    .where((eb) => eb(eb("upload_bytes", "+", size), "<=", CLIENT_QUOTA.bytes))
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1)
    throw new TooLarge("upload.quota_full", QUOTA_FULL, { [field]: [fieldError("upload.quota_full", QUOTA_FULL)] });
}
