import type { LoaderFunctionArgs } from "@remix-run/node";
import { stringify } from "csv-stringify/sync";
import { csvTime, spreadsheetCell } from "../../../lib/csv";
import { moneyAmount } from "../../../lib/money";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { workspaceT } from "../../lib/i18n.server";

/** `/commissions.csv`: the agent's commissions for a spreadsheet, a row a month, then a row a movement. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const s = await api.call(endpoints.myCommissions).catch((e) => apiLoaderError(e, request, context));
  const w = (key: string) => workspaceT(`commissions.csvColumns.${key}`);
  const months = s.months.map((m) => [
    w("month"),
    m.month,
    m.currency,
    moneyAmount(m.earned_minor, m.currency),
    moneyAmount(m.reversed_minor, m.currency),
    moneyAmount(m.paid_out_minor, m.currency),
    moneyAmount(m.owed_minor, m.currency),
    "",
  ]);
  const moves = s.moves.map((m) => [
    workspaceT(`commissions.kinds.${m.kind}`),
    csvTime(m.at, s.time_zone),
    m.currency,
    m.kind === "accrued" ? moneyAmount(m.amount_minor, m.currency) : "",
    m.kind === "reversed" ? moneyAmount(-m.amount_minor, m.currency) : "",
    m.kind === "paid_out" || m.kind === "payout_returned" ? moneyAmount(-m.amount_minor, m.currency) : "",
    moneyAmount(m.balance_minor, m.currency),
    m.line ? `${m.line} · ${m.client_name ?? ""} · #${m.order_id}` : (m.payout_reference ?? ""),
  ]);
  const csv = stringify(
    [...months, ...moves].map((row) => row.map(spreadsheetCell)),
    {
      header: true,
      columns: ["what", "when", "currency", "earned", "reversed", "paidOut", "owed", "detail"].map((c) =>
        workspaceT(`commissions.csvColumns.${c}`, { zone: s.time_zone }),
      ),
      bom: true,
    },
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="commissions-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
