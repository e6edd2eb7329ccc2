/**
 * The sign-in's second step on the portal's side (issue 67): a sign-in or a new password answered `mfa.required`
 * keeps the API's challenge in the portal's session, and the person is taken to `/second-step` to give a code.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { pathInLang, type Lang } from "../../lib/i18n/languages.js";
import { ApiCallError } from "./api.server.js";
import { replaceSession } from "./session.server.js";

/** What an `mfa.required` refusal gives: the challenge, and the ways the account can answer it; null for any other error. */
export function challengeOf(error: unknown): { challenge: string; methods: string } | null {
  if (!(error instanceof ApiCallError) || error.refusal.code !== "mfa.required") return null;
  const { challenge, methods } = error.refusal.params ?? {};
  return typeof challenge === "string" ? { challenge, methods: typeof methods === "string" ? methods : "" } : null;
}

/** To the second step, the challenge kept in a fresh session (`lang`: the page's own prefix). */
export async function toSecondStep(
  request: Request,
  context: AppLoadContext,
  asked: { challenge: string; methods: string },
  redirectTo: string | null,
  lang: Lang,
) {
  const headers = await replaceSession(request, context, (s) =>
    s.set("secondStep", { challenge: asked.challenge, methods: asked.methods, redirectTo }),
  );
  return redirect(pathInLang("/second-step", lang), { headers });
}
