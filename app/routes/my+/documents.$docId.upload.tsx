/**
 * The client's upload form's JavaScript path (app/routes/my+/_index.tsx): the same upload as the page's own post,
 * answered in JSON (app/lib/upload-answer.server.ts).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveMyUpload } from "../../lib/my-upload.server";
import { routeId } from "../../lib/params";
import { answerUpload } from "../../lib/upload-answer.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  return answerUpload(request, context, () => receiveMyUpload(request, context, routeId(params.docId)));
}
