/**
 * A table row's own small form (deactivate, reactivate, a new link…): the row's id and the CSRF token, and buttons
 * that each post an intent, greyed while this row's form is being sent (the other rows stay usable).
 */
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

export function RowForm({ id, children }: { id: number; children: ReactNode }) {
  return (
    <Form method="post">
      <AuthenticityTokenInput />
      <input type="hidden" name="id" value={id} />
      {children}
    </Form>
  );
}

export function RowButton(props: { id: number; intent: string; primary?: boolean; who?: string; children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(props.id);
  return (
    <button
      type="submit"
      name="intent"
      value={props.intent}
      className={`button button--small ${props.primary ? "button--primary" : "button--ghost"}`}
      disabled={busy}
    >
      {props.children}
      {props.who ? <span className="visually-hidden"> {props.who}</span> : null}
    </button>
  );
}
