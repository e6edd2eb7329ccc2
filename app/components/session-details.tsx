/** One of an agent's sessions at the head of a page that acts on it (cancel, move): for whom, with whom, when, about what. */
import { formatDateTime } from "../lib/dates";

export function SessionDetails({
  b,
  timeZone,
  whenLabel,
}: {
  b: { client_name: string; mentor_name: string; start_at: string; topic: string };
  timeZone: string;
  whenLabel: string;
}) {
  return (
    <dl className="details">
      <div>
        <dt>Client</dt>
        <dd>{b.client_name}</dd>
      </div>
      <div>
        <dt>Mentor</dt>
        <dd>{b.mentor_name}</dd>
      </div>
      <div>
        <dt>
          {whenLabel} (your zone, {timeZone})
        </dt>
        <dd data-testid="current-time">{formatDateTime(b.start_at, timeZone)}</dd>
      </div>
      <div>
        <dt>Topic</dt>
        <dd>{b.topic}</dd>
      </div>
    </dl>
  );
}
