/**
 * A client's questionnaires (issue 40, point 2), as their agent sees them: each one sent (by a payment or by the
 * agent), where it stands and how much is answered, and a form to send another; the client is e-mailed a link.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useSchemaForm } from "../../../components/ui/form";
import { SendToClient } from "../../../components/workspace/send-to-client";
import { loadClientSends, sendToClient } from "../../../lib/client-sends.server";
import { formatDateTime } from "../../../lib/dates";
import { endpoints } from "../../../lib/endpoints.server";
import { companyOf, orErrorTitle, Toast, useTranslation } from "../../../lib/every-page";
import { type FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { questionnaireSendBody } from "../../../lib/schemas.server";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Client not found" },
]);

export function loader(args: LoaderFunctionArgs) {
  return loadClientSends(
    args,
    (api, clientId) => api.call(endpoints.clientQuestionnaires, { params: { clientId } }),
    "work.intake.title",
  );
}

export function action(args: ActionFunctionArgs) {
  return sendToClient(
    args,
    { field: "questionnaire_id", schema: questionnaireSendBody, page: "questionnaires" },
    async (api, clientId, body) => {
      const sent = await api.call(endpoints.sendQuestionnaire, { params: { clientId }, body });
      return workspaceT("work.intake.sent", { name: sent.name });
    },
  );
}

export default function ClientQuestionnairesPage() {
  const { client, list, timeZone } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  const form = useSchemaForm(failure, { id: "send-questionnaire" });
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to={`/clients/${client.id}`}>{client.name}</Link>
      </p>
      <h1>{t("work.intake.heading", { name: client.name })}</h1>
      <p className="muted">{t("work.intake.intro")}</p>
      {list.items.length ? (
        <ul className="list-reset">
          {list.items.map((q) => (
            <li key={q.id} className="card" id={`questionnaire-${q.id}`}>
              <h2>
                <Link to={`/clients/${client.id}/questionnaires/${q.id}`}>{q.name}</Link>
              </h2>
              <p>
                <span className={`tag tag--${q.status}`}>{t(`work.intake.states.${q.status}`)}</span>{" "}
                <span className="muted">
                  {t("work.intake.progress", { answered: q.answered, shown: q.shown })} ·{" "}
                  {q.service_id
                    ? t("work.intake.byPayment", { service: t(`services.s${q.service_id}.name`) })
                    : t("work.intake.byAgent")}{" "}
                  · {t("work.intake.version", { n: q.version })}
                </span>
              </p>
              <p className="muted">
                {t("work.intake.sentAt", { time: formatDateTime(q.sent_at, timeZone) })}
                {q.submitted_at ? ` · ${t("work.intake.submittedAt", { time: formatDateTime(q.submitted_at, timeZone) })}` : ""}
                {q.accepted_at ? ` · ${t("work.intake.acceptedAt", { time: formatDateTime(q.accepted_at, timeZone) })}` : ""}
              </p>
              <Link
                to={`/clients/${client.id}/questionnaires/${q.id}`}
                className={q.status === "submitted" ? "button button--primary" : "button"}
              >
                {q.status === "submitted" ? t("work.intake.review") : t("work.intake.open")}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t("work.intake.none")}</p>
      )}
      {client.archived ? null : (
        <SendToClient
          form={form}
          field="questionnaire_id"
          words={{
            heading: t("work.intake.send"),
            label: t("work.intake.questionnaire"),
            choose: t("work.intake.choose"),
            hint: t("work.intake.sendHint"),
            button: t("work.intake.sendButton"),
            nothing: t("work.intake.nothingToSend"),
          }}
          options={list.can_send.map((q) => ({ value: String(q.id), label: q.name }))}
        />
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
