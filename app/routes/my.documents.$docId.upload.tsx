/**
 * The client's upload form's JavaScript path (app/routes/my._index.tsx): the same upload as the page's own post,
 * answered in JSON so the page can show progress and stay put on a failure.
 */
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { asResponse } from "../lib/forms.server";
import { receiveMyUpload } from "../lib/my-upload.server";
import { routeId } from "../lib/params";

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

export async function action({ request, params, context }: ActionFunctionArgs) {
  try {
    return await answer(await receiveMyUpload(request, context, routeId(params.docId)));
  } catch (thrown) {
    if (thrown instanceof Response) return answer(thrown);
    throw thrown;
  }
}
