/**
 * The office's pages that make an account (an agent, a staff member): the form (name, e-mail, the kind's own
 * fields, zone), and once made, the account's one-time set-password link with the ways on.
 */
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { fieldLimits } from "../../../lib/client-fields";
import type { FormFailure } from "../../lib/forms.server";
import { useTranslation } from "../../lib/page-words";
import { Field, FormError } from "../ui/fields";
import { useSchemaForm, type FieldOf, type FormSchema } from "../ui/form";
import { ZoneField, type ZoneChoice } from "../ui/place-fields";
import { OfficeFormPage } from "./page";
import { PasswordLinkNotice, type PasswordLink } from "./password-link-notice";

type Back = { to: string; label: string };

export function NewAccountForm(props: {
  back: Back;
  kind: "agent" | "staff";
  failure: FormFailure | undefined;
  order: readonly string[];
  /** The action's schema, to check the form in the browser too */
  check?: FormSchema;
  zones: ZoneChoice[];
  zone: string;
  /** The kind's own fields, between the e-mail and the zone */
  children?: (f: FieldOf) => ReactNode;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { failure } = props;
  const form = useSchemaForm(failure, { order: props.order, check: props.check });
  const f = form.field;
  // An agent is added; a staff member is invited (their link says so).
  const words =
    props.kind === "agent"
      ? {
          title: t("office.newAccount.agentTitle"),
          note: t("office.newAccount.agentNote"),
          add: t("office.newAccount.add"),
          adding: t("office.newAccount.adding"),
        }
      : {
          title: t("office.newAccount.staffTitle"),
          note: t("office.newAccount.staffNote"),
          add: t("office.newAccount.invite"),
          adding: t("office.newAccount.inviting"),
        };
  return (
    <OfficeFormPage narrow back={props.back} title={words.title} note={words.note} toast={failure?.toast}>
      <Form method="post" className="form" {...form.props} key={form.key}>
        <AuthenticityTokenInput />
        <FormError message={form.formError} />
        <Field label={t("office.newAccount.name")} required maxLength={fieldLimits.name} {...f("name")} />
        <Field label={t("office.newAccount.email")} type="email" required maxLength={fieldLimits.email} {...f("email")} />
        {props.children?.(f)}
        <ZoneField zones={props.zones} {...f("time_zone", props.zone)} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? words.adding : words.add}
        </button>
      </Form>
    </OfficeFormPage>
  );
}

/** The account just made: to whom its link went, until when, the link shown this once, then the ways on. */
export function AccountMade(props: {
  back: Back;
  title: string;
  person: { name: string; email: string | null };
  link: PasswordLink;
  children: ReactNode;
}) {
  return (
    <OfficeFormPage narrow back={props.back} title={props.title}>
      <PasswordLinkNotice to={props.person} link={props.link} />
      {props.children}
    </OfficeFormPage>
  );
}
