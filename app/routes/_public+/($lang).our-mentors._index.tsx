/** The mentors, for visitors (issue 26): who they are and what they know; booking is the agent's. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PublicMentorCard } from "../../components/public/public-mentor";
import { apiLoaderError } from "../../lib/api.server";
import { apiFor } from "../../lib/context.server";
import { endpoints } from "../../lib/endpoints.server";
import { Trans, useLocalPath, useTranslation } from "../../lib/every-page";
import { publicPage } from "../../lib/page-lang.server";
import { seoMeta } from "../../lib/seo";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = await publicPage(request, context, params.lang, "mentors");
  const mentors = await apiFor(context)
    .call(endpoints.publicMentors, { query: { lang: page.lang } })
    .catch((e) => apiLoaderError(e, request, context));
  return { ...page, mentors };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function OurMentors() {
  const { mentors } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const local = useLocalPath();
  return (
    <section className="container page">
      <p className="eyebrow">{t("mentors.eyebrow")}</p>
      <h1>{t("mentors.heading")}</h1>
      <p className="lead">{t("mentors.intro")}</p>
      {mentors.length ? (
        <div className="cards public-mentors">
          {mentors.map((m) => (
            <PublicMentorCard key={m.id} mentor={m} />
          ))}
        </div>
      ) : (
        <p className="empty-state">{t("mentors.none")}</p>
      )}
      <p>{t("mentors.book")}</p>
      <p>
        <Trans i18nKey="mentors.noAgent" components={{ go: <Link to={local("/contact/")} /> }} />
      </p>
    </section>
  );
}
