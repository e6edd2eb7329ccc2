import { Link, useLocation } from "@remix-run/react";
import { Trans, useTranslation } from "../../lib/page-words";

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
  const { t } = useTranslation();
  return (
    <div className="zone-note">
      <p data-testid="zones">
        {fromLink ? (
          <Trans
            i18nKey="work.zone.fromLink"
            values={{ shown, own }}
            components={{
              strong: <strong />,
              go: <Link to={`${location.pathname}${ownParams.size ? `?${ownParams}` : ""}`} />,
            }}
          />
        ) : (
          <Trans i18nKey="work.zone.own" values={{ own }} components={{ strong: <strong /> }} />
        )}
        {extra ? <> {extra}</> : null}
      </p>
      <p className="zone-picker">
        <Link to={`/account/zone?${new URLSearchParams({ back: here })}`}>{t("work.zone.change")}</Link>
      </p>
    </div>
  );
}
