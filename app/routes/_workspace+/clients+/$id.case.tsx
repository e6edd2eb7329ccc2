/**
 * Where a client's case stands (issue 39, point 3): each service the client has, the stage its case is at, and a
 * form to move it to another stage with a word for the client. The client sees it on their page and is e-mailed in
 * their language; the move is a line of the client's timeline.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ClientCase } from "../../../../lib/contract";
import { FormError, SelectField, TextAreaField } from "../../../components/ui/fields";
import { useSchemaForm } from "../../../components/ui/form";
import { apiActionError, apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { formatDateTime } from "../../../lib/dates";
import { endpoints } from "../../../lib/endpoints.server";
import { AuthenticityTokenInput, companyOf, orErrorTitle, Toast, useTranslation } from "../../../lib/every-page";
import { forForm, textFields, validateForm, type FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";
import { caseMoveBody } from "../../../lib/schemas.server";
import { checkForm, readForm } from "../../../lib/security.server";
import { redirectWithToast } from "../../../lib/toast.server";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Client not found" },
]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const clientId = routeId(params.id);
  const [view, cases] = await Promise.all([
    api.call(endpoints.viewClient, { params: { clientId } }),
    api.call(endpoints.clientCases, { params: { clientId } }),
  ]).catch((e) => apiLoaderError(e, request, context));
  const name = `${view.client.first_name} ${view.client.last_name}`;
  return {
    client: { id: view.client.id, name, archived: Boolean(view.client.archived_at) },
    cases,
    timeZone: agent.time_zone,
    title: workspaceT("work.case.title", { name }),
  };
}

/** The action's schema, checked in the browser too (fetched on the form's first focus). */
const caseCheck = {
  schema: () => import("../../../../lib/contract/stages").then((m) => m.caseMoveBody),
  fields: ["service_id", "stage_id", "note"],
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const clientId = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const values = textFields(formData, caseCheck.fields);
  const serviceId = routeId(values.service_id);
  const form = `case-${serviceId}`;
  const { data, failure } = validateForm(caseMoveBody, values);
  if (failure) return forForm(failure, form);
  try {
    const moved = await api.call(endpoints.moveClientCase, { params: { clientId, serviceId }, body: data });
    const stage = moved.stages.find((s) => s.id === moved.stage_id)?.name ?? "";
    return await redirectWithToast(request, context, `/clients/${clientId}/case#service-${serviceId}`, {
      type: "success",
      message: workspaceT("work.case.moved", { service: moved.service_name, stage }),
    });
  } catch (error) {
    return forForm(await apiActionError(error, request, context, values), form);
  }
}

function CaseForm({
  c,
  failure,
  timeZone,
  archived,
}: {
  c: ClientCase;
  failure?: FormFailure;
  timeZone: string;
  archived: boolean;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const stored = { stage_id: c.stage_id ? String(c.stage_id) : "", note: c.note ?? "" };
  const form = useSchemaForm(failure, { form: `case-${c.service_id}`, id: `case-${c.service_id}`, stored, check: caseCheck });
  const current = c.stages.find((s) => s.id === c.stage_id);
  return (
    <section className="card" id={`service-${c.service_id}`} aria-labelledby={`service-${c.service_id}-name`}>
      <h2 id={`service-${c.service_id}-name`}>{t(`services.s${c.service_id}.name`)}</h2>
      <ol className="stages" aria-label={t("work.case.stages")}>
        {c.stages.map((s) => (
          <li
            key={s.id}
            aria-current={s.id === c.stage_id ? "step" : undefined}
            className={s.id === c.stage_id ? "stages__now" : undefined}
          >
            {s.name}
          </li>
        ))}
      </ol>
      <p className="muted">
        {current && c.moved_at
          ? t("work.case.since", { stage: current.name, time: formatDateTime(c.moved_at, timeZone) })
          : t("work.case.notStarted")}
      </p>
      {archived ? null : (
        <Form method="post" className="form" {...form.props} key={form.key}>
          <AuthenticityTokenInput />
          <input type="hidden" name="service_id" value={c.service_id} />
          <FormError message={form.formError} />
          <SelectField
            id={`case-${c.service_id}-stage`}
            label={t("work.case.stage")}
            placeholder={t("work.case.choose")}
            options={c.stages.map((s) => ({ value: String(s.id), label: s.name }))}
            {...form.field("stage_id")}
          />
          <TextAreaField
            id={`case-${c.service_id}-note`}
            label={t("work.case.note")}
            hint={t("work.case.noteHint")}
            rows={3}
            maxLength={1000}
            {...form.field("note")}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("work.case.move")}
          </button>
        </Form>
      )}
    </section>
  );
}

export default function ClientCasePage() {
  const { client, cases, timeZone } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to={`/clients/${client.id}`}>{client.name}</Link>
      </p>
      <h1>{t("work.case.heading", { name: client.name })}</h1>
      <p className="muted">{t("work.case.intro")}</p>
      {cases.length ? (
        cases.map((c) => <CaseForm key={c.service_id} c={c} failure={failure} timeZone={timeZone} archived={client.archived} />)
      ) : (
        <p className="empty-state">{t("work.case.none")}</p>
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
