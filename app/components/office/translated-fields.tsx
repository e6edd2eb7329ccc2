/** A catalogue entry's words in the other languages (plans, session packs, mentors). */
import { translatedField } from "../../../lib/catalogue-texts";
import { textLangs, dirOf, languageNames } from "../../../lib/i18n/languages";
import type { FormFailure } from "../../lib/forms.server";
import { useTranslation } from "../../lib/page-words";
import { Field, TextAreaField } from "../ui/fields";
import type { FieldOf } from "../ui/form";

type Translated = { field: string; label: string; max?: number; rows?: number; hint?: string };

/**
 * A plan's or a mentor's words in Arabic, Spanish and French (issue 37): one group a language, open when anything
 * is written in it or refused, each field typed in its language's direction. Blank, the English is shown.
 */
export function TranslatedFields({ f, failure, fields }: { f: FieldOf; failure?: FormFailure; fields: Translated[] }) {
  const { t } = useTranslation();
  return (
    <section className="form__wide translations" aria-labelledby="translations-heading">
      <h2 id="translations-heading">{t("office.catalogueForm.otherLanguages")}</h2>
      <p className="muted">{t("office.catalogueForm.otherLanguagesNote")}</p>
      {textLangs.map((lang) => {
        const props = fields.map((x) => ({ ...x, props: f(translatedField(x.field, lang)) }));
        const written = props.filter((x) => String(x.props.defaultValue).trim()).length;
        const refused = props.some((x) => x.props.errors?.length);
        const language = t(`office.catalogueForm.langs.${lang}`);
        return (
          <details key={lang} className="translation" open={refused || (written > 0 && Boolean(failure))}>
            <summary>
              {language} <span lang={lang}>({languageNames[lang]})</span> ·{" "}
              <span className="muted">{t("office.catalogueForm.written", { count: written, total: fields.length })}</span>
            </summary>
            <div className="form--grid">
              {props.map(({ field, label, max, rows, hint, props: p }) => {
                const common = {
                  label: t("office.catalogueForm.inLanguage", { field: label, language }),
                  lang,
                  dir: dirOf(lang),
                  hint,
                  maxLength: max,
                  ...p,
                };
                return rows ? (
                  <div className="form__wide" key={field}>
                    <TextAreaField rows={rows} {...common} />
                  </div>
                ) : (
                  <Field key={field} {...common} />
                );
              })}
            </div>
          </details>
        );
      })}
    </section>
  );
}
