/**
 * Reminders by SMS and WhatsApp, as the office runs them (issue 42): how this server sends them (Twilio, files, or
 * not at all), and the WhatsApp template set for each reminder in each language (owners set them; every change in
 * the audit log). Each message by phone, with its delivery, is in the outbox.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { OfficeHead, useOfficeZone } from "../../components/office/page";
import { Field, FormError, SelectField } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { StackTable } from "../../components/ui/table-head";
import { apiActionError, apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, languages, titleMeta, Toast, useTranslation } from "../../lib/every-page";
import { forForm, textFields, validateForm, type FormFailure } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { templateBody, templateRemoveBody } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = titleMeta<typeof loader>("Reminders by phone · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person } = await requireAccount(request, context, ["staff"]);
  const templates = await api.call(endpoints.whatsappTemplates).catch((e) => apiLoaderError(e, request, context));
  return { ...templates, owner: person.role === "owner", title: workspaceT("office.whatsapp.title") };
}

const templateFields = ["purpose", "lang", "name", "content_sid"] as const;
/** The action's schema, checked in the browser too (fetched on the form's first focus). */
const templateCheck = {
  schema: () => import("../../../lib/contract/messaging").then((m) => m.templateBody),
  fields: templateFields,
};

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const intent = formData.get("intent") === "remove" ? "remove" : "save";
  const values = textFields(formData, templateFields);
  const named = {
    purpose: workspaceT(`office.whatsapp.purposes.${values.purpose}`),
    lang: workspaceT(`office.languages.${values.lang}`),
  };
  try {
    if (intent === "remove") {
      const { data: body, failure } = validateForm(templateRemoveBody, values);
      if (failure) return forForm(failure, intent);
      await api.call(endpoints.removeWhatsappTemplate, { body });
      return await redirectWithToast(request, context, "/office/messaging", {
        type: "success",
        message: workspaceT("office.whatsapp.removed", named),
      });
    }
    const { data: body, failure } = validateForm(templateBody, values);
    if (failure) return forForm(failure, intent);
    await api.call(endpoints.saveWhatsappTemplate, { body });
    return await redirectWithToast(request, context, "/office/messaging", {
      type: "success",
      message: workspaceT("office.whatsapp.saved", { ...named, name: body.name }),
    });
  } catch (error) {
    return forForm(await apiActionError(error, request, context, values), intent);
  }
}

export default function OfficeMessaging() {
  const { templates, purposes, channels, mode, owner } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const zone = useOfficeZone();
  const form = useSchemaForm(failure, { form: "save", order: templateFields, check: templateCheck });
  const removal = useSchemaForm(failure, { form: "remove" });
  const { t } = useTranslation();
  const purposeName = (p: string) => t(`office.whatsapp.purposes.${p}`);
  const col = [t("office.whatsapp.purpose"), t("office.whatsapp.language"), t("office.whatsapp.name"), t("office.whatsapp.sid")];
  const [one, two, three] = purposes[0]?.variables ?? ["", "", ""];
  return (
    <section className="container page">
      <OfficeHead title={t("office.whatsapp.heading")} />
      <p className="muted">{t("office.whatsapp.intro")}</p>
      <p data-testid="phone-mode">
        {mode === "twilio"
          ? t("office.whatsapp.modeTwilio", { channels: channels.map((c) => t(`office.outbox.channels.${c}`)).join(", ") })
          : mode === "log"
            ? t("office.whatsapp.modeLog")
            : t("office.whatsapp.modeOff")}{" "}
        <Link to="/office/outbox">{t("office.whatsapp.outboxLink")}</Link>
      </p>
      <h2>{t("office.whatsapp.templatesHeading")}</h2>
      <p className="muted">{t("office.whatsapp.templatesIntro")}</p>
      <p className="field__hint">{t("office.whatsapp.variables", { one, two, three })}</p>
      <FormError message={removal.formError} />
      {templates.length ? (
        <StackTable columns={[...col, t("office.whatsapp.updated"), owner ? null : undefined].filter((c) => c !== undefined)}>
          {templates.map((tpl) => (
            <tr key={`${tpl.purpose}:${tpl.lang}`} data-testid={`template-${tpl.purpose}-${tpl.lang}`}>
              <td data-label={col[0]}>{purposeName(tpl.purpose)}</td>
              <td data-label={col[1]}>{t(`office.languages.${tpl.lang}`)}</td>
              <td data-label={col[2]}>
                <code>{tpl.name}</code>
              </td>
              <td data-label={col[3]}>
                <code>{tpl.content_sid}</code>
              </td>
              <td data-label={t("office.whatsapp.updated")}>{formatDateTime(tpl.updated_at, zone)}</td>
              {owner ? (
                <td data-label={t("work.table.actions")}>
                  <Form method="post">
                    <AuthenticityTokenInput />
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="purpose" value={tpl.purpose} />
                    <input type="hidden" name="lang" value={tpl.lang} />
                    <button type="submit" className="button button--small button--ghost" disabled={busy}>
                      {t("office.whatsapp.remove")}
                      <span className="visually-hidden">
                        {" "}
                        {purposeName(tpl.purpose)}, {t(`office.languages.${tpl.lang}`)}
                      </span>
                    </button>
                  </Form>
                </td>
              ) : null}
            </tr>
          ))}
        </StackTable>
      ) : (
        <p className="empty-state">{t("office.whatsapp.none")}</p>
      )}
      {owner ? (
        <Form method="post" className="form" {...form.props} key={form.key}>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="save" />
          <FormError message={form.formError} />
          <SelectField
            label={col[0]!}
            options={purposes.map((p) => ({ value: p.purpose, label: purposeName(p.purpose) }))}
            {...form.field("purpose", purposes[0]?.purpose)}
          />
          <SelectField
            label={col[1]!}
            options={languages.map((l) => ({ value: l, label: t(`office.languages.${l}`) }))}
            {...form.field("lang", "en")}
          />
          <Field label={col[2]!} maxLength={100} placeholder={t("office.whatsapp.namePlaceholder")} {...form.field("name")} />
          <Field
            label={col[3]!}
            maxLength={34}
            placeholder={t("office.whatsapp.sidPlaceholder")}
            {...form.field("content_sid")}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("office.whatsapp.save")}
          </button>
        </Form>
      ) : (
        <p className="muted">{t("office.whatsapp.ownersOnly")}</p>
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}
