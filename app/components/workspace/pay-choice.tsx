/** How a session is paid (issue 41): a credit of the client's session pack (confirmed at once), or held for checkout. */
import { formatDate } from "../../lib/dates";
import { useTranslation } from "../../lib/page-words";

type Credit = { id: number; pack_name: string; left: number; sessions: number; expires_at: string; session_minutes: number };

export function PayChoice({
  credits,
  price,
  tz,
  name,
  defaultValue,
  errors,
}: {
  credits: Credit[];
  price: string;
  tz: string;
  name: string;
  defaultValue?: string;
  errors?: string[];
}) {
  const { t } = useTranslation();
  const chosen = defaultValue || `credit:${credits[0]!.id}`;
  return (
    <fieldset className={errors?.length ? "field choices field--invalid" : "field choices"} data-testid="pay-with">
      <legend>{t("work.book.payWith")}</legend>
      {credits.map((c) => (
        <label key={c.id} className="choice">
          <input type="radio" name={name} value={`credit:${c.id}`} defaultChecked={chosen === `credit:${c.id}`} />
          {t("work.book.useCredit", {
            pack: c.pack_name,
            left: c.left,
            count: c.sessions,
            day: formatDate(c.expires_at, tz),
            minutes: c.session_minutes,
          })}
        </label>
      ))}
      <label className="choice">
        <input type="radio" name={name} value="checkout" defaultChecked={chosen === "checkout"} />
        {t("work.book.payAtCheckout", { price })}
      </label>
      {errors?.length ? <p className="field__error">{errors[0]}</p> : null}
    </fieldset>
  );
}
