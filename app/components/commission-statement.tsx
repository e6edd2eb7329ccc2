/** An agent's commissions (issue 41), as the agent and the office read them: what is owed, month by month, every movement. */
import { useTranslation } from "react-i18next";
import type { CommissionStatement } from "../../lib/contract";
import { formatDateTime } from "../lib/dates";
import { formatMoney } from "../lib/money";

export function CommissionStatementView({ statement }: { statement: CommissionStatement }) {
  const { t } = useTranslation();
  const zone = statement.time_zone;
  return (
    <>
      <p className="lead" data-testid="commission-owed">
        {statement.owed.length
          ? statement.owed.map((o) => t("commissions.owedNow", { amount: formatMoney(o.owed_minor, o.currency) })).join(" · ")
          : t("commissions.nothingYet")}
      </p>
      {statement.months.length ? (
        <section aria-labelledby="months-heading" className="section">
          <h2 id="months-heading">{t("commissions.byMonth")}</h2>
          <div className="table-wrap">
            <table className="table table--stack" data-testid="commission-months">
              <thead>
                <tr>
                  <th scope="col">{t("commissions.month")}</th>
                  <th scope="col" className="num">
                    {t("commissions.earned")}
                  </th>
                  <th scope="col" className="num">
                    {t("commissions.reversed")}
                  </th>
                  <th scope="col" className="num">
                    {t("commissions.paidOut")}
                  </th>
                  <th scope="col" className="num">
                    {t("commissions.owed")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {statement.months.map((m) => (
                  <tr key={`${m.currency}-${m.month}`}>
                    <td data-label={t("commissions.month")}>{m.month}</td>
                    <td data-label={t("commissions.earned")} className="num">
                      {formatMoney(m.earned_minor, m.currency)}
                    </td>
                    <td data-label={t("commissions.reversed")} className="num">
                      {formatMoney(m.reversed_minor, m.currency)}
                    </td>
                    <td data-label={t("commissions.paidOut")} className="num">
                      {formatMoney(m.paid_out_minor, m.currency)}
                    </td>
                    <td data-label={t("commissions.owed")} className="num">
                      {formatMoney(m.owed_minor, m.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {statement.moves.length ? (
        <section aria-labelledby="moves-heading" className="section">
          <h2 id="moves-heading">{t("commissions.moves")}</h2>
          <ul className="list-reset order-lines" data-testid="commission-moves">
            {statement.moves.map((m) => (
              <li key={m.id} className="card agenda-item">
                <p>
                  <strong>{formatMoney(m.amount_minor, m.currency)}</strong> · {t(`commissions.kinds.${m.kind}`)} ·{" "}
                  {formatDateTime(m.at, zone)}
                </p>
                <p className="muted">
                  {m.line
                    ? t("commissions.onLine", { line: m.line, client: m.client_name, order: m.order_id })
                    : m.payout_reference
                      ? t("commissions.payoutRef", { reference: m.payout_reference })
                      : null}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
