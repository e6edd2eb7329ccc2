/**
 * Where the link that confirms a new e-mail address lands (issue 25). Opening it changes nothing (mail programs
 * open links to scan them): the page says which address becomes which, and a button confirms it, once.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ApiCallError } from "../../lib/api.server";
import { apiFor } from "../../lib/context.server";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, SERVER_BUSY, Trans, useTranslation, unlistedTitleMeta } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";
import { emailChangeToken } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";

export const meta = unlistedTitleMeta<typeof loader>("Confirm your e-mail address");

/** Said of a link cut short (a function: the server's catalogue is not in the browser's bundle). */
const incomplete = () => workspaceT("work.emailChange.incomplete");
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
  const title = workspaceT("work.emailChange.confirmTitle");
  const parsed = emailChangeToken.safeParse({ token: new URL(request.url).searchParams.get("token") ?? "" });
  if (!parsed.success) return { ok: false as const, message: incomplete(), title };
  const info = await call(() => apiFor(context).call(endpoints.emailChangeCheck, { body: parsed.data }));
  return "new_email" in info ? { ok: true as const, token: parsed.data.token, ...info, title } : { ...info, title };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await checkForm(formData, request);
  const parsed = emailChangeToken.safeParse({ token: formData.get("token") ?? "" });
  if (!parsed.success) return { ok: false, message: incomplete() } satisfies Gone;
  const done = await call(() => apiFor(context).call(endpoints.confirmEmailChange, { body: parsed.data }));
  return "email" in done ? { ok: true as const, email: done.email } : done;
}

export default function ConfirmEmail() {
  const state = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  return (
    <section className="container page auth-page">
      <div className="auth-card">
        {done?.ok ? (
          <>
            <h1>{t("work.emailChange.changedHeading")}</h1>
            <p role="status">
              <Trans i18nKey="work.emailChange.changed" values={{ email: done.email }} components={{ strong: <strong /> }} />
            </p>
            <p>
              <Link to="/authentication" className="button button--primary button--block">
                {t("work.emailChange.signIn")}
              </Link>
            </p>
          </>
        ) : done && !done.ok ? (
          <Gone message={done.message} />
        ) : state.ok ? (
          <>
            <h1>{t("work.emailChange.confirmHeading")}</h1>
            <p>
              <Trans
                i18nKey="work.emailChange.confirmText"
                values={{ name: state.name, from: state.old_email, to: state.new_email }}
                components={{ strong: <strong /> }}
              />
            </p>
            <Form method="post" className="form" replace>
              <AuthenticityTokenInput />
              <input type="hidden" name="token" value={state.token} />
              <button type="submit" className="button button--primary button--block" disabled={busy}>
                {busy ? t("work.emailChange.confirming") : t("work.emailChange.confirm")}
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
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("work.emailChange.goneHeading")}</h1>
      <p role="alert">{message}</p>
      <p>
        <Link to="/authentication">{t("work.emailChange.goToSignIn")}</Link>
      </p>
    </>
  );
}
