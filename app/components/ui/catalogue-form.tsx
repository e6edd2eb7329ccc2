/**
 * The frame every catalogue form of the office shares (plans, relocations, jobs, session packs, mentors, and the
 * mentor's own profile and hours): the token, the summary, the fields, Save and Cancel; and the price field. Each
 * form is a module of its own (office-plan-form.tsx, office-relocation-form.tsx, …), so that a page loads its own
 * form's code only.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "../../lib/page-words";
import { Field, FormError, WideActions } from "./fields";
import type { FieldOf, PortalForm } from "./form";

/** A catalogue price, typed in US dollars ("1250" or "1250.50"), with what it buys said beneath. */
export function PriceField({ hint, ...field }: ReturnType<FieldOf> & { hint: string }) {
  const { t } = useTranslation();
  return <Field label={t("office.catalogueForm.priceUsd")} inputMode="decimal" required hint={hint} {...field} />;
}

/** A catalogue form's frame: the token, the summary, the fields in order, Save and Cancel. */
export function CatalogueForm({
  form,
  cancelTo,
  submitLabel,
  children,
}: {
  form: PortalForm;
  cancelTo: string;
  submitLabel: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  return (
    <Form method="post" className="form form--grid" {...form.props} key={form.key}>
      <AuthenticityTokenInput />
      <FormError message={form.formError} />
      {children}
      <WideActions label={busy ? t("office.catalogueForm.saving") : submitLabel} busy={busy}>
        <Link to={cancelTo} className="button button--ghost">
          {t("office.catalogueForm.cancel")}
        </Link>
      </WideActions>
    </Form>
  );
}
