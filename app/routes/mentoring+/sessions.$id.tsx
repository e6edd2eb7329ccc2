import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError, TextAreaField } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { apiActionError, apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, orErrorTitle, titleMeta, useTranslation } from "../../lib/every-page";
import { textFields, validateForm, type FormFailure, forForm } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { routeId } from "../../lib/params";
import { moveRequestBody, outcomeBody } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("A session"));

/**
 * One of the mentor's sessions. Before it starts, the mentor can ask the agent for a new time (with a reason);
 * once it has started, they mark it: held (with a few lines for the agent) or not attended.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["mentor"]);
  const id = routeId(params.id);
  const agenda = await api.call(endpoints.mentorAgenda).catch((e) => apiLoaderError(e, request, context));
  const session = [...agenda.upcoming, ...agenda.past].find((s) => s.id === id);
  if (!session) throw new Response("Not found", { status: 404 });
  return { session, timeZone: agenda.time_zone, now: new Date().toISOString(), title: workspaceT("mentoring.session.title") };
}

/** The action's schemas, checked in the browser too (fetched on a form's first focus). */
const mentoring = () => import("../../../lib/contract/mentoring");
const moveCheck = { schema: () => mentoring().then((m) => m.moveRequestBody), fields: ["reason"] };
const outcomeCheck = { schema: () => mentoring().then((m) => m.outcomeBody), fields: ["outcome", "summary"] };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["mentor"]);
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  if (formData.get("intent") === "move") {
    const values = textFields(formData, ["reason"]);
    const { data: input, failure } = validateForm(moveRequestBody, values);
    if (failure) return forForm(failure, "move");
    try {
      const session = await api.call(endpoints.requestMove, { params: { id }, body: input });
      return await redirectWithToast(request, context, "/mentoring", {
        type: "success",
        message: workspaceT("mentoring.session.asked", { agent: session.agent.name }),
      });
    } catch (error) {
      return forForm(await apiActionError(error, request, context, values), "move");
    }
  }
  const values = textFields(formData, ["outcome", "summary"]);
  const { data: input, failure } = validateForm(outcomeBody, values);
  if (failure) return forForm(failure, "outcome");
  try {
    const marked = await api.call(endpoints.markOutcome, { params: { id }, body: input });
    return await redirectWithToast(request, context, "/mentoring", {
      type: "success",
      message:
        marked.outcome === "held"
          ? workspaceT("mentoring.session.markedHeld", { client: marked.client })
          : workspaceT("mentoring.session.markedNoShow"),
    });
  } catch (error) {
    return forForm(await apiActionError(error, request, context, values), "outcome");
  }
}

export default function MarkSession() {
  const { session, timeZone, now } = useLoaderData<typeof loader>();
  const upcoming = session.start_at > now;
  const failure = useActionData<FormFailure>();
  const move = useSchemaForm(failure, { form: "move", check: moveCheck });
  const form = useSchemaForm(failure, { form: "outcome", check: outcomeCheck });
  const busy = useNavigation().state === "submitting";
  const chosen = form.typed("outcome") ?? session.outcome ?? "";
  const { t } = useTranslation();
  return (
    <section className="container page narrow">
      <p className="eyebrow">
        <Link to="/mentoring">{t("mentoring.session.back")}</Link>
      </p>
      <h1>{t("mentoring.session.heading", { client: session.client })}</h1>
      <p>
        {t("mentoring.session.when", {
          time: formatDateTime(session.start_at, timeZone),
          zone: timeZone,
          topic: session.topic,
          agent: session.agent.name,
        })}
      </p>
      {session.status === "canceled" ? (
        <p className="notice" role="status">
          {t("mentoring.session.cancelled")}
        </p>
      ) : upcoming ? (
        session.move_requested ? (
          <p className="notice" role="status" data-testid="move-requested">
            {t("mentoring.session.moveAsked", {
              time: formatDateTime(session.move_requested.at, timeZone),
              reason: session.move_requested.reason,
              agent: session.agent.name,
            })}
          </p>
        ) : (
          <Form method="post" className="form" {...move.props}>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="move" />
            <h2>{t("mentoring.session.cannotMakeIt")}</h2>
            <p>{t("mentoring.session.askNote", { agent: session.agent.name })}</p>
            <FormError message={move.formError} />
            <TextAreaField label={t("mentoring.session.why")} rows={3} maxLength={500} {...move.field("reason")} />
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("mentoring.session.ask")}
            </button>
          </Form>
        )
      ) : session.outcome ? (
        <p className="notice" role="status">
          {t("mentoring.session.markedAlready", {
            what:
              session.outcome === "held"
                ? t("mentoring.session.wasHeld")
                : session.outcome === "client_no_show"
                  ? t("mentoring.session.clientAway")
                  : t("mentoring.session.mentorAway"),
          })}
        </p>
      ) : (
        <Form method="post" className="form" {...form.props}>
          <AuthenticityTokenInput />
          <FormError message={form.formError} />
          <fieldset className="field choices" aria-describedby={form.errors("outcome") ? "field-outcome-error" : undefined}>
            <legend>{t("mentoring.session.how")}</legend>
            <label className="choice">
              <input type="radio" name="outcome" value="held" defaultChecked={chosen === "held"} /> {t("mentoring.session.held")}
            </label>
            <label className="choice">
              <input type="radio" name="outcome" value="client_no_show" defaultChecked={chosen === "client_no_show"} />{" "}
              {t("mentoring.session.noShow")}
            </label>
            {form.errors("outcome") ? (
              <p className="field__error" id="field-outcome-error">
                {form.errors("outcome")![0]}
              </p>
            ) : null}
          </fieldset>
          <TextAreaField
            label={t("mentoring.session.summary")}
            rows={4}
            maxLength={1000}
            hint={t("mentoring.session.summaryHint")}
            {...form.field("summary")}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("mentoring.session.mark")}
          </button>
        </Form>
      )}
    </section>
  );
}

export { MentoringErrorBoundary as ErrorBoundary } from "../../lib/every-page";
