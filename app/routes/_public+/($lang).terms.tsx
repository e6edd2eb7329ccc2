import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Trans, useLocalPath, useTranslation } from "../../lib/every-page";
import { publicPage } from "../../lib/page-lang.server";
import { seoMeta } from "../../lib/seo";
import { getSettings } from "../../lib/settings.server";
import type { RootLoaderData } from "../../root";

/** Whether payments are the demo's stand-in (§3 then says so, and speaks of no card). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = await publicPage(request, context, params.lang, "terms");
  return { ...page, demo: getSettings().payments.mode === "demo" };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function Terms() {
  const { demo } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const local = useLocalPath();
  // The booking rules as the office set them (the root's business facts).
  const site = useRouteLoaderData<RootLoaderData>("root")?.site;
  const notice = site?.min_notice_hours ?? 12;
  const cutoff = site?.cancel_cutoff_hours ?? 24;
  return (
    <article className="container page prose">
      <p className="eyebrow">{t("terms.eyebrow")}</p>
      <h1>{t("terms.title")}</h1>
      <p>{t("terms.intro")}</p>
      <h2>{t("terms.accountsHeading")}</h2>
      <p>{t("terms.accounts")}</p>
      <h2>{t("terms.dataHeading")}</h2>
      <p>
        <Trans i18nKey="terms.data" components={{ go: <Link to={local("/privacy/")} /> }} />
      </p>
      <h2>{t("terms.paymentHeading")}</h2>
      <p>
        {t("terms.prices")} <span data-testid="terms-payment">{demo ? t("terms.paymentDemo") : t("terms.paymentLive")}</span>
      </p>
      <h2>{t("terms.sessionsHeading")}</h2>
      <p>
        <Trans
          i18nKey="terms.sessions"
          values={{ notice: t("terms.hours", { count: notice }), cutoff: t("terms.hours", { count: cutoff }) }}
          components={{ cutoff: <span data-testid="terms-cutoff" /> }}
        />
      </p>
      <p>{t("terms.mentorAsks")}</p>
      <p>{t("terms.attendance")}</p>
      <h2>{t("terms.placementsHeading")}</h2>
      <p>{t("terms.placements")}</p>
      <h2>{t("terms.liabilityHeading")}</h2>
      <p>{t("terms.liability")}</p>
    </article>
  );
}
