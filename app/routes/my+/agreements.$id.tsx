/**
 * The client reads an agreement and signs it (issue 40, point 3), in the language it was written for them (right to
 * left in Arabic): the exact text, then their full name typed and their consent ticked. The page sends back the
 * SHA-256 of the text it showed; the server signs only that text. Signed, the page says by whom and when, and offers
 * the signed PDF, which is also among their documents. A plain form post, with or without JavaScript.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, FormError } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { apiActionError, apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import {
  asLang,
  AuthenticityTokenInput,
  dirOf,
  orErrorTitle,
  Toast,
  useIntlLocale,
  useTranslation,
  unlistedTitleMeta,
} from "../../lib/every-page";
import { textFields, validateForm, type FormFailure } from "../../lib/forms.server";
import { translator } from "../../lib/i18n.server";
import { routeId } from "../../lib/params";
import { requestLang } from "../../lib/refusals.server";
import { signBody } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = orErrorTitle(unlistedTitleMeta<typeof loader>("Agreement"));

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person } = await requireAccount(request, context, ["client"]);
  const copy = await api
    .call(endpoints.myAgreement, { params: { id: routeId(params.id) } })
    .catch((e) => apiLoaderError(e, request, context));
  const t = translator(asLang(person.language));
  return {
    copy,
    name: person.name,
    timeZone: person.time_zone,
    title: t("agreement.title", { service: t(`services.s${copy.service_id}.name`) }),
  };
}

/** The action's schema, checked in the browser too (fetched on the form's first focus). */
const signFields = ["full_name", "consent", "text_sha256"] as const;
const signCheck = { schema: () => import("../../../lib/contract/agreements").then((m) => m.signBody), fields: signFields };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["client"]);
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const lang = await requestLang(request, context);
  const values = textFields(formData, signFields);
  const { data, failure } = validateForm(signBody, values, lang);
  if (failure) return failure;
  try {
    await api.call(endpoints.signAgreement, {
      params: { id },
      body: data,
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
  return redirectWithToast(request, context, `/my/agreements/${id}`, {
    type: "success",
    message: translator(lang)("agreement.signedToast"),
  });
}

export default function MyAgreement() {
  const { copy, name, title, timeZone } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const busy = useNavigation().state === "submitting";
  const form = useSchemaForm(failure, { id: "sign", order: ["full_name", "consent"], check: signCheck });
  const consentError = form.errors("consent");
  return (
    <section className="container page my-page">
      <p className="eyebrow">
        <Link to="/my">{t("my.title")}</Link>
      </p>
      <h1>{title}</h1>
      <p className="muted">
        {copy.signed_at && copy.signed_name
          ? t("agreement.signedOn", { name: copy.signed_name, when: formatDateTime(copy.signed_at, timeZone, locale) })
          : t("agreement.sentOn", { when: formatDateTime(copy.sent_at, timeZone, locale) })}
      </p>
      <article className="card agreement-text" lang={copy.lang} dir={dirOf(asLang(copy.lang))} data-testid="agreement-text">
        {copy.text}
      </article>
      {copy.status === "signed" ? (
        copy.document_id && copy.file_id ? (
          <p>
            <a href={`/my/documents/${copy.document_id}/files/${copy.file_id}`} download className="button button--primary">
              {t("agreement.download")}
            </a>
          </p>
        ) : null
      ) : (
        <Form method="post" className="form card" {...form.props} key={form.key}>
          <AuthenticityTokenInput />
          <input type="hidden" name="text_sha256" value={copy.text_sha256} />
          <p className="muted">{t("agreement.intro")}</p>
          <FormError message={form.formError} />
          <Field
            id="full_name"
            label={t("agreement.fullName")}
            hint={t("agreement.fullNameHint", { name })}
            autoComplete="name"
            maxLength={200}
            {...form.field("full_name")}
          />
          <div className={consentError ? "field field--invalid" : "field"}>
            <label className="choice">
              <input
                type="checkbox"
                name="consent"
                value="on"
                defaultChecked={form.typed("consent") === "on"}
                aria-invalid={consentError ? true : undefined}
                aria-describedby={consentError ? "consent-error" : undefined}
              />{" "}
              {t("agreement.consent")}
            </label>
            {consentError ? (
              <p className="field__error" id="consent-error">
                {consentError[0]}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("agreement.sign")}
          </button>
        </Form>
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { ClientAreaErrorBoundary as ErrorBoundary } from "../../lib/every-page";
