/** One of an agent's sessions at the head of a page that acts on it (cancel, move): for whom, with whom, when, about what. */
import { formatDateTime } from "../../lib/dates";
import { useTranslation } from "../../lib/page-words";

export function SessionDetails({
  b,
  timeZone,
  whenLabel,
}: {
  b: { client_name: string; mentor_name: string; start_at: string; topic: string };
  timeZone: string;
  whenLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <dl className="details">
      <div>
        <dt>{t("work.session.client")}</dt>
        <dd>{b.client_name}</dd>
      </div>
      <div>
        <dt>{t("work.session.mentor")}</dt>
        <dd>{b.mentor_name}</dd>
      </div>
      <div>
        <dt>{t("work.session.whenInZone", { when: whenLabel, zone: timeZone })}</dt>
        <dd data-testid="current-time">{formatDateTime(b.start_at, timeZone)}</dd>
      </div>
      <div>
        <dt>{t("work.session.topic")}</dt>
        <dd>{b.topic}</dd>
      </div>
    </dl>
  );
}
