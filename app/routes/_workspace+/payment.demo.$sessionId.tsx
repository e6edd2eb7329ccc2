import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { OrderItems } from "../../components/ui/order-summary";
import { apiLoaderError, apiRedirectError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, orErrorTitle, titleMeta, Trans, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";
import { checkForm, readForm } from "../../lib/security.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Demo payment"));

/**
 * The demo payment mode's stand-in for Stripe's hosted page: no card, no money. "Pay" runs the same
 * order fulfilment a paid Stripe session gets; "Cancel" returns to the cart with everything kept.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const state = await api
    .call(endpoints.checkoutSession, { params: { id: params.sessionId ?? "" } })
    .catch((e) => apiLoaderError(e, request, context));
  return { state, sessionId: params.sessionId!, timeZone: agent.time_zone, title: workspaceT("work.demoPayment.title") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const sessionId = params.sessionId ?? "";
  const intent = formData.get("intent");
  try {
    if (intent === "pay") {
      await api.call(endpoints.demoComplete, { params: { id: sessionId } });
      return redirect(`/payment/success?session_id=${encodeURIComponent(sessionId)}`, 303);
    }
    if (intent === "cancel") {
      await api.call(endpoints.demoCancel, { params: { id: sessionId } });
      return await redirectWithToast(request, context, "/cart/", {
        type: "info",
        message: workspaceT("work.demoPayment.cancelled"),
      });
    }
  } catch (error) {
    return apiRedirectError(error, request, context, "/cart/");
  }
  throw new Response("Unknown action.", { status: 400 });
}

export default function DemoPayment() {
  const { state, timeZone } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // Like Stripe's page: a checkout past its end can no longer be paid.
  const { t } = useTranslation();
  const open = state.order.status === "pending" && !(state.order.expires_at && Date.parse(state.order.expires_at) <= Date.now());
  return (
    <section className="container page narrow">
      <div className="demo-banner" role="note">
        <Trans i18nKey="work.demoPayment.banner" components={{ strong: <strong /> }} />
      </div>
      <p className="eyebrow">{t("work.payment.orderN", { id: state.order.id })}</p>
      <h1>{t("work.demoPayment.heading")}</h1>
      <OrderItems order={state.order} timeZone={timeZone} />
      {open ? (
        <Form method="post" className="form__actions demo-actions">
          <AuthenticityTokenInput />
          <button type="submit" name="intent" value="pay" className="button button--primary" disabled={busy}>
            {t("work.demoPayment.pay")}
          </button>
          <button type="submit" name="intent" value="cancel" className="button button--ghost" disabled={busy}>
            {t("work.demoPayment.cancel")}
          </button>
        </Form>
      ) : (
        <p className="notice">
          <Trans
            i18nKey="work.demoPayment.closed"
            components={{ order: <Link to={`/orders/${state.order.id}`} />, cart: <Link to="/cart" /> }}
          />
        </p>
      )}
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
