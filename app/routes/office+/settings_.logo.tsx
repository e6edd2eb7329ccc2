/**
 * The e-mails' logo (issue 42, point 1): an owner uploads the firm's logo (a PNG, JPEG or GIF up to 200 kB) and sees
 * it as mail programs will, or removes it; the e-mails' colour is on the settings page. A plain multipart post, with
 * or without JavaScript.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { logoPath } from "../../../lib/business";
import { OfficeHead } from "../../components/office/page";
import { Field, FormError } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { IntentForm } from "../../components/ui/row-form";
import { ApiCallError, apiActionError, apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, titleMeta, Toast, useTranslation } from "../../lib/every-page";
import { refuse, type FormFailure } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { refusalWords } from "../../lib/refusals.server";
import { checkForm } from "../../lib/security.server";
import { forgetSite } from "../../lib/site.server";
import { redirectWithToast } from "../../lib/toast.server";
import { readUpload } from "../../lib/upload.server";

export const meta = titleMeta<typeof loader>("Logo · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const values = await api.call(endpoints.businessSettings).catch((e) => apiLoaderError(e, request, context));
  const logo = values.brand_logo;
  return {
    logo: logo ? { src: logoPath(logo), width: logo.width, height: logo.height } : null,
    color: values.brand_color,
    company: values.company_name,
    title: workspaceT("office.logo.title"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const { formData, file, problem } = await readUpload(request);
  try {
    await checkForm(formData, request);
    const say = refusalWords("en");
    if (formData.get("intent") === "remove") {
      await api.call(endpoints.removeLogo);
      forgetSite();
      return await redirectWithToast(request, context, "/office/settings/logo", {
        type: "success",
        message: workspaceT("office.logo.removed"),
      });
    }
    if (problem || !file) {
      const why = problem ?? { code: "validation.required" as const, message: workspaceT("office.logo.choose") };
      return refuse({}, { formError: workspaceT("office.logo.fix"), fieldErrors: { file: [say(why)] } });
    }
    try {
      await api.call(endpoints.saveLogo, { upload: { file: file.file, type: file.type || "application/octet-stream" } });
      forgetSite();
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 400) {
        const words = say(error.errors?.file?.[0] ?? error.refusal, "file");
        return refuse({}, { formError: workspaceT("office.logo.fix"), fieldErrors: { file: [words] } });
      }
      throw error;
    }
    return await redirectWithToast(request, context, "/office/settings/logo", {
      type: "success",
      message: workspaceT("office.logo.saved"),
    });
  } catch (error) {
    return apiActionError(error, request, context, {});
  } finally {
    await file?.file.dispose();
  }
}

export default function LogoSettings() {
  const { logo, color, company } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const form = useSchemaForm(failure, { order: ["file"] });
  const { t } = useTranslation();
  return (
    <section className="container page">
      <OfficeHead title={t("office.logo.heading")} />
      <p className="muted">{t("office.logo.intro")}</p>
      <figure className="logo-preview" data-testid="logo-preview">
        <div className="logo-preview__mail">
          {logo ? (
            <img src={logo.src} alt={company} width={logo.width} height={logo.height} />
          ) : (
            <strong>
              <svg width="14" height="14" aria-hidden="true" className="logo-preview__swatch">
                <rect width="14" height="14" rx="3" fill={color} />
              </svg>{" "}
              {company}
            </strong>
          )}
        </div>
        <figcaption className="field__hint">{logo ? t("office.logo.current") : t("office.logo.none")}</figcaption>
      </figure>
      <Form method="post" encType="multipart/form-data" className="form" {...form.props} key={form.key}>
        <AuthenticityTokenInput />
        <FormError message={form.formError} />
        <Field
          label={t("office.logo.file")}
          type="file"
          accept=".png,.jpg,.jpeg,.gif,image/png,image/jpeg,image/gif"
          hint={t("office.logo.hint")}
          {...form.field("file")}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("office.logo.upload")}
        </button>
      </Form>
      {logo ? (
        <IntentForm intent="remove" tone="plain" encType="multipart/form-data" className="form form--inline" busy={busy}>
          {t("office.logo.remove")}
        </IntentForm>
      ) : null}
      <p>
        <Link to="/office/settings">{t("office.logo.colourLink")}</Link> ·{" "}
        <Link to="/office/outbox/previews">{t("office.logo.previewsLink")}</Link>
      </p>
      <Toast toast={failure?.toast} />
    </section>
  );
}
