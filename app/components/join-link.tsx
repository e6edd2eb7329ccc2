/** Where a confirmed session meets: the link to join it, opened in a new tab (the portal stays open beside it). */
export function JoinLink({ url, label = "Join the session" }: { url: string | null; label?: string }) {
  if (!url) return null;
  return (
    <a href={url} className="button button--small" target="_blank" rel="noopener noreferrer" data-testid="join-link">
      {label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
