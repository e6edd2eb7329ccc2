import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "../../components/ui/auth-card";
import { FormError, PasswordField } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { apiActionError, ApiCallError } from "../../lib/api.server";
import { signInAs } from "../../lib/auth.server";
import { apiFor } from "../../lib/context.server";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, Trans, useCompany, useLocalPath, useTranslation } from "../../lib/every-page";
import { type FormFailure, refuse, validateForm } from "../../lib/forms.server";
import { translator } from "../../lib/i18n.server";
import { publicPage } from "../../lib/page-lang.server";
import { refusalWords, requestLang } from "../../lib/refusals.server";
import { setPasswordBody } from "../../lib/schemas.server";
import { challengeOf, toSecondStep } from "../../lib/second-step.server";
import { checkForm, readForm } from "../../lib/security.server";
import { seoMeta } from "../../lib/seo";

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** A one-time link from the consultancy: whose it is, or that it can no longer be used. Never listed by search engines. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { seo, lang } = await publicPage(request, context, params.lang, "setPassword", { index: false });
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
  try {
    const who = await apiFor(context).call(endpoints.passwordCheck, { body: { token } });
    return { token, who, gone: null, seo };
  } catch (error) {
    if (error instanceof ApiCallError && (error.status === 400 || error.status === 404)) {
      return data(
        {
          token,
          who: null,
          gone: error.status === 404 ? refusalWords(lang)(error.refusal) : translator(lang)("setPassword.gone"),
          seo,
        },
        { status: 404 },
      );
    }
    throw error;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await checkForm(formData, request);
  const token = String(formData.get("token") ?? "");
  const lang = await requestLang(request, context);
  const say = refusalWords(lang);
  // Nothing typed comes back: the token is the page's own, the password never sent back.
  const checked = validateForm(setPasswordBody, {}, lang, { input: { token, password: formData.get("password") } });
  if (checked.failure) return checked.failure;
  try {
    const done = await apiFor(context).call(endpoints.passwordSet, { body: checked.data });
    return await signInAs(request, context, done, null);
  } catch (error) {
    // The new password is set; an account with a second factor gives its code next, as at any sign-in (issue 67).
    const challenge = challengeOf(error);
    if (challenge) return toSecondStep(request, context, challenge, null, lang);
    if (error instanceof ApiCallError && (error.status === 403 || error.status === 404)) {
      return refuse({}, { formError: say(error.refusal) }, { status: error.status });
    }
    return apiActionError(error, request, context, {});
  }
}

export default function SetPassword() {
  const { token, who, gone } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const form = useSchemaForm(failure, { order: ["password"] });
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  const local = useLocalPath();
  const company = useCompany();
  return (
    <AuthCard
      heading={who?.purpose === "reset" ? t("setPassword.headingReset") : t("setPassword.heading")}
      toast={failure?.toast}
    >
      {who ? (
        <>
          <p className="muted">
            <Trans
              i18nKey={
                who.kind === "staff"
                  ? "setPassword.forStaff"
                  : who.kind === "mentor"
                    ? "setPassword.forMentor"
                    : "setPassword.forAgent"
              }
              values={{ name: who.name, email: who.email, company }}
              components={{ email: <bdi dir="ltr" /> }}
            />
            {who.purpose === "reset" ? ` ${t("setPassword.resetNote")}` : ""}
          </p>
          <FormError message={form.formError} />
          <Form method="post" className="form" {...form.props}>
            <AuthenticityTokenInput />
            <input type="hidden" name="token" value={token} />
            <input type="text" name="username" autoComplete="username" value={who.email} readOnly hidden />
            <PasswordField
              label={t("setPassword.newPassword")}
              autoComplete="new-password"
              hint={t("messages.passwordRules")}
              {...form.field("password")}
              autoFocus={!failure}
            />
            <button type="submit" className="button button--primary button--block" disabled={busy}>
              {busy ? t("setPassword.busy") : t("setPassword.submit")}
            </button>
          </Form>
        </>
      ) : (
        <p className="empty-state" data-testid="link-gone">
          {gone}{" "}
          <Trans
            i18nKey="setPassword.goneHelp"
            components={{ signIn: <Link to={local("/authentication")} />, ask: <Link to={local("/forgot-password")} /> }}
          />
        </p>
      )}
    </AuthCard>
  );
}
