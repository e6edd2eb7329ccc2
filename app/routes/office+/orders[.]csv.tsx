import type { LoaderFunctionArgs } from "@remix-run/node";
import { stringify } from "csv-stringify/sync";
import { csvTime, spreadsheetCell } from "../../../lib/csv.js";
import { moneyAmount } from "../../../lib/money";
import { orderStatusLabel } from "../../components/ui/order-summary";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { workspaceT } from "../../lib/i18n.server";
import { officeOrdersFilter } from "../../lib/office-orders";

/**
 * `/office/orders.csv`: the orders as the list's filters have them (status, refunds, agent, client, days), every
 * page, for a spreadsheet: UTF-8 with a byte-order mark, times in the staff member's zone to the minute.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person: staff } = await requireAccount(request, context, ["staff"]);
  const filter = officeOrdersFilter(new URL(request.url));
  const zone = staff.time_zone;
  try {
    const rows: string[][] = [];
    for (let page = 1; page <= 400; page++) {
      const result = await api.call(endpoints.officeOrders, { query: { ...filter, page } });
      for (const o of result.items) {
        const clients = [...new Set(o.items.map((i) => i.client_name))].join("; ");
        rows.push(
          [
            String(o.id),
            csvTime(o.created_at, zone),
            orderStatusLabel(workspaceT, o.status),
            o.agent_name,
            o.agent_email,
            clients,
            o.currency,
            moneyAmount(o.amount_minor, o.currency),
            o.refund_due_minor ? moneyAmount(o.refund_due_minor, o.currency) : "",
          ].map(spreadsheetCell),
        );
      }
      if (page >= result.pages) break;
    }
    const csv = stringify(rows, {
      header: true,
      columns: [
        workspaceT("office.ordersCsv.order"),
        workspaceT("office.ordersCsv.placed", { zone }),
        workspaceT("office.ordersCsv.status"),
        workspaceT("office.ordersCsv.agent"),
        workspaceT("office.ordersCsv.agentEmail"),
        workspaceT("office.ordersCsv.clients"),
        workspaceT("office.ordersCsv.currency"),
        workspaceT("office.ordersCsv.total"),
        workspaceT("office.ordersCsv.refundDue"),
      ],
      bom: true,
    });
    const day = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    return apiLoaderError(error, request, context);
  }
}
