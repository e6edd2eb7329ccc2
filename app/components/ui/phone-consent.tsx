/**
 * Reminders by SMS or WhatsApp (issue 42): the person's live consents, each with its withdrawal, and a form for each
 * channel the firm offers and they have not chosen: their mobile number and a box ticked beside the exact words they
 * agree to (the API keeps those words, in this language). Plain posts to the page's own action, named by intent.
 */
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { isolate } from "../../../lib/bidi";
import type { MessagingState, PhoneChannel } from "../../../lib/contract/messaging";
import { intlLocale, isLang } from "../../../lib/i18n/languages";
import { formatDate } from "../../lib/dates";
import type { FormFailure } from "../../lib/forms.server";
import { useTranslation } from "../../lib/page-words";
import { Field, FormError } from "./fields";
import { useSchemaForm } from "./form";

export const consentIntent = (channel: PhoneChannel) => `phone-${channel}`;

export function PhoneConsent({
  state,
  failure,
  zone,
  busy,
  action,
}: {
  state: MessagingState & { shown: Record<string, string> };
  failure: FormFailure | undefined;
  zone: string;
  busy: boolean;
  /** Where the forms post (the page's own action by default) */
  action?: string;
}) {
  const { t, i18n } = useTranslation();
  if (!state.channels.length) return null;
  const chosen = new Set(state.consents.map((c) => c.channel));
  return (
    <section className="card phone-consent" id="reminders" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading">{t("phoneConsent.heading")}</h2>
      <p className="muted">{t("phoneConsent.intro")}</p>
      {state.consents.length ? (
        <ul className="list-reset">
          {state.consents.map((c) => (
            <li key={c.id} data-testid={`consent-${c.channel}`}>
              {c.verified ? (
                <p>
                  {t("phoneConsent.current", {
                    channel: t(`phoneConsent.${c.channel}`),
                    phone: isolate(state.shown[c.phone] ?? c.phone),
                    day: formatDate(c.given_at, zone, intlLocale(isLang(i18n.language) ? i18n.language : "en")),
                  })}
                </p>
              ) : (
                <CodeForm consent={c} shown={state.shown[c.phone] ?? c.phone} failure={failure} busy={busy} action={action} />
              )}
              <Form method="post" action={action} className="form--inline">
                <AuthenticityTokenInput />
                <input type="hidden" name="intent" value="phone-withdraw" />
                <input type="hidden" name="consent_id" value={c.id} />
                <input type="hidden" name="channel" value={c.channel} />
                <button type="submit" className="button" disabled={busy}>
                  {t("phoneConsent.withdraw", { channel: t(`phoneConsent.${c.channel}`) })}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("phoneConsent.none")}</p>
      )}
      {state.channels
        .filter((channel) => !chosen.has(channel))
        .map((channel) => (
          <ChannelForm key={channel} channel={channel} state={state} failure={failure} busy={busy} action={action} />
        ))}
    </section>
  );
}

/** A number waiting for its code: the code typed back, or a new one asked for (issue 66). */
function CodeForm({
  consent,
  shown,
  failure,
  busy,
  action,
}: {
  consent: MessagingState["consents"][number];
  shown: string;
  failure: FormFailure | undefined;
  busy: boolean;
  action?: string;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(failure, { id: `phone-confirm-${consent.id}`, form: "phone-confirm", order: ["code"] });
  const again = useSchemaForm(failure, { form: "phone-code" });
  return (
    <div className="phone-consent__code" data-testid={`code-${consent.channel}`}>
      <p role="status">{t("phoneConsent.pending", { channel: t(`phoneConsent.${consent.channel}`), phone: isolate(shown) })}</p>
      <Form method="post" action={action} className="form" {...form.props} key={form.key}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="phone-confirm" />
        <input type="hidden" name="consent_id" value={consent.id} />
        <FormError message={form.formError} />
        <Field
          id={`phone-code-${consent.id}`}
          label={t("phoneConsent.codeLabel")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          dir="ltr"
          {...form.field("code")}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("phoneConsent.confirm")}
        </button>
      </Form>
      <Form method="post" action={action} className="form--inline">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="phone-code" />
        <input type="hidden" name="consent_id" value={consent.id} />
        <FormError message={again.formError} />
        <button type="submit" className="button" disabled={busy}>
          {t("phoneConsent.again")}
        </button>
      </Form>
    </div>
  );
}

function ChannelForm({
  channel,
  state,
  failure,
  busy,
  action,
}: {
  channel: PhoneChannel;
  state: MessagingState;
  failure: FormFailure | undefined;
  busy: boolean;
  action?: string;
}) {
  const { t } = useTranslation();
  const intent = consentIntent(channel);
  const form = useSchemaForm(failure, {
    id: intent,
    form: intent,
    order: ["phone", "agree"],
    stored: { phone: state.phone_on_file ?? "" },
  });
  const agreeError = form.errors("agree")?.[0];
  const name = t(`phoneConsent.${channel}`);
  return (
    <Form method="post" action={action} className="form phone-consent__channel" {...form.props} key={form.key} aria-label={name}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      <h3>{name}</h3>
      <FormError message={form.formError} />
      <Field
        id={`${intent}-phone`}
        label={t("phoneConsent.phone")}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        dir="ltr"
        hint={t("phoneConsent.phoneHint")}
        {...form.field("phone")}
      />
      <p className="phone-consent__words" id={`${intent}-words`} data-testid={`words-${channel}`}>
        {state.words[channel]}
      </p>
      <div className={agreeError ? "field field--invalid" : "field"}>
        <label>
          <input
            type="checkbox"
            name="agree"
            value="yes"
            defaultChecked={form.typed("agree") === "yes"}
            aria-invalid={agreeError ? true : undefined}
            aria-describedby={[`${intent}-words`, agreeError ? `${intent}-agree-error` : null].filter(Boolean).join(" ")}
          />{" "}
          {t("phoneConsent.agree")}
        </label>
        {agreeError ? (
          <p className="field__error" id={`${intent}-agree-error`}>
            {agreeError}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {t("phoneConsent.give")}
      </button>
    </Form>
  );
}
