import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { monthOf, statementCsv } from "../../lib/statement.server";

/** `/mentoring/statement.csv?month=YYYY-MM`: the mentor's statement for a spreadsheet. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["mentor"]);
  const statement = await api
    .call(endpoints.mentorStatement, { query: { month: monthOf(new URL(request.url)) } })
    .catch((e) => apiLoaderError(e, request, context));
  return statementCsv(statement);
}
