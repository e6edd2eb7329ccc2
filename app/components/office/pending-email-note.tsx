/**
 * A module of its own: the office's pages of an agent, a mentor or a staff member show the note without loading the
 * change's own page (email-change.tsx), as a page fetches the whole of every module it reaches.
 */
import { formatDateTime } from "../../lib/dates";
import { Trans } from "../../lib/page-words";
import { useOfficeZone } from "./page";

/** A change of address waiting for its confirmation, as the office's pages say it. */
export function PendingEmailNote({ pending }: { pending: { email: string; expires_at: string } | null }) {
  const zone = useOfficeZone();
  if (!pending) return null;
  return (
    <p className="notice" data-testid="pending-email">
      <Trans
        i18nKey="work.emailChange.pending"
        values={{ email: pending.email, until: formatDateTime(pending.expires_at, zone), zone }}
        components={{ strong: <strong /> }}
      />
    </p>
  );
}
