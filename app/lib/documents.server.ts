/** A document's upload, for both ways it arrives: the form's own post (no JavaScript) and the upload route (XHR). */
import type { AppLoadContext } from "@remix-run/node";
import { endpoints } from "../../lib/contract.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { ApiCallError, apiActionError, type ApiClient } from "./api.server.js";
import { requireAccount } from "./auth.server.js";
import { textFields, refuse } from "./forms.server.js";
import type { Refusal } from "./refusals.server.js";
import { documentExpiryBody } from "./schemas.server.js";
import { checkForm } from "./security.server.js";
import { redirectWithToast } from "./toast.server.js";
import { readUpload, type UploadedFile } from "./upload.server.js";

/**
 * Reads the multipart form, checks it, and hands the file to the API: a redirect to the client's checklist with a
 * toast, or the form's failure (the reason beside the field, the expiry as typed). Nothing is stored on failure.
 */
export async function receiveUpload(request: Request, context: AppLoadContext, clientId: number, documentId: number) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const { formData, file, problem } = await readUpload(request);
  // The spooled file goes once the API has stored it (or refused it), whatever happens.
  try {
    return await sendUpload(request, context, api, clientId, documentId, formData, file, problem);
  } finally {
    await file?.file.dispose();
  }
}

async function sendUpload(
  request: Request,
  context: AppLoadContext,
  api: ApiClient,
  clientId: number,
  documentId: number,
  formData: FormData,
  file: UploadedFile | null,
  problem: Refusal | null,
) {
  await checkForm(formData, request);
  const values = textFields(formData, ["expires_on"]);
  const expiry = documentExpiryBody.safeParse(values);
  if (problem || !file || !expiry.success) {
    const fieldErrors: Record<string, string[]> = {};
    if (problem) fieldErrors.file = [problem.message];
    if (!expiry.success) fieldErrors.expires_on = [expiry.error.issues[0]!.message];
    return refuse(values, { formError: FIX_FIELDS, fieldErrors });
  }
  try {
    const doc = await api.call(endpoints.uploadDocument, {
      params: { clientId, documentId },
      query: { name: file.name, expires_on: expiry.data.expires_on },
      upload: { file: file.file, type: file.type || "application/octet-stream" },
    });
    return await redirectWithToast(request, context, `/clients/${clientId}#documents`, {
      type: "success",
      message: `${doc.title}: ${doc.file?.file_name ?? "file"} uploaded.`,
    });
  } catch (error) {
    // What the API says of the file's name is said beside the file.
    const named =
      error instanceof ApiCallError && error.errors?.name
        ? new ApiCallError(error.status, error.code, error.message, { ...error.errors, file: error.errors.name }, error.params)
        : error;
    return apiActionError(named, request, context, values);
  }
}
