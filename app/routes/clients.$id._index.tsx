import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { clientStatusLabels } from "../../lib/client-fields";
import type { TimelineEntry } from "../../lib/contract";
import { AttentionList } from "../components/attention-list";
import { CartTable, cartTotals } from "../components/cart-items";
import { FormError, TextAreaField } from "../components/form";
import { Toast } from "../components/toasts";
import { apiActionError, apiLoaderError, type FormFailure } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { countryName } from "../lib/countries";
import { formatDateTime } from "../lib/dates";
import { textFields, validateForm } from "../lib/forms.server";
import { routeId } from "../lib/params";
import { noteBody } from "../lib/schemas.server";
import { checkForm, readForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.client.first_name} ${data.client.last_name} · Waypoint Consultancy` : "Client not found" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const id = routeId(params.id);
  const [view, countries] = await Promise.all([api.viewClient(id), api.countries()]).catch((e) => apiLoaderError(e, request));
  return json({ ...view, countries, timeZone: agent.time_zone, now: new Date().toISOString() });
}

/** A note on the client (append-only: a correction is a new note). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAgent(request, context);
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const values = textFields(formData, ["body"]);
  const { data, failure } = validateForm(noteBody, values);
  if (failure) return failure;
  try {
    await api.addNote(id, data.body);
    return await redirectWithToast(request, `/clients/${id}#timeline`, { type: "success", message: "Note added." });
  } catch (error) {
    return apiActionError(error, request, values);
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
  "refund.due": "Refund",
  "refund.done": "Refund",
};

function refLink(ref: string | null) {
  const [kind, id] = (ref ?? "").split(":");
  if (kind === "order" && id) return { to: `/orders/${id}`, label: `Order ${id}` };
  if (kind === "booking") return { to: "/bookings", label: "Sessions" };
  return null;
}

function Timeline({ entries, timeZone }: { entries: TimelineEntry[]; timeZone: string }) {
  if (!entries.length) return <p className="empty-state">Nothing yet.</p>;
  return (
    <ol className="timeline list-reset" data-testid="timeline">
      {entries.map((e) => {
        const link = refLink(e.ref);
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
  const { client, cart, timeline, attention, countries, timeZone, now } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const location = useLocation();
  const rows: Array<[string, string]> = [
    ["Email", client.email],
    ["Phone", client.phone ?? "—"],
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
      <h2>In the cart for {client.first_name}</h2>
      {cart.length ? (
        <>
          <CartTable items={cart} removable timeZone={timeZone} now={now} />
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
        key={failure ? "failed" : location.key}
        aria-labelledby="timeline"
      >
        <AuthenticityTokenInput />
        <FormError message={failure?.formError} />
        <TextAreaField
          label="Add a note"
          name="body"
          rows={3}
          maxLength={2000}
          hint="Notes are kept as written: to correct one, add another."
          defaultValue={failure?.values?.body ?? ""}
          errors={failure?.fieldErrors?.body}
          autoFocusOnError
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Saving…" : "Add note"}
        </button>
      </Form>
      <Timeline entries={timeline} timeZone={timeZone} />
      <Toast toast={failure?.toast} />
    </section>
  );
}
