import { Form, Link, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useChosenClient } from "../../lib/chosen-client";
import type { ClientChoice } from "../../lib/client-choices.server";
import type { FormFailure } from "../../lib/forms.server";
import { Trans, useTranslation } from "../../lib/page-words";
import { FormError } from "../ui/fields";
import { useSchemaForm } from "../ui/form";
import { ClientPicker } from "./client-picker";

/** "Add to cart for [client]": the form on a job or relocation package. */
export function AddToCartForm({ clients, failure, label }: { clients: ClientChoice[]; failure?: FormFailure; label: string }) {
  const chosen = useChosenClient();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  const form = useSchemaForm(failure);
  if (!clients.length) {
    return (
      <p className="empty-state">
        <Trans i18nKey="work.addToCart.noClients" components={{ go: <Link to="/clients/new" /> }} />
      </p>
    );
  }
  return (
    <Form method="post" className="form add-to-cart" {...form.props}>
      <AuthenticityTokenInput />
      <FormError message={form.formError} />
      <ClientPicker
        choices={clients}
        defaultValue={form.typed("client_id") ?? chosen}
        errors={form.errors("client_id")}
        autoFocusOnError
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t("work.addToCart.adding") : label}
      </button>
    </Form>
  );
}
