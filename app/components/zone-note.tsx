import { Link, useLocation } from "@remix-run/react";

/**
 * Says which zone the page's times are in, and links to changing the agent's own (/account/zone, which comes back
 * here). `shown` differs from `own` only when a shared link asked for another zone (`?tz=`): then the
 * page says so and never calls it "your zone".
 */
export function ZoneNote({ own, shown, extra }: { own: string; shown?: string; extra?: string }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const fromLink = shown && shown !== own;
  const ownParams = new URLSearchParams(location.search);
  ownParams.delete("tz");
  return (
    <div className="zone-note">
      <p data-testid="zones">
        {fromLink ? (
          <>
            Times in <strong>{shown}</strong>, as the link you opened asked. Your zone is {own}:{" "}
            <Link to={`${location.pathname}${ownParams.size ? `?${ownParams}` : ""}`}>show times in your zone</Link>.
          </>
        ) : (
          <>
            Times in your zone, <strong>{own}</strong>.
          </>
        )}
        {extra ? <> {extra}</> : null}
      </p>
      <p className="zone-picker">
        <Link to={`/account/zone?${new URLSearchParams({ back: here })}`}>Change your time zone</Link>
      </p>
    </div>
  );
}
