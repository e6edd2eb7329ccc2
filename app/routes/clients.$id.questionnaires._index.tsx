/**
 * A client's questionnaires (issue 40, point 2), as their agent sees them: each one sent (by a payment or by the
 * agent), where it stands and how much is answered, and a form to send another; the client is e-mailed a link.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { usePortalForm } from "../components/form";
import { SendToClient } from "../components/send-to-client";
import { Toast } from "../components/toasts";
import { apiActionError, apiLoaderError } from "../lib/api.server";
import { requireAccount } from "../lib/auth.server";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { textFields, validateForm, type FormFailure } from "../lib/forms.server";
import { workspaceT } from "../lib/i18n.server";
import { companyOf, orErrorTitle } from "../lib/meta";
import { routeId } from "../lib/params";
import { questionnaireSendBody } from "../lib/schemas.server";
import { checkForm, readForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Client not found" },
]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const clientId = routeId(params.id);
  const [view, list] = await Promise.all([
    api.call(endpoints.viewClient, { params: { clientId } }),
    api.call(endpoints.clientQuestionnaires, { params: { clientId } }),
  ]).catch((e) => apiLoaderError(e, request, context));
  const name = `${view.client.first_name} ${view.client.last_name}`;
  return {
    client: { id: view.client.id, name, archived: Boolean(view.client.archived_at) },
    list,
    timeZone: agent.time_zone,
    title: workspaceT("work.intake.title", { name }),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const clientId = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const values = textFields(formData, ["questionnaire_id"]);
  const { data, failure } = validateForm(questionnaireSendBody, values);
  if (failure) return failure;
  try {
    const sent = await api.call(endpoints.sendQuestionnaire, { params: { clientId }, body: data });
    return await redirectWithToast(request, context, `/clients/${clientId}/questionnaires`, {
      type: "success",
      message: workspaceT("work.intake.sent", { name: sent.name }),
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}

export default function ClientQuestionnairesPage() {
  const { client, list, timeZone } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  const form = usePortalForm(failure, { id: "send-questionnaire" });
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

export { WorkspaceErrorBoundary as ErrorBoundary } from "../components/error-page";
