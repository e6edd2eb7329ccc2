/** Renaming one case stage (issue 39): its English name and, when written, its Arabic, Spanish and French ones. */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, FormError } from "../../../components/ui/fields";
import { useSchemaForm } from "../../../components/ui/form";
import { apiActionError, apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { AuthenticityTokenInput, companyOf, orErrorTitle, Toast, useTranslation } from "../../../lib/every-page";
import { textFields, validateForm, type FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";
import { stageEditBody } from "../../../lib/schemas.server";
import { checkForm, readForm } from "../../../lib/security.server";
import { redirectWithToast } from "../../../lib/toast.server";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Stage not found" },
]);

const fields = ["name", "name_ar", "name_es", "name_fr"] as const;
/** The action's schema, checked in the browser too (fetched on the form's first focus). */
const stageCheck = { schema: () => import("../../../../lib/contract/stages").then((m) => m.stageEditBody), fields };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  const services = await api.call(endpoints.officeStages).catch((e) => apiLoaderError(e, request, context));
  const stage = services.flatMap((s) => s.stages).find((s) => s.id === id);
  if (!stage) throw new Response("Not found", { status: 404 });
  return { stage, title: workspaceT("office.stages.editTitle", { name: stage.name }) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const values = textFields(formData, fields);
  const { data, failure } = validateForm(stageEditBody, values);
  if (failure) return failure;
  try {
    const saved = await api.call(endpoints.officeEditStage, { params: { id }, body: data });
    return await redirectWithToast(request, context, `/office/stages#stage-${id}`, {
      type: "success",
      message: workspaceT("office.stages.saved", { name: saved.name }),
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}

export default function OfficeStage() {
  const { stage } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  const stored = { name: stage.name, name_ar: stage.name_ar ?? "", name_es: stage.name_es ?? "", name_fr: stage.name_fr ?? "" };
  const form = useSchemaForm(failure, { order: fields, stored, check: stageCheck });
  return (
    <section className="container page narrow">
      <p className="eyebrow">
        <Link to="/office/stages">{t("office.stages.heading")}</Link>
      </p>
      <h1>{t("office.stages.editHeading", { name: stage.name })}</h1>
      <p className="muted">{t(`services.s${stage.service_id}.name`)}</p>
      <Form method="post" className="form" {...form.props} key={form.key}>
        <AuthenticityTokenInput />
        <FormError message={form.formError} />
        <Field label={t("office.stages.name")} maxLength={80} {...form.field("name")} />
        <Field label={t("office.stages.nameAr")} maxLength={80} dir="rtl" lang="ar" {...form.field("name_ar")} />
        <Field label={t("office.stages.nameEs")} maxLength={80} lang="es" {...form.field("name_es")} />
        <Field label={t("office.stages.nameFr")} maxLength={80} lang="fr" {...form.field("name_fr")} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t("office.stages.saving") : t("office.stages.save")}
        </button>
      </Form>
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { OfficeErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
