/** A client's request to move a session, posted from their page (issue 39, point 4): checked, sent, answered. */
import type { AppLoadContext } from "@remix-run/node";
import { translator } from "../../lib/i18n/index.js";
import { apiActionError } from "./api.server.js";
import { forForm, textFields, validateForm } from "./forms.server.js";
import { requestLang } from "./refusals.server.js";
import { clientMoveBody } from "./schemas.server.js";
import { checkForm, readForm } from "./security.server.js";
import { redirectWithToast } from "./toast.server.js";

export async function askToMove(
  request: Request,
  context: AppLoadContext,
  ask: (reason: string) => Promise<unknown>,
  /** The form's name on the page (one per session) */
  form: string,
  back: string,
) {
  const formData = await readForm(request);
  await checkForm(formData, request);
  const lang = await requestLang(request, context);
  const values = textFields(formData, ["reason"]);
  const { data, failure } = validateForm(clientMoveBody, values, lang);
  if (failure) return forForm(failure, form);
  try {
    await ask(data.reason);
    return await redirectWithToast(request, context, back, { type: "success", message: translator(lang)("my.moveAsked") });
  } catch (error) {
    return forForm(await apiActionError(error, request, context, values), form);
  }
}
