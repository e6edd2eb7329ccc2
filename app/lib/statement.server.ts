/** A mentor's monthly statement as a spreadsheet, for the mentor and for staff alike (csv-stringify). */
import type { AppLoadContext } from "@remix-run/node";
import { stringify } from "csv-stringify/sync";
import type { MentorStatement } from "../../lib/contract.js";
import { spreadsheetCell } from "../../lib/csv.js";
import { formatMoney } from "../../lib/money.js";
import { ApiCallError, apiLoaderError } from "./api.server.js";
import { formatDateTime } from "./dates.js";
import { workspaceT } from "./i18n.server.js";

/** `month`: YYYY-MM, or nothing (this month); anything else is a 400 the page says. */
export function monthOf(url: URL): string | undefined {
  const month = url.searchParams.get("month") ?? "";
  return month === "" ? undefined : month;
}

/**
 * The statement of the month the address asks for; a month that is not one is said (`error`, beside the month
 * field) over this month's statement.
 */
export async function statementPage(
  request: Request,
  context: AppLoadContext,
  load: (month: string | undefined) => Promise<MentorStatement>,
) {
  try {
    return { statement: await load(monthOf(new URL(request.url))), error: undefined };
  } catch (error) {
    if (!(error instanceof ApiCallError) || error.status !== 400) return apiLoaderError(error, request, context);
    const statement = await load(undefined).catch((e) => apiLoaderError(e, request, context));
    return { statement, error: error.errors?.month?.[0]?.message ?? error.message };
  }
}

export function statementCsv(statement: MentorStatement): Response {
  const zone = statement.mentor.time_zone;
  const rows = statement.lines.map((l) =>
    [
      formatDateTime(l.start_at, zone),
      l.client,
      String(l.minutes),
      workspaceT(`mentoring.statementCsv.${l.outcome}`),
      formatMoney(l.rate_minor, l.currency),
    ].map(spreadsheetCell),
  );
  rows.push([workspaceT("mentoring.statementCsv.total"), "", "", "", formatMoney(statement.total_minor, statement.currency)]);
  const csv = stringify(rows, {
    header: true,
    columns: ["when", "client", "minutes", "outcome", "rate"].map((c) => workspaceT(`mentoring.statementCsv.${c}`, { zone })),
    bom: true,
  });
  const name =
    statement.mentor.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "mentor";
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statement-${name}-${statement.month}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
