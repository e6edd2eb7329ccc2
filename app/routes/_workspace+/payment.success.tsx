import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderItems } from "../../components/ui/order-summary";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { orErrorTitle, titleMeta, Trans, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Payment"));

/** Stripe sends the agent back here with ?session_id=…; the API says how the payment stands. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const sessionId = new URL(request.url).searchParams.get("session_id")?.trim();
  const title = workspaceT("work.payment.title");
  if (!sessionId) return data({ missing: true as const, state: null, title }, { status: 400 });
  const state = await api
    .call(endpoints.checkoutSession, { params: { id: sessionId } })
    .catch((e) => apiLoaderError(e, request, context));
  return { missing: false as const, state, timeZone: agent.time_zone, title };
}

export default function PaymentSuccess() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (data.missing) {
    return (
      <section className="container page narrow">
        <h1>{t("work.payment.missingTitle")}</h1>
        <p>
          <Trans i18nKey="work.payment.missing" components={{ go: <Link to="/orders" /> }} />
        </p>
      </section>
    );
  }
  const { payment, order } = data.state;

  return (
    <section className="container page narrow">
      <p className="eyebrow">{t("work.payment.orderN", { id: order.id })}</p>
      <h1 data-testid="payment-status" data-status={payment}>
        {t(`work.payment.${payment}.title`)}
      </h1>
      <p className="lead">{t(`work.payment.${payment}.text`)}</p>
      <OrderItems order={order} timeZone={data.timeZone} />
      <p className="actions">
        <Link to={`/orders/${order.id}`} className="button button--primary">
          {t("work.payment.viewOrder")}
        </Link>
        <Link to="/dashboard" className="button button--ghost">
          {t("work.payment.dashboard")}
        </Link>
      </p>
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
