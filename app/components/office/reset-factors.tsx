/**
 * The office's "Reset the second factor" (issue 67): for a person who lost their phone and their recovery codes.
 * A plain form post to the one route that does it, which comes back to the page with a toast.
 */
import { Form, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "../../lib/page-words";

export function ResetFactors({ kind, id, back }: { kind: "agent" | "mentor" | "staff"; id: number; back: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="reset-factors-heading" className="section">
      <h2 id="reset-factors-heading">{t("office.resetFactors.heading")}</h2>
      <p className="muted">{t("office.resetFactors.note")}</p>
      <Form method="post" action={`/office/accounts/${kind}/${id}/reset-factors`} className="form--inline">
        <AuthenticityTokenInput />
        <input type="hidden" name="back" value={back} />
        <button type="submit" className="button" disabled={busy}>
          {t("office.resetFactors.button")}
        </button>
      </Form>
    </section>
  );
}
