/**
 * One's own sign-in security (issue 67), for agents, staff and mentors alike: the second factors (passkeys, added
 * with the browser's own dialog, which needs scripts; authenticator apps, set up by scanning a QR code drawn on the
 * server or typing the key, confirmed by a first code), removing one, and the recovery codes, shown once when made.
 * Everything but a passkey is a plain form post.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { PasskeyButton, usePasskeys } from "../../components/auth/passkey";
import { Field, FormError } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { ApiCallError, apiActionError, apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, titleMeta, Toast, useTranslation } from "../../lib/every-page";
import { forForm, parsedJson, refuse, textFields, validateForm, type FormFailure } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { refusalWords, requestLang } from "../../lib/refusals.server";
import { passkeyAddBody, totpConfirmBody, totpStartBody } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = titleMeta<typeof loader>("Sign-in security");

const HERE = "/account/security";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person } = await requireAccount(request, context, ["agent", "staff", "mentor"]);
  const state = await api.call(endpoints.security).catch((e) => apiLoaderError(e, request, context));
  return { state, timeZone: person.time_zone, title: workspaceT("work.security.title") };
}

/** What an action answers besides a refusal: recovery codes to show, once. */
type Shown = { recovery_codes: string[] };

/** The action's schemas, checked in the browser too (fetched on a form's first focus). */
const security = () => import("../../../lib/contract/security");
const startCheck = { schema: () => security().then((m) => m.totpStartBody), fields: ["name"] };
const confirmCheck = { schema: () => security().then((m) => m.totpConfirmBody), fields: ["id", "code"] };

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent", "staff", "mentor"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const intent = String(formData.get("intent") ?? "");
  try {
    if (intent === "start") {
      const values = textFields(formData, ["name"]);
      const { data, failure } = validateForm(totpStartBody, values, "en");
      if (failure) return forForm(failure, "start");
      await api.call(endpoints.startTotp, { body: data });
      return await redirectWithToast(request, context, `${HERE}#set-up`, {
        type: "info",
        message: workspaceT("work.security.scan"),
      });
    }
    if (intent === "confirm") {
      const values = textFields(formData, ["id", "code"]);
      const { data, failure } = validateForm(totpConfirmBody, values, "en");
      if (failure) return forForm(failure, "confirm");
      const done = await api.call(endpoints.confirmTotp, { body: data });
      // The first factor's recovery codes: drawn in this answer, never again.
      if (done.recovery_codes) return { recovery_codes: done.recovery_codes, confirmed: true } as Shown & { confirmed: true };
      return await redirectWithToast(request, context, HERE, { type: "success", message: workspaceT("work.security.confirmed") });
    }
    if (intent === "passkey") {
      const name = String(formData.get("name") ?? "");
      const parsed = passkeyAddBody.safeParse({ name, response: parsedJson(formData.get("passkey")) });
      if (!parsed.success) return forForm(refuse({ name }, { formError: workspaceT("work.security.passkeyUnread") }), "passkey");
      const done = await api.call(endpoints.addPasskey, { body: parsed.data });
      if (done.recovery_codes) return { recovery_codes: done.recovery_codes, confirmed: true } as Shown & { confirmed: true };
      return await redirectWithToast(request, context, HERE, {
        type: "success",
        message: workspaceT("work.security.passkeyAdded"),
      });
    }
    if (intent === "remove") {
      const id = Number(formData.get("id"));
      const state = await api.call(endpoints.removeFactor, { params: { id: Number.isInteger(id) && id > 0 ? id : 0 } });
      const left = state.factors.length ? workspaceT("work.security.removedSome") : workspaceT("work.security.removedLast");
      return await redirectWithToast(request, context, HERE, {
        type: "success",
        message: workspaceT("work.security.removed", { left }),
      });
    }
    if (intent === "recovery") {
      const made = await api.call(endpoints.newRecoveryCodes);
      return { recovery_codes: made.recovery_codes } as Shown;
    }
  } catch (error) {
    // A passkey refused (its signature, its challenge gone): said above its form, its name kept.
    if (error instanceof ApiCallError && error.code.startsWith("passkey.")) {
      const say = refusalWords(await requestLang(request, context));
      return forForm(refuse(textFields(formData, ["name"]), { formError: say(error.refusal) }), intent);
    }
    return forForm(await apiActionError(error, request, context, textFields(formData, ["name", "code"]), ["code"]), intent);
  }
  return forForm(await apiActionError(new Error("unknown intent"), request, context, {}), intent);
}

export default function Security() {
  const { state, timeZone } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const failure = answered && "status" in (answered as object) ? (answered as FormFailure) : undefined;
  const codes = answered && "recovery_codes" in (answered as object) ? (answered as Shown).recovery_codes : null;
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  const start = useSchemaForm(failure, { form: "start", order: ["name"], check: startCheck });
  const confirm = useSchemaForm(failure, { form: "confirm", order: ["code"], check: confirmCheck });
  const passkey = useSchemaForm(failure, { form: "passkey", order: ["name"] });
  const passkeys = usePasskeys();
  const passkeyName = useRef<HTMLInputElement>(null);
  const when = (iso: string) => formatDateTime(iso, timeZone);
  return (
    <section className="container page narrow">
      <p className="eyebrow">
        <Link to="/account">{t("work.account.eyebrow")}</Link>
      </p>
      <h1>{t("work.security.heading")}</h1>
      <p className="muted">{t("work.security.intro")}</p>

      {codes ? (
        <section className="card notice" aria-labelledby="recovery-codes" data-testid="recovery-codes">
          <h2 id="recovery-codes">{t("work.security.recoveryHeading")}</h2>
          <p>{t("work.security.recoveryNote")}</p>
          <ol className="recovery-codes" dir="ltr">
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
          <Link to={HERE} className="button button--primary">
            {t("work.security.kept")}
          </Link>
        </section>
      ) : null}

      <h2 id="factors">{t("work.security.factors")}</h2>
      {state.factors.length ? (
        <ul className="list-reset" data-testid="factors">
          {state.factors.map((f) => (
            <li key={f.id} className="card agenda-item">
              <p>
                <strong>{f.name}</strong>{" "}
                <span className="muted">({t(f.kind === "passkey" ? "work.security.kindPasskey" : "work.security.kindApp")})</span>
                <br />
                <span className="muted">
                  {t("work.security.added", { when: when(f.created_at) })} ·{" "}
                  {f.last_used_at ? t("work.security.lastUsed", { when: when(f.last_used_at) }) : t("work.security.neverUsed")}
                </span>
              </p>
              <Form method="post" className="form--inline">
                <AuthenticityTokenInput />
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={f.id} />
                <button type="submit" className="button" disabled={busy}>
                  {t("work.security.remove", { name: f.name })}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("work.security.none")}</p>
      )}

      <section className="card" id="passkey" aria-labelledby="passkey-heading" data-testid="add-passkey">
        <h2 id="passkey-heading">{t("work.security.passkeyHeading")}</h2>
        <p className="muted">{t("work.security.passkeyNote")}</p>
        <FormError message={passkey.formError} />
        {passkeys ? (
          <div className="form">
            <Field
              label={t("work.security.passkeyName")}
              placeholder={t("work.security.passkeyPlaceholder")}
              maxLength={60}
              ref={passkeyName}
              {...passkey.field("name")}
              // Its own id: the authenticator's form below has a "name" too.
              id="passkey-name"
            />
            <PasskeyButton
              purpose="register"
              label={t("work.security.passkeyAdd")}
              className="button button--primary"
              fields={() => ({ name: passkeyName.current?.value ?? "" })}
              testId="passkey-add"
            />
          </div>
        ) : (
          <p data-testid="passkey-needs-script">{t("work.security.passkeyNeedsScript")}</p>
        )}
      </section>

      {state.pending ? (
        <section className="card" id="set-up" aria-labelledby="scan-heading">
          <h2 id="scan-heading">{t("work.security.scan")}</h2>
          {/* Drawn on the server (the qrcode package's SVG): no script, nothing fetched. */}
          <div
            className="qr-code"
            role="img"
            aria-label={t("work.security.scan")}
            dangerouslySetInnerHTML={{ __html: state.pending.qr_svg }}
          />
          <p className="muted">{t("work.security.scanNote")}</p>
          <p>
            <code className="factor-key" dir="ltr" data-testid="factor-key">
              {state.pending.key}
            </code>
          </p>
          <Form method="post" className="form" {...confirm.props} key={confirm.key}>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="id" value={state.pending.id} />
            <FormError message={confirm.formError} />
            <Field
              label={t("work.security.confirmLabel")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              dir="ltr"
              required
              {...confirm.field("code")}
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("work.security.confirm")}
            </button>
          </Form>
        </section>
      ) : (
        <section className="card" aria-labelledby="set-up-heading">
          <h2 id="set-up-heading">{t("work.security.setUp")}</h2>
          <p className="muted">{t("work.security.setUpNote")}</p>
          <Form method="post" className="form" {...start.props} key={start.key}>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="start" />
            <FormError message={start.formError} />
            <Field
              label={t("work.security.name")}
              placeholder={t("work.security.namePlaceholder")}
              maxLength={60}
              {...start.field("name")}
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("work.security.start")}
            </button>
          </Form>
        </section>
      )}

      {state.factors.length ? (
        <section aria-labelledby="recovery-heading">
          <h2 id="recovery-heading">{t("work.security.recoveryHeading")}</h2>
          <p data-testid="recovery-left">{t("work.security.recoveryLeft", { count: state.recovery_codes_left })}</p>
          <Form method="post" className="form--inline">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="recovery" />
            <button type="submit" className="button" disabled={busy}>
              {t("work.security.recoveryNew")}
            </button>
          </Form>
        </section>
      ) : null}
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
