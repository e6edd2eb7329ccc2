import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { CalendarConnectionView } from "../../../lib/contract";
import { Field, FormError, PasswordField } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { apiActionError, apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, orErrorTitle, titleMeta, useTranslation } from "../../lib/every-page";
import { forForm, textFields, validateForm, type FormFailure } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { caldavConnectBody, calendarPasswordBody } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Your calendars"));

/**
 * The mentor's own calendars (issue 69): connect one (CalDAV by address, user and app password; Google or Microsoft
 * by signing in there, where the server offers them), choose which count as busy and which receives sessions, see
 * whether each connection works, and mend or end it. A password typed is never shown again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person } = await requireAccount(request, context, ["mentor"]);
  const calendars = await api.call(endpoints.mentorCalendars).catch((e) => apiLoaderError(e, request, context));
  return { calendars, zone: person.time_zone, title: workspaceT("mentoring.calendars.title") };
}

const contract = () => import("../../../lib/contract/calendars");
const connectCheck = {
  schema: () => contract().then((m) => m.caldavConnectBody),
  fields: ["server_url", "username", "password"],
};

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["mentor"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const intent = String(formData.get("intent") ?? "");
  const id = Number(formData.get("connection"));
  const done = (message: string) => redirectWithToast(request, context, "/mentoring/calendars", { type: "success", message });
  if (intent === "caldav") {
    const values = textFields(formData, ["server_url", "username", "password"]);
    const { data, failure } = validateForm(caldavConnectBody, values, undefined, { hide: ["password"] });
    if (failure) return forForm(failure, "caldav");
    try {
      await api.call(endpoints.connectCaldav, { body: data });
      return await done(workspaceT("mentoring.calendars.connected"));
    } catch (error) {
      return forForm(await apiActionError(error, request, context, values, ["password"]), "caldav");
    }
  }
  if (intent === "password") {
    const form = `password-${id}`;
    const values = textFields(formData, ["password"]);
    const { data, failure } = validateForm(calendarPasswordBody, values, undefined, { hide: ["password"] });
    if (failure) return forForm(failure, form);
    try {
      await api.call(endpoints.reconnectCaldav, { params: { id }, body: data });
      return await done(workspaceT("mentoring.calendars.mended"));
    } catch (error) {
      return forForm(await apiActionError(error, request, context, values, ["password"]), form);
    }
  }
  if (intent === "choose") {
    const body = { busy: formData.getAll("busy").map(String), receives: String(formData.get("receives") ?? "") };
    try {
      await api.call(endpoints.chooseCalendars, { body });
      return await done(workspaceT("mentoring.calendars.chosen"));
    } catch (error) {
      return forForm(await apiActionError(error, request, context, {}), "choose");
    }
  }
  if (intent === "disconnect") {
    try {
      await api.call(endpoints.disconnectCalendar, { params: { id } });
      return await done(workspaceT("mentoring.calendars.disconnected"));
    } catch (error) {
      return forForm(await apiActionError(error, request, context, {}), "choose");
    }
  }
  if (intent === "google" || intent === "microsoft") {
    try {
      const { url } = await api.call(endpoints.startCalendarOAuth, {
        params: { provider: intent },
        body: Number.isInteger(id) && id > 0 ? { connection_id: id } : {},
      });
      return redirect(url);
    } catch (error) {
      return forForm(await apiActionError(error, request, context, {}), "choose");
    }
  }
  throw new Response("Unknown action", { status: 400 });
}

function Status({ c, zone }: { c: CalendarConnectionView; zone: string }) {
  const { t } = useTranslation();
  if (c.status === "broken") {
    return (
      <div className="notice" role="status" data-testid="calendar-broken">
        <p>
          <strong>{t("mentoring.calendars.broken", { since: formatDateTime(c.broken_since!, zone) })}</strong>{" "}
          {t(
            c.broken_code === "calendar.token_revoked" ? "mentoring.calendars.brokenToken" : "mentoring.calendars.brokenPassword",
          )}
        </p>
        <p>
          {c.busy_counting
            ? t("mentoring.calendars.stillCounts", { until: formatDateTime(c.busy_counts_until!, zone) })
            : t("mentoring.calendars.noLongerCounts")}
        </p>
      </div>
    );
  }
  return (
    <p className="muted" data-testid="calendar-status">
      {c.status === "unanswered"
        ? t("mentoring.calendars.unanswered", {
            when: c.read_at ? formatDateTime(c.read_at, zone) : t("mentoring.calendars.never"),
          })
        : c.read_at
          ? t("mentoring.calendars.working", { when: formatDateTime(c.read_at, zone) })
          : t("mentoring.calendars.notReadYet")}
    </p>
  );
}

function Mend({ c, failure, busy }: { c: CalendarConnectionView; failure: FormFailure | undefined; busy: boolean }) {
  const { t } = useTranslation();
  const form = useSchemaForm(failure, { form: `password-${c.id}` });
  if (c.provider !== "caldav") {
    return (
      <Form method="post" className="inline-form">
        <AuthenticityTokenInput />
        <input type="hidden" name="connection" value={c.id} />
        <button type="submit" name="intent" value={c.provider} className="button button--small" disabled={busy}>
          {t("mentoring.calendars.signInAgain", { service: t(`mentoring.calendars.providers.${c.provider}`) })}
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" className="form" {...form.props}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="password" />
      <input type="hidden" name="connection" value={c.id} />
      <FormError message={form.formError} />
      <PasswordField label={t("mentoring.calendars.newPassword")} autoComplete="new-password" {...form.field("password")} />
      <button type="submit" className="button button--small button--primary" disabled={busy}>
        {t("mentoring.calendars.mend")}
      </button>
    </Form>
  );
}

export default function MentorCalendars() {
  const { calendars, zone } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const connect = useSchemaForm(failure, { form: "caldav", check: connectCheck });
  const choose = useSchemaForm(failure, { form: "choose" });
  const { t } = useTranslation();
  const { connections, providers } = calendars;
  const all = connections.flatMap((c) => c.calendars.map((cal) => ({ ...cal, connection: c })));
  return (
    <section className="container page narrow">
      <p className="eyebrow">
        <Link to="/mentoring">{t("mentoring.calendars.eyebrow")}</Link>
      </p>
      <h1>{t("mentoring.calendars.heading")}</h1>
      <p>{t("mentoring.calendars.intro")}</p>
      {providers.length === 0 ? (
        <p className="notice" role="status">
          {t("mentoring.calendars.notOffered")}
        </p>
      ) : null}

      {connections.length ? (
        <>
          <h2>{t("mentoring.calendars.connections")}</h2>
          {connections.map((c) => (
            <article key={c.id} className="card" data-testid={`calendar-connection-${c.id}`}>
              <h3>
                {t(`mentoring.calendars.providers.${c.provider}`)}: {c.label}
              </h3>
              <Status c={c} zone={zone} />
              {c.status === "broken" ? <Mend c={c} failure={failure} busy={busy} /> : null}
              <Form method="post" className="inline-form">
                <AuthenticityTokenInput />
                <input type="hidden" name="intent" value="disconnect" />
                <input type="hidden" name="connection" value={c.id} />
                <button type="submit" className="button button--small button--ghost" disabled={busy}>
                  {t("mentoring.calendars.disconnect")}
                  <span className="visually-hidden"> {c.label}</span>
                </button>
              </Form>
            </article>
          ))}

          <h2>{t("mentoring.calendars.which")}</h2>
          <Form method="post" className="form" {...choose.props}>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="choose" />
            <FormError message={choose.formError} />
            <fieldset className="field choices">
              <legend>{t("mentoring.calendars.busyLegend")}</legend>
              <p className="field__hint">{t("mentoring.calendars.busyHint")}</p>
              {all.map((cal) => (
                <label className="choice" key={cal.id}>
                  <input type="checkbox" name="busy" value={cal.id} defaultChecked={cal.busy} /> {cal.name}{" "}
                  <span className="muted">({cal.connection.label})</span>
                </label>
              ))}
            </fieldset>
            <fieldset className="field choices">
              <legend>{t("mentoring.calendars.receivesLegend")}</legend>
              <p className="field__hint">{t("mentoring.calendars.receivesHint")}</p>
              {all.map((cal) => (
                <label className="choice" key={cal.id}>
                  <input type="radio" name="receives" value={cal.id} defaultChecked={cal.receives} /> {cal.name}{" "}
                  <span className="muted">({cal.connection.label})</span>
                </label>
              ))}
              <label className="choice">
                <input type="radio" name="receives" value="" defaultChecked={!all.some((c) => c.receives)} />{" "}
                {t("mentoring.calendars.receivesNone")}
              </label>
            </fieldset>
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("mentoring.calendars.save")}
            </button>
          </Form>
        </>
      ) : (
        <p className="empty-state">{t("mentoring.calendars.none")}</p>
      )}

      {providers.includes("caldav") ? (
        <>
          <h2>{t("mentoring.calendars.addCaldav")}</h2>
          <p>{t("mentoring.calendars.caldavNote")}</p>
          <Form method="post" className="form" {...connect.props}>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="caldav" />
            <FormError message={connect.formError} />
            <Field
              label={t("mentoring.calendars.serverUrl")}
              hint={t("mentoring.calendars.serverUrlHint")}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://caldav.example.com/"
              {...connect.field("server_url")}
            />
            <Field label={t("mentoring.calendars.username")} autoComplete="username" {...connect.field("username")} />
            <PasswordField
              label={t("mentoring.calendars.appPassword")}
              hint={t("mentoring.calendars.appPasswordHint")}
              autoComplete="new-password"
              {...connect.field("password")}
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("mentoring.calendars.connect")}
            </button>
          </Form>
        </>
      ) : null}
      {providers.some((p) => p !== "caldav") ? (
        <>
          <h2>{t("mentoring.calendars.addAccount")}</h2>
          <Form method="post" className="inline-form">
            <AuthenticityTokenInput />
            {providers
              .filter((p) => p !== "caldav")
              .map((p) => (
                <button key={p} type="submit" name="intent" value={p} className="button" disabled={busy}>
                  {t("mentoring.calendars.signIn", { service: t(`mentoring.calendars.providers.${p}`) })}
                </button>
              ))}
          </Form>
        </>
      ) : null}
    </section>
  );
}

export { MentoringErrorBoundary as ErrorBoundary } from "../../lib/every-page";
