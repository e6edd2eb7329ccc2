import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { isolate } from "../../../../lib/bidi";
import { formatMoney } from "../../../../lib/money";
import { useOfficeZone } from "../../../components/office/page";
import { PendingEmailNote } from "../../../components/office/pending-email-note";
import { ResetFactors } from "../../../components/office/reset-factors";
import { orderStatusLabel } from "../../../components/ui/order-summary";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { formatDateTime } from "../../../lib/dates";
import { endpoints } from "../../../lib/endpoints.server";
import { companyOf, useTranslation } from "../../../lib/every-page";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Agent not found" },
];

/** One agent, read only: its clients by name and status (nothing more of theirs), its orders and sessions. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const detail = await api
    .call(endpoints.officeAgentDetail, { params: { id: routeId(params.id) } })
    .catch((e) => apiLoaderError(e, request, context));
  return { ...detail, title: workspaceT("office.common.pageTitle", { name: detail.agent.name }) };
}

export default function OfficeAgent() {
  const { t } = useTranslation();
  const zone = useOfficeZone();
  const { agent, clients, orders, bookings, pending_email } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/office/agents">{t("office.agent.back")}</Link>
      </p>
      <h1>{agent.name}</h1>
      <dl className="details">
        <div>
          <dt>{t("office.agent.email")}</dt>
          <dd>
            {agent.email} · <Link to={`/office/agents/${agent.id}/email`}>{t("office.agent.change")}</Link>
          </dd>
        </div>
        <div>
          <dt>{t("office.agent.phone")}</dt>
          <dd>{agent.phone ?? "—"}</dd>
        </div>
        <div>
          <dt>{t("office.agent.zone")}</dt>
          <dd>{agent.time_zone}</dd>
        </div>
        <div>
          <dt>{t("office.agent.status")}</dt>
          <dd data-testid="agent-status">{agent.active ? t("office.agent.active") : t("office.agent.inactive")}</dd>
        </div>
        <div>
          <dt>{t("office.agent.lastSignIn", { zone })}</dt>
          <dd>{agent.last_sign_in_at ? formatDateTime(agent.last_sign_in_at, zone) : t("office.agent.never")}</dd>
        </div>
      </dl>
      <ResetFactors kind="agent" id={agent.id} back={`/office/agents/${agent.id}`} />
      <PendingEmailNote pending={pending_email} />
      <p className="muted">{t("office.agent.readOnly")}</p>
      <p>
        <Link to={`/office/commissions/${agent.id}`}>{t("office.agent.commissions")}</Link>
      </p>

      <div className="page-head">
        <h2>{t("office.agent.clients", { count: clients.length })}</h2>
        {clients.length ? (
          <Link to={`/office/agents/${agent.id}/hand-over`} className="button button--ghost">
            {t("office.agent.handOver")}
          </Link>
        ) : null}
      </div>
      {clients.length ? (
        <ul className="list-reset order-lines" data-testid="agent-clients">
          {clients.map((c) => (
            <li key={c.id}>
              <bdi>{c.name}</bdi> · {t(`work.clientStatus.${c.status}`)}
              {c.archived ? (
                ` · ${t("office.agent.archived")}`
              ) : (
                <>
                  {" · "}
                  <Link to={`/office/clients/${c.id}/messages`}>{t("office.clientMessages.link")}</Link>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t("office.agent.noClient")}</p>
      )}

      <h2>{t("office.agent.orders", { count: orders.length })}</h2>
      {orders.length ? (
        <ul className="list-reset order-lines">
          {orders.map((o) => (
            <li key={o.id}>
              <Link to={`/office/orders/${o.id}`}>{t("office.agent.orderN", { id: o.id })}</Link> ·{" "}
              {formatDateTime(o.created_at, zone)} ({zone}) · {orderStatusLabel(t, o.status)} ·{" "}
              {formatMoney(o.amount_minor, o.currency)}
              {o.refund_due_minor
                ? ` · ${t("office.agent.refundDue", { amount: formatMoney(o.refund_due_minor, o.currency) })}`
                : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t("office.agent.noOrder")}</p>
      )}

      <h2>{t("office.agent.sessions", { count: bookings.length })}</h2>
      {bookings.length ? (
        <ul className="list-reset order-lines">
          {bookings.map((b) => (
            <li key={b.id}>
              {t("office.agent.sessionLine", {
                time: formatDateTime(b.start_at, zone),
                zone,
                mentor: isolate(b.mentor_name),
                client: isolate(b.client_name),
                status: t(`office.agent.bookingStatus.${b.status}`),
              })}
              {b.refund_status ? ` · ${t(`office.refundState.${b.refund_status}`)}` : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t("office.agent.noSession")}</p>
      )}
    </section>
  );
}
