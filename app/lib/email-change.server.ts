/**
 * The office's "Change e-mail address" pages (agents, mentors, staff): whose address it is, and the action that asks
 * the new address to confirm it. Nothing changes until it does; the page says so and shows a change still waiting.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { PendingEmail } from "../../lib/contract.js";
import { apiActionError, apiLoaderError } from "./api.server.js";
import { requireAccount } from "./auth.server.js";
import { endpoints } from "./endpoints.server.js";
import { textFields, validateForm } from "./forms.server.js";
import { workspaceT } from "./i18n.server.js";
import { routeId } from "./params.js";
import { emailChangeBody } from "./schemas.server.js";
import { checkForm, readForm } from "./security.server.js";
import { redirectWithToast } from "./toast.server.js";

export type EmailKind = "agent" | "mentor" | "staff";
export type EmailChangePage = {
  kind: EmailKind;
  account: { id: number; name: string; email: string | null; pending: PendingEmail | null };
  back: string;
  title: string;
};

const backTo = (kind: EmailKind, id: number) =>
  kind === "agent" ? `/office/agents/${id}` : kind === "mentor" ? `/office/mentors/${id}` : `/office/staff/${id}`;

export async function emailChangeLoader(
  kind: EmailKind,
  { request, params, context }: LoaderFunctionArgs,
): Promise<EmailChangePage> {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  const account = await (async () => {
    if (kind === "agent") {
      const d = await api.call(endpoints.officeAgentDetail, { params: { id } });
      return { id, name: d.agent.name, email: d.agent.email, pending: d.pending_email };
    }
    if (kind === "mentor") {
      const m = await api.call(endpoints.officeMentor, { params: { id } });
      return { id, name: m.name, email: m.email, pending: m.pending_email };
    }
    const member = (await api.call(endpoints.officeStaff)).find((s) => s.id === id);
    if (!member) throw new Response("Not found", { status: 404 });
    return { id, name: member.name, email: member.email, pending: member.pending_email };
  })().catch((e) => apiLoaderError(e, request, context));
  return { kind, account, back: backTo(kind, id), title: workspaceT("work.emailChange.title", { name: account.name }) };
}

export async function emailChangeAction(kind: EmailKind, { request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const values = textFields(formData, ["email"]);
  const { data: body, failure } = validateForm(emailChangeBody, values);
  if (failure) return failure;
  const call = { agent: endpoints.changeAgentEmail, mentor: endpoints.changeMentorEmail, staff: endpoints.changeStaffEmail }[
    kind
  ];
  try {
    const pending = await api.call(call, { params: { id }, body });
    return await redirectWithToast(request, context, backTo(kind, id), {
      type: "success",
      message: `We e-mailed a confirmation link to ${pending.email}. The address changes when it is used.`,
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}
