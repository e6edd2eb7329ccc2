/**
 * The case stages (issue 39, point 3): each service's stages in order, as the agent moves a client's case along them
 * and the client sees them. Staff add a stage (English required; Arabic, Spanish and French when written, English
 * shown until then), rename it, move it up or down, and retire it (cases standing at it stay) or bring it back.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ServiceStages } from "../../../../lib/contract";
import { OfficeHead } from "../../../components/office/page";
import { Field, FormError } from "../../../components/ui/fields";
import { useSchemaForm } from "../../../components/ui/form";
import { apiActionError, apiLoaderError, apiRedirectError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { AuthenticityTokenInput, titleMeta, Toast, useTranslation } from "../../../lib/every-page";
import { forForm, textFields, validateForm, type FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { rowIntent, stageBody, stageMoveBody } from "../../../lib/schemas.server";
import { checkForm, readForm } from "../../../lib/security.server";
import { redirectWithToast } from "../../../lib/toast.server";

export const meta = titleMeta<typeof loader>("Case stages · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const services = await api.call(endpoints.officeStages).catch((e) => apiLoaderError(e, request, context));
  return { services, title: workspaceT("office.stages.title") };
}

const nameFields = ["name", "name_ar", "name_es", "name_fr"] as const;
/** The action's schema, checked in the browser too (fetched on the form's first focus). */
const stageCheck = {
  schema: () => import("../../../../lib/contract/stages").then((m) => m.stageBody),
  fields: ["service_id", ...nameFields],
};

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const here = "/office/stages";
  const intent = formData.get("intent");
  if (intent === "add") {
    const values = textFields(formData, ["service_id", ...nameFields]);
    const form = `add-${values.service_id}`;
    const { data, failure } = validateForm(stageBody, values);
    if (failure) return forForm(failure, form);
    try {
      const made = await api.call(endpoints.officeAddStage, { body: data });
      return await redirectWithToast(request, context, `${here}#stage-${made.id}`, {
        type: "success",
        message: workspaceT("office.stages.added", { name: made.name }),
      });
    } catch (error) {
      return forForm(await apiActionError(error, request, context, values), form);
    }
  }
  if (intent === "up" || intent === "down" || intent === "retire" || intent === "restore") {
    const { data, failure } = validateForm(rowIntent(intent), textFields(formData, ["intent", "id"]));
    if (failure) return failure;
    try {
      if (intent === "up" || intent === "down") {
        const direction = stageMoveBody.parse({ direction: intent }).direction;
        await api.call(endpoints.officeMoveStage, { params: { id: data.id }, body: { direction } });
      } else {
        await api.call(endpoints.officeRetireStage, { params: { id: data.id }, body: { retired: intent === "retire" } });
      }
      return await redirectWithToast(request, context, `${here}#stage-${data.id}`, {
        type: "success",
        message: workspaceT(`office.stages.done.${intent}`),
      });
    } catch (error) {
      return apiRedirectError(error, request, context, here);
    }
  }
  throw new Response("Unknown action", { status: 400 });
}

function ServiceSection({ s, failure }: { s: ServiceStages; failure: FormFailure | undefined }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const form = useSchemaForm(failure, {
    form: `add-${s.service_id}`,
    id: `add-${s.service_id}`,
    order: nameFields,
    check: stageCheck,
  });
  const live = s.stages.filter((x) => !x.retired);
  return (
    <section className="card" aria-labelledby={`service-${s.service_id}`}>
      <h2 id={`service-${s.service_id}`}>{t(`services.s${s.service_id}.name`)}</h2>
      {s.stages.length ? (
        <ol className="list-reset order-lines">
          {s.stages.map((x) => (
            <li key={x.id} id={`stage-${x.id}`} data-testid={`stage-${x.id}`}>
              <strong>{x.name}</strong>
              {x.retired ? <span className="tag">{t("office.stages.retired")}</span> : null}
              <span className="muted">
                {" "}
                · {[x.name_ar, x.name_es, x.name_fr].filter(Boolean).join(" · ") || t("office.stages.englishOnly")}
              </span>
              <Form method="post" className="form--inline">
                <AuthenticityTokenInput />
                <input type="hidden" name="id" value={x.id} />
                <Link to={`/office/stages/${x.id}`}>{t("office.stages.edit", { name: x.name })}</Link>{" "}
                {x.retired ? null : (
                  <>
                    <button
                      type="submit"
                      name="intent"
                      value="up"
                      className="button button--ghost"
                      disabled={busy || live[0]?.id === x.id}
                    >
                      {t("office.stages.up")}
                    </button>{" "}
                    <button
                      type="submit"
                      name="intent"
                      value="down"
                      className="button button--ghost"
                      disabled={busy || live.at(-1)?.id === x.id}
                    >
                      {t("office.stages.down")}
                    </button>{" "}
                  </>
                )}
                <button
                  type="submit"
                  name="intent"
                  value={x.retired ? "restore" : "retire"}
                  className="button button--ghost"
                  disabled={busy}
                >
                  {x.retired ? t("office.stages.restore") : t("office.stages.retire")}
                </button>
              </Form>
            </li>
          ))}
        </ol>
      ) : (
        <p className="empty-state">{t("office.stages.none")}</p>
      )}
      <Form method="post" className="form" {...form.props} key={form.key}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="service_id" value={s.service_id} />
        <FormError message={form.formError} />
        <h3>{t("office.stages.addHeading")}</h3>
        <Field id={`add-${s.service_id}-name`} label={t("office.stages.name")} maxLength={80} {...form.field("name")} />
        <Field
          id={`add-${s.service_id}-name_ar`}
          label={t("office.stages.nameAr")}
          maxLength={80}
          dir="rtl"
          lang="ar"
          {...form.field("name_ar")}
        />
        <Field
          id={`add-${s.service_id}-name_es`}
          label={t("office.stages.nameEs")}
          maxLength={80}
          lang="es"
          {...form.field("name_es")}
        />
        <Field
          id={`add-${s.service_id}-name_fr`}
          label={t("office.stages.nameFr")}
          maxLength={80}
          lang="fr"
          {...form.field("name_fr")}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("office.stages.add")}
        </button>
      </Form>
    </section>
  );
}

export default function OfficeStages() {
  const { services } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  return (
    <section className="container page">
      <OfficeHead title={t("office.stages.heading")} />
      <p className="muted">{t("office.stages.intro")}</p>
      {services.map((s) => (
        <ServiceSection key={s.service_id} s={s} failure={failure} />
      ))}
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { OfficeErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
