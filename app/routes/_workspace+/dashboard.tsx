import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AttentionList } from "../../components/workspace/attention-list";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { orErrorTitle, titleMeta, Trans, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Dashboard"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const [counts, attention] = await Promise.all([api.call(endpoints.dashboardCounts), api.call(endpoints.attention)]).catch((e) =>
    apiLoaderError(e, request, context),
  );
  return { agent, counts, attention, title: workspaceT("work.dashboard.title") };
}

export default function Dashboard() {
  const { agent, counts, attention } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const card = (key: keyof typeof counts, name: string, to: string, testId: string) => ({
    label: t(`work.dashboard.cards.${name}.label`),
    text: t(`work.dashboard.cards.${name}.text`),
    count: counts[key],
    to,
    testId,
  });
  const cards = [
    card("clients", "clients", "/clients", "count-clients"),
    card("cart_items", "cart", "/cart", "count-cart"),
    card("open_bookings", "bookings", "/bookings", "count-bookings"),
    card("paid_orders", "orders", "/orders", "count-orders"),
    card("jobs", "jobs", "/joblist", "count-jobs"),
    card("relocations", "relocations", "/relocation", "count-relocations"),
  ];
  return (
    <section className="container page">
      <p className="eyebrow">{t("work.dashboard.eyebrow")}</p>
      <h1>{t("work.dashboard.welcome", { name: agent.name })}</h1>
      <p className="lead">
        <Trans i18nKey="work.dashboard.signedInAs" values={{ email: agent.email }} components={{ email: <bdi dir="ltr" /> }} />
      </p>
      <h2>{t("work.dashboard.attention")}</h2>
      <AttentionList items={attention} timeZone={agent.time_zone} empty={t("work.dashboard.nothing")} />
      <ul className="cards list-reset">
        {cards.map((c) => (
          <li key={c.testId}>
            <Link to={c.to} className="card card--link card--count">
              <span className="count" data-testid={c.testId}>
                {c.count}
              </span>
              <h2>{c.label}</h2>
              <p>{c.text}</p>
            </Link>
          </li>
        ))}
      </ul>
      <ul className="quick-links" aria-label={t("work.dashboard.more")}>
        <li>
          <Link to="/mentors">{t("work.dashboard.findMentor")}</Link>
        </li>
        <li>
          <Link to="/orders">{t("work.dashboard.orders")}</Link>
        </li>
        <li>
          <Link to="/contact">{t("work.dashboard.contact")}</Link>
        </li>
        <li>
          <Link to="/servicesPage/?id=1">{t("work.dashboard.services")}</Link>
        </li>
      </ul>
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
