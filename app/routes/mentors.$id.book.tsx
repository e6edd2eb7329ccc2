import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field, firstInvalid, FormError, SelectField } from "../components/form";
import { Toast } from "../components/toasts";
import { ApiCallError, apiActionError, apiLoaderError, type FormFailure } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { dayLabel, timeLabel, viewerZone } from "../lib/dates";
import { textFields, validateForm } from "../lib/forms.server";
import { formatMoney } from "../lib/money";
import { routeId } from "../lib/params";
import { bookBody } from "../lib/schemas.server";
import { checkForm, readForm } from "../lib/security.server";
import { getSettings } from "../lib/settings.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Book a session · Waypoint Consultancy" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const id = routeId(params.id);
  const start = new URL(request.url).searchParams.get("start") ?? "";
  if (Number.isNaN(Date.parse(start))) throw new Response("Choose a time from the mentor's week.", { status: 400 });
  const [mentor, clients] = await Promise.all([api.mentor(id), api.clients(agent.id, { perPage: 100 })]).catch((e) =>
    apiLoaderError(e, request),
  );
  return json({
    mentor,
    clients: clients.items,
    start,
    tz: viewerZone(request, agent.time_zone),
    holdMinutes: getSettings().bookings.holdMinutes,
  });
}

const fields = ["client_id", "topic", "start"] as const;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAgent(request, context);
  const mentorId = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const values = textFields(formData, fields);
  const { data, failure } = validateForm(bookBody, { ...values, mentor_id: String(mentorId) });
  if (failure) return failure;
  try {
    await api.book({ mentor_id: mentorId, client_id: String(data.client_id), start: data.start, topic: data.topic });
    const minutes = getSettings().bookings.holdMinutes;
    return await redirectWithToast(request, "/cart/", {
      type: "success",
      message: `Session held for ${minutes} minutes: pay the cart to confirm it.`,
    });
  } catch (error) {
    // Taken meanwhile: back to the mentor's week, which no longer shows the slot.
    if (error instanceof ApiCallError && error.status === 409) {
      return redirectWithToast(request, `/mentors/${mentorId}`, { type: "error", message: error.message });
    }
    return apiActionError(error, request, values);
  }
}

export default function BookSession() {
  const { mentor, clients, start, tz, holdMinutes } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const errors = failure?.fieldErrors ?? {};
  const first = firstInvalid(fields, errors);
  return (
    <section className="container page narrow">
      <p className="eyebrow">
        <Link to={`/mentors/${mentor.id}`}>{mentor.name}</Link>
      </p>
      <h1>Book a session</h1>
      <dl className="details">
        <div>
          <dt>When (your time, {tz})</dt>
          <dd data-testid="when">
            {dayLabel(start, tz)}, {timeLabel(start, tz)}
          </dd>
        </div>
        <div>
          <dt>Mentor's time ({mentor.time_zone})</dt>
          <dd>
            {dayLabel(start, mentor.time_zone)}, {timeLabel(start, mentor.time_zone)}
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{formatMoney(mentor.rate_minor, mentor.currency)}</dd>
        </div>
      </dl>
      {clients.length === 0 ? (
        <p className="empty-state">
          Add a client first: <Link to="/clients/new">add a client</Link>.
        </p>
      ) : (
        <Form method="post" className="form" noValidate key={failure ? JSON.stringify(failure.values) : "initial"}>
          <AuthenticityTokenInput />
          <FormError message={failure?.formError ?? errors.start?.join(" ")} />
          <input type="hidden" name="start" value={start} />
          <SelectField
            label="For client"
            name="client_id"
            placeholder="Choose a client"
            options={clients.map((c) => ({ value: String(c.id), label: `${c.first_name} ${c.last_name}` }))}
            defaultValue={failure?.values?.client_id ?? ""}
            errors={errors.client_id}
            autoFocusOnError={first === "client_id"}
          />
          <Field
            label="Topic"
            name="topic"
            maxLength={200}
            placeholder="e.g. Interview practice for a backend role"
            defaultValue={failure?.values?.topic ?? ""}
            errors={errors.topic}
            autoFocusOnError={first === "topic"}
          />
          <p className="muted">The session is held for {holdMinutes} minutes while you pay the cart; paying confirms it.</p>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Holding…" : "Hold this session"}
          </button>
        </Form>
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}
