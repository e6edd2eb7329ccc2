/**
 * The sign-in's second step (issue 67): after a right password, an account with a second factor uses its passkey
 * (with scripts on), or types the code its authenticator shows, or a recovery code. The API's challenge waits in the portal's session; with or without
 * JavaScript, a wrong code is said beside the field and the page stays.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { LoginBody } from "../../../lib/contract";
import { PasskeyButton } from "../../components/auth/passkey";
import { AuthCard } from "../../components/ui/auth-card";
import { Field, FormError } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { ApiCallError, apiActionError } from "../../lib/api.server";
import { signInAs } from "../../lib/auth.server";
import { apiFor, sessionOf } from "../../lib/context.server";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, pathInLang, useLocalPath, useTranslation } from "../../lib/every-page";
import { parsedJson, refuse, textFields, type FormFailure } from "../../lib/forms.server";
import { publicPage } from "../../lib/page-lang.server";
import { refusalWords, requestLang } from "../../lib/refusals.server";
import { passkeyStepBody } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { seoMeta } from "../../lib/seo";
import { replaceSession } from "../../lib/session.server";
import { makeToast } from "../../lib/toast";

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { seo } = await publicPage(request, context, params.lang, "secondStep");
  // Nothing waiting for its second step (expired, used, or never begun): the page says so and leads to the password.
  const waiting = (await sessionOf(context, request)).get("secondStep");
  return { seo, waiting: Boolean(waiting), passkey: Boolean(waiting?.methods?.split(" ").includes("passkey")) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await checkForm(formData, request);
  const lang = await requestLang(request, context);
  const say = refusalWords(lang);
  const waiting = (await sessionOf(context, request)).get("secondStep");
  const values = textFields(formData, ["code"]);
  const gone = async () => {
    const headers = await replaceSession(request, context, (s) =>
      s.flash("toast", makeToast("info", say({ code: "mfa.challenge_gone", message: "This sign-in has expired." }))),
    );
    return redirect(pathInLang("/authentication", lang), { headers });
  };
  if (!waiting) return gone();
  let body: { challenge: string; code: string } | { challenge: string; passkey: unknown };
  if (formData.get("intent") === "passkey") {
    const parsed = passkeyStepBody.safeParse({ challenge: waiting.challenge, passkey: parsedJson(formData.get("passkey")) });
    if (!parsed.success)
      return refuse({}, { formError: say({ code: "passkey.failed", message: "This passkey could not be checked." }) });
    body = parsed.data;
  } else {
    const code = (values.code ?? "").trim();
    if (!code)
      return refuse({}, { fieldErrors: { code: [say({ code: "validation.required", message: "Type a code" }, "code")] } });
    body = { challenge: waiting.challenge, code };
  }
  try {
    const login = await apiFor(context).call(endpoints.signIn, { body: body as LoginBody });
    return await signInAs(request, context, login, waiting.redirectTo);
  } catch (error) {
    if (error instanceof ApiCallError && error.code === "mfa.challenge_gone") return gone();
    // A passkey refused is said above the form: there is no field of it to correct.
    if (error instanceof ApiCallError && error.code.startsWith("passkey.")) return refuse({}, { formError: say(error.refusal) });
    // A wrong code is said beside the field (and never sent back); too many of them, above the form.
    if (error instanceof ApiCallError && error.code === "mfa.code_wrong") {
      return refuse({}, { fieldErrors: { code: [say(error.refusal)] } });
    }
    if (error instanceof ApiCallError && error.status === 429) {
      return refuse({}, { formError: say(error.refusal) }, { status: 429 });
    }
    return apiActionError(error, request, context, {});
  }
}

export default function SecondStep() {
  const { waiting, passkey } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  const local = useLocalPath();
  return (
    <AuthCard heading={t("secondStep.heading")} toast={failure?.toast}>
      {waiting ? null : (
        <>
          <p className="notice" data-testid="second-step-gone">
            {t("secondStep.gone")}
          </p>
          <Link to={local("/authentication")} className="button button--primary button--block">
            {t("secondStep.again")}
          </Link>
        </>
      )}
      {waiting ? <SecondStepForm failure={failure} passkey={passkey} /> : null}
    </AuthCard>
  );
}

function SecondStepForm({ failure, passkey }: { failure: FormFailure | undefined; passkey: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { t } = useTranslation();
  const local = useLocalPath();
  const form = useSchemaForm(failure, { order: ["code"] });
  return (
    <>
      <p className="muted">{t(passkey ? "secondStep.introPasskey" : "secondStep.intro")}</p>
      <FormError message={form.formError} />
      {passkey ? (
        <PasskeyButton
          purpose="second_step"
          label={t("passkey.use")}
          className="button button--primary button--block"
          testId="passkey-second-step"
        />
      ) : null}
      <Form method="post" className="form" {...form.props}>
        <AuthenticityTokenInput />
        <Field
          label={t("secondStep.code")}
          hint={t("secondStep.codeHint")}
          autoComplete="one-time-code"
          inputMode="text"
          spellCheck={false}
          autoCapitalize="off"
          maxLength={20}
          dir="ltr"
          required
          autoFocus
          {...form.field("code")}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t("secondStep.busy") : t("secondStep.submit")}
        </button>
      </Form>
      <p className="auth-card__aside">
        <Link to={local("/authentication")}>{t("secondStep.again")}</Link>
      </p>
    </>
  );
}
