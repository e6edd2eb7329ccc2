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
import {
  atMostFiles,
  CHOOSE_FILE,
  CHOOSE_FILES,
  MAX_DOCUMENT_BYTES,
  MAX_FORM_PARTS,
  TOO_LARGE_HINT,
} from "../../lib/documents.js";
import { spool, TooMuchToRead, type Spooled } from "../../lib/spool.js";
import type { Refusal } from "./refusals.server.js";
import { thrownRefusal } from "./thrown-refusals.js";

/** The file part, spooled to a temporary file (lib/spool.ts): the caller disposes of it when done. */
export type UploadedFile = { file: Spooled; name: string; type: string; /** The form's field it came in */ field: string };

/** `file`: the first file part; `files`: every one (a form with `multiple`), in the order sent. */
/** `problem`: what is wrong with the files chosen, as a refusal (its code, and the same in English) */
export type UploadForm = { formData: FormData; file: UploadedFile | null; files: UploadedFile[]; problem: Refusal | null };

/**
 * Reads the form; each file part goes to a temporary file as it arrives (its first 10 MB; past them it is counted
 * and dropped), never into memory whole. At most `maxFiles` files are kept (the rest are read and dropped, and said).
 * A form of more than MAX_FORM_PARTS parts is not read further: a 413 that says so.
 */
export async function readUpload(
  request: Request,
  opts: {
    maxFiles?: number;
    /** No file is fine (a message's files are optional) */
    optional?: boolean;
    /** The fields that take a file: `file` unless said (a questionnaire's are one per question) */
    fileField?: (name: string) => boolean;
  } = {},
): Promise<UploadForm> {
  const maxFiles = opts.maxFiles ?? 1;
  const files: UploadedFile[] = [];
  let problem: Refusal | null = null;
  let chosen = 0;
  let parts = 0;
  // Counts each part before the others see it (it stores nothing): the parse stops at the first one too many.
  const partCounter = async () => {
    parts += 1;
    if (parts > MAX_FORM_PARTS) throw new TooManyParts();
    return undefined;
  };
  const fileHandler = async (part: { name: string; filename?: string; contentType: string; data: AsyncIterable<Uint8Array> }) => {
    const isFileField = opts.fileField ?? ((name: string) => name === "file");
    if (!isFileField(part.name) || part.filename === undefined) return undefined;
    const spooled = await spool(part.data, MAX_DOCUMENT_BYTES, UPLOAD_BODY_LIMIT);
    if (!part.filename && spooled.size === 0) {
      // The empty part a form sends when no file was chosen.
      await spooled.file?.dispose();
      return "none";
    }
    chosen += 1;
    if (spooled.tooLarge) {
      const name = part.filename || "A file";
      problem ??=
        maxFiles > 1
          ? { code: "upload.too_large_hint", params: { name }, message: `${name}: ${TOO_LARGE_HINT}` }
          : { code: "upload.too_large_hint", message: TOO_LARGE_HINT };
    } else if (files.length >= maxFiles) {
      await spooled.file?.dispose();
      if (maxFiles === 1) {
        // One file expected: the last one chosen wins, as before.
        await files.pop()?.file.dispose();
        files.push({ file: spooled.file!, name: part.filename || "document", type: part.contentType, field: part.name });
      } else {
        problem ??= { code: "upload.at_most", params: { count: maxFiles }, message: atMostFiles(maxFiles) };
      }
    } else {
      files.push({ file: spooled.file!, name: part.filename || "document", type: part.contentType, field: part.name });
    }
    return part.filename || "none";
  };
  try {
    const formData = await unstable_parseMultipartFormData(
      request,
      unstable_composeUploadHandlers(partCounter, fileHandler, unstable_createMemoryUploadHandler({ maxPartSize: 16 * 1024 })),
    );
    if (!chosen && !problem && !opts.optional) {
      problem =
        maxFiles > 1
          ? { code: "upload.choose_many", message: CHOOSE_FILES }
          : { code: "upload.choose_one", message: CHOOSE_FILE };
    }
    return { formData, file: files[0] ?? null, files, problem };
  } catch (error) {
    await Promise.all(files.map((f) => f.file.dispose()));
    if (error instanceof TooMuchToRead) throw thrownRefusal("upload.too_large_hint", 413);
    if (error instanceof TooManyParts) throw thrownRefusal("upload.too_many_parts", 413);
    // Not multipart, a broken one, a text field of over 16 KB (MaxPartSizeExceededError), a body cut short.
    throw thrownRefusal("form.unreadable", 400);
  }
}

class TooManyParts extends Error {}
