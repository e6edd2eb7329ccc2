/** What is kept about clients, agents and visitors, for how long, who sees it, how to ask for erasure (issue 26). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Trans, useLocalPath, useTranslation } from "../../lib/every-page";
import { publicPage } from "../../lib/page-lang.server";
import { seoMeta } from "../../lib/seo";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return publicPage(request, context, params.lang, "privacy");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

const SECTIONS = ["what", "why", "who", "howLong", "visitors"] as const;

export default function Privacy() {
  const { t } = useTranslation();
  const local = useLocalPath();
  return (
    <article className="container page prose">
      <p className="eyebrow">{t("privacy.eyebrow")}</p>
      <h1>{t("privacy.title")}</h1>
      <p className="lead">{t("privacy.intro")}</p>
      {SECTIONS.map((key) => (
        <section key={key}>
          <h2>{t(`privacy.${key}Heading`)}</h2>
          <p>{t(`privacy.${key}`)}</p>
        </section>
      ))}
      <h2>{t("privacy.rightsHeading")}</h2>
      <p>
        <Trans i18nKey="privacy.rights" components={{ go: <Link to={local("/contact/")} /> }} />
      </p>
    </article>
  );
}
