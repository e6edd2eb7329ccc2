/**
 * The office's questionnaires (issue 40, point 1): each one, its version, the services whose payment sends it and
 * how many clients it went to; and a form to write a new one (its questions are added on its own page).
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SERVICES } from "../../../../lib/rules";
import { OfficeHead } from "../../../components/office/page";
import { useSchemaForm } from "../../../components/ui/form";
import { DetailsForm, detailsFields } from "../../../components/ui/questionnaire-forms";
import { apiActionError, apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { formatDateTime } from "../../../lib/dates";
import { endpoints } from "../../../lib/endpoints.server";
import { titleMeta, Toast, useTranslation } from "../../../lib/every-page";
import { validateForm, type FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { detailsOf } from "../../../lib/questionnaires.server";
import { questionnaireBody } from "../../../lib/schemas.server";
import { checkForm, readForm } from "../../../lib/security.server";
import { redirectWithToast } from "../../../lib/toast.server";

export const meta = titleMeta<typeof loader>("Questionnaires · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person } = await requireAccount(request, context, ["staff"]);
  const list = await api.call(endpoints.officeQuestionnaires).catch((e) => apiLoaderError(e, request, context));
  return { list, timeZone: person.time_zone, title: workspaceT("office.intake.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const { values, input } = detailsOf(formData);
  const { data, failure } = validateForm(questionnaireBody, values, "en", { input });
  if (failure) return failure;
  try {
    const made = await api.call(endpoints.officeAddQuestionnaire, { body: data });
    return await redirectWithToast(request, context, `/office/questionnaires/${made.id}`, {
      type: "success",
      message: workspaceT("office.intake.added", { name: made.name }),
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}

export default function OfficeQuestionnaires() {
  const { list, timeZone } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  const form = useSchemaForm(failure, { id: "new-questionnaire", order: detailsFields });
  return (
    <section className="container page">
      <OfficeHead title={t("office.intake.heading")} />
      <p className="muted">{t("office.intake.intro")}</p>
      {list.length ? (
        <table className="table table--stack">
          <thead>
            <tr>
              <th scope="col">{t("office.intake.name")}</th>
              <th scope="col">{t("office.intake.sentWhen")}</th>
              <th scope="col">{t("office.intake.versionHead")}</th>
              <th scope="col">{t("office.intake.sentTo")}</th>
              <th scope="col">{t("office.intake.changed")}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((q) => (
              <tr key={q.id}>
                <td data-label={t("office.intake.name")}>
                  <Link to={`/office/questionnaires/${q.id}`}>{q.name}</Link>
                  {q.retired ? <span className="tag"> {t("office.intake.retired")}</span> : null}
                </td>
                <td data-label={t("office.intake.sentWhen")}>
                  {q.services.length
                    ? q.services.map((s) => t(`services.s${s}.name`)).join(", ")
                    : t("office.intake.byAgentOnly")}
                </td>
                <td data-label={t("office.intake.versionHead")}>{q.version}</td>
                <td data-label={t("office.intake.sentTo")}>{q.sent}</td>
                <td data-label={t("office.intake.changed")}>{formatDateTime(q.updated_at, timeZone)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="empty-state">{t("office.intake.none")}</p>
      )}
      <section className="card" aria-labelledby="new-heading">
        <h2 id="new-heading">{t("office.intake.new")}</h2>
        <DetailsForm
          form={form}
          services={Object.values(SERVICES).map((id) => ({ id }))}
          chosen={[]}
          submit={t("office.intake.create")}
        />
      </section>
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { OfficeErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
