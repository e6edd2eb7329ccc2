/**
 * Asking a client for documents (issue 24, points 2, 3 and 6): the items of the checklist to ask for (missing and
 * rejected ones first, and checked), a short word, and send; every request with when it was sent, opened and
 * answered per item, sent again or withdrawn; and the client's access to their own page, which the agent can end
 * at once.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ClientDocument, DocumentRequest } from "../../../../lib/contract";
import { fileSize } from "../../../../lib/documents";
import { DocumentStatus } from "../../../components/ui/document-status";
import { FormError, TextAreaField } from "../../../components/ui/fields";
import { useSchemaForm } from "../../../components/ui/form";
import { IntentForm, RowButton, RowForm } from "../../../components/ui/row-form";
import { apiActionError, apiLoaderError, apiRedirectError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { formatDateTime } from "../../../lib/dates";
import { endpoints } from "../../../lib/endpoints.server";
import { AuthenticityTokenInput, companyOf, orErrorTitle, Toast, Trans, useTranslation } from "../../../lib/every-page";
import { textFields, validateForm, type FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";
import { documentRequestBody, rowIntent } from "../../../lib/schemas.server";
import { checkForm, readForm } from "../../../lib/security.server";
import { redirectWithToast } from "../../../lib/toast.server";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  {
    title: data ? `${data.title} · ${companyOf(matches)}` : "Client not found",
  },
]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const clientId = routeId(params.id);
  const [view, requests] = await Promise.all([
    api.call(endpoints.viewClient, { params: { clientId } }),
    api.call(endpoints.documentRequests, { params: { clientId } }),
  ]).catch((e) => apiLoaderError(e, request, context));
  return {
    client: view.client,
    documents: view.documents,
    ...requests,
    timeZone: agent.time_zone,
    title: workspaceT("work.requests.title", { name: `${view.client.first_name} ${view.client.last_name}` }),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const clientId = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const here = `/clients/${clientId}/requests`;
  const intent = formData.get("intent");
  if (intent === "request") {
    // What was ticked comes back ticked (the ids, with commas).
    const kept = {
      ...textFields(formData, ["intent", "message"]),
      document_ids: formData.getAll("document_ids").map(String).join(","),
    };
    const { data, failure } = validateForm(documentRequestBody, kept);
    if (failure) return failure;
    try {
      const sent = await api.call(endpoints.requestDocuments, { params: { clientId }, body: data });
      return await redirectWithToast(request, context, here, {
        type: "success",
        message: workspaceT("work.requests.sent", { titles: sent.items.map((i) => i.title).join(", ") }),
      });
    } catch (error) {
      return apiActionError(error, request, context, kept);
    }
  }
  if (intent === "resend" || intent === "withdraw") {
    const { data, failure } = validateForm(rowIntent(intent), textFields(formData, ["intent", "id"]));
    if (failure) return failure;
    try {
      const call = intent === "resend" ? endpoints.resendDocumentRequest : endpoints.withdrawDocumentRequest;
      await api.call(call, { params: { clientId, requestId: data.id } });
      return await redirectWithToast(request, context, here, {
        type: "success",
        message: intent === "resend" ? workspaceT("work.requests.resent") : workspaceT("work.requests.withdrawn"),
      });
    } catch (error) {
      return apiRedirectError(error, request, context, here);
    }
  }
  if (intent === "end-access") {
    try {
      await api.call(endpoints.endClientAccess, { params: { clientId } });
      return await redirectWithToast(request, context, here, {
        type: "success",
        message: workspaceT("work.requests.ended"),
      });
    } catch (error) {
      return apiRedirectError(error, request, context, here);
    }
  }
  throw new Response("Unknown action", { status: 400 });
}

/** Missing and rejected documents first (they are what a request is for), then the rest, as the checklist has them. */
function offered(documents: ClientDocument[]) {
  const wanted = (d: ClientDocument) => d.status === "missing" || d.status === "rejected";
  return [...documents.filter(wanted), ...documents.filter((d) => !wanted(d))];
}

function RequestRow({ r, timeZone }: { r: DocumentRequest; timeZone: string }) {
  const { t } = useTranslation();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timeZone) : t("work.requests.notYet"));
  return (
    <li className="card request" data-testid={`request-${r.id}`}>
      <p>
        <strong>{t("work.requests.sentAt", { time: formatDateTime(r.created_at, timeZone) })}</strong>
        {r.times_sent > 1
          ? t("work.requests.sentAgain", { time: formatDateTime(r.last_sent_at, timeZone), count: r.times_sent })
          : ""}
        {r.withdrawn_at ? (
          <span className="tag"> {t("work.requests.withdrawnAt", { time: formatDateTime(r.withdrawn_at, timeZone) })}</span>
        ) : null}
      </p>
      <p className="muted">
        {t("work.requests.openedReminder", {
          opened: when(r.opened_at),
          reminder: r.reminded_at ? formatDateTime(r.reminded_at, timeZone) : t("work.requests.notSent"),
        })}
      </p>
      {r.message ? <blockquote className="my-message">{r.message}</blockquote> : null}
      <ul className="list-reset request__items">
        {r.items.map((i) => (
          <li key={i.document_id}>
            {i.title}: <DocumentStatus status={i.status} />{" "}
            <span className="muted">
              {i.answered_at
                ? t("work.requests.answered", { time: formatDateTime(i.answered_at, timeZone) })
                : t("work.requests.notAnswered")}
            </span>
          </li>
        ))}
      </ul>
      {r.withdrawn_at ? null : (
        <div className="actions">
          <RowForm id={r.id} className="inline-form">
            <RowButton id={r.id} intent="resend">
              {t("work.requests.sendAgain")}
            </RowButton>
            <RowButton id={r.id} intent="withdraw" danger>
              {t("work.requests.withdraw")}
            </RowButton>
          </RowForm>
        </div>
      )}
    </li>
  );
}

export default function ClientRequests() {
  const { client, documents, access, requests, timeZone } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const form = useSchemaForm(failure);
  const busy = useNavigation().state === "submitting";
  const choices = offered(documents);
  const typedIds = form.typed("document_ids");
  const ticked =
    typedIds !== undefined
      ? new Set(typedIds.split(","))
      : new Set(choices.filter((d) => d.status === "missing" || d.status === "rejected").map((d) => String(d.id)));
  const idsError = form.errors("document_ids")?.[0];
  const archived = Boolean(client.archived_at);
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/clients">{t("work.requests.clients")}</Link> /{" "}
        <Link to={`/clients/${client.id}`}>
          {client.first_name} {client.last_name}
        </Link>
      </p>
      <h1>{t("work.requests.heading", { name: client.first_name })}</h1>
      <p className="lead">
        <Trans
          i18nKey="work.requests.lead"
          values={{ name: client.first_name, email: client.email }}
          components={{ strong: <strong /> }}
        />
      </p>

      {archived ? (
        <p className="notice">{t("work.requests.archived")}</p>
      ) : choices.length ? (
        <Form method="post" className="form" {...form.props} aria-labelledby="ask">
          <h2 id="ask">{t("work.requests.newRequest")}</h2>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="request" />
          <FormError message={form.formError} />
          <fieldset
            className={idsError ? "field field--invalid" : "field"}
            aria-describedby={idsError ? "document_ids-error" : undefined}
          >
            <legend>{t("work.requests.toAskFor")}</legend>
            {choices.map((d, n) => (
              <label key={d.id} className="check">
                <input
                  type="checkbox"
                  name="document_ids"
                  value={d.id}
                  defaultChecked={ticked.has(String(d.id))}
                  autoFocus={Boolean(idsError) && n === 0}
                />{" "}
                {d.title} <DocumentStatus status={d.status} />
              </label>
            ))}
            {idsError ? (
              <p className="field__error" id="document_ids-error">
                {idsError}
              </p>
            ) : null}
          </fieldset>
          <TextAreaField
            label={t("work.requests.word")}
            name="message"
            rows={3}
            maxLength={1000}
            hint={t("work.requests.wordHint")}
            defaultValue={form.typed("message") ?? ""}
            errors={form.errors("message")}
            autoFocusOnError={!idsError}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t("work.requests.sending") : t("work.requests.send")}
          </button>
        </Form>
      ) : (
        <p className="empty-state">
          <Trans i18nKey="work.requests.emptyChecklist" components={{ go: <Link to={`/clients/${client.id}#documents`} /> }} />
        </p>
      )}

      <h2 id="access">{t("work.requests.clientPage")}</h2>
      <dl className="details">
        <div>
          <dt>{t("work.requests.access")}</dt>
          <dd data-testid="client-access">
            {access.state === "open"
              ? t("work.requests.open")
              : access.state === "ended"
                ? t("work.requests.endedByYou")
                : t("work.requests.notOpened")}
          </dd>
        </div>
        <div>
          <dt>{t("work.requests.lastOpened")}</dt>
          <dd>{access.last_sign_in_at ? formatDateTime(access.last_sign_in_at, timeZone) : t("work.requests.never")}</dd>
        </div>
        <div>
          <dt>{t("work.requests.filesSent")}</dt>
          <dd>
            {t("work.requests.files", {
              files: access.uploads.files,
              max: access.uploads.max_files,
              bytes: fileSize(access.uploads.bytes),
              maxBytes: fileSize(access.uploads.max_bytes),
            })}
          </dd>
        </div>
      </dl>
      {access.state === "open" ? (
        <IntentForm
          intent="end-access"
          tone="danger"
          className="inline-form"
          busy={busy}
          after={<p className="muted">{t("work.requests.endNote")}</p>}
        >
          {t("work.requests.endAccess")}
        </IntentForm>
      ) : null}

      <h2 id="requests">{t("work.requests.requests")}</h2>
      {requests.length ? (
        <ol className="list-reset requests">
          {requests.map((r) => (
            <RequestRow key={r.id} r={r} timeZone={timeZone} />
          ))}
        </ol>
      ) : (
        <p className="empty-state">{t("work.requests.none")}</p>
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
