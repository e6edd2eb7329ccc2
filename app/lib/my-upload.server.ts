/**
 * A client's upload from their own page (issue 24, point 4), both ways it arrives: the page's own multipart post
 * (no JavaScript) and the upload route (XHR, with progress). Several files go as one upload: the first starts it,
 * the others are added to it as further pages. Nothing is kept of a refused file; the files sent before a refusal
 * are said.
 */
import type { AppLoadContext } from "@remix-run/node";
import { endpoints } from "../../lib/contract.js";
import { CHOOSE_FILES, MAX_FILES_PER_UPLOAD } from "../../lib/documents.js";
import { localizeDocumentTitle } from "../../lib/i18n/document-titles.js";
import { translator } from "../../lib/i18n/index.js";
import { ApiCallError, apiActionError } from "./api.server.js";
import { requireAccount } from "./auth.server.js";
import { fixFields, refuse, textFields } from "./forms.server.js";
import { refusalWords, requestLang } from "./refusals.server.js";
import { checkForm } from "./security.server.js";
import { redirectWithToast } from "./toast.server.js";
import { readUpload } from "./upload.server.js";

export async function receiveMyUpload(request: Request, context: AppLoadContext, documentId: number) {
  const { api } = await requireAccount(request, context, ["client"]);
  const { formData, files, problem } = await readUpload(request, { maxFiles: MAX_FILES_PER_UPLOAD });
  // In the client's language, by each refusal's code.
  const lang = await requestLang(request, context);
  const say = refusalWords(lang);
  const t = translator(lang);
  try {
    await checkForm(formData, request);
    const values = { ...textFields(formData, ["intent"]), document_id: String(documentId) };
    if (problem || !files.length) {
      const why = problem ?? { code: "upload.choose_many" as const, message: CHOOSE_FILES };
      return refuse(values, { formError: fixFields(lang), fieldErrors: { file: [say(why)] } });
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
        message: t(sent === 1 ? "my.sentOne" : "my.sentMany", { title: localizeDocumentTitle(t, title), count: sent }),
      });
    } catch (error) {
      // Said beside the file, naming what was already sent.
      if (error instanceof ApiCallError && sent > 0) {
        const problem = say(error.errors?.file?.[0] ?? error.refusal, "file");
        const message = t("my.partlySent", { sent, count: files.length, name: files[sent]!.name, problem });
        return refuse(values, { formError: message, fieldErrors: { file: [message] } }, { status: error.status });
      }
      const named =
        error instanceof ApiCallError && error.errors?.name
          ? new ApiCallError(error.status, error.code, error.message, { ...error.errors, file: error.errors.name }, error.params)
          : error;
      return apiActionError(named, request, context, values);
    }
  } finally {
    await Promise.all(files.map((f) => f.file.dispose()));
  }
}
