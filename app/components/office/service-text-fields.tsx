import { serviceField, serviceTextMax, type ServiceId } from "../../../lib/business";
import { dirOf, type Lang } from "../../../lib/i18n/languages";
import { useTranslation } from "../../lib/page-words";
import { useSettingLabel } from "../../lib/setting-labels";
import { Field, TextAreaField } from "../ui/fields";
import { type FieldOf } from "../ui/form";

/**
 * A service page's four texts as the office writes them (business settings): its tagline, introduction, what it
 * includes (one item a line) and whom it is for, in `lang` (typed in that language's direction).
 */
export function ServiceTextFields({ id, f, lang }: { id: ServiceId; f: FieldOf; lang: Lang }) {
  const written = { lang, dir: dirOf(lang) };
  const { t } = useTranslation();
  const label = useSettingLabel();
  const name = {
    tagline: serviceField(id, "tagline"),
    intro: serviceField(id, "intro"),
    includes: serviceField(id, "includes"),
    forWhom: serviceField(id, "for_whom"),
  };
  return (
    <>
      <Field label={label(name.tagline)} required maxLength={serviceTextMax.tagline} {...written} {...f(name.tagline)} />
      <TextAreaField
        label={label(name.intro)}
        required
        maxLength={serviceTextMax.intro}
        rows={4}
        {...written}
        {...f(name.intro)}
      />
      <TextAreaField
        label={label(name.includes)}
        hint={t("office.settings.includesHint")}
        required
        maxLength={serviceTextMax.includes}
        rows={4}
        {...written}
        {...f(name.includes)}
      />
      <TextAreaField
        label={label(name.forWhom)}
        required
        maxLength={serviceTextMax.for_whom}
        rows={2}
        {...written}
        {...f(name.forWhom)}
      />
    </>
  );
}
