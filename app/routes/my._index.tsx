/**
 * The client's own page (issue 24, point 4): what their agent asks of them and what they sent (uploaded, accepted,
 * or rejected with the agent's reason), a form to send files into each document (several at once; with JavaScript,
 * with progress), their upcoming mentor sessions in their own zone with the join link and a calendar file, and who
 * their agent is. Nothing else of the portal: no prices, orders, notes or other clients.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { fileSize, MAX_FILES_PER_UPLOAD } from "../../lib/documents";
import { DocumentStatus, UploadForm } from "../components/documents";
import { JoinLink } from "../components/join-link";
import { Toast } from "../components/toasts";
import { apiLoaderError, type FormFailure } from "../lib/api.server";
import { requireClient } from "../lib/auth.server";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { receiveMyUpload } from "../lib/my-upload.server";
import { routeId } from "../lib/params";

export const meta: MetaFunction = () => [{ title: "Your page · Waypoint Consultancy" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireClient(request, context);
  return api.call(endpoints.myCase).catch((e) => apiLoaderError(e, request, context));
}

/** The upload forms' own post (no JavaScript): `?document=` names the document. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireClient(request, context);
  const documentId = routeId(new URL(request.url).searchParams.get("document") ?? undefined);
  return receiveMyUpload(request, context, documentId);
}

export default function MyPage() {
  const { client, agent, messages, documents, sessions, uploads } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const zone = client.time_zone;
  const asked = documents.filter((d) => d.asked);
  return (
    <section className="container page my-page">
      <h1>Hello {client.first_name}</h1>
      <p className="lead">
        {asked.length
          ? `Your agent is waiting for ${asked.length === 1 ? "one document" : `${asked.length} documents`} from you.`
          : "Your agent is not waiting for anything from you right now."}
      </p>

      <aside className="card my-agent" aria-labelledby="my-agent">
        <h2 id="my-agent">Your agent</h2>
        <p>
          <strong>{agent.name}</strong>
          <br />
          <a href={`mailto:${agent.email}`}>{agent.email}</a>
        </p>
        {messages.length ? (
          <blockquote className="my-message">
            <p>{messages[0]!.text}</p>
            <footer className="muted">
              {agent.name}, {formatDateTime(messages[0]!.at, zone)}
            </footer>
          </blockquote>
        ) : null}
      </aside>

      <h2 id="documents">Your documents</h2>
      {documents.length ? (
        <ul className="list-reset my-documents">
          {documents.map((d) => {
            const mine = failure?.values?.document_id === String(d.id) ? failure : undefined;
            return (
              <li key={d.id} id={`document-${d.id}`} className="card my-document">
                <div className="my-document__head">
                  <h3>{d.title}</h3>
                  <DocumentStatus status={d.status} />
                  {d.asked ? <span className="tag tag--asked">Asked by your agent</span> : null}
                </div>
                {d.reject_reason ? (
                  <p className="notice notice--error">
                    <strong>Not accepted:</strong> {d.reject_reason} Please send it again.
                  </p>
                ) : null}
                {d.files.length ? (
                  <ul className="list-reset my-files" aria-label={`Files you sent for ${d.title}`}>
                    {d.files.map((f) => (
                      <li key={f.id}>
                        <a href={`/my/documents/${d.id}/files/${f.id}`} download>
                          {f.file_name}
                        </a>
                        <span className="muted">
                          {" "}
                          · {fileSize(f.size_bytes)} · sent {formatDateTime(f.uploaded_at, zone)}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {d.status === "accepted" ? (
                  <p className="muted">Accepted by your agent: nothing more is needed.</p>
                ) : (
                  <UploadForm
                    action={`/my?index&document=${d.id}`}
                    uploadUrl={`/my/documents/${d.id}/upload`}
                    failure={mine}
                    title={d.title}
                    multiple={MAX_FILES_PER_UPLOAD}
                    idPrefix={`document-${d.id}-`}
                    hidden={{ document_id: String(d.id) }}
                    label={d.status === "uploaded" ? "Send a new version" : "Files"}
                  />
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="empty-state">Your agent has not asked you for any documents yet.</p>
      )}
      <p className="muted" data-testid="my-uploads">
        You have sent {uploads.files} of {uploads.max_files} files ({fileSize(uploads.bytes)} of {fileSize(uploads.max_bytes)}).
      </p>

      <h2 id="sessions">Your upcoming sessions</h2>
      {sessions.length ? (
        <ul className="list-reset my-sessions">
          {sessions.map((s) => (
            <li key={s.id} className="card">
              <p>
                <strong>{formatDateTime(s.start_at, zone)}</strong> <span className="muted">({zone})</span>
              </p>
              <p>
                With {s.mentor_name}: {s.topic}
              </p>
              <div className="actions">
                <JoinLink url={s.join_url} />
                <a href={`/my/sessions/${s.id}/invite.ics`} className="button button--small button--ghost" download>
                  Add to calendar
                </a>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">No sessions booked for you.</p>
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}
