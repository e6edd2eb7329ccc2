import { Form, Link, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { FormFailure } from "../lib/api.server";
import { useChosenClient } from "../lib/chosen-client";
import type { ClientChoice } from "../lib/client-choices.server";
import { ClientPicker } from "./client-picker";
import { FormError } from "./form";

/** "Add to cart for [client]": the form on a job or relocation package. */
export function AddToCartForm({ clients, failure, label }: { clients: ClientChoice[]; failure?: FormFailure; label: string }) {
  const chosen = useChosenClient();
  const busy = useNavigation().state === "submitting";
  if (!clients.length) {
    return (
      <p className="empty-state">
        Add a client first: <Link to="/clients/new">add a client</Link>.
      </p>
    );
  }
  return (
    <Form method="post" className="form add-to-cart" noValidate>
      <AuthenticityTokenInput />
      <FormError message={failure?.formError} />
      <ClientPicker
        choices={clients}
        defaultValue={failure?.values?.client_id ?? chosen}
        errors={failure?.fieldErrors?.client_id}
        autoFocusOnError
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? "Adding…" : label}
      </button>
    </Form>
  );
}
