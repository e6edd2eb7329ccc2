/**
 * One of a client's questionnaires, for their agent (issue 40, point 2): every answer shown (in English, as the
 * office wrote the questions; the client's own words as they wrote them), files to download, and, once the client
 * sent them, "accept" or "return" with the answers to correct, each with a word (the client is e-mailed).
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { answerText, isShown, wordsIn, type AnswerValue, type Question } from "../../../../lib/intake";
import { FormError, TextAreaField } from "../../../components/ui/fields";
import { useSchemaForm } from "../../../components/ui/form";
import { AnswerList } from "../../../components/ui/questionnaire";
import { IntentForm } from "../../../components/ui/row-form";
import { apiActionError, apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { formatDateTime } from "../../../lib/dates";
import { endpoints } from "../../../lib/endpoints.server";
import { AuthenticityTokenInput, companyOf, orErrorTitle, Toast, useTranslation } from "../../../lib/every-page";
import { refuse, type FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";
import { checkForm, readForm } from "../../../lib/security.server";
import { redirectWithToast } from "../../../lib/toast.server";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Questionnaire not found" },
]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const clientId = routeId(params.id);
  const id = routeId(params.qid);
  const [view, copy] = await Promise.all([
    api.call(endpoints.viewClient, { params: { clientId } }),
    api.call(endpoints.clientQuestionnaire, { params: { clientId, id } }),
  ]).catch((e) => apiLoaderError(e, request, context));
  const name = `${view.client.first_name} ${view.client.last_name}`;
  const regions = new Intl.DisplayNames(["en"], { type: "region" });
  const codes = copy.content.sections
    .flatMap((s) => s.questions)
    .filter((q) => q.kind === "country")
    .map((q) => copy.answers[q.key]?.value);
  return {
    client: { id: clientId, name, language: view.client.language ?? "en" },
    copy,
    countries: Object.fromEntries(codes.filter((c): c is string => typeof c === "string").map((c) => [c, regions.of(c) ?? c])),
    timeZone: agent.time_zone,
    title: `${copy.name}: ${name}`,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const clientId = routeId(params.id);
  const id = routeId(params.qid);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const here = `/clients/${clientId}/questionnaires/${id}`;
  if (formData.get("intent") === "accept") {
    try {
      await api.call(endpoints.acceptQuestionnaire, { params: { clientId, id } });
    } catch (error) {
      return apiActionError(error, request, context, {});
    }
    return redirectWithToast(request, context, here, { type: "success", message: workspaceT("work.intake.accepted") });
  }
  const keys = formData.getAll("return").map(String);
  const values: Record<string, string> = { note: String(formData.get("note") ?? ""), return: keys.join(",") };
  for (const [name, v] of formData.entries()) if (name.startsWith("note_")) values[name] = String(v);
  if (!keys.length) return refuse(values, { formError: workspaceT("work.intake.pickOne") });
  try {
    await api.call(endpoints.returnQuestionnaire, {
      params: { clientId, id },
      body: { note: values.note, questions: keys.map((key) => ({ key, note: values[`note_${key}`] ?? "" })) },
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
  return redirectWithToast(request, context, here, { type: "success", message: workspaceT("work.intake.returned") });
}

export default function ClientQuestionnairePage() {
  const { client, copy, countries, timeZone } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  // Conform draws the form; the server checks what is returned and why.
  const form = useSchemaForm(failure, { id: "return-answers" });
  const ticked = new Set((form.typed("return") ?? "").split(",").filter(Boolean));
  const words = (q: Question, v: AnswerValue | null | undefined) =>
    answerText(q, v, "en", {
      yes: t("work.intake.yes"),
      no: t("work.intake.no"),
      country: (code) => countries[code] ?? code,
      file: () => copy.files[q.key]?.file_name ?? "",
    });
  const values = Object.fromEntries(Object.entries(copy.answers).map(([k, a]) => [k, a.value ?? undefined]));
  const shown = copy.content.sections.flatMap((s) => s.questions).filter((q) => isShown(copy.content, q, values));
  const fileHref = (f: { document_id: number; file_id: number }) =>
    `/clients/${client.id}/documents/${f.document_id}/files/${f.file_id}`;
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to={`/clients/${client.id}/questionnaires`}>{t("work.intake.title", { name: client.name })}</Link>
      </p>
      <h1>{copy.name}</h1>
      <p>
        <span className={`tag tag--${copy.status}`}>{t(`work.intake.states.${copy.status}`)}</span>{" "}
        <span className="muted">
          {t("work.intake.sentAt", { time: formatDateTime(copy.sent_at, timeZone) })}
          {copy.submitted_at ? ` · ${t("work.intake.submittedAt", { time: formatDateTime(copy.submitted_at, timeZone) })}` : ""}
          {copy.returned_at ? ` · ${t("work.intake.returnedAt", { time: formatDateTime(copy.returned_at, timeZone) })}` : ""}
          {copy.accepted_at ? ` · ${t("work.intake.acceptedAt", { time: formatDateTime(copy.accepted_at, timeZone) })}` : ""}
        </span>
      </p>
      {copy.review_note && copy.status === "returned" ? (
        <p className="notice" dir="auto">
          {copy.review_note}
        </p>
      ) : null}
      <h2>{t("work.intake.answers")}</h2>
      <p>
        <a href={`/clients/${client.id}/questionnaires/${copy.id}/answers.pdf`} download>
          {t("work.intake.pdf")}
        </a>
        {client.language !== "en" ? (
          <>
            {" · "}
            <a href={`/clients/${client.id}/questionnaires/${copy.id}/answers.pdf?lang=${client.language}`} download>
              {t("work.intake.pdfIn", { language: t(`work.languageNames.${client.language}`) })}
            </a>
          </>
        ) : null}
      </p>
      {copy.status === "submitted" || copy.status === "accepted" ? null : <p className="muted">{t("work.intake.notYet")}</p>}
      <AnswerList content={copy.content} answers={copy.answers} lang="en" words={words} files={copy.files} fileHref={fileHref} />
      {copy.status === "submitted" ? (
        <>
          <IntentForm intent="accept" className="form" busy={busy}>
            {t("work.intake.accept")}
          </IntentForm>
          <section className="card" aria-labelledby="return-heading">
            <h2 id="return-heading">{t("work.intake.returnHeading")}</h2>
            <p className="muted">{t("work.intake.returnHint")}</p>
            <Form method="post" className="form" {...form.props} key={form.key}>
              <AuthenticityTokenInput />
              <FormError message={form.formError} />
              {shown.map((q) => (
                <fieldset key={q.key} className="return-item">
                  <legend>{wordsIn(q.label, "en")}</legend>
                  <label className="choice">
                    <input type="checkbox" name="return" value={q.key} defaultChecked={ticked.has(q.key)} />{" "}
                    {t("work.intake.correct")}
                  </label>
                  <TextAreaField
                    id={`note_${q.key}`}
                    name={`note_${q.key}`}
                    label={t("work.intake.why")}
                    rows={2}
                    maxLength={500}
                    defaultValue={form.typed(`note_${q.key}`) ?? ""}
                    errors={form.errors(`note_${q.key}`)}
                  />
                </fieldset>
              ))}
              <TextAreaField
                id="note"
                name="note"
                label={t("work.intake.comment")}
                rows={3}
                maxLength={1000}
                defaultValue={form.typed("note") ?? ""}
                errors={form.errors("note")}
              />
              <button type="submit" className="button" disabled={busy}>
                {t("work.intake.returnButton")}
              </button>
            </Form>
          </section>
        </>
      ) : null}
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
