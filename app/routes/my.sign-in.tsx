/**
 * A client asks for a fresh link to their own page (issue 24, point 3): their e-mail address, and the same answer
 * for any address (whether a client has it is nobody's business). The link works once, within an hour.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { fieldLimits } from "../../lib/client-fields";
import { Field, FormError } from "../components/form";
import { HoneypotFields } from "../components/honeypot";
import { Toast } from "../components/toasts";
import { apiActionError, type FormFailure } from "../lib/api.server";
import { getClient } from "../lib/auth.server";
import { apiFor } from "../lib/context.server";
import { endpoints } from "../lib/endpoints.server";
import { textFields, validateForm } from "../lib/forms.server";
import { clientSignInBody } from "../lib/schemas.server";
import { checkForm, honeypot, readForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Your page: get a link · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return {
    sent: new URL(request.url).searchParams.get("sent") === "1",
    signedIn: Boolean(await getClient(request, context)),
    honeypot: honeypot.getInputProps(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await checkForm(formData, request, { honeypot: true });
  const values = textFields(formData, ["email"]);
  const { data, failure } = validateForm(clientSignInBody, values);
  if (failure) return failure;
  try {
    await apiFor(context).call(endpoints.clientSignInLink, { body: { email: data.email } });
    return await redirectWithToast(request, context, "/my/sign-in?sent=1", {
      type: "success",
      message: "If your agent has opened a page for that address, a link is on its way.",
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}

export default function ClientSignIn() {
  const { sent, signedIn, honeypot: trap } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="container page auth-page">
      <div className="auth-card">
        <h1>Your page with us</h1>
        {signedIn ? (
          <p className="notice" role="status">
            You are signed in. <a href="/my">Go to your page</a>.
          </p>
        ) : null}
        {sent ? (
          <div className="notice" role="status" data-testid="link-sent">
            <p>
              <strong>If your agent has opened a page for that address, a link is on its way.</strong>
            </p>
            <p className="muted">
              It works once, within an hour. Nothing arrived? Look in your spam folder, ask again below, or write to your agent.
            </p>
          </div>
        ) : (
          <p className="muted">
            Clients of the consultancy send their documents and see their sessions on a page of their own. Enter the e-mail
            address your agent has for you and we&apos;ll send you a link to it. No password needed.
          </p>
        )}
        <FormError message={failure?.formError} />
        <Form method="post" className="form" noValidate>
          <AuthenticityTokenInput />
          <HoneypotFields props={trap} />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={fieldLimits.email}
            defaultValue={failure?.values?.email ?? ""}
            errors={failure?.fieldErrors?.email}
            autoFocusOnError
          />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? "Sending…" : "Send me a link"}
          </button>
        </Form>
        <p className="auth-card__aside">
          Agents, staff and mentors: <a href="/authentication">sign in here</a>.
        </p>
      </div>
      <Toast toast={failure?.toast} />
    </section>
  );
}
