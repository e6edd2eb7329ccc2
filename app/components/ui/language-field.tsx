import { clientLanguages } from "../../../lib/client-fields";
import { useTranslation } from "../../lib/page-words";
import { SelectField } from "./fields";

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
      options={clientLanguages.map((l) => ({ value: l, label: t(`work.languageNames.${l}`) }))}
      {...field}
      defaultValue={field.defaultValue || "en"}
    />
  );
}
