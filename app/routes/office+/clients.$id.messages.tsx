/**
 * A client's conversation as the office reads it (issue 39): staff read every message and write as the office
 * (signed with the firm's name to the client). Reading here marks nothing read for the agent.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { OfficeHead, useOfficeZone } from "../../components/office/page";
import { Conversation } from "../../components/ui/conversation";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { postMessage } from "../../lib/conversation.server";
import { endpoints } from "../../lib/endpoints.server";
import { companyOf, orErrorTitle, Toast, useTranslation } from "../../lib/every-page";
import type { FormFailure } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { routeId } from "../../lib/params";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Client not found" },
]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const clientId = routeId(params.id);
  const thread = await api
    .call(endpoints.officeThread, { params: { clientId } })
    .catch((e) => apiLoaderError(e, request, context));
  const name = `${thread.client.first_name} ${thread.client.last_name}`;
  return { thread, title: workspaceT("office.clientMessages.title", { name }) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const clientId = routeId(params.id);
  return postMessage(
    request,
    context,
    (body) => api.call(endpoints.officeSendMessage, { params: { clientId }, body: { body } }),
    `/office/clients/${clientId}/messages`,
  );
}

export default function OfficeClientMessages() {
  const { thread } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const zone = useOfficeZone();
  const { t } = useTranslation();
  const name = `${thread.client.first_name} ${thread.client.last_name}`;
  return (
    <section className="container page">
      <OfficeHead title={t("office.clientMessages.heading", { name })} />
      <p className="muted">{t("office.clientMessages.intro", { agent: thread.agent.name })}</p>
      <Conversation thread={thread} timeZone={zone} failure={failure} ownName={t("office.clientMessages.you")} />
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { OfficeErrorBoundary as ErrorBoundary } from "../../lib/every-page";
