import { Link } from "@remix-run/react";

/** A list's pages: how many in all, which page this is, and plain links either side (no script needed). */
export function Pages({
  page,
  pages,
  total,
  noun,
  url,
}: {
  page: number;
  pages: number;
  total: number;
  noun: string;
  url: (page: number) => string;
}) {
  return (
    <nav className="pagination" aria-label="Pages">
      <span>
        {total.toLocaleString("en-GB")} {total === 1 ? noun : plural(noun)} · page {page} of {pages}
      </span>
      {page > 1 ? <Link to={url(page - 1)}>← Previous</Link> : null}
      {page < pages ? <Link to={url(page + 1)}>Next →</Link> : null}
    </nav>
  );
}

/** "entry" → "entries", "agent" → "agents". */
const plural = (noun: string) => (/[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`);

/** A list query's page number from the address: 1 unless a whole number from 1 up is given. */
export function pageOf(url: URL): number {
  const n = Number(url.searchParams.get("page"));
  return Number.isInteger(n) && n >= 1 && n <= 100000 ? n : 1;
}
