import { Form, Link, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { clientFieldNames, clientStatuses, clientStatusLabels, fieldLimits } from "../../lib/client-fields";
import type { Client, Country } from "../../lib/contract";
import type { FormFailure } from "../lib/api.server";
import { CountryField, Field, fieldProps, FormError, SelectField, TextAreaField } from "./form";
import { LanguageField } from "./language-field";

/** The add and edit form for a client. What was typed wins over what was stored. */
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
  zones: readonly string[];
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
  const f = fieldProps(clientFieldNames, failure, stored);
  // The form is keyed by the failure so that, with JavaScript on, a refused post shows what was typed.
  const key = failure ? JSON.stringify(failure.values) : "initial";

  return (
    <Form method="post" className="form form--grid" noValidate key={key}>
      <AuthenticityTokenInput />
      {failure?.duplicate ? (
        <div className="notice form__wide" role="alert" data-testid="duplicate-warning">
          <p>
            You already have a client with this email:{" "}
            <Link to={`/clients/${failure.duplicate.id}`}>{failure.duplicate.name}</Link>. Open that one, or save this as a second
            client anyway.
          </p>
          <input type="hidden" name="duplicate_ok" value="yes" />
        </div>
      ) : (
        <FormError message={failure?.formError} />
      )}
      <Field label="First name" autoComplete="off" required maxLength={fieldLimits.first_name} {...f("first_name")} />
      <Field label="Last name" autoComplete="off" required maxLength={fieldLimits.last_name} {...f("last_name")} />
      <Field label="Email" type="email" autoComplete="off" required maxLength={fieldLimits.email} {...f("email")} />
      <Field
        label="Phone"
        type="tel"
        autoComplete="off"
        hint="With the country code, e.g. +49 30 1234567"
        maxLength={fieldLimits.phone}
        {...f("phone")}
      />
      <SelectField
        label="Client's time zone"
        hint={`Their e-mails and calendar invites show times in it. Left as yours (${agentZone}), they follow yours.`}
        placeholder={`Same as yours (${agentZone})`}
        options={zones.map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
        {...f("time_zone")}
      />
      <LanguageField hint="What the portal writes to the client in." {...f("language")} />
      <CountryField label="Nationality" countries={countries} {...f("nationality")} />
      <CountryField label="Current country" countries={countries} {...f("current_country")} />
      <CountryField label="Destination country" countries={countries} {...f("destination_country")} />
      <Field label="Date of birth" type="date" {...f("date_of_birth")} />
      <Field label="Passport number" autoComplete="off" maxLength={fieldLimits.passport_number} {...f("passport_number")} />
      <SelectField
        label="Status"
        options={clientStatuses.map((s) => ({ value: s, label: clientStatusLabels[s] }))}
        {...f("status")}
        defaultValue={f("status").defaultValue || "active"}
      />
      <div className="form__wide">
        <TextAreaField label="Notes" rows={4} maxLength={fieldLimits.notes} {...f("notes")} />
      </div>
      <div className="form__actions form__wide">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Saving…" : failure?.duplicate ? `${submitLabel} anyway` : submitLabel}
        </button>
        <Link to={cancelTo} className="button button--ghost">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
