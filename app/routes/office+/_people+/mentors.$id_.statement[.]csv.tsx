import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { routeId } from "../../../lib/params";
import { monthOf, statementCsv } from "../../../lib/statement.server";

/** `/office/mentors/:id/statement.csv?month=YYYY-MM`: a mentor's statement for a spreadsheet. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const statement = await api
    .call(endpoints.officeMentorStatement, {
      params: { id: routeId(params.id) },
      query: { month: monthOf(new URL(request.url)) },
    })
    .catch((e) => apiLoaderError(e, request, context));
  return statementCsv(statement);
}
