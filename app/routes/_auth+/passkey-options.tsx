/**
 * WebAuthn's options for a passkey ceremony (issue 67), asked by the pages' script before the browser's own dialog:
 * to sign in with a passkey alone (anyone), to answer a sign-in's second step (the challenge the portal's session
 * keeps), or to add one (a signed-in agent, staff member or mentor). A form post with the page's CSRF token; the
 * answer is JSON, or a refusal with its code and its words in the page's language.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { ApiCallError } from "../../lib/api.server";
import { getAccount } from "../../lib/auth.server";
import { apiFor, sessionOf } from "../../lib/context.server";
import { endpoints } from "../../lib/endpoints.server";
import { refusalWords, requestLang } from "../../lib/refusals.server";
import { checkForm, readForm } from "../../lib/security.server";

const answer = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function loader() {
  return redirect("/authentication");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await checkForm(formData, request);
  const say = refusalWords(await requestLang(request, context));
  const purpose = String(formData.get("purpose") ?? "");
  try {
    if (purpose === "register") {
      const account = await getAccount(request, context, ["agent", "staff", "mentor"]);
      if (!account)
        return answer(
          { code: "auth.session_expired", message: say({ code: "auth.session_expired", message: "Sign in again." }) },
          401,
        );
      return answer(await account.api.call(endpoints.passkeyOptions));
    }
    if (purpose === "second_step") {
      const waiting = (await sessionOf(context, request)).get("secondStep");
      if (!waiting) {
        return answer(
          { code: "mfa.challenge_gone", message: say({ code: "mfa.challenge_gone", message: "This sign-in has expired." }) },
          401,
        );
      }
      return answer(await apiFor(context).call(endpoints.passkeySignIn, { body: { challenge: waiting.challenge } }));
    }
    if (purpose === "sign_in") return answer(await apiFor(context).call(endpoints.passkeySignIn, { body: {} }));
    return answer(
      { code: "validation.invalid", message: say({ code: "validation.invalid", message: "Not a passkey's purpose." }) },
      400,
    );
  } catch (error) {
    if (!(error instanceof ApiCallError)) throw error;
    const status = error.unavailable ? 503 : error.status;
    return answer({ code: error.code, message: say(error.refusal) }, status);
  }
}
