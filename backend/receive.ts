/** An upload's body as the endpoints that take a file read it (the documents', a message's, a questionnaire's). */
import type { Request } from "express";
import { MAX_DOCUMENT_BYTES } from "../lib/contract.js";
import { TOO_LARGE } from "../lib/documents.js";
import { fieldError } from "../lib/field-errors.js";
import { spool, spoolBytes, TooMuchToRead, type Spooled } from "../lib/spool.js";
import type { ApiCall, UploadFile } from "../lib/transport.js";
import { TooLarge } from "./errors.js";

/**
 * The upload over HTTP, spooled to a temporary file as it arrives (lib/spool.ts), never held in memory whole: a
 * declared length over 10 MB refused before a byte is read, a body streamed past it refused where it crosses it.
 * Resolves with the file and whether it is this call's to remove (always).
 */
export async function receiveFile(req: Request): Promise<{ file: Spooled | UploadFile; owned: boolean }> {
  const declared = Number(req.get("content-length") ?? NaN);
  // What is left of a refused body is the error handler's to drop (backend/http.ts).
  const tooLarge = () => new TooLarge("upload.too_large", TOO_LARGE, { file: [fieldError("upload.too_large", TOO_LARGE)] });
  if (declared > MAX_DOCUMENT_BYTES) throw tooLarge();
  // No body at all reads as an empty file (refused as empty).
  const hasBody = req.get("transfer-encoding") !== undefined || declared > 0;
  try {
    const { file } = await spool(hasBody ? req : [], MAX_DOCUMENT_BYTES);
    return { file: file!, owned: true };
  } catch (error) {
    if (error instanceof TooMuchToRead) throw tooLarge();
    throw error;
  }
}

/**
 * The upload of an in-process call: the portal's own spooled file (handed over by path, the portal's to remove), or
 * bytes, spooled here like an HTTP body (and this call's to remove).
 */
export async function handedFile(upload: ApiCall["upload"]): Promise<{ file: Spooled | UploadFile; owned: boolean }> {
  if (upload && "file" in upload) return { file: upload.file, owned: false };
  const bytes = upload?.bytes ?? new Uint8Array();
  if (bytes.byteLength > MAX_DOCUMENT_BYTES)
    throw new TooLarge("upload.too_large", TOO_LARGE, { file: [fieldError("upload.too_large", TOO_LARGE)] });
  return { file: await spoolBytes(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)), owned: true };
}
