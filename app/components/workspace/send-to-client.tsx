/**
 * "Send … to the client" on a client's page of the workspace (issue 40): a questionnaire, an agreement. One choice
 * and a button, or a word that nothing is left to send.
 */
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormError, SelectField } from "../ui/fields";
import { type PortalForm } from "../ui/form";

export function SendToClient({
  form,
  field,
  words,
  options,
  children,
}: {
  form: PortalForm;
  /** The field the choice is sent as */
  field: string;
  words: { heading: string; label: string; choose: string; hint: string; button: string; nothing: string };
  options: Array<{ value: string; label: string }>;
  /** More fields, after the choice */
  children?: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="card" aria-labelledby={`${field}-heading`}>
      <h2 id={`${field}-heading`}>{words.heading}</h2>
      {options.length ? (
        <Form method="post" className="form" {...form.props} key={form.key}>
          <AuthenticityTokenInput />
          <FormError message={form.formError} />
          <SelectField
            id={field}
            label={words.label}
            placeholder={words.choose}
            hint={words.hint}
            options={options}
            {...form.field(field)}
          />
          {children}
          <button type="submit" className="button button--primary" disabled={busy}>
            {words.button}
          </button>
        </Form>
      ) : (
        <p className="muted">{words.nothing}</p>
      )}
    </section>
  );
}
