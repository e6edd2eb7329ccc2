import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { fieldLimits } from "../../lib/client-fields";
import { isLang, pathInLang } from "../../lib/i18n/languages";
import { Field, FormError } from "../components/form";
import { HoneypotFields } from "../components/honeypot";
import { Toast } from "../components/toasts";
import { apiActionError, type FormFailure } from "../lib/api.server";
import { apiFor } from "../lib/context.server";
import { endpoints } from "../lib/endpoints.server";
import { textFields, validateForm } from "../lib/forms.server";
import { translator } from "../lib/i18n.server";
import { useLocalPath, useSay } from "../lib/lang";
import { publicPage } from "../lib/page-lang.server";
import { forgotPasswordBody } from "../lib/schemas.server";
import { checkForm, honeypot, readForm } from "../lib/security.server";
import { seoMeta } from "../lib/seo";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** After a request the page says the same thing, whether or not an account has the address. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { seo } = await publicPage(request, context, params.lang, "forgot");
  return { sent: new URL(request.url).searchParams.get("sent") === "1", honeypot: honeypot.getInputProps(), seo };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await checkForm(formData, request, { honeypot: true });
  const values = textFields(formData, ["email"]);
  const { data, failure } = validateForm(forgotPasswordBody, values);
  if (failure) return failure;
  try {
    await apiFor(context).call(endpoints.forgotPassword, { body: { email: data.email } });
    const lang = isLang(params.lang) ? params.lang : "en";
    return await redirectWithToast(request, context, `${pathInLang("/forgot-password", lang)}?sent=1`, {
      type: "success",
      message: translator(lang)("forgot.sent"),
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}

export default function ForgotPassword() {
  const { sent, honeypot: trap } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  const say = useSay();
  const local = useLocalPath();
  return (
    <section className="container page auth-page">
      <div className="auth-card">
        <h1>{t("forgot.heading")}</h1>
        {sent ? (
          <div className="notice" role="status" data-testid="reset-sent">
            <p>
              <strong>{t("forgot.sent")}</strong>
            </p>
            <p className="muted">{t("forgot.sentMore")}</p>
          </div>
        ) : (
          <p className="muted">{t("forgot.intro")}</p>
        )}
        <FormError message={say(failure?.formError)} />
        <Form method="post" className="form" noValidate>
          <AuthenticityTokenInput />
          <HoneypotFields props={trap} />
          <Field
            label={t("fields.email")}
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={fieldLimits.email}
            defaultValue={failure?.values?.email ?? ""}
            errors={say.all(failure?.fieldErrors?.email)}
            autoFocusOnError
            {...(failure || sent ? {} : { autoFocus: true })}
          />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? t("forgot.busy") : t("forgot.submit")}
          </button>
        </Form>
        <p className="auth-card__aside">
          <Link to={local("/authentication")}>{t("forgot.back")}</Link>
        </p>
      </div>
      <Toast toast={failure?.toast} />
    </section>
  );
}
