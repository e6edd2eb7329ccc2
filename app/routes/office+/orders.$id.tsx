import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isolate } from "../../../lib/bidi";
import { formatMoney } from "../../../lib/money";
import { useOfficeZone } from "../../components/office/page";
import { FormError, TextAreaField } from "../../components/ui/fields";
import { readRefusal, useSchemaForm, type PortalForm } from "../../components/ui/form";
import { orderStatusLabel } from "../../components/ui/order-summary";
import { apiActionError, apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime, timesIn } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, companyOf, Toast, useTranslation } from "../../lib/every-page";
import { type FormFailure, forForm, refuse } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { itemLabel } from "../../lib/item-words";
import { routeId } from "../../lib/params";
import { checkForm, readForm } from "../../lib/security.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Order not found" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const order = await api
    .call(endpoints.officeOrder, { params: { id: routeId(params.id) } })
    .catch((e) => apiLoaderError(e, request, context));
  return { order, title: workspaceT("office.order.title", { id: order.id }) };
}

/**
 * A staff note on the order (why a line is refunded, what a review found): posted as `note`; the API names its
 * refusal by the note's own field (`refund_note`, `review_note`).
 */
function StaffNote({ label, form, field, value }: { label: string; form: PortalForm; field: string; value: string }) {
  return (
    <TextAreaField
      label={label}
      name="note"
      id={`field-${field}`}
      rows={2}
      maxLength={1000}
      errors={form.errors(field)}
      defaultValue={value}
      autoFocusOnError
    />
  );
}

/** Review (flagged orders), refund chosen lines, or retry the refunds still due; a refusal is said on this page. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const intent = String(formData.get("intent") ?? "");
  const note = String(formData.get("note") ?? "").trim();
  const values = { note, intent };
  const back = `/office/orders/${id}`;
  try {
    if (intent === "review" || intent === "refund") {
      const problem = !note ? "office.order.noteRequired" : note.length > 1000 ? "office.order.noteTooLong" : null;
      if (problem) return forForm(refuse(values, { fieldErrors: { [`${intent}_note`]: [workspaceT(problem)] } }), intent);
    }
    if (intent === "review") {
      await api.call(endpoints.reviewOrder, { params: { id }, body: { note } });
      return await redirectWithToast(request, context, back, { type: "success", message: workspaceT("office.order.reviewed") });
    }
    if (intent === "refund") {
      const lines = formData
        .getAll("line")
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0);
      if (!lines.length)
        return forForm(refuse(values, { fieldErrors: { line: [workspaceT("office.order.chooseLines")] } }), intent);
      const order = await api.call(endpoints.refundOrder, { params: { id }, body: { item_ids: lines, note } });
      const message = order.refund_due_minor
        ? workspaceT("office.order.stillDue", { amount: formatMoney(order.refund_due_minor, order.currency) })
        : workspaceT("office.order.refunded", { amount: formatMoney(order.refunded_minor, order.currency) });
      return await redirectWithToast(request, context, back, { type: "success", message });
    }
    if (intent === "retry") {
      const order = await api.call(endpoints.retryRefunds, { params: { id } });
      return await redirectWithToast(request, context, back, {
        type: order.refund_due_minor ? "error" : "success",
        message: order.refund_due_minor ? workspaceT("office.order.refusedAgain") : workspaceT("office.order.refundsMade"),
      });
    }
    throw new Response("Unknown action.", { status: 400 });
  } catch (error) {
    if (error instanceof Response) throw error;
    return forForm(await apiActionError(error, request, context, values), intent);
  }
}

export default function OfficeOrder() {
  const { t } = useTranslation();
  const zone = useOfficeZone();
  const { order } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  // Said at the top whichever form it answers; beside its fields in that form.
  const page = readRefusal(failure);
  const refund = useSchemaForm(failure, { form: "refund" });
  const review = useSchemaForm(failure, { form: "review" });
  const retry = useSchemaForm(failure, { form: "retry" });
  const busy = useNavigation().state === "submitting";
  const refundable = order.items.filter((i) => !i.refund_status);
  const canRefund = (order.status === "paid" || order.status === "flagged") && refundable.length > 0;
  const due = order.items.some((i) => i.refund_status === "due");
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/office/orders">{t("office.order.back")}</Link>
      </p>
      <h1>{t("office.order.heading", { id: order.id })}</h1>
      <FormError message={page.formError} />
      <dl className="details">
        <div>
          <dt>{t("office.order.agent")}</dt>
          <dd>
            {order.agent_name} ({order.agent_email})
          </dd>
        </div>
        <div>
          <dt>{t("office.order.status")}</dt>
          <dd data-testid="office-order-status">
            {orderStatusLabel(t, order.status)}
            {order.flag_reason ? `: ${order.flag_reason}` : ""}
          </dd>
        </div>
        <div>
          <dt>{t("office.order.placedPaid", { zone })}</dt>
          <dd>
            {formatDateTime(order.created_at, zone)},{" "}
            {order.paid_at ? formatDateTime(order.paid_at, zone) : t("office.order.notPaid")}
          </dd>
        </div>
        <div>
          <dt>{t("office.order.payment")}</dt>
          <dd>
            {order.mode === "demo"
              ? t("office.order.demo")
              : t("office.order.stripe", { session: order.checkout_session_id ?? t("office.order.notOpened") })}
          </dd>
        </div>
        <div>
          <dt>{t("office.order.money")}</dt>
          <dd data-testid="office-order-money">
            {t("office.order.moneyLine", {
              total: formatMoney(order.amount_minor, order.currency),
              refunded: formatMoney(order.refunded_minor, order.currency),
              due: formatMoney(order.refund_due_minor, order.currency),
            })}
          </dd>
        </div>
        {order.reviewed_at ? (
          <div>
            <dt>{t("office.order.reviewedAt")}</dt>
            <dd>
              {t("office.order.reviewedLine", {
                time: formatDateTime(order.reviewed_at, zone),
                name: order.reviewed_by_name,
                note: order.review_note,
              })}
            </dd>
          </div>
        ) : null}
      </dl>

      <Form method="post" className="form" {...refund.props}>
        <AuthenticityTokenInput />
        <fieldset className={refund.errors("line") ? "field field--invalid" : "field"}>
          <legend>{t("office.order.lines")}</legend>
          <ul className="list-reset order-lines">
            {order.items.map((i) => (
              <li key={i.id} data-testid={`office-line-${i.id}`}>
                {canRefund && !i.refund_status ? (
                  <label className="choice">
                    <input
                      type="checkbox"
                      name="line"
                      value={i.id}
                      aria-describedby={refund.errors("line") ? "line-error" : undefined}
                    />
                    {t("office.order.line", {
                      item: itemLabel(t, i, zone),
                      client: isolate(i.client_name),
                      price: formatMoney(i.price_minor, i.currency),
                    })}
                  </label>
                ) : (
                  <span>
                    {t("office.order.line", {
                      item: itemLabel(t, i, zone),
                      client: isolate(i.client_name),
                      price: formatMoney(i.price_minor, i.currency),
                    })}
                    {i.refund_status ? (
                      <strong>
                        {" "}
                        · {i.refund_status === "refunded" ? t("office.order.lineRefunded") : t("office.order.lineDue")}
                        {i.refund_minor !== i.price_minor ? ` ${formatMoney(i.refund_minor, i.currency)}` : null}
                      </strong>
                    ) : null}
                    {i.refund_reason ? <span className="muted"> ({i.refund_reason})</span> : null}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {canRefund && refundable.some((i) => i.item_type === "mentor_booking") ? (
            <p className="muted" data-testid="session-refund-hint">
              {t("office.order.sessionHint")}
            </p>
          ) : null}
          {canRefund && refundable.some((i) => i.item_type === "session_pack") ? (
            <p className="muted" data-testid="pack-refund-hint">
              {t("office.order.packHint")}
            </p>
          ) : null}
          {refund.errors("line") ? (
            <p className="field__error" id="line-error">
              {refund.errors("line")![0]}
            </p>
          ) : null}
        </fieldset>
        {canRefund ? (
          <>
            <StaffNote label={t("office.order.why")} form={refund} field="refund_note" value={refund.typed("note") ?? ""} />
            <button type="submit" name="intent" value="refund" className="button button--danger" disabled={busy}>
              {t("office.order.refund")}
            </button>
            <p className="muted">{order.mode === "stripe" ? t("office.order.throughStripe") : t("office.order.demoRefund")}</p>
          </>
        ) : null}
      </Form>

      {due ? (
        <Form method="post" className="form__actions" {...retry.props}>
          <AuthenticityTokenInput />
          <button type="submit" name="intent" value="retry" className="button button--primary" disabled={busy}>
            {t("office.order.retry")}
          </button>
        </Form>
      ) : null}

      {order.status === "flagged" ? (
        <Form method="post" className="form" {...review.props}>
          <AuthenticityTokenInput />
          <h2>{t("office.order.review")}</h2>
          <StaffNote
            label={t("office.order.found")}
            form={review}
            field="review_note"
            value={review.typed("note") ?? order.review_note ?? ""}
          />
          <button type="submit" name="intent" value="review" className="button button--ghost" disabled={busy}>
            {t("office.order.markReviewed")}
          </button>
        </Form>
      ) : null}

      <h2>{t("office.order.history")}</h2>
      <ul className="list-reset order-lines" data-testid="office-order-events">
        {order.events.map((e, i) => (
          <li key={i}>
            {e.at ? `${formatDateTime(e.at, zone)}: ` : `${t("office.order.notSettled")} `}
            {timesIn(e.what, zone)}
          </li>
        ))}
      </ul>
      <h3>{t("office.order.staffChanges")}</h3>
      {order.history.length ? (
        <ul className="list-reset order-lines" data-testid="office-order-history">
          {order.history.map((h) => (
            <li key={h.id}>
              {t("office.order.change", {
                time: formatDateTime(h.created_at, zone),
                summary: timesIn(h.summary, zone),
                name: h.staff_name ?? t("office.order.commandLine"),
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t("office.order.noChange")}</p>
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}
