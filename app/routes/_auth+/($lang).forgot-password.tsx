import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, EmailLinkForm, SentNotice } from "../../components/ui/auth-card";
import { apiActionError } from "../../lib/api.server";
import { apiFor } from "../../lib/context.server";
import { endpoints } from "../../lib/endpoints.server";
import { isLang, pathInLang, useLocalPath, useTranslation } from "../../lib/every-page";
import { textFields, validateForm, type FormFailure } from "../../lib/forms.server";
import { translator } from "../../lib/i18n.server";
import { publicPage } from "../../lib/page-lang.server";
import { requestLang } from "../../lib/refusals.server";
import { forgotPasswordBody } from "../../lib/schemas.server";
import { checkForm, honeypot, readForm } from "../../lib/security.server";
import { seoMeta } from "../../lib/seo";
import { redirectWithToast } from "../../lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** After a request the page says the same thing, whether or not an account has the address. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { seo } = await publicPage(request, context, params.lang, "forgot");
  return { sent: new URL(request.url).searchParams.get("sent") === "1", honeypot: honeypot.getInputProps(), seo };
}

/** The action's schema, checked in the browser too (fetched on the form's first focus). */
const emailCheck = { schema: () => import("../../../lib/contract/account").then((m) => m.forgotPasswordBody), fields: ["email"] };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await checkForm(formData, request, { honeypot: true });
  const values = textFields(formData, ["email"]);
  const { data, failure } = validateForm(forgotPasswordBody, values, await requestLang(request, context));
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
  const { t } = useTranslation();
  const local = useLocalPath();
  return (
    <AuthCard heading={t("forgot.heading")} toast={failure?.toast}>
      {sent ? (
        <SentNotice testId="reset-sent" title={t("forgot.sent")} more={t("forgot.sentMore")} />
      ) : (
        <p className="muted">{t("forgot.intro")}</p>
      )}
      <EmailLinkForm
        failure={failure}
        check={emailCheck}
        trap={trap}
        label={t("fields.email")}
        autoComplete="username"
        submit={t("forgot.submit")}
        sending={t("forgot.busy")}
        autoFocus={!failure && !sent}
      />
      <p className="auth-card__aside">
        <Link to={local("/authentication")}>{t("forgot.back")}</Link>
      </p>
    </AuthCard>
  );
}
