/**
 * Where the link that confirms a new e-mail address lands (issue 25). Opening it changes nothing (mail programs
 * open links to scan them): the page says which address becomes which, and a button confirms it, once.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { SERVER_BUSY } from "../../lib/messages";
import { ApiCallError } from "../lib/api.server";
import { apiFor } from "../lib/context.server";
import { endpoints } from "../lib/endpoints.server";
import { emailChangeToken } from "../lib/schemas.server";
import { checkForm, readForm } from "../lib/security.server";

export const meta: MetaFunction = () => [
  { title: "Confirm your e-mail address · Waypoint Consultancy" },
  { name: "robots", content: "noindex" },
];

const INCOMPLETE = "This link is not complete. Copy the whole link from the e-mail.";
type Gone = { ok: false; message: string };

async function call<T>(run: () => Promise<T>): Promise<T | Gone> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiCallError && (error.status === 404 || error.status === 409))
      return { ok: false, message: error.message };
    if (error instanceof ApiCallError && error.unavailable) return { ok: false, message: SERVER_BUSY };
    throw error;
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = emailChangeToken.safeParse({ token: new URL(request.url).searchParams.get("token") ?? "" });
  if (!parsed.success) return { ok: false, message: INCOMPLETE } satisfies Gone;
  const info = await call(() => apiFor(context).call(endpoints.emailChangeCheck, { body: parsed.data }));
  return "new_email" in info ? { ok: true as const, token: parsed.data.token, ...info } : info;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await checkForm(formData, request);
  const parsed = emailChangeToken.safeParse({ token: formData.get("token") ?? "" });
  if (!parsed.success) return { ok: false, message: INCOMPLETE } satisfies Gone;
  const done = await call(() => apiFor(context).call(endpoints.confirmEmailChange, { body: parsed.data }));
  return "email" in done ? { ok: true as const, email: done.email } : done;
}

export default function ConfirmEmail() {
  const state = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="container page auth-page">
      <div className="auth-card">
        {done?.ok ? (
          <>
            <h1>Your address is changed</h1>
            <p role="status">
              From now on you sign in with <strong>{done.email}</strong>, and our e-mails come here.
            </p>
            <p>
              <Link to="/authentication" className="button button--primary button--block">
                Sign in
              </Link>
            </p>
          </>
        ) : done && !done.ok ? (
          <Gone message={done.message} />
        ) : state.ok ? (
          <>
            <h1>Confirm your new e-mail address</h1>
            <p>
              Hello {state.name}: the address of your account changes from <strong>{state.old_email}</strong> to{" "}
              <strong>{state.new_email}</strong> when you confirm.
            </p>
            <Form method="post" className="form" replace>
              <AuthenticityTokenInput />
              <input type="hidden" name="token" value={state.token} />
              <button type="submit" className="button button--primary button--block" disabled={busy}>
                {busy ? "Confirming…" : "Confirm this address"}
              </button>
            </Form>
          </>
        ) : (
          <Gone message={state.message} />
        )}
      </div>
    </section>
  );
}

function Gone({ message }: { message: string }) {
  return (
    <>
      <h1>This link can no longer be used</h1>
      <p role="alert">{message}</p>
      <p>
        <Link to="/authentication">Go to sign in</Link>
      </p>
    </>
  );
}
