/** A client's session pack credits on their agent's page (issue 41): each pack's balance, its end, and the way to book. */
import { Link } from "@remix-run/react";
import type { ClientCredit } from "../../../lib/contract";
import { formatDate } from "../../lib/dates";
import { useTranslation } from "../../lib/page-words";

export function ClientCredits({ credits, clientId, timeZone }: { credits: ClientCredit[]; clientId: number; timeZone: string }) {
  const { t } = useTranslation();
  if (!credits.length) return null;
  return (
    <section aria-labelledby="credits-heading">
      <h2 id="credits-heading">{t("work.credits.heading")}</h2>
      <ul className="list-reset session-list" data-testid="client-credits">
        {credits.map((c) => (
          <li key={c.id} data-testid={`credit-${c.id}`}>
            <strong>{c.pack_name}</strong>:{" "}
            {c.expired
              ? t("work.credits.ended", { day: formatDate(c.expires_at, timeZone) })
              : t("work.credits.left", { left: c.left, count: c.sessions, day: formatDate(c.expires_at, timeZone) })}
          </li>
        ))}
      </ul>
      {credits.some((c) => !c.expired && c.left > 0) ? (
        <p>
          <Link to={`/mentors?client=${clientId}`} className="button button--ghost">
            {t("work.credits.book")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
