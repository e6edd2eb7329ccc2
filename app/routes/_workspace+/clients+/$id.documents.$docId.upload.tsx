/**
 * The upload form's JavaScript path (app/components/ui/upload-form.tsx): the same upload as the page's own post,
 * answered in JSON (app/lib/upload-answer.server.ts).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveUpload } from "../../../lib/documents.server";
import { routeId } from "../../../lib/params";
import { answerUpload } from "../../../lib/upload-answer.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  return answerUpload(request, context, () => receiveUpload(request, context, routeId(params.id), routeId(params.docId)));
}
