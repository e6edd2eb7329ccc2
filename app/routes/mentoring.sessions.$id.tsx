import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormError, TextAreaField } from "../components/form";
import { apiActionError, apiLoaderError, type FormFailure } from "../lib/api.server";
import { requireMentor } from "../lib/auth.server";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { textFields, validateForm } from "../lib/forms.server";
import { routeId } from "../lib/params";
import { moveRequestBody, outcomeBody } from "../lib/schemas.server";
import { checkForm, readForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction = () => [{ title: "A session · Waypoint Consultancy" }];

/**
 * One of the mentor's sessions. Before it starts, the mentor can ask the agent for a new time (with a reason);
 * once it has started, they mark it: held (with a few lines for the agent) or not attended.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireMentor(request, context);
  const id = routeId(params.id);
  const agenda = await api.call(endpoints.mentorAgenda).catch((e) => apiLoaderError(e, request, context));
  const session = [...agenda.upcoming, ...agenda.past].find((s) => s.id === id);
  if (!session) throw new Response("Not found", { status: 404 });
  return { session, timeZone: agenda.time_zone, now: new Date().toISOString() };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireMentor(request, context);
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  if (formData.get("intent") === "move") {
    const values = textFields(formData, ["reason"]);
    const { data: input, failure } = validateForm(moveRequestBody, values);
    if (failure) return failure;
    try {
      const session = await api.call(endpoints.requestMove, { params: { id }, body: input });
      return await redirectWithToast(request, context, "/mentoring", {
        type: "success",
        message: `Asked: ${session.agent.name} is told and chooses a new time. Until then the session stays as it is.`,
      });
    } catch (error) {
      return apiActionError(error, request, context, values);
    }
  }
  const values = textFields(formData, ["outcome", "summary"]);
  const { data: input, failure } = validateForm(outcomeBody, values);
  if (failure) return failure;
  try {
    const marked = await api.call(endpoints.markOutcome, { params: { id }, body: input });
    return await redirectWithToast(request, context, "/mentoring", {
      type: "success",
      message:
        marked.outcome === "held"
          ? `Marked held: ${marked.client}'s agent can read your summary.`
          : "Marked: the client did not come.",
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}

export default function MarkSession() {
  const { session, timeZone, now } = useLoaderData<typeof loader>();
  const upcoming = session.start_at > now;
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const chosen = failure?.values?.outcome ?? session.outcome ?? "";
  return (
    <section className="container page narrow">
      <p className="eyebrow">
        <Link to="/mentoring">Your agenda</Link>
      </p>
      <h1>The session with {session.client}</h1>
      <p>
        {formatDateTime(session.start_at, timeZone)} ({timeZone}): {session.topic}. Booked by {session.agent.name}.
      </p>
      {session.status === "canceled" ? (
        <p className="notice" role="status">
          This session is cancelled.
        </p>
      ) : upcoming ? (
        session.move_requested ? (
          <p className="notice" role="status" data-testid="move-requested">
            You asked for a new time on {formatDateTime(session.move_requested.at, timeZone)}: “{session.move_requested.reason}”.{" "}
            {session.agent.name} is choosing one; you will get the updated invite. If none is chosen before the session, it is
            cancelled and the client refunded.
          </p>
        ) : (
          <Form method="post" className="form" noValidate>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="move" />
            <h2>Cannot make it?</h2>
            <p>
              Ask {session.agent.name} to move it: they are told at once and choose another of your free times within 14 days. If
              they do not before the session, it is cancelled and the client refunded in full.
            </p>
            <FormError message={failure?.formError} />
            <TextAreaField
              label="Why, for the agent"
              name="reason"
              rows={3}
              maxLength={500}
              defaultValue={failure?.values?.reason ?? ""}
              errors={failure?.fieldErrors?.reason}
              autoFocusOnError
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              Ask for a new time
            </button>
          </Form>
        )
      ) : session.outcome ? (
        <p className="notice" role="status">
          Marked already:{" "}
          {session.outcome === "held"
            ? "held"
            : session.outcome === "client_no_show"
              ? "the client did not come"
              : "the consultancy recorded that you could not come, and refunded it"}
          .
        </p>
      ) : (
        <Form method="post" className="form" noValidate>
          <AuthenticityTokenInput />
          <FormError message={failure?.formError} />
          <fieldset
            className="field choices"
            aria-describedby={failure?.fieldErrors?.outcome ? "field-outcome-error" : undefined}
          >
            <legend>How did it go?</legend>
            <label className="choice">
              <input type="radio" name="outcome" value="held" defaultChecked={chosen === "held"} /> It was held
            </label>
            <label className="choice">
              <input type="radio" name="outcome" value="client_no_show" defaultChecked={chosen === "client_no_show"} /> The client
              did not come (not refunded, Terms §4)
            </label>
            {failure?.fieldErrors?.outcome ? (
              <p className="field__error" id="field-outcome-error">
                {failure.fieldErrors.outcome[0]}
              </p>
            ) : null}
          </fieldset>
          <TextAreaField
            label="Summary for the agent"
            name="summary"
            rows={4}
            maxLength={1000}
            hint="What you covered and what is next; the agent reads it on the client's page. Needed when it was held."
            defaultValue={failure?.values?.summary ?? ""}
            errors={failure?.fieldErrors?.summary}
            autoFocusOnError
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            Mark the session
          </button>
        </Form>
      )}
    </section>
  );
}
