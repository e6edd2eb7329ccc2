/** The agent's clients as a picker offers them: name, email and destination, so two of one name are told apart. */
import { isolate } from "../../lib/bidi.js";
import { endpoints } from "../../lib/contract.js";
import type { ApiClient } from "./api.server.js";

/** `name` and `zone` (the client's own, when their agent set one) let a page show the client's time beside the agent's. */
export type ClientChoice = { value: string; label: string; name: string; zone?: string };

export async function clientChoices(api: ApiClient, agentId: number): Promise<ClientChoice[]> {
  const [page, countries] = await Promise.all([
    api.call(endpoints.clients, { params: { agentId }, query: { per_page: 100 } }),
    api.countries(),
  ]);
  const names = new Map(countries.map((c) => [c.code, c.name]));
  return page.items.map((c) => ({
    value: String(c.id),
    name: `${c.first_name} ${c.last_name}`,
    ...(c.time_zone ? { zone: c.time_zone } : {}),
    label: [
      isolate(`${c.first_name} ${c.last_name}`),
      c.email,
      c.destination_country ? `to ${names.get(c.destination_country) ?? c.destination_country}` : null,
    ]
      .filter(Boolean)
      .join(" · "),
  }));
}
