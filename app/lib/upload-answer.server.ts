/**
 * An upload form's script path (the agent's and the client's upload routes): the page action's outcome answered in
 * JSON, so the page can show progress and stay put on a failure: `{ redirectTo }` when done (the toast is in the
 * session cookie, passed on), else the form's failure. A thrown Response (a redirect to sign in, a 403 for an old
 * form, a 400 for a body that is not a form) is answered the same way.
 */
import { json } from "@remix-run/node";
import { asResponse } from "./forms.server.js";

async function answer(outcome: unknown) {
  const response = asResponse(outcome);
  const location = response.headers.get("Location");
  if (location)
    return json(
      { redirectTo: location },
      { headers: response.headers.has("Set-Cookie") ? { "Set-Cookie": response.headers.get("Set-Cookie")! } : {} },
    );
  if (response.headers.get("Content-Type")?.includes("application/json"))
    return json(await response.json(), { status: response.status });
  return json({ formError: (await response.text()) || "The upload could not be read." }, { status: response.status });
}

export async function answerUpload(receive: () => Promise<unknown>) {
  try {
    return await answer(await receive());
  } catch (thrown) {
    if (thrown instanceof Response) return answer(thrown);
    throw thrown;
  }
}
