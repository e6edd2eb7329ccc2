import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { serviceField, serviceIds, serviceTextField, serviceTextFields } from "../../../lib/business";
import { OfficeHead } from "../../components/office/page";
import { ServiceTextFields } from "../../components/office/service-text-fields";
import { FormError } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { apiActionError, apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, isTextLang, titleMeta, Toast, Trans, useTranslation, type TextLang } from "../../lib/every-page";
import { validateForm, type FormFailure } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { serviceTextsBody } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { forgetSite } from "../../lib/site.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = titleMeta<typeof loader>("Service pages · Back office");

/** The form's fields in their order: each service's tagline, introduction, list and audience. */
const fields = serviceIds.flatMap((id) => serviceTextFields.map((field) => serviceField(id, field)));

function langOf(param: string | undefined): TextLang {
  if (!isTextLang(param)) throw new Response("Not found", { status: 404 });
  return param;
}

/**
 * The public service pages' text in Arabic, Spanish or French (issue 26): an owner's page, as the business settings
 * are. Until the owner writes it, each language shows the portal's own translation of the first English text.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const lang = langOf(params.lang);
  const { api } = await requireAccount(request, context, ["staff"]);
  const values = await api.call(endpoints.businessSettings).catch((e) => apiLoaderError(e, request, context));
  const stored = Object.fromEntries(
    serviceIds.flatMap((id) =>
      serviceTextFields.map((field) => [serviceField(id, field), values[serviceTextField(id, field, lang)]]),
    ),
  );
  const title = workspaceT("office.settings.textsPageTitle", { language: workspaceT(`office.languages.${lang}`) });
  return { lang, stored, title };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const lang = langOf(params.lang);
  const { api } = await requireAccount(request, context, ["staff"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const typed = Object.fromEntries(fields.map((name) => [name, String(formData.get(name) ?? "")]));
  const { data: body, failure } = validateForm(serviceTextsBody, typed);
  if (failure) return failure;
  try {
    const saved = await api.call(endpoints.saveServiceTexts, { params: { lang }, body });
    forgetSite();
    const message = saved.changes.length
      ? workspaceT("office.settings.saved", { changes: saved.changes.join(". ") })
      : workspaceT("office.settings.nothing");
    return await redirectWithToast(request, context, `/office/settings/texts/${lang}`, { type: "success", message });
  } catch (error) {
    return apiActionError(error, request, context, typed);
  }
}

export default function ServiceTexts() {
  const { lang, stored } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const form = useSchemaForm(failure, { order: fields, stored: stored });
  const f = form.field;
  const { t } = useTranslation();
  const name = t(`office.languages.${lang}`);
  return (
    <section className="container page">
      <OfficeHead title={t("office.settings.textsTitle", { language: name })} />
      <p className="muted">
        <Trans
          i18nKey="office.settings.textsIntro"
          values={{ lang, language: name }}
          components={{ page: <Link to={`/${lang}/servicesPage/?id=1`} />, settings: <Link to="/office/settings" /> }}
        />
      </p>
      <Form method="post" className="form settings-form" {...form.props} key={form.key}>
        <AuthenticityTokenInput />
        <FormError message={form.formError} />
        {serviceIds.map((id) => (
          <fieldset key={id}>
            <legend>{t(`services.s${id}.name`)}</legend>
            <ServiceTextFields id={id} f={f} lang={lang} />
          </fieldset>
        ))}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t("office.settings.saving") : t("office.settings.saveTexts", { language: name })}
        </button>
      </Form>
      <Toast toast={failure?.toast} />
    </section>
  );
}
