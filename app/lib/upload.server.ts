/**
 * A document's upload form (multipart): its fields, and the file's bytes up to 10 MB. A larger file is read to its
 * end and dropped (so the browser gets the answer, not a broken connection), and said so beside the field; a body
 * far beyond any document (64 MB, lib/body-limit.ts) is not read further.
 */
import {
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { UPLOAD_BODY_LIMIT } from "../../lib/body-limit.js";
import { MAX_DOCUMENT_BYTES, TOO_LARGE_HINT } from "../../lib/documents.js";

export type UploadedFile = { bytes: Uint8Array; name: string; type: string };

export type UploadForm = { formData: FormData; file: UploadedFile | null; problem: string | null };

class TooMuch extends Error {}

export async function readUpload(request: Request): Promise<UploadForm> {
  let file: UploadedFile | null = null;
  let problem: string | null = null;
  const fileHandler = async (part: { name: string; filename?: string; contentType: string; data: AsyncIterable<Uint8Array> }) => {
    if (part.name !== "file" || part.filename === undefined) return undefined;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of part.data) {
      size += chunk.byteLength;
      if (size > UPLOAD_BODY_LIMIT) throw new TooMuch();
      if (size <= MAX_DOCUMENT_BYTES) chunks.push(chunk);
    }
    if (size > MAX_DOCUMENT_BYTES) problem = TOO_LARGE_HINT;
    else if (!part.filename && size === 0) problem = "Choose a file to upload.";
    else file = { bytes: Buffer.concat(chunks), name: part.filename || "document", type: part.contentType };
    return part.filename || "none";
  };
  try {
    const formData = await unstable_parseMultipartFormData(
      request,
      unstable_composeUploadHandlers(fileHandler, unstable_createMemoryUploadHandler({ maxPartSize: 16 * 1024 })),
    );
    if (!file && !problem) problem = "Choose a file to upload.";
    return { formData, file, problem };
  } catch (error) {
    if (error instanceof TooMuch) throw new Response(TOO_LARGE_HINT, { status: 413 });
    // Not multipart, a broken one, a text field of over 16 KB (MaxPartSizeExceededError), a body cut short.
    throw new Response("This form could not be read. Reload the page and try again.", { status: 400 });
  }
}
