/**
 * Commissions in the office (issue 41): the rules (what each is for, for whom, the rate, from when; one not started
 * can be removed), a form to add one, and every agent's balance with the way to their statement and payouts.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { CommissionRule } from "../../../lib/contract";
import { formatMoney } from "../../../lib/money";
import { OfficeHead } from "../../components/office/page";
import { CommissionCells, CommissionHead } from "../../components/ui/commission-statement";
import { Field, FormError, SelectField, WideActions } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { apiLoaderError, apiRedirectError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formRefusal, refuseFields, ruleBody, ruleFields } from "../../lib/commissions.server";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, titleMeta, Toast, useTranslation } from "../../lib/every-page";
import { textFields, type FormFailure } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { rowIntent } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = titleMeta<typeof loader>("Commissions · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const [rules, balances, plans, packs, agents] = await Promise.all([
    api.call(endpoints.commissionRules),
    api.call(endpoints.commissionBalances),
    api.call(endpoints.officePlans),
    api.call(endpoints.officePacks),
    api.call(endpoints.officeAgents, { query: { page: 1 } }),
  ]).catch((e) => apiLoaderError(e, request, context));
  return {
    rules,
    balances,
    plans: plans.map((p) => ({ id: p.id, name: `${p.service_name}: ${p.name}` })),
    packs: packs.map((p) => ({ id: p.id, name: p.name })),
    agents: agents.items.map((a) => ({ id: a.id, name: a.name })),
    today: new Date().toISOString().slice(0, 10),
    title: workspaceT("office.commissions.title"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const back = "/office/commissions";
  const remove = rowIntent("remove").safeParse({ intent: formData.get("intent"), id: formData.get("id") });
  if (remove.success) {
    try {
      await api.call(endpoints.removeCommissionRule, { params: { id: remove.data.id } });
      return await redirectWithToast(request, context, back, {
        type: "success",
        message: workspaceT("office.commissions.removed"),
      });
    } catch (error) {
      return apiRedirectError(error, request, context, back);
    }
  }
  const values = textFields(formData, ruleFields);
  const { body, errors } = ruleBody(values);
  if (Object.keys(errors).length) return refuseFields(values, errors);
  try {
    await api.call(endpoints.addCommissionRule, { body });
    return await redirectWithToast(request, context, back, { type: "success", message: workspaceT("office.commissions.added") });
  } catch (error) {
    return formRefusal(error, request, context, values);
  }
}

function rateOf(r: Pick<CommissionRule, "percent_bp" | "amount_minor" | "currency">) {
  return r.percent_bp !== null ? `${r.percent_bp / 100} %` : formatMoney(r.amount_minor ?? 0, r.currency);
}

export default function OfficeCommissions() {
  const { rules, balances, plans, packs, agents, today } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  const form = useSchemaForm(failure, { order: ruleFields, stored: { rate: "percent", starts_on: today } });
  const f = form.field;
  const targets = [
    ...[1, 2, 3].map((id) => ({
      value: `service:${id}`,
      label: t("office.commissions.service", { name: t(`services.s${id}.name`) }),
    })),
    { value: "pack:", label: t("office.commissions.everyPack") },
    ...packs.map((p) => ({ value: `pack:${p.id}`, label: t("office.commissions.pack", { name: p.name }) })),
    { value: "session:", label: t("office.commissions.sessions") },
    { value: "relocation:", label: t("office.commissions.everyRelocation") },
    { value: "job:", label: t("office.commissions.everyJob") },
    ...plans.map((p) => ({ value: `plan:${p.id}`, label: t("office.commissions.plan", { name: p.name }) })),
  ];
  return (
    <section className="container page">
      <OfficeHead title={t("office.commissions.heading")} />
      <p className="muted">{t("office.commissions.intro")}</p>

      <section aria-labelledby="balances-heading" className="section">
        <h2 id="balances-heading">{t("office.commissions.balances")}</h2>
        {balances.length ? (
          <div className="table-wrap">
            <table className="table table--stack" data-testid="commission-balances">
              <CommissionHead first={t("office.commissions.agent")} owed={t("office.commissions.owed")} />
              <tbody>
                {balances.map((b) => (
                  <tr key={`${b.agent_id}-${b.currency}`}>
                    <td data-label={t("office.commissions.agent")}>
                      <Link to={`/office/commissions/${b.agent_id}`}>{b.agent_name}</Link>
                    </td>
                    <CommissionCells sums={b} owed={t("office.commissions.owed")} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="empty">{t("office.commissions.noBalances")}</p>
        )}
      </section>

      <section aria-labelledby="rules-heading" className="section">
        <h2 id="rules-heading">{t("office.commissions.rules")}</h2>
        <p className="muted">{t("office.commissions.rulesNote")}</p>
        {rules.length ? (
          <ul className="list-reset order-lines" data-testid="commission-rules">
            {rules.map((r) => (
              <li key={r.id} className="card agenda-item">
                <p>
                  <strong>{rateOf(r)}</strong> · {r.target_name} · {r.agent_name ?? t("office.commissions.everyAgent")} ·{" "}
                  {t("office.commissions.from", { day: r.starts_on })}
                </p>
                {r.removable ? (
                  <Form method="post">
                    <AuthenticityTokenInput />
                    <input type="hidden" name="id" value={r.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="remove"
                      className="button button--small button--ghost"
                      disabled={busy}
                    >
                      {t("office.commissions.remove")}
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty">{t("office.commissions.noRules")}</p>
        )}
        <h3>{t("office.commissions.addRule")}</h3>
        <Form method="post" className="form form--grid" {...form.props} key={form.key}>
          <AuthenticityTokenInput />
          <FormError message={form.formError} />
          <SelectField
            label={t("office.commissions.for")}
            placeholder={t("office.commissions.choose")}
            options={targets}
            {...f("target")}
          />
          <SelectField
            label={t("office.commissions.whichAgent")}
            options={[
              { value: "", label: t("office.commissions.everyAgent") },
              ...agents.map((a) => ({ value: String(a.id), label: a.name })),
            ]}
            {...f("agent_id")}
          />
          <SelectField
            label={t("office.commissions.rate")}
            options={[
              { value: "percent", label: t("office.commissions.percent") },
              { value: "fixed", label: t("office.commissions.fixed") },
            ]}
            {...f("rate")}
          />
          <Field
            label={t("office.commissions.value")}
            inputMode="decimal"
            required
            hint={t("office.commissions.valueHint")}
            {...f("rate_value")}
          />
          <Field label={t("office.commissions.startsOn")} type="date" required {...f("starts_on")} />
          <WideActions label={t("office.commissions.add")} busy={busy} />
        </Form>
      </section>
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
