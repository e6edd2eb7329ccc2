/**
 * The firm's logo (issue 42, point 1): uploaded by an owner in the office settings, drawn at the top of every e-mail
 * and offered to mail programs from the portal's own address (`/brand/logo/<hash>.<ext>`, cached for good: a new
 * logo has a new address). Each logo is kept by the SHA-256 of its bytes and never rewritten, so a message sent with
 * an earlier logo still shows it. The settings' `brand_logo` names the one in use, its type and size.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import { imageSize } from "image-size";
import type { Kysely } from "kysely";
import { logoExtension, type BrandLogo, type BusinessValues } from "../../lib/business.js";
import { fieldError } from "../../lib/field-errors.js";
import type { ApiFile, UploadFile } from "../../lib/transport.js";
import type { Database } from "../db/schema.js";
import { NotFound } from "../errors.js";
import { ApiError } from "../http.js";
import { saveBusiness } from "./settings.js";

/** A logo in an e-mail is fetched by every reader: a small one (200 kB at most), a PNG, JPEG or GIF (what every mail program draws). */
export const LOGO_MAX_BYTES = 200 * 1024;
/** image-size's name of each type taken, and the type it is kept and served as */
const LOGO_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", gif: "image/gif" };

const refuse = (code: "logo.too_large" | "logo.type" | "logo.size" | "upload.empty", message: string) =>
  new ApiError(400, code, message, { file: [fieldError(code, message)] });

/** Keeps an uploaded logo and makes it the one in use (audited as a change of the settings). */
export async function uploadLogo(
  db: Kysely<Database>,
  staffId: number,
  file: Pick<UploadFile, "path" | "size">,
  defaults: BusinessValues,
  now = new Date(),
) {
  if (file.size === 0) throw refuse("upload.empty", "The file is empty.");
  if (file.size > LOGO_MAX_BYTES) {
    throw refuse(
      "logo.too_large",
      `A logo is at most ${LOGO_MAX_BYTES / 1024} kB: save it smaller (a PNG about 400 px wide is plenty).`,
    );
  }
  const bytes = await fs.readFile(file.path);
  let size: ReturnType<typeof imageSize> | null = null;
  try {
    size = imageSize(bytes);
  } catch {
    size = null;
  }
  const type = size?.type ? LOGO_TYPES[size.type] : undefined;
  if (!size || !type) throw refuse("logo.type", "A logo is a PNG, JPEG or GIF image.");
  const { width, height } = size;
  if (width < 16 || height < 16 || width > 4000 || height > 4000) {
    throw refuse("logo.size", "A logo is between 16 and 4000 pixels wide and high.");
  }
  const hash = createHash("sha256").update(bytes).digest("hex");
  await db
    .insertInto("brand_logos")
    .values({ hash, type, bytes, width, height, created_at: now.toISOString(), created_by: staffId })
    .onConflict((oc) => oc.column("hash").doNothing())
    .execute();
  return saveBusiness(db, staffId, { brand_logo: { hash, type, width, height } }, defaults, now);
}

/** A logo's bytes, by its hash (any logo ever uploaded: e-mails already sent name theirs). */
export async function logoFile(db: Kysely<Database>, hash: string): Promise<ApiFile> {
  const row = await db.selectFrom("brand_logos").select(["bytes", "type"]).where("hash", "=", hash).executeTakeFirst();
  if (!row) throw new NotFound("logo.not_found", "No such logo.");
  return { bytes: new Uint8Array(row.bytes), type: row.type, name: `logo.${logoExtension(row.type)}` };
}

/**
 * How a logo is drawn at the top of an e-mail: at most 48 px high and 240 px wide, its proportions kept (mail
 * programs that ignore CSS read the width and height attributes).
 */
export function logoBox(logo: BrandLogo): { width: number; height: number } {
  const scale = Math.min(1, 48 / logo.height, 240 / logo.width);
  return { width: Math.max(1, Math.round(logo.width * scale)), height: Math.max(1, Math.round(logo.height * scale)) };
}
