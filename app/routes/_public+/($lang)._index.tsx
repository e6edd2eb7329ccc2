import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Trans, useLocalPath, useTranslation } from "../../lib/every-page";
import { publicPage } from "../../lib/page-lang.server";
import { seoMeta } from "../../lib/seo";
import { loadSite } from "../../lib/site.server";
import type { RootLoaderData } from "../../root";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // /home is the same page: its canonical address is the home page's.
  const page = await publicPage(request, context, params.lang, "home", { path: "/" });
  // The owner's own words from the office, in the page's language (the catalogue's when the API is away).
  const { services } = await loadSite(context, page.lang);
  const taglines = Object.fromEntries(Object.entries(services).map(([id, text]) => [id, text.tagline]));
  return { ...page, taglines };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

const SERVICES = [1, 2, 3] as const;

export default function Home() {
  const { taglines } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const local = useLocalPath();
  // A signed-in agent is offered the way back to work, not a second sign-in.
  const root = useRouteLoaderData<RootLoaderData>("root");
  const agent = root?.account?.kind === "agent";
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <p className="eyebrow">{t("home.eyebrow")}</p>
          <h1>{t("home.heading")}</h1>
          <p className="lead">{t("home.lead")}</p>
          <div className="hero__actions">
            <Link to={local("/servicesPage/?id=1")} className="button button--primary">
              {t("home.explore")}
            </Link>
            {agent ? (
              <Link to="/dashboard/" className="button button--ghost">
                {t("home.dashboard")}
              </Link>
            ) : (
              <Link to={local("/authentication/")} className="button button--ghost">
                {t("home.agentSignIn")}
              </Link>
            )}
          </div>
        </div>
      </section>

      <section className="container section" aria-labelledby="services-heading">
        <h2 id="services-heading">{t("home.servicesHeading")}</h2>
        <div className="cards">
          {SERVICES.map((id) => {
            const name = t(`services.s${id}.name`);
            const tagline = taglines[id] ?? t(`services.s${id}.tagline`);
            return (
              <article className="card" key={id}>
                <h3>{name}</h3>
                <p>{tagline}</p>
                <Link to={local(`/servicesPage/?id=${id}`)} className="card__link">
                  {t("home.aboutService", { service: name })}{" "}
                  <span aria-hidden="true" className="arrow">
                    →
                  </span>
                </Link>
              </article>
            );
          })}
        </div>
      </section>

      <section className="container section section--split">
        <div>
          <h2>{t("home.howHeading")}</h2>
          <ol className="steps">
            {([1, 2, 3] as const).map((n) => (
              <li key={n}>
                <strong>{t(`home.step${n}Title`)}</strong> {t(`home.step${n}`)}
              </li>
            ))}
          </ol>
        </div>
        <div className="stats" aria-label={t("home.numbers")}>
          {(["countries", "relocated", "retained"] as const).map((key) => (
            <p key={key}>
              <Trans i18nKey={`home.${key}`} components={{ strong: <strong /> }} />
            </p>
          ))}
        </div>
      </section>

      {agent ? null : (
        <section className="container section">
          <h2>{t("home.writeHeading")}</h2>
          <p>{t("home.write")}</p>
          <p>
            <Link to={local("/contact/")} className="button button--ghost">
              {t("home.writeLink")}
            </Link>
          </p>
        </section>
      )}
    </>
  );
}
