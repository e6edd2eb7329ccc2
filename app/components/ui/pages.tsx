import { useTranslation } from "../../lib/page-words";
import { appLink } from "./app-link";

/** What a list counts, as the catalogue names it ("24 entries"): one of `work.count`'s nouns. */
export type CountedNoun = "mentor" | "client" | "agent" | "email" | "message" | "job" | "entry" | "order";

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
  noun: CountedNoun;
  url: (page: number) => string;
}) {
  const { t } = useTranslation();
  const counted = t(`work.count.${noun}`, { count: total, total: total.toLocaleString("en-GB") });
  return (
    <nav className="pagination" aria-label={t("work.pages.label")}>
      <span>{t("work.pages.summary", { counted, page, pages })}</span>
      {page > 1 ? <a {...appLink(url(page - 1))}>{t("work.pages.previous")}</a> : null}
      {page < pages ? <a {...appLink(url(page + 1))}>{t("work.pages.next")}</a> : null}
    </nav>
  );
}

/** A list query's page number from the address: 1 unless a whole number from 1 up is given. */
export function pageOf(url: URL): number {
  const n = Number(url.searchParams.get("page"));
  return Number.isInteger(n) && n >= 1 && n <= 100000 ? n : 1;
}
