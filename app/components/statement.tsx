/** A mentor's monthly statement: the month to show, the sessions counted, the total, and the CSV. */
import { Form, Link } from "@remix-run/react";
import type { MentorStatement } from "../../lib/contract";
import { formatDateTime } from "../lib/dates";
import { formatMoney } from "../lib/money";
import { TableHead } from "./table-head";

const outcomeWords = { held: "Held", client_no_show: "The client did not come" } as const;

export function StatementView({ statement, csvHref, error }: { statement: MentorStatement; csvHref: string; error?: string }) {
  const zone = statement.mentor.time_zone;
  return (
    <>
      <Form method="get" className="filter-form">
        <div className={error ? "field field--invalid" : "field"}>
          <label htmlFor="statement-month">Month</label>
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
          Show
        </button>
        <a href={csvHref} className="button button--ghost" download>
          Export CSV<span className="visually-hidden"> of this statement</span>
        </a>
      </Form>
      <p className="muted">
        Sessions that took place in {statement.month} ({zone}): held, or the client did not come. A session refunded because the
        mentor did not come counts nothing.
        {statement.unmarked
          ? ` ${statement.unmarked} session${statement.unmarked === 1 ? "" : "s"} of this month ${statement.unmarked === 1 ? "is" : "are"} not marked yet and not counted.`
          : ""}
      </p>
      {statement.lines.length ? (
        <div className="table-wrap">
          <table className="table table--stack" data-testid="statement">
            <TableHead columns={["When", "Client", "Minutes", "Outcome", { num: "Rate" }]} />
            <tbody>
              {statement.lines.map((l) => (
                <tr key={l.booking_id}>
                  <td data-label="When">{formatDateTime(l.start_at, zone)}</td>
                  <td data-label="Client">{l.client}</td>
                  <td data-label="Minutes">{l.minutes}</td>
                  <td data-label="Outcome">{outcomeWords[l.outcome]}</td>
                  <td data-label="Rate" className="num">
                    {formatMoney(l.rate_minor, l.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  Total
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
          No session to count in {statement.month}. <Link to="?">This month</Link>
        </p>
      )}
    </>
  );
}
