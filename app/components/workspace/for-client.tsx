import { Link } from "@remix-run/react";
import { Trans } from "../../lib/page-words";

/** "Choosing a job for Ana Pereira": a list opened from a client's page says for whom, with the way back. */
export function ForClient({ client, what }: { client: { id: number; name: string } | null; what: string }) {
  if (!client) return null;
  return (
    <p className="notice for-client" data-testid="for-client">
      <Trans
        i18nKey="work.forClient"
        values={{ what, name: client.name }}
        components={{ strong: <strong />, go: <Link to={`/clients/${client.id}`} /> }}
      />
    </p>
  );
}
