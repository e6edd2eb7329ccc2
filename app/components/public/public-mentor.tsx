/**
 * A mentor as visitors see them (issue 26): photo, name, title, where they live, expertise and languages. Their own
 * words (title, bio, expertise) are the office's, in the page's language where written, else in English, marked so;
 * the languages they speak are named in the page's language.
 */
import { Link } from "@remix-run/react";
import type { PublicMentor } from "../../../lib/contract";
import { useIntlLocale, useLang, useLocalPath } from "../../lib/lang";
import { useTranslation } from "../../lib/page-words";

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
  // The office's words in the page's language where written; English until then, marked so.
  const theirs = (field: PublicMentor["english"][number]) =>
    lang !== "en" && mentor.english.includes(field) ? ({ lang: "en", dir: "ltr" } as const) : {};
  const Heading = full ? "h1" : "h2";
  const separator = lang === "ar" ? "، " : ", ";
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
      <p className="muted" {...theirs("title")}>
        {mentor.title}
      </p>
      <p>{t("mentors.basedIn", { country: countryName(locale, mentor.country_code) })}</p>
      <dl className="public-mentor__facts">
        <dt>{t("mentors.expertise")}</dt>
        <dd {...theirs("expertise")}>{mentor.expertise.join(mentor.english.includes("expertise") ? ", " : separator)}</dd>
        <dt>{t("mentors.languages")}</dt>
        <dd {...theirs("languages")}>{mentor.languages.join(separator)}</dd>
      </dl>
      {full ? (
        <div className="prose" {...theirs("bio")}>
          <p>{mentor.bio}</p>
        </div>
      ) : null}
    </article>
  );
}
