/**
 * A client's agreements (issue 40, point 3), as their agent sees them: each one sent (by a payment or the agent),
 * signed or waiting, with the signature's record and the signed PDF; and a form to send a service's agreement.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field } from "../../../components/ui/fields";
import { useSchemaForm } from "../../../components/ui/form";
import { SendToClient } from "../../../components/workspace/send-to-client";
import { loadClientSends, sendToClient } from "../../../lib/client-sends.server";
import { formatDateTime } from "../../../lib/dates";
import { endpoints } from "../../../lib/endpoints.server";
import { companyOf, orErrorTitle, Toast, useTranslation } from "../../../lib/every-page";
import { type FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { agreementSendBody } from "../../../lib/schemas.server";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Client not found" },
]);

export function loader(args: LoaderFunctionArgs) {
  return loadClientSends(
    args,
    (api, clientId) => api.call(endpoints.clientAgreements, { params: { clientId } }),
    "work.agreements.title",
  );
}

export function action(args: ActionFunctionArgs) {
  return sendToClient(
    args,
    { field: "service_id", more: ["plan", "price"], schema: agreementSendBody, page: "agreements" },
    async (api, clientId, body) => {
      await api.call(endpoints.sendAgreement, { params: { clientId }, body });
      return workspaceT("work.agreements.sent");
    },
  );
}

export default function ClientAgreementsPage() {
  const { client, list, timeZone } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  const form = useSchemaForm(failure, { id: "send-agreement" });
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to={`/clients/${client.id}`}>{client.name}</Link>
      </p>
      <h1>{t("work.agreements.heading", { name: client.name })}</h1>
      <p className="muted">{t("work.agreements.intro")}</p>
      {list.items.length ? (
        <ul className="list-reset">
          {list.items.map((a) => (
            <li key={a.id} className="card" id={`agreement-${a.id}`}>
              <h2>{t("work.agreements.of", { service: t(`services.s${a.service_id}.name`) })}</h2>
              <p>
                <span className={`tag tag--${a.status}`}>{t(`work.agreements.states.${a.status}`)}</span>{" "}
                <span className="muted">
                  {t("work.agreements.version", { n: a.version })} ·{" "}
                  {t("work.agreements.sentAt", { time: formatDateTime(a.sent_at, timeZone) })}
                </span>
              </p>
              {a.signed_at && a.signed_name ? (
                <dl className="record">
                  <dt>{t("work.agreements.signedBy")}</dt>
                  <dd>{a.signed_name}</dd>
                  <dt>{t("work.agreements.signedAt")}</dt>
                  <dd>{formatDateTime(a.signed_at, timeZone)}</dd>
                  <dt>{t("work.agreements.from")}</dt>
                  <dd>{a.signed_ip}</dd>
                  <dt>{t("work.agreements.browser")}</dt>
                  <dd>{a.signed_user_agent ?? "—"}</dd>
                  <dt>{t("work.agreements.sha")}</dt>
                  <dd className="hash">{a.text_sha256}</dd>
                </dl>
              ) : null}
              {a.document_id && a.file_id ? (
                <a href={`/clients/${client.id}/documents/${a.document_id}/files/${a.file_id}`} download>
                  {t("work.agreements.download")}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t("work.agreements.none")}</p>
      )}
      {client.archived ? null : (
        <SendToClient
          form={form}
          field="service_id"
          words={{
            heading: t("work.agreements.send"),
            label: t("work.agreements.service"),
            choose: t("work.agreements.choose"),
            hint: t("work.agreements.sendHint"),
            button: t("work.agreements.sendButton"),
            nothing: t("work.agreements.nothingToSend"),
          }}
          options={list.can_send.map((s) => ({ value: String(s), label: t(`services.s${s}.name`) }))}
        >
          {list.asks.length ? (
            <fieldset className="field">
              <legend className="field__hint">
                {t("work.agreements.askedHint", {
                  services: list.asks.map((a) => t(`services.s${a.service_id}.name`)).join(", "),
                })}
              </legend>
              {list.asks.some((a) => a.fields.includes("plan")) ? (
                <Field id="plan" label={t("work.agreements.plan")} maxLength={200} {...form.field("plan")} />
              ) : null}
              {list.asks.some((a) => a.fields.includes("price")) ? (
                <Field id="price" label={t("work.agreements.price")} maxLength={60} {...form.field("price")} />
              ) : null}
            </fieldset>
          ) : null}
        </SendToClient>
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
