import type { LoaderFunctionArgs } from "@remix-run/node";
import { stringify } from "csv-stringify/sync";
import type { Client } from "../../../lib/contract";
import { csvTime, spreadsheetCell } from "../../../lib/csv.js";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { clientListFilter } from "../../lib/client-list";
import { countryName } from "../../lib/countries";
import { endpoints } from "../../lib/endpoints.server";
import { workspaceT } from "../../lib/i18n.server";

/**
 * `/clients.csv`: the agent's own clients, as the list's current search, filters and sort have them, for a
 * spreadsheet: UTF-8 with a byte-order mark (so Excel reads accents right), written by csv-stringify. Passport
 * numbers stay out: a file travels further than the portal.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const filter = clientListFilter(new URL(request.url));
  // Times as the agent reads them elsewhere: in the agent's own zone, to the minute.
  const zone = agent.time_zone;
  const clients: Client[] = [];
  try {
    const countries = await api.countries();
    for (let page = 1; ; page++) {
      const result = await api.call(endpoints.clients, {
        params: { agentId: agent.id },
        query: { ...filter, page, per_page: 100 },
      });
      clients.push(...result.items);
      if (page >= result.pages) break;
    }
    const rows = clients.map((c) =>
      [
        c.first_name,
        c.last_name,
        c.email,
        c.phone ?? "",
        countryName(countries, c.nationality).replace("—", ""),
        countryName(countries, c.current_country).replace("—", ""),
        countryName(countries, c.destination_country).replace("—", ""),
        c.date_of_birth ?? "",
        workspaceT(`work.clientStatus.${c.status}`),
        csvTime(c.last_activity_at, zone),
        csvTime(c.created_at, zone),
      ].map(spreadsheetCell),
    );
    const csv = stringify(rows, {
      header: true,
      columns: [
        workspaceT("work.clientFields.firstName"),
        workspaceT("work.clientFields.lastName"),
        workspaceT("work.clientFields.email"),
        workspaceT("work.clientFields.phone"),
        workspaceT("work.clientFields.nationality"),
        workspaceT("work.clientFields.currentCountry"),
        workspaceT("work.clientFields.destination"),
        workspaceT("work.clientFields.birth"),
        workspaceT("work.clientFields.status"),
        workspaceT("work.clientsCsv.activity", { zone }),
        workspaceT("work.clientsCsv.added", { zone }),
      ],
      bom: true,
    });
    const day = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="clients-${day}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    return apiLoaderError(error, request, context);
  }
}
