import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { isolate } from "../../../lib/bidi";
import { fieldLimits } from "../../../lib/client-fields";
import { formatMoney } from "../../../lib/money";
import { Field, FormError } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { ClientPicker } from "../../components/workspace/client-picker";
import { PayChoice } from "../../components/workspace/pay-choice";
import { ApiCallError, apiActionError, apiLoaderError, type ApiClient } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { useChosenClient } from "../../lib/chosen-client";
import { clientChoices } from "../../lib/client-choices.server";
import { dayLabel, timeLabel, viewerZone } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, orErrorTitle, titleMeta, Toast, Trans, useTranslation } from "../../lib/every-page";
import { textFields, validateForm, type FormFailure, refuse } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { refundRule } from "../../lib/item-words";
import { routeId } from "../../lib/params";
import { byFormField, usableCredits } from "../../lib/pay-with-credit.server";
import { bookBody } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { loadSite } from "../../lib/site.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Book a session"));

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const id = routeId(params.id);
  const start = new URL(request.url).searchParams.get("start") ?? "";
  if (Number.isNaN(Date.parse(start))) throw new Response(workspaceT("work.book.chooseTime"), { status: 400 });
  const [mentor, clients, site, credits] = await Promise.all([
    api.call(endpoints.mentor, { body: { mentor_id: id } }),
    clientChoices(api, agent.id),
    loadSite(context),
    usableCredits(api, request, id, start),
  ]).catch((e) => apiLoaderError(e, request, context));
  return {
    credits,
    mentor,
    clients,
    start,
    tz: viewerZone(request, agent.time_zone),
    holdMinutes: site.hold_minutes,
    cutoffHours: site.cancel_cutoff_hours,
    now: new Date().toISOString(),
    title: workspaceT("work.book.title"),
  };
}

const fields = ["client_id", "topic", "start", "pay"] as const;

/** The free slots nearest to `start` (three days either side), closest first: what to offer when it was taken. */
async function nearestFree(api: ApiClient, mentorId: number, start: string, tz: string) {
  const from = new Date(Date.parse(start) - 3 * 86_400_000).toISOString().slice(0, 10);
  const week = await api
    .call(endpoints.schedule, { body: { mentor_id: mentorId, time_zone: tz, week_start: from } })
    .catch(() => null);
  if (!week) return { free: [] as string[], stillFree: false };
  const starts = week.slots.map((s) => s.start);
  const at = Date.parse(start);
  const free = starts
    .filter((s) => s !== start)
    .sort((a, b) => Math.abs(Date.parse(a) - at) - Math.abs(Date.parse(b) - at))
    .slice(0, 4)
    .sort();
  return { free, stillFree: starts.includes(start) };
}

export type BookFailure = FormFailure & { alternatives?: string[] };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const mentorId = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const values = textFields(formData, fields);
  const { data: input, failure } = validateForm(bookBody, { ...values, mentor_id: String(mentorId) });
  if (failure) return failure;
  // A session pack credit (issue 41): the session is confirmed at once, no cart and no checkout.
  const credit = /^credit:(\d{1,9})$/.exec(values.pay ?? "");
  try {
    const booked = await api.call(endpoints.book, {
      body: {
        mentor_id: mentorId,
        client_id: input.client_id,
        start: input.start,
        topic: input.topic,
        ...(credit ? { credit_id: Number(credit[1]) } : {}),
      },
    });
    if (booked.credit_id) {
      return await redirectWithToast(request, context, "/bookings/", {
        type: "success",
        message: workspaceT("work.book.withCredit"),
      });
    }
    const minutes = (await loadSite(context)).hold_minutes;
    return await redirectWithToast(request, context, "/cart/", {
      type: "success",
      message: workspaceT("work.book.held", { minutes }),
    });
  } catch (error) {
    // Refused (taken meanwhile, a hold limit): the agent stays on the form with what was typed and, when the
    // slot is gone, the nearest free ones to choose from.
    if (error instanceof ApiCallError && error.status === 409) {
      const { free, stillFree } = await nearestFree(api, mentorId, input.start, viewerZone(request, agent.time_zone));
      return refuse(values, { formError: error.message }, { status: 409, extra: { alternatives: stillFree ? undefined : free } });
    }
    return apiActionError(byFormField(error), request, context, values);
  }
}

export default function BookSession() {
  const { t } = useTranslation();
  const chosen = useChosenClient();
  const { mentor, clients, start, tz, holdMinutes, cutoffHours, now, credits } = useLoaderData<typeof loader>();
  const failure = useActionData<BookFailure>();
  const alternatives = failure?.alternatives;
  const taken = alternatives !== undefined;
  const busy = useNavigation().state === "submitting";
  const form = useSchemaForm(failure, { order: fields, stored: { client_id: chosen } });
  const f = form.field;
  // The client's own time beside the agent's, for the client chosen (at once with scripts on).
  const [clientId, setClientId] = useState(f("client_id").defaultValue);
  const client = clients.find((c) => c.value === clientId);
  const clientZone = client?.zone && client.zone !== tz ? client.zone : null;
  return (
    <section className="container page narrow">
      <p className="eyebrow">
        <Link to={`/mentors/${mentor.id}`}>{mentor.name}</Link>
      </p>
      <h1>{t("work.book.heading")}</h1>
      <dl className="details">
        <div>
          <dt>{t("work.book.when", { zone: tz })}</dt>
          <dd data-testid="when">
            {dayLabel(start, tz)}, {timeLabel(start, tz)}
            {taken ? <strong> {t("work.book.taken")}</strong> : null}
          </dd>
        </div>
        <div>
          <dt>{t("work.book.mentorTime", { zone: mentor.time_zone })}</dt>
          <dd>
            {dayLabel(start, mentor.time_zone)}, {timeLabel(start, mentor.time_zone)}
          </dd>
        </div>
        {clientZone ? (
          <div data-testid="client-time">
            <dt>{t("work.book.clientTime", { name: isolate(client!.name), zone: clientZone })}</dt>
            <dd>
              {dayLabel(start, clientZone)}, {timeLabel(start, clientZone)}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("work.book.price")}</dt>
          <dd>{formatMoney(mentor.rate_minor, mentor.currency)}</dd>
        </div>
        <div>
          <dt>{t("work.book.refunds")}</dt>
          <dd data-testid="refund-rule">
            {refundRule(t, start, cutoffHours, tz, now)} (<Link to="/terms">{t("work.book.terms")}</Link>)
          </dd>
        </div>
      </dl>
      {clients.length === 0 ? (
        <p className="empty-state">
          <Trans i18nKey="work.addToCart.noClients" components={{ go: <Link to="/clients/new" /> }} />
        </p>
      ) : (
        <Form method="post" className="form" {...form.props} key={form.key}>
          <AuthenticityTokenInput />
          <FormError message={form.formError ?? form.errors("start")?.[0]} />
          {taken ? (
            alternatives.length ? (
              <fieldset className="field choices" data-testid="alternatives">
                <legend>{t("work.book.another", { zone: tz })}</legend>
                {alternatives.map((alt, i) => (
                  <label key={alt} className="choice">
                    <input type="radio" name="start" value={alt} defaultChecked={i === 0} />
                    {dayLabel(alt, tz)}, {timeLabel(alt, tz)}
                  </label>
                ))}
              </fieldset>
            ) : (
              <p className="empty-state">
                <input type="hidden" name="start" value={start} />
                <Trans
                  i18nKey="work.book.noOther"
                  values={{ name: mentor.name }}
                  components={{ go: <Link to={`/mentors/${mentor.id}`} /> }}
                />
              </p>
            )
          ) : (
            <input type="hidden" name="start" value={form.typed("start") || start} />
          )}
          <ClientPicker choices={clients} onChoose={setClientId} {...f("client_id")} />
          <Field
            label={t("work.book.topic")}
            maxLength={fieldLimits.topic}
            placeholder={t("work.book.topicHint")}
            {...f("topic")}
          />
          {credits.length ? (
            <PayChoice credits={credits} price={formatMoney(mentor.rate_minor, mentor.currency)} tz={tz} {...f("pay")} />
          ) : null}
          <p className="muted">{t("work.book.holdNote", { minutes: holdMinutes })}</p>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t("work.book.holding") : credits.length ? t("work.book.book") : t("work.book.hold")}
          </button>
        </Form>
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
