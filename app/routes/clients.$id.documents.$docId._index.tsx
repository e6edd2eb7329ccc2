/**
 * One document of a client's case file: what it is and why it is needed, its state and expiry, the current file
 * (download, accept), an upload form (a new file replaces the current one; every earlier file is kept and listed).
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { expiryWindow, fileSize } from "../../lib/documents";
import { documentPath, DocumentStatus, downloadPath, Expiry, UploadForm } from "../components/documents";
import { Field, FormError } from "../components/form";
import { Toast } from "../components/toasts";
import { apiActionError, apiLoaderError, type FormFailure } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { formatDateTime } from "../lib/dates";
import { receiveUpload } from "../lib/documents.server";
import { endpoints } from "../lib/endpoints.server";
import { textFields, validateForm } from "../lib/forms.server";
import { routeId } from "../lib/params";
import { documentExpiryBody, rowIntent } from "../lib/schemas.server";
import { checkForm, readForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.document.title}: ${data.document.client_name} · Waypoint Consultancy` : "Document not found" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const document = await api
    .call(endpoints.clientDocument, { params: { clientId: routeId(params.id), documentId: routeId(params.docId) } })
    .catch((e) => apiLoaderError(e, request, context));
  return { document, timeZone: agent.time_zone, ...expiryWindow(new Date(), agent.time_zone) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const clientId = routeId(params.id);
  const documentId = routeId(params.docId);
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    return receiveUpload(request, context, clientId, documentId);
  }
  const { api } = await requireAgent(request, context);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const here = documentPath(clientId, documentId);
  if (formData.get("intent") === "accept") {
    const { data, failure } = validateForm(rowIntent("accept"), textFields(formData, ["intent", "id"]));
    if (failure) return failure;
    try {
      const doc = await api.call(endpoints.acceptDocument, { params: { clientId, documentId }, body: { file_id: data.id } });
      return await redirectWithToast(request, context, here, { type: "success", message: `${doc.title} accepted.` });
    } catch (error) {
      return apiActionError(error, request, context, {});
    }
  }
  const values = textFields(formData, ["intent", "expires_on"]);
  const { data, failure } = validateForm(documentExpiryBody, values);
  if (failure) return failure;
  try {
    const doc = await api.call(endpoints.setDocumentExpiry, {
      params: { clientId, documentId },
      body: { expires_on: data.expires_on ?? null },
    });
    return await redirectWithToast(request, context, here, {
      type: "success",
      message: doc.expires_on ? `${doc.title}: expires on ${doc.expires_on}.` : `${doc.title}: no expiry date.`,
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}

export default function DocumentPage() {
  const { document: d, timeZone, today, horizon } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const here = documentPath(d.client_id, d.id);
  // Which form failed: the expiry form sends its intent back with what was typed.
  const expiryFailure = failure?.values?.intent === "expiry" ? failure : undefined;
  const uploadFailure = expiryFailure ? undefined : failure;
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/clients">Clients</Link> / <Link to={`/clients/${d.client_id}#documents`}>{d.client_name}</Link>
      </p>
      <div className="page-head">
        <h1>
          {d.title}
          <span className="visually-hidden">: {d.client_name}</span>
        </h1>
        <DocumentStatus status={d.status} />
      </div>
      <dl className="details">
        <div>
          <dt>Client</dt>
          <dd>
            <Link to={`/clients/${d.client_id}`}>{d.client_name}</Link>
          </dd>
        </div>
        <div>
          <dt>Needed for</dt>
          <dd>{d.service ?? "Added by you"}</dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>
            <Expiry on={d.expires_on} today={today} horizon={horizon} />
          </dd>
        </div>
        <div>
          <dt>Accepted</dt>
          <dd>{d.accepted_at ? formatDateTime(d.accepted_at, timeZone) : "—"}</dd>
        </div>
      </dl>

      <h2>Current file</h2>
      {d.file ? (
        <div className="document-file">
          <p>
            <strong>{d.file.file_name}</strong>
            <span className="muted">
              {" "}
              · {fileSize(d.file.size_bytes)} · uploaded {formatDateTime(d.file.uploaded_at, timeZone)}
            </span>
          </p>
          <div className="actions">
            <a href={downloadPath(d.client_id, d.id, d.file.id)} className="button button--ghost" download>
              Download
            </a>
            {d.status === "uploaded" ? (
              <Form method="post" className="inline-form">
                <AuthenticityTokenInput />
                <input type="hidden" name="intent" value="accept" />
                <input type="hidden" name="id" value={d.file.id} />
                <button type="submit" className="button button--primary" disabled={busy}>
                  Accept this file
                </button>
              </Form>
            ) : null}
          </div>
        </div>
      ) : (
        <p className="empty-state">No file yet.</p>
      )}

      <h2 id="upload">{d.file ? "Upload a new file" : "Upload the file"}</h2>
      {d.file ? <p className="muted">The new file replaces the current one; earlier files are kept below.</p> : null}
      <UploadForm action={here} uploadUrl={`${here}/upload`} failure={uploadFailure} expiresOn={d.expires_on} title={d.title} />

      <h2 id="expiry">Expiry date</h2>
      <Form method="post" className="form" noValidate aria-labelledby="expiry">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="expiry" />
        <FormError message={expiryFailure?.formError} />
        <Field
          label="Expires on"
          name="expires_on"
          id="expiry-expires_on"
          type="date"
          defaultValue={expiryFailure?.values?.expires_on ?? d.expires_on ?? ""}
          errors={expiryFailure?.fieldErrors?.expires_on}
          hint="Leave it empty for a document that does not expire."
          autoFocusOnError
        />
        <button type="submit" className="button button--ghost" disabled={busy}>
          Save the expiry date
        </button>
      </Form>

      {d.files.length > 1 ? (
        <>
          <h2>Earlier files</h2>
          <ul className="list-reset earlier-files">
            {d.files.slice(1).map((f) => (
              <li key={f.id}>
                <a href={downloadPath(d.client_id, d.id, f.id)} download>
                  {f.file_name}
                </a>
                <span className="muted">
                  {" "}
                  · {fileSize(f.size_bytes)} · {formatDateTime(f.uploaded_at, timeZone)}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Toast toast={failure?.toast} />
    </section>
  );
}
