/** One mentor's public profile (issue 26): no rate, no free slots; booking is the agent's. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PublicMentorCard } from "../../components/public/public-mentor";
import { apiLoaderError } from "../../lib/api.server";
import { apiFor } from "../../lib/context.server";
import { endpoints } from "../../lib/endpoints.server";
import { Trans, useLocalPath, useTranslation } from "../../lib/every-page";
import { translator } from "../../lib/i18n.server";
import { pageLang, pageSeo } from "../../lib/page-lang.server";
import { routeId } from "../../lib/params";
import { seoMeta } from "../../lib/seo";
import { loadSite } from "../../lib/site.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const lang = await pageLang(request, context, params.lang);
  const id = routeId(params.id);
  const [mentor, site] = await Promise.all([
    apiFor(context)
      .call(endpoints.publicMentor, { params: { id }, query: { lang } })
      .catch((e) => apiLoaderError(e, request, context)),
    loadSite(context, lang),
  ]);
  const t = translator(lang);
  return {
    mentor,
    seo: pageSeo(
      request,
      lang,
      `${mentor.name} · ${t("mentors.title")}`,
      `${mentor.name}: ${mentor.title}. ${t("mentors.intro")}`,
      { path: `/our-mentors/${mentor.id}`, company: site.company.name },
    ),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function OurMentor() {
  const { mentor } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const local = useLocalPath();
  return (
    <section className="container page narrow">
      <p className="eyebrow">
        <Link to={local("/our-mentors/")}>{t("mentors.all")}</Link>
      </p>
      <PublicMentorCard mentor={mentor} full />
      <p>{t("mentors.book")}</p>
      <p>
        <Trans i18nKey="mentors.noAgent" components={{ go: <Link to={local("/contact/")} /> }} />
      </p>
    </section>
  );
}
