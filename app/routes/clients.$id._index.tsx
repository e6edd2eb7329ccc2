import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { clientLanguageLabels, clientStatusLabels } from "../../lib/client-fields";
import type { TimelineEntry } from "../../lib/contract";
import { expiryWindow } from "../../lib/documents";
import { AttentionList } from "../components/attention-list";
import { CartTable, cartTotals } from "../components/cart-items";
import { DocumentChecklist } from "../components/documents";
import { Field, FormError, TextAreaField } from "../components/form";
import { JoinLink } from "../components/join-link";
import { Toast } from "../components/toasts";
import { apiActionError, apiLoaderError, type FormFailure } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { countryName } from "../lib/countries";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { textFields, validateForm } from "../lib/forms.server";
import { routeId } from "../lib/params";
import { documentAddBody, noteBody } from "../lib/schemas.server";
import { checkForm, readForm } from "../lib/security.server";
import { loadSite } from "../lib/site.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.client.first_name} ${data.client.last_name} · Waypoint Consultancy` : "Client not found" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const id = routeId(params.id);
  const [view, countries, requests] = await Promise.all([
    api.call(endpoints.viewClient, { params: { clientId: id } }),
    api.countries(),
    api.call(endpoints.documentRequests, { params: { clientId: id } }),
  ]).catch((e) => apiLoaderError(e, request, context));
  const cutoffHours = (await loadSite(context)).cancel_cutoff_hours;
  const open = requests.requests.filter((r) => !r.withdrawn_at).length;
  return {
    ...view,
    access: { ...requests.access, open },
    countries,
    timeZone: agent.time_zone,
    now: new Date().toISOString(),
    cutoffHours,
  };
}

/** A note on the client (append-only: a correction is a new note), or a document added to the checklist. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAgent(request, context);
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  if (formData.get("intent") === "add-document") {
    const values = textFields(formData, ["intent", "title"]);
    const { data, failure } = validateForm(documentAddBody, values);
    if (failure) return failure;
    try {
      const doc = await api.call(endpoints.addDocument, { params: { clientId: id }, body: { title: data.title } });
      return await redirectWithToast(request, context, `/clients/${id}/documents/${doc.id}`, {
        type: "success",
        message: `${doc.title} added to the checklist.`,
      });
    } catch (error) {
      return apiActionError(error, request, context, values);
    }
  }
  const values = textFields(formData, ["body"]);
  const { data, failure } = validateForm(noteBody, values);
  if (failure) return failure;
  try {
    await api.call(endpoints.addNote, { params: { clientId: id }, body: { body: data.body } });
    return await redirectWithToast(request, context, `/clients/${id}#timeline`, { type: "success", message: "Note added." });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}

const kindLabels: Record<string, string> = {
  note: "Note",
  "client.created": "Added",
  "client.edited": "Edited",
  "client.archived": "Archived",
  "cart.added": "Cart",
  "cart.removed": "Cart",
  "order.paid": "Paid",
  "session.booked": "Session",
  "session.cancelled": "Session",
  "session.held": "Session",
  "session.no_show": "Session",
  "session.moved": "Session",
  "session.move_requested": "Session",
  "refund.due": "Refund",
  "refund.done": "Refund",
  "document.requested": "Documents",
  "document.added": "Documents",
  "document.uploaded": "Document",
  "document.accepted": "Document",
  "document.expiry": "Document",
  "document.expiring": "Expiry",
  "document.rejected": "Document",
  "request.sent": "Request",
  "request.withdrawn": "Request",
  "client.signed_in": "Client's page",
  "client.access_ended": "Client's page",
  "client.erased": "Erased",
};

function refLink(ref: string | null, clientId: number) {
  const [kind, id] = (ref ?? "").split(":");
  if (kind === "document" && id) return { to: `/clients/${clientId}/documents/${id}`, label: "The document" };
  if (kind === "order" && id) return { to: `/orders/${id}`, label: `Order ${id}` };
  if (kind === "booking") return { to: "/bookings", label: "Mentor sessions" };
  if (kind === "request") return { to: `/clients/${clientId}/requests`, label: "The requests" };
  return null;
}

function Timeline({ entries, timeZone, clientId }: { entries: TimelineEntry[]; timeZone: string; clientId: number }) {
  if (!entries.length) return <p className="empty-state">Nothing yet.</p>;
  return (
    <ol className="timeline list-reset" data-testid="timeline">
      {entries.map((e) => {
        const link = refLink(e.ref, clientId);
        return (
          <li key={e.id} className={e.kind === "note" ? "timeline__item timeline__item--note" : "timeline__item"}>
            <p className="muted timeline__when">
              <time dateTime={e.at}>{formatDateTime(e.at, timeZone)}</time> · {kindLabels[e.kind] ?? e.kind}
              {e.author ? ` · ${e.author}` : ""}
            </p>
            <p className={e.kind === "note" ? "notes" : undefined}>
              {e.summary}
              {link ? (
                <>
                  {" "}
                  <Link to={link.to}>{link.label}</Link>
                </>
              ) : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

export default function ClientPage() {
  const { client, cart, timeline, attention, documents, sessions, countries, timeZone, now, cutoffHours, access } =
    useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  // Which form failed: the document form sends its intent back with what was typed.
  const documentFailure = failure?.values?.intent === "add-document" ? failure : undefined;
  const noteFailure = documentFailure ? undefined : failure;
  const { today, horizon } = expiryWindow(new Date(now), timeZone);
  const busy = useNavigation().state === "submitting";
  const location = useLocation();
  const rows: Array<[string, string]> = [
    ["Email", client.email],
    ["Phone", client.phone ?? "—"],
    ["Time zone", client.time_zone ?? `Yours (${timeZone})`],
    ["Language", clientLanguageLabels[client.language] ?? client.language],
    ["Nationality", countryName(countries, client.nationality)],
    ["Current country", countryName(countries, client.current_country)],
    ["Destination country", countryName(countries, client.destination_country)],
    ["Date of birth", client.date_of_birth ?? "—"],
    ["Passport number", client.passport_number ?? "—"],
    ["Status", clientStatusLabels[client.status]],
  ];
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/clients">Clients</Link>
      </p>
      <div className="page-head">
        <h1>
          {client.first_name} {client.last_name}
        </h1>
        <div className="actions">
          <Link to={`/clients/${client.id}/plans`} className="button button--primary">
            Service plans
          </Link>
          <Link to={`/mentors?client=${client.id}`} className="button button--ghost">
            Book a mentor
          </Link>
          <Link to={`/joblist?client=${client.id}`} className="button button--ghost">
            Place on a job
          </Link>
          <Link to={`/relocation?client=${client.id}`} className="button button--ghost">
            Relocation package
          </Link>
          <Link to={`/clients/${client.id}#documents`} className="button button--ghost">
            Documents
          </Link>
          <Link to={`/clients/${client.id}/edit`} className="button button--ghost">
            Edit
          </Link>
          <Link to={`/clients/${client.id}/delete`} className="button button--danger">
            Delete
          </Link>
        </div>
      </div>
      {attention.length ? (
        <>
          <h2>Needs your attention</h2>
          <AttentionList items={attention} timeZone={timeZone} showClient={false} empty="" />
        </>
      ) : null}
      <dl className="details">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {client.notes ? (
        <>
          <h2>Notes</h2>
          <p className="notes">{client.notes}</p>
        </>
      ) : null}
      <h2 id="documents">Documents</h2>
      <DocumentChecklist clientId={client.id} documents={documents} timeZone={timeZone} today={today} horizon={horizon} />
      <div className="client-access">
        <p data-testid="client-access-summary">
          {access.state === "open"
            ? `${client.first_name}'s own page is open${access.last_sign_in_at ? `, last opened ${formatDateTime(access.last_sign_in_at, timeZone)}` : ", not opened yet"}; ${access.open === 1 ? "1 request" : `${access.open} requests`} open.`
            : access.state === "ended"
              ? `You ended ${client.first_name}'s access to their own page.`
              : `${client.first_name} sends documents on a page of their own once you ask for them.`}
        </p>
        {client.archived_at ? null : (
          <Link to={`/clients/${client.id}/requests`} className="button button--primary">
            Ask the client for documents
          </Link>
        )}
      </div>
      <Form
        method="post"
        className="form form--inline add-document"
        noValidate
        key={documentFailure ? "failed-document" : `document-${location.key}`}
        aria-label="Add a document to the checklist"
      >
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="add-document" />
        <FormError message={documentFailure?.formError} />
        <Field
          label="Another document"
          name="title"
          id="document-title"
          maxLength={80}
          placeholder="e.g. Offer letter"
          hint="Add it to the checklist, then upload it."
          defaultValue={documentFailure?.values?.title ?? ""}
          errors={documentFailure?.fieldErrors?.title}
          autoFocusOnError
        />
        <button type="submit" className="button button--ghost" disabled={busy}>
          Add to the checklist
        </button>
      </Form>
      {sessions.length ? (
        <>
          <h2 id="sessions">Sessions to come</h2>
          <ul className="list-reset session-list">
            {sessions.map((b) => (
              <li key={b.id} data-testid={`client-session-${b.id}`}>
                <strong>{formatDateTime(b.start_at, timeZone)}</strong> with{" "}
                <Link to={`/mentors/${b.mentor_id}`}>{b.mentor_name}</Link>: {b.topic}.{" "}
                {b.status === "held" ? <span className="muted">Held until it is paid.</span> : <JoinLink url={b.join_url} />}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>In the cart for {client.first_name}</h2>
      {cart.length ? (
        <>
          <CartTable items={cart} removable timeZone={timeZone} now={now} cutoffHours={cutoffHours} />
          <p className="cart-total">
            Total: <strong>{cartTotals(cart).join(" + ")}</strong>
          </p>
        </>
      ) : (
        <p className="empty-state">
          Nothing yet. Choose a <Link to={`/clients/${client.id}/plans`}>service plan</Link>, a{" "}
          <Link to={`/joblist?client=${client.id}`}>job</Link> or a{" "}
          <Link to={`/relocation?client=${client.id}`}>relocation package</Link>.
        </p>
      )}
      <h2 id="timeline">What happened</h2>
      <Form
        method="post"
        className="form note-form"
        noValidate
        key={noteFailure ? "failed" : location.key}
        aria-labelledby="timeline"
      >
        <AuthenticityTokenInput />
        <FormError message={noteFailure?.formError} />
        <TextAreaField
          label="Add a note"
          name="body"
          rows={3}
          maxLength={2000}
          hint="Notes are kept as written: to correct one, add another."
          defaultValue={noteFailure?.values?.body ?? ""}
          errors={noteFailure?.fieldErrors?.body}
          autoFocusOnError
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Saving…" : "Add note"}
        </button>
      </Form>
      <Timeline entries={timeline} timeZone={timeZone} clientId={client.id} />
      <Toast toast={failure?.toast} />
    </section>
  );
}
