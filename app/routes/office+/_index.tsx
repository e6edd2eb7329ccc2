import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useOfficeZone } from "../../components/office/page";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { titleMeta, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";

export const meta = titleMeta<typeof loader>("Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person: staff } = await requireAccount(request, context, ["staff"]);
  const overview = await api.call(endpoints.officeOverview).catch((e) => apiLoaderError(e, request, context));
  return { staff, overview, title: workspaceT("office.overview.title") };
}

export default function OfficeOverview() {
  const zone = useOfficeZone();
  const { staff, overview } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const cards = [
    { label: t("office.overview.unread"), n: overview.unread_messages, to: "/office/messages", testId: "unread-messages" },
    {
      label: t("office.overview.mailFailed"),
      n: overview.mail_failed,
      to: "/office/outbox?status=failed",
      testId: "mail-failed",
    },
    {
      label: t("office.overview.flagged"),
      n: overview.flagged_orders,
      to: "/office/orders?status=flagged",
      testId: "flagged-orders",
    },
    { label: t("office.overview.refundsDue"), n: overview.refunds_due, to: "/office/orders?refund=due", testId: "refunds-due" },
    {
      label: t("office.overview.holdsLapsing"),
      n: overview.holds_lapsing,
      to: "/office/bookings?holds=lapsing",
      testId: "holds-lapsing",
    },
    {
      label: t("office.overview.unmarked"),
      n: overview.sessions_unmarked,
      to: "/office/bookings?view=unmarked",
      testId: "sessions-unmarked",
    },
    { label: t("office.overview.today", { zone }), n: overview.sessions_today, to: "/office/bookings", testId: "sessions-today" },
    {
      label: t("office.overview.tomorrow", { zone }),
      n: overview.sessions_tomorrow,
      to: "/office/bookings",
      testId: "sessions-tomorrow",
    },
  ];
  return (
    <section className="container page">
      <p className="eyebrow">{t("office.overview.eyebrow")}</p>
      <h1>{t("office.overview.heading", { name: staff.name })}</h1>
      <p className="muted">{t("office.overview.intro")}</p>
      <ul className="cards list-reset">
        {cards.map((c) => (
          <li key={c.testId} className="card card--count">
            <p className="count" data-testid={c.testId}>
              {c.n}
            </p>
            <p>
              <Link to={c.to}>{c.label}</Link>
            </p>
          </li>
        ))}
      </ul>
      <ul className="quick-links" aria-label={t("office.overview.more")}>
        <li>
          <Link to="/office/agents/new">{t("office.overview.addAgent")}</Link>
        </li>
        <li>
          <Link to="/office/agents">{t("office.overview.agents")}</Link>
        </li>
        <li>
          <Link to="/office/audit">{t("office.overview.audit")}</Link>
        </li>
        <li>
          <Link to="/office/stages">{t("office.overview.stages")}</Link>
        </li>
        <li>
          <Link to="/office/questionnaires">{t("office.overview.questionnaires")}</Link>
        </li>
        <li>
          <Link to="/office/agreements">{t("office.overview.agreements")}</Link>
        </li>
        <li>
          <Link to="/office/session-packs">{t("office.overview.sessionPacks")}</Link>
        </li>
        <li>
          <Link to="/office/commissions">{t("office.overview.commissions")}</Link>
        </li>
      </ul>
    </section>
  );
}
