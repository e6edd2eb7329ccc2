/** The clients list's filter from a page's query string, for /clients and /clients.csv alike. */
import { queryOf } from "./paths";

// Pure functions: the page uses them in the browser too (links that keep the filter).

const sorts = new Set(["name", "destination", "status", "activity"]);
const statuses = new Set(["prospect", "active", "on_hold", "completed"]);

/** The clients list's search, sort and filters, as the page's query string has them (all optional). */
export type ClientListFilter = {
  q?: string;
  sort?: string;
  dir?: string;
  status?: string;
  destination?: string;
  attention?: string;
};

export function clientListFilter(url: URL): Required<ClientListFilter> {
  const get = (k: string) => (url.searchParams.get(k) ?? "").trim();
  // The form's one "Sort by" choice (order=name-asc, usable on a phone, where the table's headings are not shown),
  // or a heading's link (sort=name&dir=asc).
  const order = /^(name|destination|status|activity)-(asc|desc)$/.exec(get("order"));
  const sort = order ? order[1]! : get("sort");
  const dir = order ? order[2]! : get("dir");
  const status = get("status");
  const destination = get("destination").toUpperCase();
  return {
    q: get("q").slice(0, 100),
    sort: sorts.has(sort) ? sort : "",
    dir: dir === "asc" || dir === "desc" ? dir : "",
    status: statuses.has(status) ? status : "",
    destination: /^[A-Z]{2}$/.test(destination) ? destination : "",
    attention: get("attention") === "1" ? "1" : "",
  };
}

/** The filter as a query string (empty values left out), with extra parameters. */
export function filterQuery(filter: ClientListFilter, extra: Record<string, string> = {}): string {
  return queryOf({ ...filter, ...extra });
}
