/**
 * The three pages of a client's conversation (the agent's, the client's, the office's) post a message the same
 * way: checked by the contract's schema in the page's language, sent through the API, then the page again with a
 * word that it was sent; a refusal keeps what was typed.
 */
import type { AppLoadContext } from "@remix-run/node";
import { translator } from "../../lib/i18n/index.js";
import { apiActionError } from "./api.server.js";
import { textFields, validateForm } from "./forms.server.js";
import { requestLang } from "./refusals.server.js";
import { caseMessageBody } from "./schemas.server.js";
import { checkForm, readForm } from "./security.server.js";
import { redirectWithToast } from "./toast.server.js";

export async function postMessage(
  request: Request,
  context: AppLoadContext,
  send: (body: string) => Promise<{ id: number }>,
  /** The thread's page */
  here: string,
) {
  const formData = await readForm(request);
  await checkForm(formData, request);
  const lang = await requestLang(request, context);
  const values = textFields(formData, ["body"]);
  const { data, failure } = validateForm(caseMessageBody, values, lang);
  if (failure) return failure;
  try {
    const sent = await send(data.body);
    return await redirectWithToast(request, context, `${here}#m${sent.id}`, {
      type: "success",
      message: translator(lang)("conversation.sent"),
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
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
