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
import { spool, TooMuchToRead, type Spooled } from "../../lib/spool.js";

/** The file part, spooled to a temporary file (lib/spool.ts): the caller disposes of it when done. */
export type UploadedFile = { file: Spooled; name: string; type: string };

export type UploadForm = { formData: FormData; file: UploadedFile | null; problem: string | null };

/**
 * Reads the form; the file part goes to a temporary file as it arrives (its first 10 MB; past them it is counted
 * and dropped), never into memory whole.
 */
export async function readUpload(request: Request): Promise<UploadForm> {
  let file: UploadedFile | null = null;
  let problem: string | null = null;
  const fileHandler = async (part: { name: string; filename?: string; contentType: string; data: AsyncIterable<Uint8Array> }) => {
    if (part.name !== "file" || part.filename === undefined) return undefined;
    const spooled = await spool(part.data, MAX_DOCUMENT_BYTES, UPLOAD_BODY_LIMIT);
    if (spooled.tooLarge) problem = TOO_LARGE_HINT;
    else if (!part.filename && spooled.size === 0) {
      problem = "Choose a file to upload.";
      await spooled.file?.dispose();
    } else {
      await file?.file.dispose();
      file = { file: spooled.file!, name: part.filename || "document", type: part.contentType };
    }
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
    await (file as UploadedFile | null)?.file.dispose();
    if (error instanceof TooMuchToRead) throw new Response(TOO_LARGE_HINT, { status: 413 });
    // Not multipart, a broken one, a text field of over 16 KB (MaxPartSizeExceededError), a body cut short.
    throw new Response("This form could not be read. Reload the page and try again.", { status: 400 });
  }
}
