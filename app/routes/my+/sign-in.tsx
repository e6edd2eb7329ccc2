/**
 * A client asks for a fresh link to their own page (issue 24, point 3): their e-mail address, and the same answer
 * for any address (whether a client has it is nobody's business). The link works once, within an hour.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, EmailLinkForm, SentNotice } from "../../components/ui/auth-card";
import { apiActionError } from "../../lib/api.server";
import { getAccount } from "../../lib/auth.server";
import { apiFor } from "../../lib/context.server";
import { endpoints } from "../../lib/endpoints.server";
import { isLang, orErrorTitle, Trans, useLocalPath, useTranslation, unlistedTitleMeta } from "../../lib/every-page";
import { textFields, validateForm, type FormFailure } from "../../lib/forms.server";
import { chosenLang, translator } from "../../lib/i18n.server";
import { requestLang } from "../../lib/refusals.server";
import { clientSignInBody } from "../../lib/schemas.server";
import { checkForm, honeypot, readForm } from "../../lib/security.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = orErrorTitle(unlistedTitleMeta<typeof loader>("Your page: get a link"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const chosen = url.searchParams.get("lang");
  const lang = isLang(chosen) ? chosen : ((await chosenLang(request)) ?? "en");
  return {
    sent: url.searchParams.get("sent") === "1",
    signedIn: Boolean(await getAccount(request, context, ["client"])),
    honeypot: honeypot.getInputProps(),
    title: translator(lang)("my.signInTitle"),
  };
}

/** The action's schema, checked in the browser too (fetched on the form's first focus). */
const emailCheck = {
  schema: () => import("../../../lib/contract/client-area").then((m) => m.clientSignInBody),
  fields: ["email"],
};

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await checkForm(formData, request, { honeypot: true });
  const values = textFields(formData, ["email"]);
  const { data, failure } = validateForm(clientSignInBody, values, await requestLang(request, context));
  if (failure) return failure;
  try {
    await apiFor(context).call(endpoints.clientSignInLink, { body: { email: data.email } });
    const chosen = new URL(request.url).searchParams.get("lang");
    const lang = isLang(chosen) ? chosen : ((await chosenLang(request)) ?? "en");
    return await redirectWithToast(request, context, `/my/sign-in?sent=1${lang === "en" ? "" : `&lang=${lang}`}`, {
      type: "success",
      message: translator(lang)("my.linkSent"),
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}

export default function ClientSignIn() {
  const { sent, signedIn, honeypot: trap } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  const local = useLocalPath();
  return (
    <AuthCard heading={t("my.signInHeading")} toast={failure?.toast}>
      {signedIn ? (
        <p className="notice" role="status">
          <Trans i18nKey="my.signedIn" components={{ go: <a href="/my" /> }} />
        </p>
      ) : null}
      {sent ? (
        <SentNotice testId="link-sent" title={t("my.linkSent")} more={t("my.linkSentMore")} />
      ) : (
        <p className="muted">{t("my.signInIntro")}</p>
      )}
      <EmailLinkForm
        failure={failure}
        check={emailCheck}
        trap={trap}
        label={t("fields.email")}
        autoComplete="email"
        submit={t("my.sendLink")}
        sending={t("my.sending")}
      />
      <p className="auth-card__aside">
        <Trans i18nKey="my.othersSignIn" components={{ go: <a href={local("/authentication")} /> }} />
      </p>
    </AuthCard>
  );
}

export { ClientAreaErrorBoundary as ErrorBoundary } from "../../lib/every-page";
