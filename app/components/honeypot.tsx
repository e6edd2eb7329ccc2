import { useRouteLoaderData } from "@remix-run/react";
import type { RootLoaderData } from "../root";

/**
 * The honeypot fields of remix-utils, hidden by a class instead of remix-utils' inline
 * style (which the Content-Security-Policy, rightly, refuses to apply).
 */
export function HoneypotFields() {
  const props = useRouteLoaderData<RootLoaderData>("root")?.honeypotProps;
  if (!props) return null;
  const { nameFieldName, validFromFieldName, encryptedValidFrom } = props;
  return (
    <div className="hp-wrap" aria-hidden="true">
      <label htmlFor={nameFieldName}>Please leave this field blank</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? (
        <input type="hidden" name={validFromFieldName} value={encryptedValidFrom} readOnly />
      ) : null}
    </div>
  );
}
