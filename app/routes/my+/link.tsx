/**
 * Where a client's e-mailed link lands (issue 24, point 3). Opening it uses nothing (mail programs open links to
 * scan them): the page greets the client and a button signs them in, which uses the link once. A link that was
 * used, has expired or whose access the agent ended shows a clear page and signs no one in.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { CLIENT_REMEMBER_DAYS } from "../../../lib/client-session";
import { ApiCallError } from "../../lib/api.server";
import { signInAs } from "../../lib/auth.server";
import { apiFor } from "../../lib/context.server";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, companyOf, orErrorTitle, SERVER_BUSY, useLang, useTranslation } from "../../lib/every-page";
import { translator } from "../../lib/i18n.server";
import { refusalWords, requestLang } from "../../lib/refusals.server";
import { clientLinkBody } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";

export const meta: MetaFunction = orErrorTitle(({ matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as { myTitle?: string } | undefined;
  return [{ title: `${root?.myTitle ?? "Your page"} · ${companyOf(matches)}` }, { name: "robots", content: "noindex" }];
});

type Gone = { ok: false; message: string };

/** A link's words in the client's language (the link names it, else the one they chose). */
async function wordsFor(request: Request, context: ActionFunctionArgs["context"]) {
  const lang = await requestLang(request, context);
  return { say: refusalWords(lang), t: translator(lang) };
}

async function check(request: Request, context: ActionFunctionArgs["context"], token: string | null) {
  const { say, t } = await wordsFor(request, context);
  const parsed = clientLinkBody.safeParse({ token });
  if (!parsed.success) return { ok: false, message: t("my.linkIncomplete") } satisfies Gone;
  try {
    const info = await apiFor(context).call(endpoints.clientLinkCheck, { body: parsed.data });
    return { ok: true as const, token: parsed.data.token, ...info };
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return { ok: false, message: say(error.refusal) } satisfies Gone;
    if (error instanceof ApiCallError && error.unavailable) throw new Response(SERVER_BUSY, { status: 503 });
    throw error;
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const state = await check(request, context, url.searchParams.get("token"));
  // Where the link's e-mail points inside the client's area (a message notice: the thread); kept by the form.
  const next = url.searchParams.get("next");
  return state.ok ? { ...state, next } : { ...state, token: null, next: null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await checkForm(formData, request);
  const { say, t } = await wordsFor(request, context);
  const parsed = clientLinkBody.safeParse({ token: formData.get("token") });
  if (!parsed.success) return { ok: false, message: t("my.linkIncomplete") };
  // Staying signed in is the client's choice, on this device; otherwise the session ends with the browser.
  const remember = formData.get("remember") === "on";
  try {
    const login = await apiFor(context).call(endpoints.clientLinkUse, { body: { ...parsed.data, remember } });
    return await signInAs(
      request,
      context,
      { kind: "client", token: login.token, expires_at: login.expires_at, person: login.client },
      // Only an address inside the client's own area (signInAs keeps to it), else their page.
      typeof formData.get("next") === "string" ? String(formData.get("next")) : null,
      remember ? CLIENT_REMEMBER_DAYS * 86_400 : "browser",
    );
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return { ok: false, message: say(error.refusal) };
    if (error instanceof ApiCallError && error.unavailable)
      return { ok: false, message: say({ code: "server.busy", message: SERVER_BUSY }) };
    throw error;
  }
}

export default function ClientLink() {
  const state = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  return (
    <section className="container page auth-page">
      <div className="auth-card">
        {state.ok ? (
          <>
            <h1>{t("my.hello", { name: state.first_name })}</h1>
            <p>{t("my.linkIntro")}</p>
            <Form method="post" className="form" replace>
              <AuthenticityTokenInput />
              <input type="hidden" name="token" value={state.token} />
              {state.next ? <input type="hidden" name="next" value={state.next} /> : null}
              <div className="field field--check">
                <input id="remember" type="checkbox" name="remember" aria-describedby="remember-hint" />
                <label htmlFor="remember">{t("my.remember")}</label>
                <p className="hint" id="remember-hint">
                  {t("my.rememberHint")}
                </p>
              </div>
              <button type="submit" className="button button--primary button--block" disabled={busy}>
                {busy ? t("my.opening") : t("my.open")}
              </button>
            </Form>
            <p className="muted">{t("my.linkOnce")}</p>
          </>
        ) : (
          <LinkGone message={state.message} />
        )}
      </div>
    </section>
  );
}

function LinkGone({ message }: { message: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div data-testid="link-gone">
      <h1>{t("my.goneTitle")}</h1>
      <p role="alert">{message}</p>
      <p>
        <a href={lang === "en" ? "/my/sign-in" : `/my/sign-in?lang=${lang}`} className="button button--primary">
          {t("my.getNewLink")}
        </a>
      </p>
    </div>
  );
}

export { ClientAreaErrorBoundary as ErrorBoundary } from "../../lib/every-page";
