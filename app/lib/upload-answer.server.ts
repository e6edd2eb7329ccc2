/**
 * An upload form's script path (the agent's and the client's upload routes): the page action's outcome answered in
 * JSON, so the page can show progress and stay put on a failure: `{ redirectTo }` when done (the toast is in the
 * session cookie, passed on), else the form's failure. A thrown Response (a redirect to sign in, a 403 for an old
 * form, a 400 for a body that is not a form) is answered the same way.
 */
import { json, type AppLoadContext } from "@remix-run/node";
import { asResponse } from "./forms.server.js";
import { codeKey, type EveryoneCode } from "./refusal-keys.js";
import { refusalWords, requestLang } from "./refusals.server.js";

async function answer(outcome: unknown, words: (text: string) => string) {
  const response = asResponse(outcome);
  const location = response.headers.get("Location");
  if (location)
    return json(
      { redirectTo: location },
      { headers: response.headers.has("Set-Cookie") ? { "Set-Cookie": response.headers.get("Set-Cookie")! } : {} },
    );
  if (response.headers.get("Content-Type")?.includes("application/json"))
    return json(await response.json(), { status: response.status });
  return json({ formError: words(await response.text()) }, { status: response.status });
}

/** A thrown refusal's code (a form too old, too many parts) in the page's language; other text as it came. */
async function thrownWords(request: Request, context: AppLoadContext) {
  const say = refusalWords(await requestLang(request, context));
  const english = refusalWords("en");
  return (text: string) => {
    const code = codeKey(text) ? (text as EveryoneCode) : null;
    if (!code) return text || english({ code: "form.unreadable", message: "The upload could not be read." });
    return say({ code, message: english.catalogue(code) });
  };
}

export async function answerUpload(request: Request, context: AppLoadContext, receive: () => Promise<unknown>) {
  const words = await thrownWords(request, context);
  try {
    return await answer(await receive(), words);
  } catch (thrown) {
    if (thrown instanceof Response) return answer(thrown, words);
    throw thrown;
  }
}
