/**
 * A mentor as visitors see them (issue 26): photo, name, title, where they live, expertise and languages. Their own
 * words (title, bio, expertise) are the office's, in English: marked so on a page in another language.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PublicMentor } from "../../lib/contract";
import { useIntlLocale, useLang, useLocalPath } from "../lib/lang";

export function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function PublicMentorCard({ mentor, full = false }: { mentor: PublicMentor; full?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const locale = useIntlLocale();
  const local = useLocalPath();
  const theirs = lang === "en" ? {} : ({ lang: "en", dir: "ltr" } as const);
  const Heading = full ? "h1" : "h2";
  return (
    <article className={full ? "public-mentor public-mentor--full" : "card public-mentor"}>
      {mentor.photo_url ? (
        <img
          src={mentor.photo_url}
          alt={t("mentors.photo", { name: mentor.name })}
          width={full ? 160 : 96}
          height={full ? 160 : 96}
          className="public-mentor__photo"
          loading="lazy"
        />
      ) : null}
      <Heading className="public-mentor__name">
        {full ? mentor.name : <Link to={local(`/our-mentors/${mentor.id}`)}>{mentor.name}</Link>}
      </Heading>
      <p className="muted" {...theirs}>
        {mentor.title}
      </p>
      <p>{t("mentors.basedIn", { country: countryName(locale, mentor.country_code) })}</p>
      <dl className="public-mentor__facts">
        <dt>{t("mentors.expertise")}</dt>
        <dd {...theirs}>{mentor.expertise.join(", ")}</dd>
        <dt>{t("mentors.languages")}</dt>
        <dd {...theirs}>{mentor.languages.join(", ")}</dd>
      </dl>
      {full ? (
        <div className="prose" {...theirs}>
          <p>{mentor.bio}</p>
        </div>
      ) : null}
    </article>
  );
}
