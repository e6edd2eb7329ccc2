import { Form, Link, useLocation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/**
 * Says which zone the page's times are in and lets the agent change its own (a plain form post to /account that
 * comes back here). `shown` differs from `own` only when a shared link asked for another zone (`?tz=`): then the
 * page says so and never calls it "your zone".
 */
export function ZoneNote({ own, shown, zones, extra }: { own: string; shown?: string; zones: string[]; extra?: string }) {
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
      <details className="zone-picker">
        <summary>Change your time zone</summary>
        <Form method="post" action="/account" className="zone-picker__form" preventScrollReset>
          <AuthenticityTokenInput />
          <input type="hidden" name="redirectTo" value={here} />
          <label htmlFor="zone-picker-select">Your time zone</label>
          <select id="zone-picker-select" name="time_zone" defaultValue={own}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll("_", " ")}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--small">
            Save zone
          </button>
        </Form>
      </details>
    </div>
  );
}
