/**
 * Asking a client for documents (issue 24, points 2, 3 and 6): the items of the checklist to ask for (missing and
 * rejected ones first, and checked), a short word, and send; every request with when it was sent, opened and
 * answered per item, sent again or withdrawn; and the client's access to their own page, which the agent can end
 * at once.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ClientDocument, DocumentRequest } from "../../lib/contract";
import { fileSize } from "../../lib/documents";
import { DocumentStatus } from "../components/documents";
import { FormError, TextAreaField } from "../components/form";
import { Toast } from "../components/toasts";
import { apiActionError, apiLoaderError, apiRedirectError, type FormFailure } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { textFields, validateForm } from "../lib/forms.server";
import { routeId } from "../lib/params";
import { documentRequestBody, rowIntent } from "../lib/schemas.server";
import { checkForm, readForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `Ask for documents: ${data.client.first_name} ${data.client.last_name} · Waypoint Consultancy`
      : "Client not found",
  },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const clientId = routeId(params.id);
  const [view, requests] = await Promise.all([
    api.call(endpoints.viewClient, { params: { clientId } }),
    api.call(endpoints.documentRequests, { params: { clientId } }),
  ]).catch((e) => apiLoaderError(e, request, context));
  return { client: view.client, documents: view.documents, ...requests, timeZone: agent.time_zone };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAgent(request, context);
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
        message: `Request sent: ${sent.items.map((i) => i.title).join(", ")}.`,
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
        message: intent === "resend" ? "Request sent again, with a new link." : "Request withdrawn: its links no longer work.",
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
        message: "Access ended: every link and session of the client's has stopped working.",
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

function RequestRow({ r, timeZone, busy }: { r: DocumentRequest; timeZone: string; busy: boolean }) {
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timeZone) : "not yet");
  return (
    <li className="card request" data-testid={`request-${r.id}`}>
      <p>
        <strong>Sent {formatDateTime(r.created_at, timeZone)}</strong>
        {r.times_sent > 1 ? `, sent again ${formatDateTime(r.last_sent_at, timeZone)} (${r.times_sent} times in all)` : ""}
        {r.withdrawn_at ? <span className="tag"> Withdrawn {formatDateTime(r.withdrawn_at, timeZone)}</span> : null}
      </p>
      <p className="muted">
        Opened: {when(r.opened_at)} · Reminder: {r.reminded_at ? formatDateTime(r.reminded_at, timeZone) : "not sent"}
      </p>
      {r.message ? <blockquote className="my-message">{r.message}</blockquote> : null}
      <ul className="list-reset request__items">
        {r.items.map((i) => (
          <li key={i.document_id}>
            {i.title}: <DocumentStatus status={i.status} />{" "}
            <span className="muted">
              {i.answered_at ? `answered ${formatDateTime(i.answered_at, timeZone)}` : "not answered"}
            </span>
          </li>
        ))}
      </ul>
      {r.withdrawn_at ? null : (
        <div className="actions">
          <Form method="post" className="inline-form">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="id" value={r.id} />
            <button type="submit" className="button button--small button--ghost" disabled={busy}>
              Send again
            </button>
          </Form>
          <Form method="post" className="inline-form">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="withdraw" />
            <input type="hidden" name="id" value={r.id} />
            <button type="submit" className="button button--small button--danger" disabled={busy}>
              Withdraw
            </button>
          </Form>
        </div>
      )}
    </li>
  );
}

export default function ClientRequests() {
  const { client, documents, access, requests, timeZone } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const choices = offered(documents);
  const ticked =
    failure?.values?.document_ids !== undefined
      ? new Set(failure.values.document_ids.split(","))
      : new Set(choices.filter((d) => d.status === "missing" || d.status === "rejected").map((d) => String(d.id)));
  const idsError = failure?.fieldErrors?.document_ids?.[0];
  const archived = Boolean(client.archived_at);
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/clients">Clients</Link> /{" "}
        <Link to={`/clients/${client.id}`}>
          {client.first_name} {client.last_name}
        </Link>
      </p>
      <h1>Ask {client.first_name} for documents</h1>
      <p className="lead">
        {client.first_name} gets an e-mail at <strong>{client.email}</strong> with a link to a page of their own, where they send
        the files. The link works once, for 7 days; a reminder goes once after 3 days if something is still missing.
      </p>

      {archived ? (
        <p className="notice">This client is archived: no new request can be sent.</p>
      ) : choices.length ? (
        <Form method="post" className="form" noValidate aria-labelledby="ask">
          <h2 id="ask">New request</h2>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="request" />
          <FormError message={failure?.formError} />
          <fieldset
            className={idsError ? "field field--invalid" : "field"}
            aria-describedby={idsError ? "document_ids-error" : undefined}
          >
            <legend>Documents to ask for</legend>
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
            label="A word for the client (optional)"
            name="message"
            rows={3}
            maxLength={1000}
            hint="e.g. the photo page of your passport, and your CV in English."
            defaultValue={failure?.values?.message ?? ""}
            errors={failure?.fieldErrors?.message}
            autoFocusOnError={!idsError}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Sending…" : "Send the request"}
          </button>
        </Form>
      ) : (
        <p className="empty-state">
          The checklist is empty: add a document on <Link to={`/clients/${client.id}#documents`}>the client&apos;s page</Link>{" "}
          first.
        </p>
      )}

      <h2 id="access">The client&apos;s page</h2>
      <dl className="details">
        <div>
          <dt>Access</dt>
          <dd data-testid="client-access">
            {access.state === "open" ? "Open" : access.state === "ended" ? "Ended by you" : "Not opened yet (no request sent)"}
          </dd>
        </div>
        <div>
          <dt>Last opened</dt>
          <dd>{access.last_sign_in_at ? formatDateTime(access.last_sign_in_at, timeZone) : "never"}</dd>
        </div>
        <div>
          <dt>Files sent</dt>
          <dd>
            {access.uploads.files} of {access.uploads.max_files} ({fileSize(access.uploads.bytes)} of{" "}
            {fileSize(access.uploads.max_bytes)})
          </dd>
        </div>
      </dl>
      {access.state === "open" ? (
        <Form method="post" className="inline-form">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="end-access" />
          <button type="submit" className="button button--danger" disabled={busy}>
            End access now
          </button>
          <p className="muted">Every link and session of the client&apos;s stops at once. A new request opens it again.</p>
        </Form>
      ) : null}

      <h2 id="requests">Requests</h2>
      {requests.length ? (
        <ol className="list-reset requests">
          {requests.map((r) => (
            <RequestRow key={r.id} r={r} timeZone={timeZone} busy={busy} />
          ))}
        </ol>
      ) : (
        <p className="empty-state">No request sent yet.</p>
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}
