import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  openingField,
  serviceField,
  serviceIds,
  serviceTextFields,
  weekdayShort,
  type BusinessValues,
} from "../../../lib/business";
import { documentKindNames } from "../../../lib/documents";
import { OfficeHead } from "../../components/office/page";
import { ServiceTextFields } from "../../components/office/service-text-fields";
import { Field, FormError, TextAreaField } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { ZoneField } from "../../components/ui/place-fields";
import { apiActionError, apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, textLangs, titleMeta, Toast, useTranslation } from "../../lib/every-page";
import { validateForm, type FormFailure } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { businessBody } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { useSettingLabel } from "../../lib/setting-labels";
import { forgetSite } from "../../lib/site.server";
import { redirectWithToast } from "../../lib/toast.server";
import { zoneChoices } from "../../lib/zones.server";

export const meta = titleMeta<typeof loader>("Business settings · Back office");

/** The owner's rule (issue 67): a second factor asked of each kind, a box each. */
const ruleFields = ["factor_staff", "factor_agent", "factor_mentor"] as const;

/** Every field of the form, in its order (the first refused one takes the focus). */
const fields: Array<keyof BusinessValues> = [
  ...(["company_name", "company_address", "tax_id", "phone", "chat_url", "copyright_year", "hours_zone"] as const),
  ...weekdayShort.map((_, i) => openingField(i)),
  ...(["hold_minutes", "cancel_cutoff_hours", "min_notice_hours", "brand_color"] as const),
  ...ruleFields,
  ...serviceIds.flatMap((id) => [serviceField(id, "documents"), ...serviceTextFields.map((field) => serviceField(id, field))]),
];
const listFields = serviceIds.map((id) => serviceField(id, "documents"));
const docKinds = Object.keys(documentKindNames) as Array<keyof typeof documentKindNames>;

/** The business settings: an owner's page (another staff member: not found). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person: staff } = await requireAccount(request, context, ["staff"]);
  const values = await api.call(endpoints.businessSettings).catch((e) => apiLoaderError(e, request, context));
  return { values, zones: zoneChoices(values.hours_zone ?? staff.time_zone), title: workspaceT("office.settings.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const typed: Record<string, string> = {};
  const input: Record<string, unknown> = {};
  for (const name of fields) {
    if ((ruleFields as readonly string[]).includes(name)) {
      // A box: ticked or not (never left out, which would leave the rule as it was).
      typed[name] = formData.get(name) ? "on" : "";
      input[name] = typed[name];
    } else if ((listFields as string[]).includes(name)) {
      const chosen = formData.getAll(name).map(String);
      typed[name] = chosen.join(",");
      input[name] = chosen;
    } else {
      typed[name] = String(formData.get(name) ?? "");
      input[name] = typed[name];
    }
  }
  const { data: body, failure } = validateForm(businessBody, typed, "en", { input });
  if (failure) return failure;
  try {
    const saved = await api.call(endpoints.saveBusiness, { body });
    forgetSite();
    const message = saved.changes.length
      ? workspaceT("office.settings.saved", { changes: saved.changes.join(". ") })
      : workspaceT("office.settings.nothing");
    return await redirectWithToast(request, context, "/office/settings", { type: "success", message });
  } catch (error) {
    return apiActionError(error, request, context, typed);
  }
}

export default function BusinessSettings() {
  const { values, zones } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const stored = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : v === null ? "" : String(v)]),
  );
  const form = useSchemaForm(failure, { order: fields, stored: stored });
  const f = form.field;
  const label = useSettingLabel();
  const { t } = useTranslation();
  const optional = (name: keyof BusinessValues) => t("office.settings.optional", { label: label(name) });
  return (
    <section className="container page">
      <OfficeHead title={t("office.settings.heading")} />
      <p className="muted">{t("office.settings.intro")}</p>
      <Form method="post" className="form settings-form" {...form.props} key={form.key}>
        <AuthenticityTokenInput />
        <FormError message={form.formError} />

        <fieldset>
          <legend>{t("office.settings.company")}</legend>
          <Field label={label("company_name")} required maxLength={100} {...f("company_name")} />
          <TextAreaField label={label("company_address")} required maxLength={300} rows={2} {...f("company_address")} />
          <Field label={optional("tax_id")} maxLength={50} {...f("tax_id")} />
        </fieldset>

        <fieldset>
          <legend>{t("office.settings.contact")}</legend>
          <Field label={label("phone")} type="tel" required maxLength={40} {...f("phone")} />
          <Field
            label={optional("chat_url")}
            type="url"
            maxLength={300}
            hint={t("office.settings.chatHint")}
            {...f("chat_url")}
          />
          <Field
            label={label("copyright_year")}
            inputMode="numeric"
            hint={t("office.settings.yearHint")}
            {...f("copyright_year")}
          />
        </fieldset>

        <fieldset>
          <legend>{t("office.settings.hours")}</legend>
          <p className="field__hint">{t("office.settings.hoursHint")}</p>
          <ZoneField zones={zones} label={label("hours_zone")} {...f("hours_zone")} />
          <div className="field-grid">
            {weekdayShort.map((day, i) => {
              const name = openingField(i);
              return (
                <Field key={day} label={label(name)} placeholder={t("office.settings.closed")} maxLength={20} {...f(name)} />
              );
            })}
          </div>
        </fieldset>

        <fieldset>
          <legend>{t("office.settings.sessions")}</legend>
          <Field label={label("hold_minutes")} inputMode="numeric" hint={t("office.settings.holdHint")} {...f("hold_minutes")} />
          <Field
            label={label("cancel_cutoff_hours")}
            inputMode="numeric"
            hint={t("office.settings.cutoffHint")}
            {...f("cancel_cutoff_hours")}
          />
          <Field
            label={label("min_notice_hours")}
            inputMode="numeric"
            hint={t("office.settings.noticeHint")}
            {...f("min_notice_hours")}
          />
        </fieldset>

        <fieldset>
          <legend>{t("office.settings.emails")}</legend>
          <Field label={label("brand_color")} type="color" hint={t("office.settings.colourHint")} {...f("brand_color")} />
          <p className="field__hint">
            <Link to="/office/settings/logo">{t("office.settings.logoLink")}</Link> ·{" "}
            <Link to="/office/outbox/previews">{t("office.settings.previewsLink")}</Link>
          </p>
        </fieldset>

        <fieldset data-testid="factor-rules">
          <legend>{t("office.settings.security")}</legend>
          <p className="field__hint">{t("office.settings.securityHint")}</p>
          <ul className="list-reset">
            {ruleFields.map((name) => (
              <li key={name}>
                <label>
                  <input
                    type="checkbox"
                    name={name}
                    defaultChecked={(form.typed(name) ?? stored[name]) === "on" || (form.typed(name) ?? stored[name]) === "true"}
                  />{" "}
                  {label(name)}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>

        <p className="field__hint" data-testid="other-languages">
          {t("office.settings.otherLanguages")}{" "}
          {textLangs.map((lang, i) => (
            <span key={lang}>
              {i ? " · " : null}
              <Link to={`/office/settings/texts/${lang}`}>{t(`office.languages.${lang}`)}</Link>
            </span>
          ))}
          .
        </p>
        {serviceIds.map((id) => {
          const name = t(`services.s${id}.name`);
          const docs = serviceField(id, "documents");
          const chosen = (form.typed(docs) ?? stored[docs] ?? "").split(",");
          const docError = form.errors(docs)?.[0];
          return (
            <fieldset key={id}>
              <legend>{name}</legend>
              <fieldset
                className={docError ? "field field--invalid" : "field"}
                aria-describedby={docError ? `${docs}-error` : undefined}
              >
                <legend>{t("office.settings.documents")}</legend>
                <ul className="list-reset checkbox-row">
                  {docKinds.map((kind) => (
                    <li key={kind}>
                      <label>
                        <input type="checkbox" name={docs} value={kind} defaultChecked={chosen.includes(kind)} />{" "}
                        {t(`documentKinds.${kind}`)}
                      </label>
                    </li>
                  ))}
                </ul>
                {docError ? (
                  <p className="field__error" id={`${docs}-error`}>
                    {docError}
                  </p>
                ) : null}
              </fieldset>
              <ServiceTextFields id={id} f={f} lang="en" />
            </fieldset>
          );
        })}

        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t("office.settings.saving") : t("office.settings.save")}
        </button>
      </Form>
      <Toast toast={failure?.toast} />
    </section>
  );
}
