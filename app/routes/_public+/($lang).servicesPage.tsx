import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { PlanTextField } from "../../../lib/catalogue-texts";
import { formatMoneyIn } from "../../../lib/money";
import { serviceById } from "../../../lib/services-content";
import { apiFor } from "../../lib/context.server";
import { endpoints } from "../../lib/endpoints.server";
import { useIntlLocale, useLocalPath, useTranslation } from "../../lib/every-page";
import { translator } from "../../lib/i18n.server";
import { pageLang, pageSeo } from "../../lib/page-lang.server";
import { seoMeta } from "../../lib/seo";
import { loadSite } from "../../lib/site.server";

/**
 * A service's page: its steps from the catalogue, its text as the owner wrote it in the office for the page's
 * language (the catalogue's translation until then), and its published plans with their prices, read live.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const lang = await pageLang(request, context, params.lang);
  const service = serviceById(new URL(request.url).searchParams.get("id"));
  if (!service) throw new Response("Not found", { status: 404 });
  const [site, plans, packs] = await Promise.all([
    loadSite(context, lang),
    apiFor(context).call(endpoints.publicPlans, { query: { service_id: service.id, lang } }),
    // Session packs are Mentorship's (issue 41).
    service.id === 1 ? apiFor(context).call(endpoints.publicPacks, { query: { lang } }) : Promise.resolve([]),
  ]);
  const text = site.services[service.id];
  const t = translator(lang);
  const key = `services.s${service.id}`;
  const name = t(`${key}.name`);
  return {
    lang,
    id: service.id,
    // The office's words, in the page's language.
    own: { tagline: text.tagline, intro: text.intro, includes: text.includes, forWhom: text.for_whom },
    steps: service.steps.length,
    plans,
    packs,
    seo: pageSeo(request, lang, name, `${t(`${key}.tagline`)} ${t(`${key}.intro`)}`.slice(0, 300), {
      path: `/servicesPage?id=${service.id}`,
      company: site.company.name,
    }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function ServicePage() {
  const { id, own, steps, plans, packs } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const local = useLocalPath();
  const locale = useIntlLocale();
  const key = `services.s${id}`;
  const includes = own.includes;
  return (
    <article className="container page">
      <p className="eyebrow">{t("service.eyebrow")}</p>
      <h1>{t(`${key}.name`)}</h1>
      <p className="lead">{own.tagline}</p>
      <div className="prose">
        <p>{own.intro}</p>
      </div>
      <h2>{t("service.how")}</h2>
      <ol className="cards cards--steps">
        {Array.from({ length: steps }, (_, i) => (
          <li className="card" key={i}>
            <h3>{t(`${key}.steps.${i}.title`)}</h3>
            <p>{t(`${key}.steps.${i}.text`)}</p>
          </li>
        ))}
      </ol>

      <section className="section" aria-labelledby="plans-heading">
        <h2 id="plans-heading">{t("service.plans")}</h2>
        {plans.length ? (
          <>
            <ul className="cards plan-cards" data-testid="public-plans">
              {plans.map((plan) => {
                // The office's words, in the page's language where written; English until then, marked so for
                // readers and screen readers.
                const written = (field: PlanTextField) =>
                  plan.english.includes(field) ? ({ lang: "en", dir: "ltr" } as const) : {};
                return (
                  <li className="card plan-card" key={plan.id}>
                    <h3 {...written("name")}>{plan.name}</h3>
                    <p className="price">
                      <bdi dir="ltr">{formatMoneyIn(locale, plan.price_minor, plan.currency)}</bdi>
                    </p>
                    <p {...written("description")}>{plan.description}</p>
                    {plan.includes.length ? (
                      <>
                        <h4 className="plan-card__includes">{t("service.planIncludes")}</h4>
                        <ul className="checklist" {...written("includes")}>
                          {plan.includes.map((item) => (
                            <li key={item}>{item}</li>
                          ))}
                        </ul>
                      </>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <p className="muted">{t("service.plansNote")}</p>
          </>
        ) : (
          <p className="empty-state">{t("service.plansNone")}</p>
        )}
      </section>

      {packs.length ? (
        <section className="section" aria-labelledby="packs-heading">
          <h2 id="packs-heading">{t("service.packs")}</h2>
          <p>{t("service.packsIntro")}</p>
          <ul className="cards plan-cards" data-testid="public-packs">
            {packs.map((pack) => {
              const written = (field: string) => (pack.english.includes(field) ? ({ lang: "en", dir: "ltr" } as const) : {});
              return (
                <li className="card plan-card" key={pack.id}>
                  <h3 {...written("name")}>{pack.name}</h3>
                  <p className="price">
                    <bdi dir="ltr">{formatMoneyIn(locale, pack.price_minor, pack.currency)}</bdi>
                  </p>
                  <p>
                    {t("service.packShape", { sessions: pack.sessions, minutes: pack.session_minutes, days: pack.valid_days })}
                  </p>
                  <p {...written("description")}>{pack.description}</p>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <div className="section--split section">
        <div>
          <h2>{t("service.included")}</h2>
          <ul className="checklist">
            {includes.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2>{t("service.forWhom")}</h2>
          <p>{own.forWhom}</p>
          <p className="actions">
            <Link to="/dashboard/" className="button button--primary">
              {t("service.agents")}
            </Link>
            {id === 1 ? (
              <Link to={local("/our-mentors/")} className="button button--ghost">
                {t("service.mentors")}
              </Link>
            ) : null}
            <Link to={local("/contact/")} className="button button--ghost">
              {t("service.ask")}
            </Link>
          </p>
        </div>
      </div>
    </article>
  );
}
