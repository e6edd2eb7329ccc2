/**
 * The client's signed-in devices (issue 39, point 5): each session of theirs still running, which browser, when it
 * signed in and until when, whether it stays signed in; the client signs any other device out, or ends their access
 * on every device at once (this one too: a new link from their e-mail brings them back).
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { apiLoaderError, apiRedirectError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import {
  asLang,
  AuthenticityTokenInput,
  orErrorTitle,
  useIntlLocale,
  useTranslation,
  unlistedTitleMeta,
} from "../../lib/every-page";
import { translator } from "../../lib/i18n.server";
import { rowIntent } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { replaceSession } from "../../lib/session.server";
import { makeToast } from "../../lib/toast";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = orErrorTitle(unlistedTitleMeta<typeof loader>("Your signed-in devices"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person } = await requireAccount(request, context, ["client"]);
  const devices = await api.call(endpoints.myDevices).catch((e) => apiLoaderError(e, request, context));
  return { devices, timeZone: person.time_zone, title: translator(asLang(person.language))("my.devicesTitle") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, person } = await requireAccount(request, context, ["client"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const t = translator(asLang(person.language));
  const here = "/my/devices";
  try {
    if (formData.get("intent") === "end-all") {
      await api.call(endpoints.myEndAllDevices);
      // This device's session went with the others: the portal's goes too, and the client lands where a link is asked for.
      const headers = await replaceSession(request, context, (s) => s.flash("toast", makeToast("success", t("my.allEnded"))));
      return redirect("/my/sign-in", { headers });
    }
    const parsed = rowIntent("end").safeParse({ intent: formData.get("intent"), id: formData.get("id") });
    if (!parsed.success) throw new Response("Unknown action", { status: 400 });
    await api.call(endpoints.myEndDevice, { params: { id: parsed.data.id } });
    return await redirectWithToast(request, context, here, { type: "success", message: t("my.deviceEnded") });
  } catch (error) {
    if (error instanceof Response) throw error;
    return apiRedirectError(error, request, context, here);
  }
}

export default function MyDevices() {
  const { devices, timeZone } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const at = (iso: string) => formatDateTime(iso, timeZone, locale);
  return (
    <section className="container page my-page">
      <p className="eyebrow">
        <Link to="/my">{t("my.title")}</Link>
      </p>
      <h1>{t("my.devicesTitle")}</h1>
      <p className="muted">{t("my.devicesIntro")}</p>
      <ul className="list-reset order-lines" data-testid="devices">
        {devices.map((d) => (
          <li key={d.id} className="card">
            <p>
              <strong dir="ltr">{d.device ?? t("my.unknownDevice")}</strong>
              {d.current ? <span className="tag tag--ok">{t("my.thisDevice")}</span> : null}
              {d.remembered ? <span className="tag">{t("my.remembered")}</span> : null}
            </p>
            <p className="muted">
              <bdi>{t("my.signedInAt", { when: at(d.signed_in_at), until: at(d.expires_at) })}</bdi>
            </p>
            {d.current ? null : (
              <Form method="post">
                <AuthenticityTokenInput />
                <input type="hidden" name="id" value={d.id} />
                <button type="submit" name="intent" value="end" className="button button--ghost" disabled={busy}>
                  {t("my.signOutDevice")}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Form method="post" className="form">
        <AuthenticityTokenInput />
        <p className="hint">{t("my.endAllHint")}</p>
        <button type="submit" name="intent" value="end-all" className="button button--danger" disabled={busy}>
          {t("my.endAll")}
        </button>
      </Form>
    </section>
  );
}

export { ClientAreaErrorBoundary as ErrorBoundary } from "../../lib/every-page";
