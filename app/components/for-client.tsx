import { Link } from "@remix-run/react";

/** "Choosing for Ana Pereira": a list opened from a client's page says for whom, with the way back. */
export function ForClient({ client, what }: { client: { id: number; name: string } | null; what: string }) {
  if (!client) return null;
  return (
    <p className="notice for-client" data-testid="for-client">
      {what} for <strong>{client.name}</strong>. <Link to={`/clients/${client.id}`}>Back to {client.name}&apos;s page</Link>
    </p>
  );
}
