/**
 * One agent's commissions in the office (issue 41): the statement, the payouts made, a payout to record (at most
 * what is owed; a Stripe transfer when Connect is on and the agent's account is set), and that account.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatMoney, dollarsText, parseDollars } from "../../../lib/money";
import { CommissionStatementView } from "../../components/ui/commission-statement";
import { Field, FormError, WideActions } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formRefusal, payoutFields, refuseFields } from "../../lib/commissions.server";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, titleMeta, Toast, useTranslation } from "../../lib/every-page";
import { forForm, textFields, type FormFailure } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { routeId } from "../../lib/params";
import { checkForm, readForm } from "../../lib/security.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = titleMeta<typeof loader>("Commissions · Back office");

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person } = await requireAccount(request, context, ["staff"]);
  const statement = await api
    .call(endpoints.agentCommissions, { params: { agentId: routeId(params.agentId) } })
    .catch((e) => apiLoaderError(e, request, context));
  return {
    statement,
    // Payouts and the connected account are an owner's (issue 66): other staff read the statement.
    owner: person.role === "owner",
    today: new Date().toISOString().slice(0, 10),
    title: workspaceT("office.commissions.agentTitle", { name: statement.agent_name }),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const agentId = routeId(params.agentId);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const back = `/office/commissions/${agentId}`;
  if (formData.get("intent") === "connect") {
    const values = textFields(formData, ["account_id"]);
    try {
      await api.call(endpoints.setConnectAccount, { params: { agentId }, body: { account_id: values.account_id ?? "" } });
      return await redirectWithToast(request, context, back, {
        type: "success",
        message: workspaceT("office.commissions.accountSaved"),
      });
    } catch (error) {
      return forForm(await formRefusal(error, request, context, values), "connect");
    }
  }
  const values = textFields(formData, payoutFields);
  const amount = parseDollars(values.amount ?? "");
  if (amount === null || amount <= 0)
    return forForm(refuseFields(values, { amount: ["Enter the amount in dollars, e.g. 120 or 120.50"] }), "payout");
  try {
    await api.call(endpoints.recordPayout, {
      params: { agentId },
      body: { amount_minor: amount, currency: "USD", paid_on: values.paid_on ?? "", reference: values.reference ?? "" },
    });
    return await redirectWithToast(request, context, back, { type: "success", message: workspaceT("office.commissions.paid") });
  } catch (error) {
    return forForm(await formRefusal(error, request, context, values, { amount_minor: "amount" }), "payout");
  }
}

export default function AgentCommissions() {
  const { statement, today, owner } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  const owed = statement.owed.find((o) => o.currency === "USD")?.owed_minor ?? 0;
  const payout = useSchemaForm(failure, {
    form: "payout",
    order: payoutFields,
    stored: { amount: owed > 0 ? dollarsText(owed) : "", paid_on: today },
  });
  const connect = useSchemaForm(failure, {
    form: "connect",
    order: ["account_id"],
    stored: { account_id: statement.connect_account_id ?? "" },
  });
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/office/commissions">{t("office.commissions.heading")}</Link>
      </p>
      <h1>{t("office.commissions.agentHeading", { name: statement.agent_name })}</h1>
      <CommissionStatementView statement={statement} agentName={statement.agent_name} />
      {owner ? null : <p className="muted">{t("office.commissions.ownersOnly")}</p>}

      <section aria-labelledby="payout-heading" className="section">
        <h2 id="payout-heading">{t("office.commissions.recordPayout")}</h2>
        <p className="muted">
          {statement.connect
            ? t("office.commissions.viaStripe", { account: statement.connect_account_id })
            : t("office.commissions.byHand")}
        </p>
        {owner ? (
          <Form method="post" className="form form--grid" {...payout.props} key={payout.key}>
            <AuthenticityTokenInput />
            <FormError message={payout.formError} />
            <Field label={t("office.commissions.amount")} inputMode="decimal" required {...payout.field("amount")} />
            <Field label={t("office.commissions.paidOn")} type="date" required {...payout.field("paid_on")} />
            <Field
              label={t("office.commissions.reference")}
              required
              maxLength={100}
              hint={t("office.commissions.referenceHint")}
              {...payout.field("reference")}
            />
            <WideActions label={t("office.commissions.pay")} intent="payout" busy={busy} />
          </Form>
        ) : null}
        {statement.payouts.length ? (
          <ul className="list-reset order-lines" data-testid="payouts">
            {statement.payouts.map((p) => (
              <li key={p.id} className="card agenda-item">
                <p>
                  <strong>{formatMoney(p.amount_minor, p.currency)}</strong> · {p.paid_on} · {p.reference} ·{" "}
                  {t(`office.commissions.payoutStatus.${p.status}`)}
                  {p.transfer_id ? ` (${p.transfer_id})` : ""}
                </p>
                {p.failure ? <p className="muted">{p.failure}</p> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="connect-heading" className="section">
        <h2 id="connect-heading">{t("office.commissions.connectHeading")}</h2>
        <p className="muted">{t("office.commissions.connectNote")}</p>
        {owner ? (
          <Form method="post" className="form form--grid" {...connect.props} key={connect.key}>
            <AuthenticityTokenInput />
            <FormError message={connect.formError} />
            <Field label={t("office.commissions.accountId")} maxLength={80} spellCheck={false} {...connect.field("account_id")} />
            <WideActions label={t("office.commissions.saveAccount")} intent="connect" busy={busy} ghost />
          </Form>
        ) : null}
      </section>
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
