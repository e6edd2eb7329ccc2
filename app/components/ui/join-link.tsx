import { useTranslation } from "../../lib/page-words";

/** Where a confirmed session meets: the link to join it, opened in a new tab (the portal stays open beside it). */
export function JoinLink({ url, label }: { url: string | null; label?: string }) {
  const { t } = useTranslation();
  if (!url) return null;
  return (
    <a href={url} className="button button--small" target="_blank" rel="noopener noreferrer" data-testid="join-link">
      {label ?? t("my.join")}
      <span className="visually-hidden"> {t("my.newTab")}</span>
    </a>
  );
}
