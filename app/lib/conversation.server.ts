/**
 * The three pages of a client's conversation (the agent's, the client's, the office's) post a message the same
 * way: checked by the contract's schema in the page's language, its files (the agent's and the client's pages, up to
 * five) sent first through the API, then the message with them, then the page again with a word that it was sent; a
 * refusal keeps what was typed and says beside the files what is wrong with them.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { MessageAttachment } from "../../lib/contract.js";
import { MESSAGE_ATTACHMENTS_MAX } from "../../lib/conversation.js";
import { translator } from "../../lib/i18n/index.js";
import { ApiCallError, apiActionError } from "./api.server.js";
import { fixFields, refuse, textFields, validateForm } from "./forms.server.js";
import { refusalWords, requestLang } from "./refusals.server.js";
import { caseMessageBody } from "./schemas.server.js";
import { checkForm, readForm } from "./security.server.js";
import { redirectWithToast } from "./toast.server.js";
import { readUpload, type UploadedFile } from "./upload.server.js";

export async function postMessage(
  request: Request,
  context: AppLoadContext,
  send: (body: string, attachments: number[]) => Promise<{ id: number }>,
  /** The thread's page */
  here: string,
  /** Sends one file (the agent's and the client's pages); the office writes text alone */
  attach?: (file: UploadedFile) => Promise<MessageAttachment>,
) {
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  const upload = attach && multipart ? await readUpload(request, { maxFiles: MESSAGE_ATTACHMENTS_MAX, optional: true }) : null;
  try {
    const formData = upload?.formData ?? (await readForm(request));
    await checkForm(formData, request);
    const lang = await requestLang(request, context);
    const values = textFields(formData, ["body"]);
    const { data, failure } = validateForm(caseMessageBody, values, lang);
    if (failure) return failure;
    const say = refusalWords(lang);
    if (upload?.problem) return refuse(values, { formError: fixFields(lang), fieldErrors: { file: [say(upload.problem)] } });
    try {
      const ids: number[] = [];
      for (const f of upload?.files ?? []) ids.push((await attach!(f)).document_id);
      const sent = await send(data.body, ids);
      return await redirectWithToast(request, context, `${here}#m${sent.id}`, {
        type: "success",
        message: translator(lang)("conversation.sent"),
      });
    } catch (error) {
      // A file refused (its type, its size, the quota) is said beside the files, naming it.
      if (error instanceof ApiCallError && (error.errors?.file || error.errors?.name || error.code.startsWith("upload."))) {
        const refusal = error.errors?.file?.[0] ?? error.errors?.name?.[0] ?? error.refusal;
        return refuse(
          values,
          { formError: fixFields(lang), fieldErrors: { file: [say(refusal, "file")] } },
          { status: error.status },
        );
      }
      return apiActionError(error, request, context, values);
    }
  } finally {
    await Promise.all((upload?.files ?? []).map((f) => f.file.dispose()));
  }
}

/**
 * Marks what the reader was shown as read (a loader's work: opening the thread is reading it). A failure here
 * never keeps the thread from showing.
 */
export async function readUpTo(
  thread: { messages: Array<{ id: number }>; unread: number },
  mark: (through: number) => Promise<unknown>,
) {
  const newest = thread.messages.at(-1)?.id;
  // Nothing new from the other side: nothing to mark (a thread looked at every few seconds writes nothing).
  if (!newest || !thread.unread) return;
  await mark(newest).catch(() => undefined);
}
