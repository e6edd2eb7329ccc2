import {
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { fieldLimits } from "../../../lib/client-fields";
import { fieldErrorsOf, formField } from "../../../lib/field-errors";
import { PasskeyButton } from "../../components/auth/passkey";
import { AuthCard } from "../../components/ui/auth-card";
import { Field, FormError, PasswordField } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { HoneypotFields } from "../../components/ui/honeypot";
import { apiActionError, ApiCallError } from "../../lib/api.server";
import { getAccount, signInAs } from "../../lib/auth.server";
import { apiFor } from "../../lib/context.server";
import { endpoints } from "../../lib/endpoints.server";
import {
  AuthenticityTokenInput,
  hasControlCharacters,
  landingOf,
  portalKinds,
  safeRedirectPath,
  Trans,
  useLocalPath,
  useTranslation,
} from "../../lib/every-page";
import { refuse, type FormFailure } from "../../lib/forms.server";
import { parsedJson } from "../../lib/forms.server";
import { publicPage } from "../../lib/page-lang.server";
import { refusalWords, requestLang } from "../../lib/refusals.server";
import { passkeyLoginBody, passwordLoginBody } from "../../lib/schemas.server";
import { challengeOf, toSecondStep } from "../../lib/second-step.server";
import { checkForm, honeypot, readForm } from "../../lib/security.server";
import { seoMeta } from "../../lib/seo";

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** A return address with CR, LF or other control characters is refused outright (a header-splitting attempt). */
function checkedRedirectTo(value: FormDataEntryValue | null) {
  if (typeof value === "string" && hasControlCharacters(value)) {
    throw new Response("This sign-in link is not valid. Open the sign-in page from the menu instead.", { status: 400 });
  }
  return typeof value === "string" ? value : null;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const redirectTo = checkedRedirectTo(new URL(request.url).searchParams.get("redirectTo"));
  // Whoever is signed in already goes where they were going, if it is theirs, else to their own home.
  const signedIn = await getAccount(request, context);
  if (signedIn) {
    const kind = portalKinds[signedIn.kind];
    throw redirect(landingOf(kind, safeRedirectPath(redirectTo, kind.home)));
  }
  const { seo } = await publicPage(request, context, params.lang, "signIn");
  return { redirectTo: redirectTo ?? "", demo: context.demoSignIn, honeypot: honeypot.getInputProps(), seo };
}

const signInFields = ["email", "password"] as const;
/** The action's schema, checked in the browser too (fetched on the form's first focus). */
const signInCheck = {
  schema: () => import("../../../lib/contract/account").then((m) => m.passwordLoginBody),
  fields: signInFields,
};

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  // A passkey's signature is not a form a bot fills in: the honeypot is the password form's.
  const byPasskey = formData.get("intent") === "passkey";
  await checkForm(formData, request, { honeypot: !byPasskey });
  const redirectTo = checkedRedirectTo(formData.get("redirectTo"));
  if (byPasskey) return passkeySignIn(request, context, formData.get("passkey"), redirectTo);
  const values = { email: String(formData.get("email") ?? "") };
  const parsed = passwordLoginBody.safeParse({
    email: formData.get("email"),
    password: formData.get("password"),
    time_zone: formData.get("time_zone") || undefined,
  });
  const say = refusalWords(await requestLang(request, context));
  if (!parsed.success) {
    const fieldErrors = say.fields(fieldErrorsOf(parsed.error.issues, { whole: "form", fieldOf: formField() }));
    return refuse(values, { fieldErrors });
  }
  try {
    // One call for every kind: the API finds whose email and password these are.
    return await signInAs(request, context, await apiFor(context).call(endpoints.signIn, { body: parsed.data }), redirectTo);
  } catch (error) {
    // A right password of an account with a second factor: its code is asked on a page of its own (issue 67).
    const challenge = challengeOf(error);
    if (challenge) return toSecondStep(request, context, challenge, redirectTo, await requestLang(request, context));
    // Wrong credentials (401), a deactivated account (403) and too many attempts (429) are the form's answer.
    if (error instanceof ApiCallError && (error.status === 401 || error.status === 403 || error.status === 429)) {
      return refuse(values, { formError: say(error.refusal) }, { status: error.status === 429 ? 429 : 400 });
    }
    return apiActionError(error, request, context, values);
  }
}

/** A sign-in with a passkey alone (issue 67): the device verified its person, so no password and no second step. */
async function passkeySignIn(
  request: Request,
  context: AppLoadContext,
  passkey: FormDataEntryValue | null,
  redirectTo: string | null,
) {
  const say = refusalWords(await requestLang(request, context));
  const parsed = passkeyLoginBody.safeParse({ passkey: parsedJson(passkey) });
  if (!parsed.success)
    return refuse({}, { formError: say({ code: "passkey.failed", message: "This passkey could not be checked." }) });
  try {
    return await signInAs(request, context, await apiFor(context).call(endpoints.signIn, { body: parsed.data }), redirectTo);
  } catch (error) {
    if (error instanceof ApiCallError && error.status >= 400 && error.status < 500) {
      return refuse({}, { formError: say(error.refusal) }, { status: error.status === 429 ? 429 : 400 });
    }
    return apiActionError(error, request, context, {});
  }
}

export default function Authentication() {
  const { redirectTo, demo, honeypot: trap } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormFailure>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && /^(\/(ar|es|fr))?\/authentication/.test(navigation.formAction ?? "");
  const { t } = useTranslation();
  const local = useLocalPath();
  const form = useSchemaForm(actionData, { order: signInFields, check: signInCheck });
  const formRef = useRef<HTMLFormElement>(null);
  const [zone, setZone] = useState("");

  // With JavaScript the browser's zone goes along: it becomes the agent's until the agent chooses one. Without it,
  // nothing is guessed.
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? ""), []);

  // A refused sign-in keeps the email but never the password (as without JavaScript, where it is not sent back).
  useEffect(() => {
    const password = formRef.current?.elements.namedItem("password");
    if (actionData && password instanceof HTMLInputElement) password.value = "";
  }, [actionData]);

  return (
    // Only "Server busy" comes as a toast; a refused sign-in is said in the form.
    <AuthCard heading={t("signIn.heading")} toast={actionData?.toast}>
      <p className="muted" data-testid="sign-in-for">
        <Trans i18nKey="signIn.for" components={{ go: <Link to="/my/sign-in" /> }} />
      </p>
      <FormError message={form.formError} />
      <PasskeyButton
        purpose="sign_in"
        label={t("passkey.signIn")}
        fields={() => ({ redirectTo })}
        className="button button--block"
        testId="passkey-sign-in"
      />
      <Form method="post" className="form" {...form.props} ref={formRef}>
        <AuthenticityTokenInput />
        <HoneypotFields props={trap} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="time_zone" value={zone} />
        <Field
          label={t("fields.email")}
          maxLength={fieldLimits.email}
          type="email"
          autoComplete="username"
          required
          {...form.field("email")}
          // The page is there to sign in: typing starts in Email (after a refusal, in the field to correct).
          {...(actionData ? {} : { autoFocus: true })}
        />
        <PasswordField label={t("fields.password")} autoComplete="current-password" {...form.field("password")} />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t("signIn.busy") : t("signIn.submit")}
        </button>
      </Form>
      <p className="auth-card__aside">
        <Link to={local("/forgot-password")}>{t("signIn.forgot")}</Link>
        {" · "}
        <Link to={local("/privacy")}>{t("common.privacy")}</Link>
      </p>
      {demo ? (
        <p className="demo-hint">
          {t("signIn.demo")}{" "}
          {/* One left-to-right unit that never breaks at the "/" (in Arabic it stood alone at a line's start). */}
          <bdi dir="ltr" className="demo-hint__pair">
            <code>{demo.email}</code>
            {"\u00a0/\u00a0"}
            <code>{demo.password}</code>
          </bdi>
        </p>
      ) : null}
    </AuthCard>
  );
}
