import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OfficeHead } from "../../../components/office/page";
import { appLink } from "../../../components/ui/app-link";
import { MoneyCell } from "../../../components/ui/money-cell";
import { RowButton, RowForm } from "../../../components/ui/row-form";
import { StackTable } from "../../../components/ui/table-head";
import { apiLoaderError, apiRedirectError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { titleMeta, useIntlLocale, useTranslation, weekdayName } from "../../../lib/every-page";
import { workspaceT } from "../../../lib/i18n.server";
import { rowIntent } from "../../../lib/schemas.server";
import { checkForm, readForm } from "../../../lib/security.server";
import { redirectWithToast } from "../../../lib/toast.server";

export const meta = titleMeta<typeof loader>("Mentors · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const [mentors, calendars] = await Promise.all([api.call(endpoints.officeMentors), api.call(endpoints.officeCalendars)]).catch(
    (e) => apiLoaderError(e, request, context),
  );
  return { mentors, calendars, title: workspaceT("office.mentors.title") };
}

/** Make a mentor inactive (no new bookings; booked sessions stay) or active again. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "activate" && intent !== "deactivate") throw new Response("Unknown action.", { status: 400 });
  const parsed = rowIntent(intent).safeParse({ intent, id: formData.get("id") });
  if (!parsed.success) throw new Response("Unknown action.", { status: 400 });
  try {
    const m = await api.call(endpoints.setMentorActive, {
      params: { id: parsed.data.id },
      body: { active: intent === "activate" },
    });
    const message = m.active
      ? workspaceT("office.mentors.active", { name: m.name })
      : workspaceT("office.mentors.inactive", { name: m.name, count: m.upcoming_sessions });
    return await redirectWithToast(request, context, "/office/mentors", { type: "success", message });
  } catch (error) {
    return apiRedirectError(error, request, context, "/office/mentors");
  }
}

export default function OfficeMentors() {
  const { mentors, calendars } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const locale = useIntlLocale();
  return (
    <section className="container page">
      <OfficeHead title={t("office.mentors.heading")} add={{ to: "/office/mentors/new", label: t("office.mentors.add") }} />
      {mentors.length === 0 ? (
        <p className="empty-state">{t("office.mentors.none")}</p>
      ) : (
        <StackTable
          columns={[
            t("office.mentors.mentor"),
            t("office.mentors.hours"),
            { num: t("office.mentors.rate") },
            t("office.mentors.status"),
            t("office.mentors.calendar"),
            null,
          ]}
        >
          {mentors.map((m) => (
            <tr key={m.id} data-testid={`mentor-${m.id}`}>
              <td data-label={t("office.mentors.mentor")}>
                <a {...appLink(`/office/mentors/${m.id}`)}>{m.name}</a>
                <br />
                <span className="muted">{m.title}</span>
              </td>
              <td data-label={t("office.mentors.hoursShort")}>
                {[...new Set(m.availability.map((a) => a.weekday))].map((d) => weekdayName(locale, d, "short")).join(", ") ||
                  t("office.mentors.noHours")}{" "}
                <span className="muted">({m.time_zone})</span>
              </td>
              <MoneyCell label={t("office.mentors.rate")} minor={m.rate_minor} currency={m.currency} />
              <td data-label={t("office.mentors.status")} data-testid="mentor-status">
                {m.active ? t("office.mentors.isActive") : t("office.mentors.isInactive")}
                {m.upcoming_sessions ? (
                  <span className="muted"> · {t("office.mentors.toCome", { count: m.upcoming_sessions })}</span>
                ) : null}
              </td>
              <td data-label={t("office.mentors.calendar")} data-testid="mentor-calendar">
                {calendars
                  .filter((c) => c.mentor_id === m.id)
                  .map((c) => (
                    <span key={c.id} className="nowrap">
                      {t(`mentoring.calendars.providers.${c.provider}`)}:{" "}
                      {c.status === "broken" ? (
                        <strong>{t("office.mentors.calendarBroken")}</strong>
                      ) : c.status === "unanswered" ? (
                        t("office.mentors.calendarUnanswered")
                      ) : (
                        t("office.mentors.calendarWorking")
                      )}
                      <br />
                    </span>
                  ))}
                {calendars.some((c) => c.mentor_id === m.id) ? null : (
                  <span className="muted">{t("office.mentors.noCalendar")}</span>
                )}
              </td>
              <td className="row-actions">
                <RowForm id={m.id}>
                  <RowButton id={m.id} intent={m.active ? "deactivate" : "activate"} who={m.name}>
                    {m.active ? t("office.mentors.makeInactive") : t("office.mentors.makeActive")}
                  </RowButton>
                </RowForm>
              </td>
            </tr>
          ))}
        </StackTable>
      )}
    </section>
  );
}
