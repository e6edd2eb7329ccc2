import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { fieldLimits } from "../../lib/client-fields";
import { Field, FormError } from "../components/form";
import { HoneypotFields } from "../components/honeypot";
import { Toast } from "../components/toasts";
import { apiActionError, type FormFailure } from "../lib/api.server";
import { apiFor } from "../lib/context.server";
import { endpoints } from "../lib/endpoints.server";
import { textFields, validateForm } from "../lib/forms.server";
import { forgotPasswordBody } from "../lib/schemas.server";
import { checkForm, honeypot, readForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Forgot your password? · Waypoint Consultancy" }];

/** After a request the page says the same thing, whether or not an account has the address. */
export async function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1", honeypot: honeypot.getInputProps() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await checkForm(formData, request, { honeypot: true });
  const values = textFields(formData, ["email"]);
  const { data, failure } = validateForm(forgotPasswordBody, values);
  if (failure) return failure;
  try {
    await apiFor(context).call(endpoints.forgotPassword, { body: { email: data.email } });
    return await redirectWithToast(request, context, "/forgot-password?sent=1", {
      type: "success",
      message: "If an account exists for that address, we've sent a link.",
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}

export default function ForgotPassword() {
  const { sent, honeypot: trap } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="container page auth-page">
      <div className="auth-card">
        <h1>Forgot your password?</h1>
        {sent ? (
          <div className="notice" role="status" data-testid="reset-sent">
            <p>
              <strong>If an account exists for that address, we&apos;ve sent a link.</strong>
            </p>
            <p className="muted">
              It works once, within an hour, and choosing a new password signs you out everywhere else. Nothing arrived? Look in
              your spam folder, or ask again below.
            </p>
          </div>
        ) : (
          <p className="muted">Enter the e-mail address you sign in with. We&apos;ll send a link to choose a new password.</p>
        )}
        <FormError message={failure?.formError} />
        <Form method="post" className="form" noValidate>
          <AuthenticityTokenInput />
          <HoneypotFields props={trap} />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={fieldLimits.email}
            defaultValue={failure?.values?.email ?? ""}
            errors={failure?.fieldErrors?.email}
            autoFocusOnError
            {...(failure || sent ? {} : { autoFocus: true })}
          />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? "Sending…" : "Send me a link"}
          </button>
        </Form>
        <p className="auth-card__aside">
          <Link to="/authentication">Back to sign in</Link>
        </p>
      </div>
      <Toast toast={failure?.toast} />
    </section>
  );
}
