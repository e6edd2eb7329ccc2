import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Trans, useLocalPath, useTranslation } from "../../lib/every-page";
import { publicPage } from "../../lib/page-lang.server";
import { seoMeta } from "../../lib/seo";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return publicPage(request, context, params.lang, "about");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export default function About() {
  const { t } = useTranslation();
  const local = useLocalPath();
  return (
    <article className="container page prose">
      <p className="eyebrow">{t("about.title")}</p>
      <h1>{t("about.heading")}</h1>
      <p className="lead">{t("about.lead")}</p>
      <h2>{t("about.whoHeading")}</h2>
      <p>{t("about.who")}</p>
      <h2>{t("about.beliefsHeading")}</h2>
      <ul>
        {(["prices", "people", "data"] as const).map((key) => (
          <li key={key}>
            <strong>{t(`about.${key}Title`)}</strong> {t(`about.${key}`)}
          </li>
        ))}
      </ul>
      <h2>{t("about.contactHeading")}</h2>
      <p>
        <Trans i18nKey="about.contact" components={{ go: <Link to={local("/contact/")} /> }} />
      </p>
    </article>
  );
}
