/**
 * The agent's side of a client's conversation (issue 39): every message with the client and the office, the client's
 * read marks on the agent's own, and the form to write. Opening it marks the client's messages read.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Conversation } from "../../../components/ui/conversation";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { postMessage, readUpTo } from "../../../lib/conversation.server";
import { endpoints } from "../../../lib/endpoints.server";
import { companyOf, orErrorTitle, Toast, useTranslation } from "../../../lib/every-page";
import type { FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Client not found" },
]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const clientId = routeId(params.id);
  const thread = await api
    .call(endpoints.agentThread, { params: { clientId } })
    .catch((e) => apiLoaderError(e, request, context));
  await readUpTo(thread, (through) => api.call(endpoints.agentReadThread, { params: { clientId }, body: { through } }));
  const name = `${thread.client.first_name} ${thread.client.last_name}`;
  return { thread, timeZone: agent.time_zone, title: workspaceT("work.messages.title", { name }) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const clientId = routeId(params.id);
  return postMessage(
    request,
    context,
    (body, attachments) => api.call(endpoints.agentSendMessage, { params: { clientId }, body: { body, attachments } }),
    `/clients/${clientId}/messages`,
    (f) =>
      api.call(endpoints.agentMessageAttachment, {
        params: { clientId },
        query: { name: f.name },
        upload: { file: f.file, type: f.type || "application/octet-stream" },
      }),
  );
}

export default function ClientMessages() {
  const { thread, timeZone } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  const name = `${thread.client.first_name} ${thread.client.last_name}`;
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to={`/clients/${thread.client.id}`}>{name}</Link>
      </p>
      <h1>{t("work.messages.heading", { name })}</h1>
      <p className="muted">{t("work.messages.intro")}</p>
      {thread.access === "ended" ? (
        <p className="notice" data-testid="access-ended">
          {t("work.messages.accessEnded", { name: thread.client.first_name })}
        </p>
      ) : null}
      <Conversation
        thread={thread}
        timeZone={timeZone}
        failure={failure}
        fileHref={(a) => `/clients/${thread.client.id}/documents/${a.document_id}/files/${a.file_id}`}
      />
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
