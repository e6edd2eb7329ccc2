import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { fieldLimits } from "../../../lib/client-fields";
import type { EmailChangePage } from "../../lib/email-change.server";
import type { FormFailure } from "../../lib/forms.server";
import { Trans, useTranslation } from "../../lib/page-words";
import { Field, FormError } from "../ui/fields";
import { useSchemaForm } from "../ui/form";
import { Toast } from "../ui/toasts";
import { PendingEmailNote } from "./pending-email-note";

/** The page that asks an account's new address to confirm it (agents, mentors, staff alike). */
/** The action's schema, checked in the browser too (fetched on the form's first focus). */
const emailCheck = {
  schema: () => import("../../../lib/contract/office-accounts").then((m) => m.emailChangeBody),
  fields: ["email"],
};

export function EmailChangeScreen() {
  const { account, back, kind } = useLoaderData<EmailChangePage>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const form = useSchemaForm(failure, { order: ["email"], check: emailCheck });
  const f = form.field;
  const { t } = useTranslation();
  return (
    <section className="container page narrow">
      <p className="eyebrow">
        <Link to={back}>{account.name}</Link>
      </p>
      <h1>{t("work.emailChange.heading", { name: account.name })}</h1>
      <p className="muted">{t("work.emailChange.now", { email: account.email ?? t("work.emailChange.none") })}</p>
      <PendingEmailNote pending={account.pending} />
      {kind === "mentor" && !account.email ? (
        // A mentor without an address has none to change: it is written on their form, then they are invited.
        <p className="notice" data-testid="no-address">
          <Trans i18nKey="work.emailChange.noAddress" values={{ name: account.name }} components={{ go: <Link to={back} /> }} />
        </p>
      ) : (
        <Form method="post" className="form" {...form.props} key={form.key}>
          <AuthenticityTokenInput />
          <FormError message={form.formError} />
          <Field
            label={t("work.emailChange.newAddress")}
            type="email"
            required
            maxLength={fieldLimits.email}
            autoComplete="off"
            {...f("email")}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t("work.emailChange.sending") : t("work.emailChange.send")}
          </button>
        </Form>
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}
