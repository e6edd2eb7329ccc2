/**
 * The sign-in's second step on the portal's side (issue 67): a sign-in or a new password answered `mfa.required`
 * keeps the API's challenge in the portal's session, and the person is taken to `/second-step` to give a code.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { pathInLang, type Lang } from "../../lib/i18n/languages.js";
import { ApiCallError } from "./api.server.js";
import { replaceSession } from "./session.server.js";

/** The challenge of an `mfa.required` refusal, or null for any other error. */
export function challengeOf(error: unknown): string | null {
  if (!(error instanceof ApiCallError) || error.refusal.code !== "mfa.required") return null;
  const challenge = error.refusal.params?.challenge;
  return typeof challenge === "string" ? challenge : null;
}

/** To the second step, the challenge kept in a fresh session (`lang`: the page's own prefix). */
export async function toSecondStep(
  request: Request,
  context: AppLoadContext,
  challenge: string,
  redirectTo: string | null,
  lang: Lang,
) {
  const headers = await replaceSession(request, context, (s) => s.set("secondStep", { challenge, redirectTo }));
  return redirect(pathInLang("/second-step", lang), { headers });
}
