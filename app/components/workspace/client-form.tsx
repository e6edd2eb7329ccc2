import { Form, Link, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { clientFieldNames, clientStatuses, fieldLimits } from "../../../lib/client-fields";
import type { Client, Country } from "../../../lib/contract";
import type { FormFailure } from "../../lib/forms.server";
import { Trans, useTranslation } from "../../lib/page-words";
import { Field, FormError, SelectField, TextAreaField, WideActions } from "../ui/fields";
import { useSchemaForm } from "../ui/form";
import { LanguageField } from "../ui/language-field";
import { CountryField, countryOf, ZoneField, type ZoneChoice } from "../ui/place-fields";

/** The add and edit form for a client. What was typed wins over what was stored. */
/** The action's schema, checked in the browser too (fetched on the form's first focus). */
const clientCheck = {
  schema: () => import("../../../lib/contract/clients").then((m) => m.clientInput),
  fields: clientFieldNames,
};

export function ClientForm({
  countries,
  zones,
  agentZone,
  client,
  failure,
  submitLabel,
  cancelTo,
}: {
  countries: Country[];
  /** The zones to choose the client's own from, and the agent's (used for the client's e-mails when none is chosen) */
  zones: readonly ZoneChoice[];
  agentZone: string;
  client?: Client;
  /** With `duplicate`: the agent already has a client with this email, and is asked before a second one is saved */
  failure?: FormFailure & { duplicate?: { id: number; name: string } };
  submitLabel: string;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // What is stored, for an edit; a new client starts active.
  const stored = Object.fromEntries(clientFieldNames.map((name) => [name, client ? String(client[name] ?? "") : ""]));
  const form = useSchemaForm(failure, { order: clientFieldNames, stored, check: clientCheck });
  const f = form.field;
  const { t } = useTranslation();

  return (
    <Form method="post" className="form form--grid" {...form.props} key={form.key}>
      <AuthenticityTokenInput />
      {failure?.duplicate ? (
        <div className="notice form__wide" role="alert" data-testid="duplicate-warning">
          <p>
            <Trans
              i18nKey="work.clientForm.duplicate"
              values={{ name: failure.duplicate.name }}
              components={{ go: <Link to={`/clients/${failure.duplicate.id}`} /> }}
            />
          </p>
          <input type="hidden" name="duplicate_ok" value="yes" />
        </div>
      ) : (
        <FormError message={form.formError} />
      )}
      {(
        [
          ["first_name", t("work.clientFields.firstName"), "text", true],
          ["last_name", t("work.clientFields.lastName"), "text", true],
          ["email", t("work.clientFields.email"), "email", true],
          ["phone", t("work.clientFields.phone"), "tel", false],
        ] as const
      ).map(([name, label, type, required]) => (
        <Field
          key={name}
          label={label}
          type={type}
          autoComplete="off"
          required={required}
          hint={name === "phone" ? t("work.clientForm.phoneHint") : undefined}
          maxLength={fieldLimits[name]}
          {...f(name)}
        />
      ))}
      <ZoneField
        zones={zones}
        label={t("work.clientForm.zone")}
        hint={t("work.clientForm.zoneHint", { zone: agentZone })}
        placeholder={t("work.clientForm.zoneSame", { zone: agentZone })}
        country={countryOf(countries, f("current_country").defaultValue)}
        countryField="current_country"
        {...f("time_zone")}
      />
      <LanguageField hint={t("work.clientForm.languageHint")} {...f("language")} />
      <CountryField label={t("work.clientFields.nationality")} countries={countries} {...f("nationality")} />
      <CountryField label={t("work.clientFields.currentCountry")} countries={countries} {...f("current_country")} />
      <CountryField label={t("work.clientFields.destination")} countries={countries} {...f("destination_country")} />
      <Field label={t("work.clientFields.birth")} type="date" {...f("date_of_birth")} />
      <Field
        label={t("work.clientFields.passport")}
        autoComplete="off"
        maxLength={fieldLimits.passport_number}
        {...f("passport_number")}
      />
      <SelectField
        label={t("work.clientFields.status")}
        options={clientStatuses.map((s) => ({ value: s, label: t(`work.clientStatus.${s}`) }))}
        {...f("status")}
        defaultValue={f("status").defaultValue || "active"}
      />
      <div className="form__wide">
        <TextAreaField label={t("work.clientFields.notes")} rows={4} maxLength={fieldLimits.notes} {...f("notes")} />
      </div>
      <WideActions
        label={
          busy
            ? t("work.clientForm.saving")
            : failure?.duplicate
              ? t("work.clientForm.anyway", { label: submitLabel })
              : submitLabel
        }
        busy={busy}
      >
        <Link to={cancelTo} className="button button--ghost">
          {t("work.clientForm.cancel")}
        </Link>
      </WideActions>
    </Form>
  );
}
