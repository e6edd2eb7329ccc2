import { type ActionFunctionArgs, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isolate } from "../../../lib/bidi";
import type { OfficeBooking } from "../../../lib/contract";
import { formatMoney } from "../../../lib/money";
import { OfficeHead, useOfficeZone } from "../../components/office/page";
import { Field } from "../../components/ui/fields";
import { FilterSelect } from "../../components/ui/filter-select";
import { useSchemaForm } from "../../components/ui/form";
import { RowButton, RowForm } from "../../components/ui/row-form";
import { apiLoaderError, apiRedirectError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { dayKey, dayLabel, formatDateTime, timeLabel } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, titleMeta, Trans, useTranslation } from "../../lib/every-page";
import { textFields, validateForm, type FormFailure, forForm } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { mentorAbsentBody, rowIntent } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { loadSite } from "../../lib/site.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = titleMeta<typeof loader>("Sessions · Back office");

const isDay = (v: string | null): v is string =>
  Boolean(v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const url = new URL(request.url);
  const from = url.searchParams.get("from");
  const mentor = Number(url.searchParams.get("mentor"));
  const [agenda, mentors] = await Promise.all([
    api.call(endpoints.officeBookings, {
      query: {
        from: isDay(from) ? from : undefined,
        days: 7,
        holds: url.searchParams.get("holds") === "lapsing" ? "lapsing" : undefined,
        view: url.searchParams.get("view") === "unmarked" ? "unmarked" : undefined,
        mentor: Number.isInteger(mentor) && mentor > 0 ? mentor : undefined,
      },
    }),
    api.call(endpoints.officeMentors),
  ]).catch((e) => apiLoaderError(e, request, context));
  return {
    agenda,
    mentor: Number.isInteger(mentor) && mentor > 0 ? String(mentor) : "",
    mentors: mentors.map((m) => ({ id: m.id, name: m.name })),
    now: new Date().toISOString(),
    cutoffHours: (await loadSite(context)).cancel_cutoff_hours,
    title: workspaceT("office.bookings.title"),
  };
}

/**
 * Cancels a session for its agent (the agent's own rules: a refund up to the cut-off, none after); or, once a
 * session has started, records that its mentor did not come, which refunds it in full.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const back = `/office/bookings${new URL(request.url).search}`;
  const absent = rowIntent("mentor-no-show").safeParse({ intent: formData.get("intent"), id: formData.get("id") });
  if (absent.success) {
    const id = absent.data.id;
    const values = textFields(formData, ["note"]);
    const { data: input, failure } = validateForm(mentorAbsentBody, values);
    if (failure) return forForm(failure, `absent-${id}`);
    try {
      await api.call(endpoints.markMentorAbsent, { params: { id }, body: input });
      return await redirectWithToast(request, context, back, {
        type: "success",
        message: workspaceT("office.bookings.absentRecorded"),
      });
    } catch (error) {
      return apiRedirectError(error, request, context, back);
    }
  }
  const parsed = rowIntent("cancel").safeParse({ intent: formData.get("intent"), id: formData.get("id") });
  if (!parsed.success) throw new Response("Unknown action.", { status: 400 });
  try {
    const b = await api.call(endpoints.cancelForAgent, { params: { id: parsed.data.id } });
    const refund = workspaceT(
      b.refund_status === "refunded"
        ? "office.bookings.refunded"
        : b.refund_status === "due"
          ? "office.bookings.refundDue"
          : "office.bookings.noRefund",
    );
    return await redirectWithToast(request, context, back, {
      type: "success",
      message: workspaceT("office.bookings.cancelled", { client: isolate(b.client_name), refund }),
    });
  } catch (error) {
    return apiRedirectError(error, request, context, back);
  }
}

export default function OfficeBookings() {
  const { agenda, mentor, mentors, now, cutoffHours } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="container page">
      <OfficeHead
        title={
          agenda.holds
            ? t("office.bookings.holdsHeading")
            : agenda.view
              ? t("office.bookings.unmarkedHeading")
              : t("office.bookings.heading")
        }
      />
      {agenda.view || agenda.holds ? (
        <SessionList
          items={agenda.items}
          now={now}
          testId={agenda.view ? "unmarked-list" : "holds-lapsing-list"}
          empty={agenda.view ? t("office.bookings.allMarked") : t("office.bookings.noHolds")}
          intro={agenda.view ? t("office.bookings.unmarkedIntro") : t("office.bookings.holdsIntro")}
        />
      ) : (
        <Agenda agenda={agenda} mentor={mentor} mentors={mentors} now={now} cutoffHours={cutoffHours} />
      )}
    </section>
  );
}

function Agenda({
  agenda,
  mentor,
  mentors,
  now,
  cutoffHours,
}: Omit<SerializeFrom<typeof loader>, "agenda" | "title"> & { agenda: { from: string; items: OfficeBooking[] } }) {
  const zone = useOfficeZone();
  const days = new Map<string, OfficeBooking[]>();
  for (const b of agenda.items) days.set(dayKey(b.start_at, zone), [...(days.get(dayKey(b.start_at, zone)) ?? []), b]);
  const shift = (d: number) => new Date(Date.parse(`${agenda.from}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
  const link = (from: string) => `?${new URLSearchParams({ from, ...(mentor ? { mentor } : {}) })}`;
  const { t } = useTranslation();
  return (
    <>
      <p className="muted">
        {t("office.bookings.week", { day: dayLabel(`${agenda.from}T12:00:00Z`, "UTC"), zone, hours: cutoffHours })}
      </p>
      <Form method="get" className="filter-form">
        <FilterSelect
          id="agenda-mentor"
          label={t("office.bookings.mentor")}
          name="mentor"
          value={mentor}
          any={t("office.bookings.everyMentor")}
          options={mentors.map((m) => ({ value: String(m.id), label: m.name }))}
        />
        <div className="field">
          <label htmlFor="agenda-from">{t("office.bookings.from", { zone })}</label>
          <input id="agenda-from" name="from" type="date" defaultValue={agenda.from} />
        </div>
        <button type="submit" className="button button--ghost">
          {t("office.bookings.show")}
        </button>
      </Form>
      <nav className="pagination" aria-label={t("office.bookings.weeks")}>
        <Link to={link(shift(-7))}>{t("office.bookings.earlier")}</Link>
        <Link to={link(shift(7))}>{t("office.bookings.later")}</Link>
      </nav>
      {days.size === 0 ? (
        <p className="empty-state">{t("office.bookings.none")}</p>
      ) : (
        [...days].map(([day, list]) => (
          <section key={day} aria-label={dayLabel(list[0]!.start_at, zone)} className="agenda-day">
            <h2>{dayLabel(list[0]!.start_at, zone)}</h2>
            <ul className="list-reset order-lines">
              {list.map((b) => (
                <AgendaItem key={b.id} b={b} now={now} />
              ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}

/** One of the agenda's special views (holds lapsing, sessions unmarked): what it is, then its sessions, dated. */
function SessionList({
  items,
  now,
  testId,
  empty,
  intro,
}: {
  items: OfficeBooking[];
  now: string;
  testId: string;
  empty: string;
  intro: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className="muted">
        {intro} <Link to="/office/bookings">{t("office.bookings.back")}</Link>
      </p>
      {items.length ? (
        <ul className="list-reset order-lines" data-testid={testId}>
          {items.map((b) => (
            <AgendaItem key={b.id} b={b} now={now} lapsing />
          ))}
        </ul>
      ) : (
        <p className="empty-state">{empty}</p>
      )}
    </>
  );
}

function AgendaItem({ b, now, lapsing = false }: { b: OfficeBooking; now: string; lapsing?: boolean }) {
  const zone = useOfficeZone();
  const { t } = useTranslation();
  return (
    <li className="card agenda-item" data-testid={`office-booking-${b.id}`}>
      <p>
        <Trans
          i18nKey="office.bookings.line"
          values={{
            time: lapsing ? formatDateTime(b.start_at, zone) : timeLabel(b.start_at, zone),
            mentor: isolate(b.mentor_name),
            client: isolate(b.client_name),
            agent: isolate(b.agent_name),
            topic: isolate(b.topic),
          }}
          components={{ strong: <strong /> }}
        />
      </p>
      <p className="muted">
        {t(`office.bookings.statuses.${b.status}`)}
        {b.status === "held" && b.held_until
          ? ` ${t("office.bookings.until", { time: timeLabel(b.held_until, zone), zone })}`
          : ""}
        {b.refund_status ? ` · ${t(`office.refundState.${b.refund_status}`)}` : ""} · {formatMoney(b.price_minor, b.currency)}
      </p>
      {b.status === "confirmed" && b.start_at <= now && b.refund_status === null ? <MentorAbsentForm b={b} /> : null}
      {(b.status === "held" || b.status === "confirmed") && b.start_at > now ? (
        <RowForm id={b.id}>
          <RowButton
            id={b.id}
            intent="cancel"
            who={t("office.bookings.which", { mentor: isolate(b.mentor_name), client: isolate(b.client_name) })}
          >
            {t("office.bookings.cancelForAgent")}
          </RowButton>
        </RowForm>
      ) : null}
    </li>
  );
}

/** Once a paid session has started: record that its mentor did not come (refunded in full), with what happened. */
function MentorAbsentForm({ b }: { b: OfficeBooking }) {
  // A form a row: the refusal names its row's.
  const form = useSchemaForm(useActionData<FormFailure>(), { form: `absent-${b.id}` });
  const busy = useNavigation().formData?.get("id") === String(b.id);
  const { t } = useTranslation();
  return (
    <Form method="post" className="form form--inline" {...form.props}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="mentor-no-show" />
      <input type="hidden" name="id" value={b.id} />
      <Field id={`absent-note-${b.id}`} label={t("office.bookings.absent")} maxLength={500} {...form.field("note")} />
      <button type="submit" className="button button--small button--ghost" disabled={busy}>
        {t("office.bookings.recordRefund")}
        <span className="visually-hidden">
          {t("office.bookings.which", { mentor: isolate(b.mentor_name), client: isolate(b.client_name) })}
        </span>
      </button>
    </Form>
  );
}
