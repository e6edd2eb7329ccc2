/**
 * `/office/questionnaires/:id/answers.csv`: every client's answers to one questionnaire, for a spreadsheet: a row per
 * client's copy (who, their agent, where it stands, when), a column per question ever asked, answers in English words;
 * UTF-8 with a byte-order mark, times in the staff member's zone to the minute.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { stringify } from "csv-stringify/sync";
import { csvTime, spreadsheetCell } from "../../../../lib/csv.js";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: staff } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  const data = await api
    .call(endpoints.officeQuestionnaireAnswers, { params: { id } })
    .catch((e) => apiLoaderError(e, request, context));
  const zone = staff.time_zone;
  const head = [
    "Client id",
    "Client",
    "Agent",
    "Status",
    "Version",
    "Sent",
    "Submitted",
    "Accepted",
    ...data.questions.map((q) => q.label),
  ];
  const rows = data.rows.map((r) =>
    [
      String(r.client_id),
      r.client_name,
      r.agent_name,
      workspaceT(`work.intake.states.${r.status}`),
      String(r.version),
      csvTime(r.sent_at, zone),
      csvTime(r.submitted_at, zone),
      csvTime(r.accepted_at, zone),
      ...data.questions.map((q) => r.answers[q.key] ?? ""),
    ].map(spreadsheetCell),
  );
  const name =
    data.name
      .replace(/[^A-Za-z0-9 _-]+/g, "")
      .trim()
      .replace(/\s+/g, "-") || "questionnaire";
  return new Response(`\uFEFF${stringify([head, ...rows])}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-answers.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
