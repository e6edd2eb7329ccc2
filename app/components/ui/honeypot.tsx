import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import { useTranslation } from "../../lib/page-words";

/**
 * The honeypot fields of remix-utils, hidden by a class instead of remix-utils' inline
 * style (which the Content-Security-Policy, rightly, refuses to apply). The page's loader makes the props
 * (`honeypot.getInputProps()`): only the three public forms pay for the encrypted timestamp, not every page.
 */
export function HoneypotFields({ props }: { props: HoneypotInputProps }) {
  const { nameFieldName, validFromFieldName, encryptedValidFrom } = props;
  const { t } = useTranslation();
  return (
    <div className="hp-wrap" aria-hidden="true">
      <label htmlFor={nameFieldName}>{t("common.honeypot")}</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? (
        <input type="hidden" name={validFromFieldName} value={encryptedValidFrom} readOnly />
      ) : null}
    </div>
  );
}
