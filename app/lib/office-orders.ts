/** The office's order list filters, read from an address alike by the list and its CSV. */
export function officeOrdersFilter(url: URL) {
  const text = (name: string) => (url.searchParams.get(name) ?? "").slice(0, 100);
  const filter = {
    status: text("status"),
    agent: text("agent"),
    client: text("client"),
    refund: url.searchParams.get("refund") === "due" ? "due" : "",
    from: text("from"),
    to: text("to"),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) as Partial<typeof filter>;
}
