/**
 * An upload form's script path (the agent's and the client's upload routes): the page action's outcome answered in
 * JSON, so the page can show progress and stay put on a failure: `{ redirectTo }` when done (the toast is in the
 * session cookie, passed on), else the form's failure. A thrown Response (a redirect to sign in, a 403 for an old
 * form, a 400 for a body that is not a form) is answered the same way.
 */
import { json, type AppLoadContext } from "@remix-run/node";
import { asResponse, refuse } from "./forms.server.js";
import { codeKey, type EveryoneCode } from "./refusal-keys.js";
import { refusalWords, requestLang } from "./refusals.server.js";

async function answer(outcome: unknown, request: Request, context: AppLoadContext) {
  const response = asResponse(outcome);
  const location = response.headers.get("Location");
  if (location)
    return json(
      { redirectTo: location },
      { headers: response.headers.has("Set-Cookie") ? { "Set-Cookie": response.headers.get("Set-Cookie")! } : {} },
    );
  if (response.headers.get("Content-Type")?.includes("application/json"))
    return json(await response.json(), { status: response.status });
  // A refusal thrown with its code (a form too old, too many parts) in the page's words; other text as it came.
  const text = await response.text();
  const say = refusalWords(await requestLang(request, context));
  const formError = codeKey(text)
    ? say.catalogue(text as EveryoneCode)
    : text || say({ code: "form.unreadable", message: "The upload could not be read." });
  return asResponse(refuse({}, { formError }, { status: response.status }));
}

export async function answerUpload(request: Request, context: AppLoadContext, receive: () => Promise<unknown>) {
  try {
    return await answer(await receive(), request, context);
  } catch (thrown) {
    if (thrown instanceof Response) return answer(thrown, request, context);
    throw thrown;
  }
}
