/** An agent's commissions (issue 41), as the agent and the office read them: what is owed, month by month, every movement. */
import type { CommissionStatement } from "../../../lib/contract";
import { formatMoney } from "../../../lib/money";
import { formatDateTime } from "../../lib/dates";
import { useTranslation } from "../../lib/page-words";
import { MoneyCell } from "./money-cell";

/** `agentName`: the office reads another's statement, which speaks of the agent by name (the agent's own, of "you"). */
export function CommissionStatementView({ statement, agentName }: { statement: CommissionStatement; agentName?: string }) {
  const { t } = useTranslation();
  const zone = statement.time_zone;
  return (
    <>
      <p className="lead" data-testid="commission-owed">
        {statement.owed.length
          ? statement.owed
              .map((o) =>
                agentName
                  ? t("commissions.owedToNow", { name: agentName, amount: formatMoney(o.owed_minor, o.currency) })
                  : t("commissions.owedNow", { amount: formatMoney(o.owed_minor, o.currency) }),
              )
              .join(" · ")
          : agentName
            ? t("commissions.nothingYetFor", { name: agentName })
            : t("commissions.nothingYet")}
      </p>
      {statement.months.length ? (
        <section aria-labelledby="months-heading" className="section">
          <h2 id="months-heading">{t("commissions.byMonth")}</h2>
          <div className="table-wrap">
            <table className="table table--stack" data-testid="commission-months">
              <CommissionHead first={t("commissions.month")} owed={t("commissions.owed")} />
              <tbody>
                {statement.months.map((m) => (
                  <tr key={`${m.currency}-${m.month}`}>
                    <td data-label={t("commissions.month")}>{m.month}</td>
                    <CommissionCells sums={m} owed={t("commissions.owed")} />
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

/** The head of a table of commission sums: what each row is, then earned, reversed, paid out and owed. */
export function CommissionHead({ first, owed }: { first: string; owed: string }) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {[t("commissions.earned"), t("commissions.reversed"), t("commissions.paidOut"), owed].map((label) => (
          <th key={label} scope="col" className="num">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

type Sums = { currency: string; earned_minor: number; reversed_minor: number; paid_out_minor: number; owed_minor: number };

/** A row's sums, each labelled for the narrow screen's stacked table. */
export function CommissionCells({ sums, owed }: { sums: Sums; owed: string }) {
  const { t } = useTranslation();
  const cells: Array<[string, number]> = [
    [t("commissions.earned"), sums.earned_minor],
    [t("commissions.reversed"), sums.reversed_minor],
    [t("commissions.paidOut"), sums.paid_out_minor],
    [owed, sums.owed_minor],
  ];
  return (
    <>
      {cells.map(([label, minor]) => (
        <MoneyCell key={label} label={label} minor={minor} currency={sums.currency} />
      ))}
    </>
  );
}
