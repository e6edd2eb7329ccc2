import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { fieldLimits } from "../../lib/client-fields";
import { Field, FormError } from "../components/form";
import { HoneypotFields } from "../components/honeypot";
import { Toast } from "../components/toasts";
import { apiActionError, ApiCallError, type FormFailure } from "../lib/api.server";
import { getMentor, getSignedIn, getStaff, signIn, signInMentor, signInStaff } from "../lib/auth.server";
import { apiFor } from "../lib/context.server";
import { endpoints } from "../lib/endpoints.server";
import { hasControlCharacters, safeRedirectPath } from "../lib/paths";
import { loginBody } from "../lib/schemas.server";
import { checkForm, honeypot, readForm } from "../lib/security.server";

export const meta: MetaFunction = () => [{ title: "Sign in · Waypoint Consultancy" }];

/** A return address with CR, LF or other control characters is refused outright (a header-splitting attempt). */
function checkedRedirectTo(value: FormDataEntryValue | null) {
  if (typeof value === "string" && hasControlCharacters(value)) {
    throw new Response("This sign-in link is not valid. Open the sign-in page from the menu instead.", { status: 400 });
  }
  return typeof value === "string" ? value : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = checkedRedirectTo(new URL(request.url).searchParams.get("redirectTo"));
  if (await getSignedIn(request, context)) throw redirect(safeRedirectPath(redirectTo));
  if (await getStaff(request, context)) throw redirect("/office");
  if (await getMentor(request, context)) throw redirect("/mentoring");
  return { redirectTo: redirectTo ?? "", demo: context.demoSignIn, honeypot: honeypot.getInputProps() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await checkForm(formData, request, { honeypot: true });
  const redirectTo = checkedRedirectTo(formData.get("redirectTo"));
  const values = { email: String(formData.get("email") ?? "") };
  const parsed = loginBody.safeParse({
    email: formData.get("email"),
    password: formData.get("password"),
    time_zone: formData.get("time_zone") || undefined,
  });
  if (!parsed.success) {
    return data<FormFailure>({ fieldErrors: parsed.error.flatten().fieldErrors, values }, { status: 400 });
  }
  const api = apiFor(context);
  try {
    try {
      return await signIn(request, context, await api.call(endpoints.login, { body: parsed.data }), redirectTo);
    } catch (error) {
      // Not an agent's email and password: perhaps a staff member's, else a mentor's (one sign-in page for all).
      if (!(error instanceof ApiCallError && error.status === 401)) throw error;
      const { time_zone: _, ...credentials } = parsed.data;
      try {
        return await signInStaff(request, context, await api.call(endpoints.officeLogin, { body: credentials }), redirectTo);
      } catch (staffError) {
        if (!(staffError instanceof ApiCallError && staffError.status === 401)) throw staffError;
        return await signInMentor(request, context, await api.call(endpoints.mentorLogin, { body: credentials }), redirectTo);
      }
    }
  } catch (error) {
    // Wrong credentials (401), a deactivated account (403) and too many attempts (429) are the form's answer.
    if (error instanceof ApiCallError && (error.status === 401 || error.status === 403 || error.status === 429)) {
      return data<FormFailure>({ formError: error.message, values }, { status: error.status === 429 ? 429 : 400 });
    }
    return apiActionError(error, request, context, values);
  }
}

export default function Authentication() {
  const { redirectTo, demo, honeypot: trap } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormFailure>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/authentication");
  const errors = actionData?.fieldErrors ?? {};
  const form = useRef<HTMLFormElement>(null);
  const [zone, setZone] = useState("");

  // With JavaScript the browser's zone goes along: it becomes the agent's until the agent chooses one. Without it,
  // nothing is guessed.
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? ""), []);

  // A refused sign-in keeps the email but never the password (as without JavaScript, where it is not sent back).
  useEffect(() => {
    const password = form.current?.elements.namedItem("password");
    if (actionData && password instanceof HTMLInputElement) password.value = "";
  }, [actionData]);

  return (
    <section className="container page auth-page">
      <div className="auth-card">
        <h1>Sign in</h1>
        <p className="muted">For agents of Waypoint Consultancy.</p>
        <FormError message={actionData?.formError} />
        <Form method="post" noValidate className="form" ref={form}>
          <AuthenticityTokenInput />
          <HoneypotFields props={trap} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="time_zone" value={zone} />
          <Field
            label="Email"
            maxLength={fieldLimits.email}
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={actionData?.values?.email ?? ""}
            errors={errors.email}
            // The page is there to sign in: typing starts in Email (after a refusal, in the field to correct).
            {...(actionData ? {} : { autoFocus: true })}
            autoFocusOnError
          />
          <Field
            label="Password"
            maxLength={fieldLimits.password}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            errors={errors.password}
            autoFocusOnError={!errors.email}
          />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? "Signing in…" : "Sign in"}
          </button>
        </Form>
        <p className="auth-card__aside">
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
        {demo ? (
          <p className="demo-hint">
            Demo account: <code>{demo.email}</code> / <code>{demo.password}</code>
          </p>
        ) : null}
      </div>
      {/* Only "Server busy" comes as a toast; a refused sign-in is said in the form. */}
      <Toast toast={actionData?.toast} />
    </section>
  );
}
