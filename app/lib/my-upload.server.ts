/**
 * A client's upload from their own page (issue 24, point 4), both ways it arrives: the page's own multipart post
 * (no JavaScript) and the upload route (XHR, with progress). Several files go as one upload: the first starts it,
 * the others are added to it as further pages. Nothing is kept of a refused file; the files sent before a refusal
 * are said.
 */
import { data, type AppLoadContext } from "@remix-run/node";
import { endpoints } from "../../lib/contract.js";
import { CHOOSE_FILES, MAX_FILES_PER_UPLOAD, partlySent, sentToAgent } from "../../lib/documents.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { ApiCallError, apiActionError, type FormFailure } from "./api.server.js";
import { requireAccount } from "./auth.server.js";
import { textFields } from "./forms.server.js";
import { checkForm } from "./security.server.js";
import { redirectWithToast } from "./toast.server.js";
import { readUpload } from "./upload.server.js";

export async function receiveMyUpload(request: Request, context: AppLoadContext, documentId: number) {
  const { api } = await requireAccount(request, context, ["client"]);
  const { formData, files, problem } = await readUpload(request, { maxFiles: MAX_FILES_PER_UPLOAD });
  try {
    await checkForm(formData, request);
    const values = { ...textFields(formData, ["intent"]), document_id: String(documentId) };
    if (problem || !files.length) {
      return data<FormFailure>(
        { formError: FIX_FIELDS, fieldErrors: { file: [problem ?? CHOOSE_FILES] }, values },
        { status: 400 },
      );
    }
    let sent = 0;
    try {
      let title = "";
      for (const f of files) {
        const doc = await api.call(endpoints.myUpload, {
          params: { documentId },
          query: { name: f.name, add: sent > 0 ? "1" : "0" },
          upload: { file: f.file, type: f.type || "application/octet-stream" },
        });
        title = doc.title;
        sent += 1;
      }
      return await redirectWithToast(request, context, `/my#document-${documentId}`, {
        type: "success",
        message: sentToAgent(title, sent),
      });
    } catch (error) {
      // Said beside the file, naming what was already sent.
      if (error instanceof ApiCallError && sent > 0) {
        const message = partlySent(sent, files.length, files[sent]!.name, error.errors?.file?.[0] ?? error.message);
        return data<FormFailure>({ formError: message, fieldErrors: { file: [message] }, values }, { status: error.status });
      }
      const named =
        error instanceof ApiCallError && error.errors?.name
          ? new ApiCallError(error.status, error.message, { ...error.errors, file: error.errors.name })
          : error;
      return apiActionError(named, request, context, values);
    }
  } finally {
    await Promise.all(files.map((f) => f.file.dispose()));
  }
}
