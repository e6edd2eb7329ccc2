/**
 * Ends a person's second factors and recovery codes from the office (issue 67): any staff member for an agent or a
 * mentor, an owner for staff (never their own). Audited, and the person is e-mailed. Back to the page it came from.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ApiCallError, apiActionError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { backPath } from "../../../lib/every-page";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";
import { checkForm, readForm } from "../../../lib/security.server";
import { redirectWithToast } from "../../../lib/toast.server";

const calls = {
  agent: { call: endpoints.resetAgentFactors, page: "/office/agents" },
  mentor: { call: endpoints.resetMentorFactors, page: "/office/mentors" },
  staff: { call: endpoints.resetStaffFactors, page: "/office/staff" },
} as const;

const kindOf = (kind: string | undefined) => (kind === "agent" || kind === "mentor" || kind === "staff" ? kind : null);

/** Opened rather than posted: the person's page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccount(request, context, ["staff"]);
  const kind = kindOf(params.kind);
  if (!kind) throw new Response("Not found", { status: 404 });
  return redirect(`${calls[kind].page}/${routeId(params.id)}`);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const kind = kindOf(params.kind);
  if (!kind) throw new Response("Not found", { status: 404 });
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const back = backPath(String(formData.get("back") ?? ""), `${calls[kind].page}/${id}`);
  try {
    const done = await api.call(calls[kind].call, { params: { id } });
    return await redirectWithToast(request, context, back, {
      type: "success",
      message: workspaceT(done.reset ? "office.resetFactors.done" : "office.resetFactors.none"),
    });
  } catch (error) {
    // A refusal (another's own factors, an owner's rule) is said on the page it came from, in the workspace's English.
    if (error instanceof ApiCallError && error.status >= 400 && error.status < 500) {
      return redirectWithToast(request, context, back, { type: "error", message: error.message });
    }
    return apiActionError(error, request, context, {});
  }
}
