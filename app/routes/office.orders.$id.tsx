import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { itemLabel } from "../components/cart-items";
import { FormError, TextAreaField } from "../components/form";
import { useOfficeZone } from "../components/office";
import { orderStatusLabel } from "../components/order-summary";
import { Toast } from "../components/toasts";
import { apiActionError, apiLoaderError, type FormFailure } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { formatMoney } from "../lib/money";
import { routeId } from "../lib/params";
import { checkForm, readForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Order ${data.order.id} · Back office · Waypoint Consultancy` : "Order not found" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  return {
    order: await api
      .call(endpoints.officeOrder, { params: { id: routeId(params.id) } })
      .catch((e) => apiLoaderError(e, request, context)),
  };
}

/** Review (flagged orders), refund chosen lines, or retry the refunds still due; a refusal is said on this page. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const intent = String(formData.get("intent") ?? "");
  const note = String(formData.get("note") ?? "").trim();
  const values = { note, intent };
  const back = `/office/orders/${id}`;
  try {
    if (intent === "review" || intent === "refund") {
      if (!note) return data<FormFailure>({ fieldErrors: { [`${intent}_note`]: ["Note is required"] }, values }, { status: 400 });
      if (note.length > 1000)
        return data<FormFailure>(
          { fieldErrors: { [`${intent}_note`]: ["Note must be at most 1000 characters"] }, values },
          { status: 400 },
        );
    }
    if (intent === "review") {
      await api.call(endpoints.reviewOrder, { params: { id }, body: { note } });
      return await redirectWithToast(request, context, back, { type: "success", message: "Marked reviewed." });
    }
    if (intent === "refund") {
      const lines = formData
        .getAll("line")
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0);
      if (!lines.length)
        return data<FormFailure>({ fieldErrors: { line: ["Choose the lines to refund"] }, values }, { status: 400 });
      const order = await api.call(endpoints.refundOrder, { params: { id }, body: { item_ids: lines, note } });
      const message = order.refund_due_minor
        ? `Refund asked: ${formatMoney(order.refund_due_minor, order.currency)} is still due (Stripe did not confirm it yet: retry below).`
        : `Refunded. This order has ${formatMoney(order.refunded_minor, order.currency)} refunded in all.`;
      return await redirectWithToast(request, context, back, { type: "success", message });
    }
    if (intent === "retry") {
      const order = await api.call(endpoints.retryRefunds, { params: { id } });
      return await redirectWithToast(request, context, back, {
        type: order.refund_due_minor ? "error" : "success",
        message: order.refund_due_minor
          ? "Some refunds are still due: Stripe refused them. See the log."
          : "The refunds due are made.",
      });
    }
    throw new Response("Unknown action.", { status: 400 });
  } catch (error) {
    if (error instanceof Response) throw error;
    return apiActionError(error, request, context, values);
  }
}

export default function OfficeOrder() {
  const { t } = useTranslation();
  const zone = useOfficeZone();
  const { order } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const refundable = order.items.filter((i) => !i.refund_status);
  const canRefund = (order.status === "paid" || order.status === "flagged") && refundable.length > 0;
  const due = order.items.some((i) => i.refund_status === "due");
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/office/orders">Orders</Link>
      </p>
      <h1>Order {order.id}</h1>
      <FormError message={failure?.formError} />
      <dl className="details">
        <div>
          <dt>Agent</dt>
          <dd>
            {order.agent_name} ({order.agent_email})
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-testid="office-order-status">
            {orderStatusLabel(t, order.status)}
            {order.flag_reason ? `: ${order.flag_reason}` : ""}
          </dd>
        </div>
        <div>
          <dt>Placed, paid ({zone})</dt>
          <dd>
            {formatDateTime(order.created_at, zone)}, {order.paid_at ? formatDateTime(order.paid_at, zone) : "not paid"}
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>
            {order.mode === "demo" ? "Demo (no money moved)" : `Stripe, checkout ${order.checkout_session_id ?? "not opened"}`}
          </dd>
        </div>
        <div>
          <dt>Total, refunded, due</dt>
          <dd data-testid="office-order-money">
            {formatMoney(order.amount_minor, order.currency)}, {formatMoney(order.refunded_minor, order.currency)} refunded,{" "}
            {formatMoney(order.refund_due_minor, order.currency)} due
          </dd>
        </div>
        {order.reviewed_at ? (
          <div>
            <dt>Reviewed</dt>
            <dd>
              {formatDateTime(order.reviewed_at, zone)} by {order.reviewed_by_name}: {order.review_note}
            </dd>
          </div>
        ) : null}
      </dl>

      <Form method="post" className="form" noValidate>
        <AuthenticityTokenInput />
        <fieldset className={failure?.fieldErrors?.line ? "field field--invalid" : "field"}>
          <legend>Lines</legend>
          <ul className="list-reset order-lines">
            {order.items.map((i) => (
              <li key={i.id} data-testid={`office-line-${i.id}`}>
                {canRefund && !i.refund_status ? (
                  <label className="choice">
                    <input
                      type="checkbox"
                      name="line"
                      value={i.id}
                      aria-describedby={failure?.fieldErrors?.line ? "line-error" : undefined}
                    />
                    {itemLabel(t, i, zone)} for {i.client_name}: {formatMoney(i.price_minor, i.currency)}
                  </label>
                ) : (
                  <span>
                    {itemLabel(t, i, zone)} for {i.client_name}: {formatMoney(i.price_minor, i.currency)}
                    {i.refund_status ? <strong> · {i.refund_status === "refunded" ? "Refunded" : "Refund due"}</strong> : null}
                    {i.refund_reason ? <span className="muted"> ({i.refund_reason})</span> : null}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {canRefund && refundable.some((i) => i.item_type === "mentor_booking") ? (
            <p className="muted" data-testid="session-refund-hint">
              Refunding a mentor session that is still to come also cancels it: its agent and client are told.
            </p>
          ) : null}
          {failure?.fieldErrors?.line ? (
            <p className="field__error" id="line-error">
              {failure.fieldErrors.line[0]}
            </p>
          ) : null}
        </fieldset>
        {canRefund ? (
          <>
            <TextAreaField
              label="Why refund (the agent sees it)"
              name="note"
              id="field-refund_note"
              rows={2}
              maxLength={1000}
              errors={failure?.fieldErrors?.refund_note}
              defaultValue={failure?.values?.intent === "refund" ? failure.values.note : ""}
              autoFocusOnError
            />
            <button type="submit" name="intent" value="refund" className="button button--danger" disabled={busy}>
              Refund the chosen lines
            </button>
            <p className="muted">
              {order.mode === "stripe"
                ? "Refunded through Stripe to the card paid with."
                : "A demo order: marked refunded, no money moves."}
            </p>
          </>
        ) : null}
      </Form>

      {due ? (
        <Form method="post" className="form__actions">
          <AuthenticityTokenInput />
          <button type="submit" name="intent" value="retry" className="button button--primary" disabled={busy}>
            Retry the refunds due
          </button>
        </Form>
      ) : null}

      {order.status === "flagged" ? (
        <Form method="post" className="form" noValidate>
          <AuthenticityTokenInput />
          <h2>Review</h2>
          <TextAreaField
            label="What you found"
            name="note"
            id="field-review_note"
            rows={2}
            maxLength={1000}
            errors={failure?.fieldErrors?.review_note}
            defaultValue={failure?.values?.intent === "review" ? failure.values.note : (order.review_note ?? "")}
            autoFocusOnError
          />
          <button type="submit" name="intent" value="review" className="button button--ghost" disabled={busy}>
            Mark reviewed
          </button>
        </Form>
      ) : null}

      <h2>History</h2>
      <ul className="list-reset order-lines" data-testid="office-order-events">
        {order.events.map((e, i) => (
          <li key={i}>
            {e.at ? `${formatDateTime(e.at, zone)}: ` : "Not settled yet: "}
            {e.what}
          </li>
        ))}
      </ul>
      <h3>Staff changes</h3>
      {order.history.length ? (
        <ul className="list-reset order-lines" data-testid="office-order-history">
          {order.history.map((h) => (
            <li key={h.id}>
              {formatDateTime(h.created_at, zone)}: {h.summary}, by {h.staff_name ?? "the command line"}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No staff change yet.</p>
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}
