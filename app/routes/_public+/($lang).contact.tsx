/**
 * Writing to the firm (issue 26): open to visitors (a honeypot and the API's per-address limit guard it) and to
 * agents, whose name and address are filled in and whose message the office sees as theirs. The same inbox.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { fieldLimits } from "../../../lib/client-fields";
import { Field, FormError, TextAreaField } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { HoneypotFields } from "../../components/ui/honeypot";
import { apiActionError } from "../../lib/api.server";
import { getAccount } from "../../lib/auth.server";
import { apiFor } from "../../lib/context.server";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, isLang, pathInLang, Toast, Trans, useLocalPath, useTranslation } from "../../lib/every-page";
import { textFields, validateForm, type FormFailure } from "../../lib/forms.server";
import { translator } from "../../lib/i18n.server";
import { publicPage } from "../../lib/page-lang.server";
import { contactBody } from "../../lib/schemas.server";
import { checkForm, honeypot, readForm } from "../../lib/security.server";
import { seoMeta } from "../../lib/seo";
import { redirectWithToast } from "../../lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

const fields = ["name", "email", "phone", "subject", "message"] as const;
/** The action's schema, checked in the browser too (fetched on the form's first focus). */
const contactCheck = { schema: () => import("../../../lib/contract/dashboard").then((m) => m.contactBody), fields };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { seo } = await publicPage(request, context, params.lang, "contact");
  const agent = (await getAccount(request, context, ["agent"]))?.person ?? null;
  return { agent: agent ? { name: agent.name, email: agent.email } : null, honeypot: honeypot.getInputProps(), seo };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const lang = isLang(params.lang) ? params.lang : "en";
  const signedIn = await getAccount(request, context, ["agent"]);
  const formData = await readForm(request);
  await checkForm(formData, request, { honeypot: true });
  const values = textFields(formData, fields);
  const { data, failure } = validateForm(contactBody, values, lang);
  if (failure) return failure;
  try {
    await (signedIn?.api ?? apiFor(context)).call(endpoints.contact, { body: { ...data, phone: data.phone ?? "" } });
    return await redirectWithToast(request, context, pathInLang("/contact", lang), {
      type: "success",
      message: translator(lang)("contact.thanks"),
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}

export default function Contact() {
  const { agent, honeypot: trap } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  const local = useLocalPath();
  // A new key after each sent message (the redirect is a new location): the form starts empty again, as a page load would.
  const location = useLocation();
  const form = useSchemaForm(failure, { order: fields, check: contactCheck });
  const f = (name: (typeof fields)[number], fallback = "") => form.field(name, fallback);
  return (
    <section className="container page narrow">
      <p className="eyebrow">{t("contact.eyebrow")}</p>
      <h1>{t("contact.heading")}</h1>
      <p className="muted">{t("contact.answer")}</p>
      <Form method="post" className="form" {...form.props} key={failure ? form.key : location.key}>
        <AuthenticityTokenInput />
        <HoneypotFields props={trap} />
        <FormError message={form.formError} />
        <Field label={t("fields.name")} maxLength={fieldLimits.name} required autoComplete="name" {...f("name", agent?.name)} />
        <Field
          label={t("fields.email")}
          maxLength={fieldLimits.email}
          type="email"
          required
          autoComplete="email"
          {...f("email", agent?.email)}
        />
        <Field label={t("fields.phoneOptional")} maxLength={fieldLimits.phone} type="tel" autoComplete="tel" {...f("phone")} />
        <Field label={t("contact.subject")} maxLength={fieldLimits.subject} required {...f("subject")} />
        <TextAreaField label={t("fields.message")} maxLength={fieldLimits.message} rows={6} required {...f("message")} />
        <p className="muted">
          <Trans i18nKey="contact.privacy" components={{ go: <Link to={local("/privacy/")} /> }} />
        </p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t("contact.busy") : t("contact.submit")}
        </button>
      </Form>
      <Toast toast={failure?.toast} />
    </section>
  );
}
