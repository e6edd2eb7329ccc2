/**
 * The signed-out account pages' shared frame (sign-in, forgot password, set password, the client's link): one card
 * with its heading, the page's toast, and the e-mail form the two link-asking pages share.
 */
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import { fieldLimits } from "../../../lib/client-fields";
import type { FormFailure } from "../../lib/forms.server";
import {} from "../../lib/lang";
import { Field, FormError } from "./fields";
import { useSchemaForm, type FormSchema } from "./form";
import { HoneypotFields } from "./honeypot";
import { Toast } from "./toasts";

export function AuthCard({
  heading,
  toast,
  children,
}: {
  heading: ReactNode;
  toast?: FormFailure["toast"];
  children: ReactNode;
}) {
  return (
    <section className="container page auth-page">
      <div className="auth-card">
        <h1>{heading}</h1>
        {children}
      </div>
      <Toast toast={toast} />
    </section>
  );
}

/** "Sent": what the page says once the e-mail has gone, in place of its introduction. */
export function SentNotice({ testId, title, more }: { testId: string; title: string; more: string }) {
  return (
    <div className="notice" role="status" data-testid={testId}>
      <p>
        <strong>{title}</strong>
      </p>
      <p className="muted">{more}</p>
    </div>
  );
}

/**
 * One e-mail address and a button: a link is sent to it (a password link, a client's sign-in link). Refusals are
 * said in the page's language; what was typed is kept.
 */
export function EmailLinkForm(props: {
  failure: FormFailure | undefined;
  trap: HoneypotInputProps;
  label: string;
  autoComplete: "username" | "email";
  submit: string;
  /** The button's words while the form is on its way */
  sending: string;
  autoFocus?: boolean;
  /** The action's schema, to check the address in the browser too */
  check?: FormSchema;
}) {
  const busy = useNavigation().state === "submitting";
  const form = useSchemaForm(props.failure, { order: ["email"], check: props.check });
  return (
    <>
      <FormError message={form.formError} />
      <Form method="post" className="form" {...form.props}>
        <AuthenticityTokenInput />
        <HoneypotFields props={props.trap} />
        <Field
          label={props.label}
          type="email"
          autoComplete={props.autoComplete}
          required
          maxLength={fieldLimits.email}
          {...form.field("email")}
          {...(props.autoFocus ? { autoFocus: true } : {})}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? props.sending : props.submit}
        </button>
      </Form>
    </>
  );
}
