import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type AppLoadContext } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { CartItem } from "../../../lib/contract";
import { formatMoney } from "../../../lib/money";
import { IntentForm } from "../../components/ui/row-form";
import { ZoneNote } from "../../components/ui/zone-note";
import { CartTable, cartTotals, lapsedHold, useRefreshWhenHoldsLapse } from "../../components/workspace/cart-items";
import { apiLoaderError, apiRedirectError, type ApiClient } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { cartOf } from "../../lib/cart.server";
import { formatDateTime } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { orErrorTitle, titleMeta, Trans, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";
import { rowIntent } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { getSettings } from "../../lib/settings.server";
import { loadSite } from "../../lib/site.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Cart"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const [items, payment] = await Promise.all([cartOf(context, api, agent.id), api.call(endpoints.openCheckout)]).catch((e) =>
    apiLoaderError(e, request, context),
  );
  return {
    items,
    payment,
    timeZone: agent.time_zone,
    demo: getSettings().payments.mode === "demo",
    cutoffHours: (await loadSite(context)).cancel_cutoff_hours,
    now: new Date().toISOString(),
    title: workspaceT("work.cart.title"),
  };
}

/** Checkout: the API opens a session for the agent's own cart; the browser goes there (303, no JavaScript needed). */
async function checkout(request: Request, context: AppLoadContext, api: ApiClient) {
  try {
    const started = await api.call(endpoints.createCheckout);
    return redirect(started.url, 303);
  } catch (error) {
    return apiRedirectError(error, request, context, "/cart/");
  }
}

/** "Cancel payment": the open checkout ends (Stripe's session is expired first) and the cart can change again. */
async function cancelPayment(request: Request, context: AppLoadContext, api: ApiClient) {
  try {
    await api.call(endpoints.cancelCheckout);
    return await redirectWithToast(request, context, "/cart/", {
      type: "info",
      message: workspaceT("work.cart.cancelled"),
    });
  } catch (error) {
    return apiRedirectError(error, request, context, "/cart/");
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const intent = formData.get("intent");
  if (intent === "checkout") return checkout(request, context, api);
  if (intent === "cancel-payment") return cancelPayment(request, context, api);
  if (intent !== "remove") throw new Response("Unknown action.", { status: 400 });
  const parsed = rowIntent("remove").safeParse({ intent, id: formData.get("id") });
  if (!parsed.success) throw new Response(workspaceT("work.cart.notAnItem"), { status: 400 });
  // Back to the page the agent was on (the cart, or a client's page), never off-site.
  const back = safeBack(request);
  try {
    await api.call(endpoints.deleteCart, { body: { id: parsed.data.id } });
    return await redirectWithToast(request, context, back, { type: "success", message: workspaceT("work.cart.removed") });
  } catch (error) {
    return apiRedirectError(error, request, context, back);
  }
}

function safeBack(request: Request) {
  const referer = request.headers.get("Referer");
  if (referer && URL.canParse(referer)) {
    const from = new URL(referer);
    if (from.origin === new URL(request.url).origin && /^\/(cart|clients\/\d+)\/?$/.test(from.pathname)) {
      return from.pathname;
    }
  }
  return "/cart/";
}

function groupByClient(items: CartItem[]) {
  const groups = new Map<number, { id: number; name: string; items: CartItem[] }>();
  for (const item of items) {
    const g = groups.get(item.client_id) ?? { id: item.client_id, name: item.client_name, items: [] };
    g.items.push(item);
    groups.set(item.client_id, g);
  }
  return [...groups.values()];
}

export default function Cart() {
  const { items, payment, timeZone, now, demo, cutoffHours } = useLoaderData<typeof loader>();
  useRefreshWhenHoldsLapse(items, now);
  const lapsed = items.filter(lapsedHold);
  const withdrawn = items.filter((i) => !i.offered);
  const navigation = useNavigation();
  const checkingOut = navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  const cancelling = navigation.state !== "idle" && navigation.formData?.get("intent") === "cancel-payment";
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">{t("work.cart.eyebrow")}</p>
      <h1>{t("work.cart.heading")}</h1>
      {items.some((i) => i.session) || payment ? <ZoneNote own={timeZone} /> : null}
      {payment ? (
        <div className="notice" role="status" data-testid="payment-in-progress">
          <p>
            <Trans
              i18nKey={payment.expires_at ? "work.cart.payingUntil" : "work.cart.paying"}
              values={{
                amount: formatMoney(payment.amount_minor, payment.currency),
                until: payment.expires_at ? formatDateTime(payment.expires_at, timeZone) : "",
              }}
              components={{ strong: <strong /> }}
            />
            . {t("work.cart.locked")}
          </p>
          <div className="form__actions">
            <IntentForm intent="checkout" busy={checkingOut} busyLabel={t("work.cart.opening")}>
              {t("work.cart.continue")}
            </IntentForm>
            <IntentForm intent="cancel-payment" tone="ghost" busy={cancelling} busyLabel={t("work.cart.cancelling")}>
              {t("work.cart.cancelPayment")}
            </IntentForm>
          </div>
        </div>
      ) : null}
      {items.length === 0 ? (
        <div className="empty-state">
          <p>{t("work.cart.empty")}</p>
          <p>
            <Link to="/clients">{t("work.cart.clients")}</Link> · <Link to="/joblist">{t("work.cart.jobs")}</Link> ·{" "}
            <Link to="/relocation">{t("work.cart.relocations")}</Link>
          </p>
        </div>
      ) : (
        <>
          {groupByClient(items).map((group) => (
            <section key={group.id} className="cart-group" aria-label={t("work.cart.itemsFor", { name: group.name })}>
              <h2>
                <Link to={`/clients/${group.id}`}>{group.name}</Link>
              </h2>
              <CartTable items={group.items} removable={!payment} timeZone={timeZone} now={now} cutoffHours={cutoffHours} />
              <p className="cart-subtotal">{t("work.cart.subtotal", { amount: cartTotals(group.items).join(" + ") })}</p>
            </section>
          ))}
          <div className="cart-footer">
            <p className="cart-total">
              {t("work.cart.total")} <strong data-testid="cart-total">{cartTotals(items).join(" + ")}</strong>
              {lapsed.length ? <span className="muted"> {t("work.cart.lapsedNotCounted")}</span> : null}
            </p>
            {payment ? null : withdrawn.length ? (
              <p className="notice" role="status">
                {t("work.cart.withdrawn", { count: withdrawn.length })}
              </p>
            ) : lapsed.length ? (
              <p className="notice" role="status">
                {t("work.cart.lapsed", { count: lapsed.length })}
              </p>
            ) : (
              <>
                <IntentForm intent="checkout" busy={checkingOut} busyLabel={t("work.cart.opening")}>
                  {t("work.cart.checkout")}
                </IntentForm>
                <p className="muted">{demo ? t("work.cart.demo") : t("work.cart.card")}</p>
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
