import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { fieldLimits, passwordRules } from "../../../lib/client-fields";
import { Field, FormError, PasswordField } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { PhoneConsent } from "../../components/ui/phone-consent";
import { ZoneField } from "../../components/ui/place-fields";
import { apiActionError, apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime } from "../../lib/dates";
import { ownAccount, ownFeed } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, backPath, titleMeta, Toast, useTranslation } from "../../lib/every-page";
import { textFields, validateForm, type Failed, type FormFailure, forForm } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { isPhoneIntent, phoneConsentAction, phoneConsents } from "../../lib/phone-consent.server";
import { accountBody, agentSettingsBody, passwordChangeBody } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import type { SessionAccount } from "../../lib/session.server";
import { redirectWithToast } from "../../lib/toast.server";
import { zoneChoices } from "../../lib/zones.server";

export const meta = titleMeta<typeof loader>("Your account");

/**
 * Every kind alike: name, phone and zone; the password; the other sessions. Agents and mentors also have their
 * private calendar feed's address here (issue 23, point 11).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, kind } = await requireAccount(request, context, ["agent", "staff", "mentor"]);
  const [account, feed, phone] = await Promise.all([
    api.call(ownAccount[kind].read),
    kind === "staff" ? null : api.call(ownFeed[kind].read),
    kind === "staff" ? null : phoneConsents(api, "en"),
  ]).catch((e) => apiLoaderError(e, request, context));
  return {
    account,
    feed,
    phone,
    zones: zoneChoices(account.time_zone),
    now: new Date().toISOString(),
    title: workspaceT("work.account.title"),
  };
}

const profileFields = ["name", "phone", "time_zone"] as const;
const passwordFields = ["current_password", "new_password"] as const;
/** The action's schemas, checked in the browser too (fetched on a form's first focus). */
const account = () => import("../../../lib/contract/account");
const profileCheck = { schema: () => account().then((m) => m.accountBody), fields: profileFields };
const passwordCheck = { schema: () => account().then((m) => m.passwordChangeBody), fields: passwordFields };

export async function action({ request, context }: ActionFunctionArgs) {
  const signedIn = await requireAccount(request, context, ["agent", "staff", "mentor"]);
  const { api, kind, session } = signedIn;
  const formData = await readForm(request);
  await checkForm(formData, request);
  const intent = String(formData.get("intent") ?? "zone");
  // The page has a form an intent: a refusal names its own.
  const fail = (failed: Failed) => forForm(failed, intent === "zone" ? "profile" : intent);
  // Kept in the session too: the header and every page's times read it from there.
  const remember = (saved: { name: string; time_zone: string }) => {
    const person = { ...signedIn.person, name: saved.name, time_zone: saved.time_zone };
    session.set("account", { kind, token: signedIn.token, person } as SessionAccount);
  };

  // Reminders by SMS or WhatsApp (issue 42): agents and mentors agree to them here.
  if (isPhoneIntent(intent) && kind !== "staff") {
    return phoneConsentAction(request, context, api, formData, { lang: "en", back: "/account#reminders" });
  }
  if (intent === "password") {
    const values = textFields(formData, passwordFields);
    // A password is never sent back to the page.
    const hide = ["current_password", "new_password"];
    const { data: input, failure } = validateForm(passwordChangeBody, values, "en", { hide });
    if (failure) return fail(failure);
    try {
      const done = await api.call(ownAccount[kind].password, { body: input });
      return await redirectWithToast(request, context, "/account", {
        type: "success",
        message: workspaceT("work.account.passwordChanged", { count: done.signed_out }),
      });
    } catch (error) {
      return fail(await apiActionError(error, request, context, values, hide));
    }
  }
  if (intent === "feed" && kind !== "staff") {
    try {
      const feed = await api.call(ownFeed[kind].replace);
      return await redirectWithToast(request, context, "/account#feed", {
        type: "success",
        message:
          feed.url && formData.get("had") === "yes"
            ? workspaceT("work.account.feedReplaced")
            : workspaceT("work.account.feedMade"),
      });
    } catch (error) {
      return fail(await apiActionError(error, request, context, {}));
    }
  }
  if (intent === "sign-out-others") {
    try {
      const done = await api.call(ownAccount[kind].signOutOthers);
      return await redirectWithToast(request, context, "/account", {
        type: "success",
        message: done.signed_out
          ? workspaceT("work.account.signedOut", { count: done.signed_out })
          : workspaceT("work.account.noneOpen"),
      });
    } catch (error) {
      return fail(await apiActionError(error, request, context, {}));
    }
  }
  if (intent === "profile") {
    const values = textFields(formData, profileFields);
    const { data: input, failure } = validateForm(accountBody, values);
    if (failure) return fail(failure);
    try {
      const saved = await api.call(ownAccount[kind].save, { body: input });
      remember(saved);
      return await redirectWithToast(
        request,
        context,
        "/account",
        { type: "success", message: workspaceT("work.account.saved") },
        {},
        session,
      );
    } catch (error) {
      return fail(await apiActionError(error, request, context, values));
    }
  }
  // The zone alone: from the picker on any page that shows times, then back there.
  const values = textFields(formData, ["time_zone"]);
  const redirectTo = backPath(formData.get("redirectTo"), "/account");
  const { data: input, failure } = validateForm(agentSettingsBody, values);
  if (failure) return fail(failure);
  try {
    const current = await api.call(ownAccount[kind].read);
    const saved = await api.call(ownAccount[kind].save, {
      body: { name: current.name, phone: current.phone, time_zone: input.time_zone },
    });
    remember(saved);
    return await redirectWithToast(
      request,
      context,
      redirectTo,
      { type: "success", message: workspaceT("work.account.zoneSaved", { zone: saved.time_zone }) },
      {},
      session,
    );
  } catch (error) {
    return fail(await apiActionError(error, request, context, values));
  }
}

export default function Account() {
  const { account, feed, phone, zones, now } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const profile = useSchemaForm(failure, { form: "profile", order: profileFields, check: profileCheck });
  const password = useSchemaForm(failure, { form: "password", order: passwordFields, check: passwordCheck });
  const feedForm = useSchemaForm(failure, { form: "feed" });
  const others = useSchemaForm(failure, { form: "sign-out-others" });
  const { t } = useTranslation();
  return (
    <section className="container page narrow">
      <p className="eyebrow">{t("work.account.eyebrow")}</p>
      <h1>{account.name}</h1>
      <dl className="details">
        <dt>{t("work.account.email")}</dt>
        <dd>{account.email}</dd>
        <dt>{t("work.account.zone")}</dt>
        <dd>{t("work.account.zoneNow", { zone: account.time_zone, time: formatDateTime(now, account.time_zone) })}</dd>
      </dl>

      <h2 id="profile">{t("work.account.profile")}</h2>
      <p className="muted">
        {account.kind === "agent"
          ? t("work.account.zoneNoteAgent")
          : account.kind === "mentor"
            ? t("work.account.zoneNoteMentor")
            : t("work.account.zoneNote")}
      </p>
      <Form
        method="post"
        className="form"
        {...profile.props}
        key={failure?.form === "profile" ? profile.key : `${account.name}|${account.time_zone}`}
        aria-labelledby="profile"
      >
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="profile" />
        <FormError message={profile.formError} />
        <Field
          label={t("work.account.name")}
          autoComplete="name"
          required
          maxLength={fieldLimits.name}
          {...profile.field("name", account.name)}
        />
        <Field
          label={t("work.account.phone")}
          type="tel"
          autoComplete="tel"
          maxLength={fieldLimits.phone}
          {...profile.field("phone", account.phone ?? "")}
        />
        <ZoneField zones={zones} label={t("work.account.yourZone")} {...profile.field("time_zone", account.time_zone)} />
        <button type="submit" className="button button--primary" disabled={busy("profile")}>
          {busy("profile") ? t("work.account.saving") : t("work.account.save")}
        </button>
      </Form>

      <h2 id="security">{t("work.account.security")}</h2>
      <p className="muted">{t("work.account.securityNote")}</p>
      <p>
        {/* A tap target of its own: a button's size, not a line of text's. */}
        <Link to="/account/security" className="button">
          {t("work.account.securityLink")}
        </Link>
      </p>

      <h2 id="password">{t("work.account.password")}</h2>
      <p className="muted">{t("work.account.passwordNote")}</p>
      <Form
        method="post"
        className="form"
        {...password.props}
        key={failure?.form === "password" ? "failed" : "password"}
        aria-labelledby="password"
      >
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="password" />
        <input type="text" name="username" autoComplete="username" value={account.email} readOnly hidden />
        <FormError message={password.formError} />
        {/* A password is never typed back into the page (the server leaves it out of what it returns). */}
        <PasswordField
          label={t("work.account.current")}
          autoComplete="current-password"
          {...password.field("current_password")}
        />
        <PasswordField
          label={t("work.account.new")}
          autoComplete="new-password"
          hint={passwordRules}
          {...password.field("new_password")}
        />
        <button type="submit" className="button button--primary" disabled={busy("password")}>
          {busy("password") ? t("work.account.changing") : t("work.account.change")}
        </button>
      </Form>

      {feed ? (
        <>
          <h2 id="feed">{t("work.account.feed")}</h2>
          <p className="muted">{t("work.account.feedNote")}</p>
          {feed.url ? (
            <div className="field">
              <label htmlFor="feed-url">{t("work.account.feedAddress")}</label>
              <input id="feed-url" type="url" readOnly value={feed.url} data-testid="feed-url" />
              <p className="field__hint">
                <a href={feed.webcal!}>{t("work.account.feedOpen")}</a>
              </p>
            </div>
          ) : null}
          <Form method="post" {...feedForm.props} aria-labelledby="feed">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="feed" />
            <input type="hidden" name="had" value={feed.url ? "yes" : "no"} />
            <FormError message={feedForm.formError} />
            <button type="submit" className="button button--ghost" disabled={busy("feed")}>
              {feed.url ? t("work.account.feedReplace") : t("work.account.feedMake")}
            </button>
          </Form>
        </>
      ) : null}

      {phone ? (
        <PhoneConsent
          state={phone}
          failure={failure}
          zone={account.time_zone}
          busy={navigation.state === "submitting" && String(navigation.formData?.get("intent")).startsWith("phone-")}
        />
      ) : null}

      <h2 id="sessions">{t("work.account.sessions")}</h2>
      <p className="muted">{t("work.account.sessionsNote")}</p>
      <Form method="post" {...others.props} aria-labelledby="sessions">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="sign-out-others" />
        <FormError message={others.formError} />
        <button type="submit" className="button button--ghost" disabled={busy("sign-out-others")}>
          {t("work.account.signOutOthers")}
        </button>
      </Form>
      <Toast toast={failure?.toast} />
    </section>
  );
}
