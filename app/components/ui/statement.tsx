/** A mentor's monthly statement: the month to show, the sessions counted, the total, and the CSV. */
import { Form, Link } from "@remix-run/react";
import type { MentorStatement } from "../../../lib/contract";
import { formatMoney } from "../../../lib/money";
import { formatDateTime } from "../../lib/dates";
import { Trans, useTranslation } from "../../lib/page-words";
import { MoneyCell } from "./money-cell";
import { TableHead } from "./table-head";

export function StatementView({ statement, csvHref, error }: { statement: MentorStatement; csvHref: string; error?: string }) {
  const zone = statement.mentor.time_zone;
  const { t } = useTranslation();
  return (
    <>
      <Form method="get" className="filter-form">
        <div className={error ? "field field--invalid" : "field"}>
          <label htmlFor="statement-month">{t("mentoring.statementView.month")}</label>
          <input
            id="statement-month"
            type="month"
            name="month"
            defaultValue={statement.month}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "statement-month-error" : undefined}
          />
          {error ? (
            <p className="field__error" id="statement-month-error">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--ghost">
          {t("mentoring.statementView.show")}
        </button>
        <a href={csvHref} className="button button--ghost" download>
          {t("mentoring.statementView.exportCsv")}
          <span className="visually-hidden"> {t("mentoring.statementView.ofThis")}</span>
        </a>
      </Form>
      <p className="muted">
        {t("mentoring.statementView.counted", { month: statement.month, zone })}
        {statement.unmarked ? ` ${t("mentoring.statementView.unmarked", { count: statement.unmarked })}` : ""}
      </p>
      {statement.lines.length ? (
        <div className="table-wrap">
          <table className="table table--stack" data-testid="statement">
            <TableHead
              columns={[
                t("mentoring.statementView.when"),
                t("mentoring.statementView.client"),
                t("mentoring.statementView.minutes"),
                t("mentoring.statementView.outcome"),
                { num: t("mentoring.statementView.rate") },
              ]}
            />
            <tbody>
              {statement.lines.map((l) => (
                <tr key={l.booking_id}>
                  <td data-label={t("mentoring.statementView.when")}>{formatDateTime(l.start_at, zone)}</td>
                  <td data-label={t("mentoring.statementView.client")}>{l.client}</td>
                  <td data-label={t("mentoring.statementView.minutes")}>{l.minutes}</td>
                  <td data-label={t("mentoring.statementView.outcome")}>{t(`mentoring.statementView.outcomes.${l.outcome}`)}</td>
                  <MoneyCell label={t("mentoring.statementView.rate")} minor={l.rate_minor} currency={l.currency} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  {t("mentoring.statementView.total")}
                </th>
                <td className="num" data-testid="statement-total">
                  {formatMoney(statement.total_minor, statement.currency)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : (
        <p className="empty-state">
          <Trans
            i18nKey="mentoring.statementView.none"
            values={{ month: statement.month }}
            components={{ go: <Link to="?" /> }}
          />
        </p>
      )}
    </>
  );
}
