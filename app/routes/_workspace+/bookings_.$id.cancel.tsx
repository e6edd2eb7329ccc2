import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatMoney } from "../../../lib/money";
import { FormError } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { SessionDetails } from "../../components/workspace/session-details";
import { apiActionError, apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, orErrorTitle, type T, titleMeta, Toast, useTranslation } from "../../lib/every-page";
import type { FormFailure } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { routeId } from "../../lib/params";
import { checkForm, readForm } from "../../lib/security.server";
import { getSettings } from "../../lib/settings.server";
import { loadSite } from "../../lib/site.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Cancel a session"));

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const id = routeId(params.id);
  const bookings = await api
    .call(endpoints.bookings, { params: { agentId: agent.id } })
    .catch((e) => apiLoaderError(e, request, context));
  const booking = bookings.find((b) => b.id === id);
  if (!booking) throw new Response("Not found", { status: 404 });
  const settings = getSettings();
  return {
    booking,
    timeZone: agent.time_zone,
    now: new Date().toISOString(),
    cutoffHours: (await loadSite(context)).cancel_cutoff_hours,
    demo: settings.payments.mode === "demo",
    title: workspaceT("work.cancel.title"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  try {
    const booking = await api.call(endpoints.cancelBooking, { body: { id } });
    const cutoff = (await loadSite(context)).cancel_cutoff_hours;
    const late = !booking.move_request && Date.parse(booking.start_at) - Date.now() < cutoff * 3_600_000;
    const message = booking.credit_id
      ? workspaceT(late ? "work.cancel.creditUsed" : "work.cancel.creditReturned")
      : booking.refund_status === "refunded"
        ? workspaceT("work.cancel.refunded")
        : booking.refund_status === "due"
          ? workspaceT("work.cancel.refundDue")
          : booking.order_id
            ? workspaceT("work.cancel.notRefunded")
            : workspaceT("work.cancel.cancelled");
    return await redirectWithToast(request, context, "/bookings", { type: "success", message });
  } catch (error) {
    // Refused (already cancelled, already started): said here, on the page the agent is on.
    return apiActionError(error, request, context, {});
  }
}

/** What cancelling does to the money, by the rule of Terms §4. */
function refundSentence(
  t: T,
  b: {
    status: string;
    start_at: string;
    price_minor: number;
    currency: string;
    move_request: unknown;
    credit_id: number | null;
  },
  now: string,
  cutoffHours: number,
  demo: boolean,
) {
  if (b.status === "held") return t("work.cancel.unpaid");
  const price = formatMoney(b.price_minor, b.currency);
  const hoursLeft = (Date.parse(b.start_at) - Date.parse(now)) / 3_600_000;
  // The mentor asked for a new time: the change is theirs, so it is refunded in full whenever it is cancelled.
  if (hoursLeft < cutoffHours && !b.move_request) {
    return b.credit_id
      ? t("work.cancel.creditLate", { hours: cutoffHours })
      : t("work.cancel.late", { hours: cutoffHours, price });
  }
  // Booked with a session pack credit (issue 41): the credit goes back, no money moves.
  if (b.credit_id) return t("work.cancel.creditBack");
  return demo ? t("work.cancel.demoRefund", { price }) : t("work.cancel.cardRefund", { price });
}

export default function CancelBooking() {
  const { booking: b, timeZone, now, cutoffHours, demo } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const form = useSchemaForm(failure);
  const busy = useNavigation().state === "submitting";
  const open = (b.status === "held" || b.status === "confirmed") && b.start_at > now;
  const { t } = useTranslation();
  return (
    <section className="container page narrow">
      <p className="eyebrow">
        <Link to="/bookings">{t("work.cancel.back")}</Link>
      </p>
      <h1>{t("work.cancel.heading")}</h1>
      <SessionDetails b={b} timeZone={timeZone} whenLabel={t("work.cancel.when")} />
      <FormError message={form.formError} />
      {open ? (
        <>
          <p className="notice" data-testid="refund-sentence">
            {refundSentence(t, b, now, cutoffHours, demo)}
          </p>
          <Form method="post" {...form.props} className="form__actions">
            <AuthenticityTokenInput />
            <button type="submit" className="button button--danger" disabled={busy}>
              {busy ? t("work.cancel.cancelling") : t("work.cancel.confirm")}
            </button>
            <Link to="/bookings" className="button button--ghost">
              {t("work.cancel.keep")}
            </Link>
          </Form>
        </>
      ) : (
        <p className="empty-state">
          {b.status === "canceled" || b.status === "released"
            ? t("work.cancel.tooLateCancelled")
            : t("work.cancel.tooLateStarted")}{" "}
          <Link to="/bookings">{t("work.cancel.backToBookings")}</Link>
        </p>
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
