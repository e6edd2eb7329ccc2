/**
 * One document of a client's case file: what it is and why it is needed, its state and expiry, the current file
 * (download, accept), an upload form (a new file replaces the current one; every earlier file is kept and listed).
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { expiryWindow, fileSize } from "../../../../lib/documents";
import { documentPath, DocumentStatus, downloadPath, Expiry } from "../../../components/ui/document-status";
import { Field, FormError, TextAreaField } from "../../../components/ui/fields";
import { useSchemaForm } from "../../../components/ui/form";
import { UploadForm } from "../../../components/ui/upload-form";
import { apiActionError, apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { formatDateTime } from "../../../lib/dates";
import { receiveUpload } from "../../../lib/documents.server";
import { endpoints } from "../../../lib/endpoints.server";
import { AuthenticityTokenInput, companyOf, orErrorTitle, Toast, useTranslation } from "../../../lib/every-page";
import { textFields, validateForm, type FormFailure, forForm } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";
import { documentExpiryBody, documentRejectBody, rowIntent } from "../../../lib/schemas.server";
import { checkForm, readForm } from "../../../lib/security.server";
import { redirectWithToast } from "../../../lib/toast.server";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Document not found" },
]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const document = await api
    .call(endpoints.clientDocument, { params: { clientId: routeId(params.id), documentId: routeId(params.docId) } })
    .catch((e) => apiLoaderError(e, request, context));
  return {
    document,
    timeZone: agent.time_zone,
    ...expiryWindow(new Date(), agent.time_zone),
    title: workspaceT("work.document.title", { title: document.title, client: document.client_name }),
  };
}

/** The action's schemas, checked in the browser too (fetched on a form's first focus). */
const documents = () => import("../../../../lib/contract/documents");
const rejectCheck = { schema: () => documents().then((m) => m.documentRejectBody), fields: ["intent", "file_id", "reason"] };
const expiryCheck = { schema: () => documents().then((m) => m.documentExpiryBody), fields: ["intent", "expires_on"] };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const clientId = routeId(params.id);
  const documentId = routeId(params.docId);
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    return receiveUpload(request, context, clientId, documentId);
  }
  const { api } = await requireAccount(request, context, ["agent"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const here = documentPath(clientId, documentId);
  if (formData.get("intent") === "reject") {
    const values = textFields(formData, rejectCheck.fields);
    const { data, failure } = validateForm(documentRejectBody, values);
    if (failure) return forForm(failure, "reject");
    try {
      const doc = await api.call(endpoints.rejectDocument, { params: { clientId, documentId }, body: data });
      return await redirectWithToast(request, context, here, {
        type: "success",
        message: workspaceT("work.document.rejected", { title: doc.title }),
      });
    } catch (error) {
      return forForm(await apiActionError(error, request, context, values), "reject");
    }
  }
  if (formData.get("intent") === "accept") {
    const { data, failure } = validateForm(rowIntent("accept"), textFields(formData, ["intent", "id"]));
    if (failure) return forForm(failure, "accept");
    try {
      const doc = await api.call(endpoints.acceptDocument, { params: { clientId, documentId }, body: { file_id: data.id } });
      return await redirectWithToast(request, context, here, {
        type: "success",
        message: workspaceT("work.document.accepted", { title: doc.title }),
      });
    } catch (error) {
      return forForm(await apiActionError(error, request, context, {}), "accept");
    }
  }
  const values = textFields(formData, expiryCheck.fields);
  const { data, failure } = validateForm(documentExpiryBody, values);
  if (failure) return forForm(failure, "expiry");
  try {
    const doc = await api.call(endpoints.setDocumentExpiry, {
      params: { clientId, documentId },
      body: { expires_on: data.expires_on ?? null },
    });
    return await redirectWithToast(request, context, here, {
      type: "success",
      message: doc.expires_on
        ? workspaceT("work.document.expiresOn", { title: doc.title, date: doc.expires_on })
        : workspaceT("work.document.noExpiry", { title: doc.title }),
    });
  } catch (error) {
    return forForm(await apiActionError(error, request, context, values), "expiry");
  }
}

export default function DocumentPage() {
  const { document: d, timeZone, today, horizon } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const here = documentPath(d.client_id, d.id);
  // A refusal names its form (forForm); the upload's name none.
  const acceptForm = useSchemaForm(failure, { form: "accept" });
  const rejectForm = useSchemaForm(failure, { form: "reject", check: rejectCheck });
  const expiryForm = useSchemaForm(failure, { form: "expiry", check: expiryCheck });
  const uploadFailure = failure?.form ? undefined : failure;
  // The current upload: its first file and the pages added to it (a CV sent as two files), in the order sent.
  const root = d.file ? (d.file.part_of ?? d.file.id) : null;
  const current = d.files.filter((f) => root !== null && (f.id === root || f.part_of === root)).reverse();
  const earlier = d.files.filter((f) => !current.includes(f));
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/clients">{t("work.document.clients")}</Link> /{" "}
        <Link to={`/clients/${d.client_id}#documents`}>{d.client_name}</Link>
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
          <dt>{t("work.document.client")}</dt>
          <dd>
            <Link to={`/clients/${d.client_id}`}>{d.client_name}</Link>
          </dd>
        </div>
        <div>
          <dt>{t("work.document.neededFor")}</dt>
          <dd>{d.service ?? t("work.document.addedByYou")}</dd>
        </div>
        <div>
          <dt>{t("work.document.expires")}</dt>
          <dd>
            {d.file || d.expires_on ? (
              <Expiry on={d.expires_on} today={today} horizon={horizon} />
            ) : (
              <span className="muted">{t("work.document.expirySetLater")}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t("work.document.acceptedAt")}</dt>
          <dd>{d.accepted_at ? formatDateTime(d.accepted_at, timeZone) : "—"}</dd>
        </div>
      </dl>

      <h2>{current.length > 1 ? t("work.document.currentUpload", { count: current.length }) : t("work.document.currentFile")}</h2>
      {d.rejection ? (
        <p className="notice notice--error" data-testid="rejection">
          {t("work.document.rejectedAt", { time: formatDateTime(d.rejection.at, timeZone), reason: d.rejection.reason })}
        </p>
      ) : null}
      {d.file ? (
        <div className="document-file">
          <ul className="list-reset">
            {current.map((f) => (
              <li key={f.id}>
                <a href={downloadPath(d.client_id, d.id, f.id)} download>
                  <strong>{f.file_name}</strong>
                </a>
                <span className="muted">
                  {" "}
                  · {fileSize(f.size_bytes)} · {t("work.document.uploaded", { time: formatDateTime(f.uploaded_at, timeZone) })}
                </span>
                {f.from_client ? <span className="tag tag--client"> {t("work.document.fromClient")}</span> : null}
                {d.status === "uploaded" ? (
                  <Preview file={f} href={`${downloadPath(d.client_id, d.id, f.id)}?preview=1`} />
                ) : null}
              </li>
            ))}
          </ul>
          {d.status === "uploaded" ? (
            <div className="actions">
              <Form method="post" className="inline-form" {...acceptForm.props}>
                <AuthenticityTokenInput />
                <FormError message={acceptForm.formError} />
                <input type="hidden" name="intent" value="accept" />
                <input type="hidden" name="id" value={d.file.id} />
                <button type="submit" className="button button--primary" disabled={busy}>
                  {current.length > 1 ? t("work.document.acceptMany") : t("work.document.acceptOne")}
                </button>
              </Form>
            </div>
          ) : null}
          {d.status === "uploaded" ? (
            <Form method="post" className="form reject-form" {...rejectForm.props} aria-labelledby="reject">
              <h3 id="reject">{current.length > 1 ? t("work.document.rejectMany") : t("work.document.rejectOne")}</h3>
              <AuthenticityTokenInput />
              <input type="hidden" name="intent" value="reject" />
              <input type="hidden" name="file_id" value={d.file.id} />
              <FormError message={rejectForm.formError} />
              <TextAreaField
                label={t("work.document.why")}
                id="reject-reason"
                rows={2}
                maxLength={500}
                hint={t("work.document.whyHint")}
                {...rejectForm.field("reason")}
              />
              <button type="submit" className="button button--danger" disabled={busy}>
                {t("work.document.reject")}
              </button>
            </Form>
          ) : null}
        </div>
      ) : (
        <p className="empty-state">{t("work.document.noFile")}</p>
      )}

      <h2 id="upload">{d.file ? t("work.document.uploadNew") : t("work.document.upload")}</h2>
      {d.file ? <p className="muted">{t("work.document.replaces")}</p> : null}
      <UploadForm
        action={here}
        uploadUrl={`${here}/upload`}
        failure={uploadFailure}
        // The first upload may say when the paper expires; once there is a file, its own form below does.
        expiresOn={d.file ? undefined : d.expires_on}
        title={d.title}
      />

      {/* One expiry field on the page: with the first upload, or here once there is a file (the date is the paper's). */}
      {d.file ? (
        <>
          <h2 id="expiry">{t("work.document.expiryHeading")}</h2>
          <Form method="post" className="form" {...expiryForm.props} aria-labelledby="expiry">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="expiry" />
            <FormError message={expiryForm.formError} />
            <Field
              label={t("work.document.expiresOnLabel")}
              id="expiry-expires_on"
              type="date"
              {...expiryForm.field("expires_on", d.expires_on ?? "")}
              hint={t("work.document.expiryHint")}
            />
            <button type="submit" className="button button--ghost" disabled={busy}>
              {t("work.document.saveExpiry")}
            </button>
          </Form>
        </>
      ) : null}

      {earlier.length ? (
        <>
          <h2>{t("work.document.earlier")}</h2>
          <ul className="list-reset earlier-files">
            {earlier.map((f) => (
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

/**
 * A file to review before accepting it, in the page: an image as itself, a PDF in a frame (served inline after the
 * same checks as a download: lib/download.ts); anything else only as the link above.
 */
function Preview({ file, href }: { file: { file_name: string; content_type: string }; href: string }) {
  const { t } = useTranslation();
  const label = t("work.document.preview", { name: file.file_name });
  if (file.content_type === "image/png" || file.content_type === "image/jpeg") {
    return (
      <figure className="doc-preview" data-testid="doc-preview">
        <img src={href} alt={label} loading="lazy" />
      </figure>
    );
  }
  if (file.content_type === "application/pdf") {
    return (
      <figure className="doc-preview" data-testid="doc-preview">
        {/* Not sandboxed: Chrome draws no PDF in a sandboxed frame; the file is served as a PDF only (lib/download.ts). */}
        <iframe src={href} title={label} loading="lazy" />
      </figure>
    );
  }
  return null;
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
