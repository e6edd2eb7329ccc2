import { useTranslation } from "react-i18next";
import { clientLanguageLabels, clientLanguages } from "../../lib/client-fields";
import { SelectField } from "./form";

/**
 * The language the portal writes to someone in (a client's e-mails, invites and own page; a mentor's e-mails and
 * invites): one of the portal's, English when none was chosen yet.
 */
export function LanguageField({
  hint,
  ...field
}: {
  hint: string;
  name: string;
  id?: string;
  defaultValue?: string;
  errors?: string[];
  autoFocusOnError?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t("work.languageField")}
      hint={hint}
      options={clientLanguages.map((l) => ({ value: l, label: clientLanguageLabels[l] }))}
      {...field}
      defaultValue={field.defaultValue || "en"}
    />
  );
}
