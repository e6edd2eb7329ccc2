/**
 * A row's own small form (deactivate, reactivate, a new link, remove, send again…): the row's id and the CSRF token,
 * and buttons that each post an intent, greyed while this row's form is being sent (the other rows stay usable).
 */
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

export function RowForm({
  id,
  action,
  className,
  children,
}: {
  id: number;
  action?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} className={className}>
      <AuthenticityTokenInput />
      <input type="hidden" name="id" value={id} />
      {children}
    </Form>
  );
}

export function RowButton(props: {
  id: number;
  intent: string;
  /** ghost unless said; danger for what cannot be undone */
  primary?: boolean;
  danger?: boolean;
  /** whom or what the button acts on, for a screen reader (the row's other cells say it to the eye) */
  who?: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(props.id);
  const tone = props.danger ? "button--danger" : props.primary ? "button--primary" : "button--ghost";
  return (
    <button type="submit" name="intent" value={props.intent} className={`button button--small ${tone}`} disabled={busy}>
      {props.children}
      {props.who ? <span className="visually-hidden"> {props.who}</span> : null}
    </button>
  );
}

/**
 * A one-button form posting an intent to its page's action (or `action`): check out, cancel a payment, accept the
 * answers, end a client's access, remove the logo. `busy` greys it (and says `busyLabel`, when given) while it is sent.
 */
export function IntentForm(props: {
  intent: string;
  tone?: "primary" | "ghost" | "danger" | "plain";
  busy: boolean;
  busyLabel?: string;
  className?: string;
  action?: string;
  encType?: "multipart/form-data";
  /** after the button, inside the form (a note on what it does) */
  after?: ReactNode;
  children: ReactNode;
}) {
  const tone = props.tone ?? "primary";
  return (
    <Form method="post" action={props.action} encType={props.encType} className={props.className}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={props.intent} />
      <button type="submit" className={tone === "plain" ? "button" : `button button--${tone}`} disabled={props.busy}>
        {props.busy && props.busyLabel ? props.busyLabel : props.children}
      </button>
      {props.after}
    </Form>
  );
}
