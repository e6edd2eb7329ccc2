/**
 * Each service's agreement (issue 40, point 3), written in the office: the words in English and, when written, in
 * Arabic, Spanish and French, with the fields the record fills. Saving makes a new version (copies already with
 * clients keep theirs); a service's agreement can be retired (no longer sent) and brought back.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { OfficeAgreement } from "../../../lib/contract";
import { agreementFields } from "../../../lib/intake";
import { OfficeHead } from "../../components/office/page";
import { FormError, TextAreaField } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { apiActionError, apiLoaderError, apiRedirectError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, titleMeta, Toast, useTranslation } from "../../lib/every-page";
import { forForm, textFields, validateForm, type FormFailure } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { routeId } from "../../lib/params";
import { agreementBody } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = titleMeta<typeof loader>("Agreements · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person } = await requireAccount(request, context, ["staff"]);
  const services = await api.call(endpoints.officeAgreements).catch((e) => apiLoaderError(e, request, context));
  return { services, timeZone: person.time_zone, title: workspaceT("office.agreements.title") };
}

const textNames = ["text", "text_ar", "text_es", "text_fr"] as const;
/** The action's schema, checked in the browser too (fetched on the form's first focus). */
const agreementCheck = {
  schema: () => import("../../../lib/contract/agreements").then((m) => m.agreementBody),
  fields: textNames,
};

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const serviceId = routeId(String(formData.get("service_id") ?? ""));
  const here = `/office/agreements#service-${serviceId}`;
  const intent = formData.get("intent");
  if (intent === "retire" || intent === "restore") {
    try {
      await api.call(endpoints.officeRetireAgreement, { params: { serviceId }, body: { retired: intent === "retire" } });
      return await redirectWithToast(request, context, here, {
        type: "success",
        message: workspaceT(`office.agreements.${intent}d`),
      });
    } catch (error) {
      return apiRedirectError(error, request, context, here);
    }
  }
  const form = `agreement-${serviceId}`;
  const values = textFields(formData, textNames);
  const { data, failure } = validateForm(agreementBody, values);
  if (failure) return forForm(failure, form);
  try {
    const saved = await api.call(endpoints.officeSaveAgreement, { params: { serviceId }, body: data });
    return await redirectWithToast(request, context, here, {
      type: "success",
      message: workspaceT("office.agreements.saved", { version: saved.agreement?.version ?? 1 }),
    });
  } catch (error) {
    return forForm(await apiActionError(error, request, context, values), form);
  }
}

function ServiceAgreement({ s, failure, timeZone }: { s: OfficeAgreement; failure?: FormFailure; timeZone: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const a = s.agreement;
  const stored = { text: a?.text_en ?? "", text_ar: a?.text_ar ?? "", text_es: a?.text_es ?? "", text_fr: a?.text_fr ?? "" };
  const form = useSchemaForm(failure, {
    form: `agreement-${s.service_id}`,
    id: `agreement-${s.service_id}`,
    order: textNames,
    stored,
    check: agreementCheck,
  });
  return (
    <section className="card" id={`service-${s.service_id}`} aria-labelledby={`service-${s.service_id}-name`}>
      <h2 id={`service-${s.service_id}-name`}>{t(`services.s${s.service_id}.name`)}</h2>
      <p className="muted">
        {a
          ? t("office.agreements.state", {
              version: a.version,
              sent: a.sent,
              signed: a.signed,
              time: formatDateTime(a.updated_at, timeZone),
            })
          : t("office.agreements.noneYet")}
        {a?.retired ? ` ${t("office.agreements.isRetired")}` : ""}
      </p>
      <Form method="post" className="form" {...form.props} key={form.key}>
        <AuthenticityTokenInput />
        <input type="hidden" name="service_id" value={s.service_id} />
        <FormError message={form.formError} />
        <TextAreaField
          id={`agreement-${s.service_id}-text`}
          label={t("office.agreements.en")}
          rows={10}
          {...form.field("text")}
        />
        <TextAreaField
          id={`agreement-${s.service_id}-text_ar`}
          label={t("office.agreements.ar")}
          rows={6}
          lang="ar"
          dir="rtl"
          {...form.field("text_ar")}
        />
        <TextAreaField
          id={`agreement-${s.service_id}-text_es`}
          label={t("office.agreements.es")}
          rows={6}
          lang="es"
          {...form.field("text_es")}
        />
        <TextAreaField
          id={`agreement-${s.service_id}-text_fr`}
          label={t("office.agreements.fr")}
          rows={6}
          lang="fr"
          {...form.field("text_fr")}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {a ? t("office.agreements.saveNew") : t("office.agreements.create")}
        </button>
      </Form>
      {a ? (
        <Form method="post" className="form--inline">
          <AuthenticityTokenInput />
          <input type="hidden" name="service_id" value={s.service_id} />
          <button
            type="submit"
            name="intent"
            value={a.retired ? "restore" : "retire"}
            className="button button--ghost"
            disabled={busy}
          >
            {a.retired ? t("office.agreements.restore") : t("office.agreements.retire")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export default function OfficeAgreements() {
  const { services, timeZone } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  return (
    <section className="container page">
      <OfficeHead title={t("office.agreements.heading")} />
      <p className="muted">{t("office.agreements.intro")}</p>
      <p className="muted">
        {t("office.agreements.fields")}{" "}
        {agreementFields.map((f, i) => (
          <span key={f}>
            {i ? ", " : null}
            <code>{`{{${f}}}`}</code>
          </span>
        ))}
      </p>
      {services.map((s) => (
        <ServiceAgreement key={s.service_id} s={s} failure={failure} timeZone={timeZone} />
      ))}
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { OfficeErrorBoundary as ErrorBoundary } from "../../lib/every-page";
