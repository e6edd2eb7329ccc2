/**
 * A question of a questionnaire, written in the office (issue 40, point 1): a new one at the end of a section
 * (`?section=`), or one changed (`?key=`): its kind, whether it is required, its words and help in every language,
 * its options one a line (each language's lines in the same order), and the earlier answer it depends on.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { wordsFields, type Question } from "../../../../lib/intake";
import { OfficeHead } from "../../../components/office/page";
import { useSchemaForm } from "../../../components/ui/form";
import { QuestionForm, questionFields } from "../../../components/ui/questionnaire-forms";
import { apiActionError, apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { orErrorTitle, titleMeta, Toast, useTranslation } from "../../../lib/every-page";
import { validateForm, type FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";
import { questionFormValues } from "../../../lib/questionnaires.server";
import { questionBody } from "../../../lib/schemas.server";
import { checkForm, readForm } from "../../../lib/security.server";
import { redirectWithToast } from "../../../lib/toast.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Question"));

/** Which question the page is about: one to change (`key`), or a new one in a section (`section`). */
function target(request: Request, q: { content: { sections: Array<{ key: string; questions: Question[] }> } }) {
  const url = new URL(request.url);
  const key = url.searchParams.get("key");
  const section = url.searchParams.get("section");
  if (key) {
    const question = q.content.sections.flatMap((s) => s.questions).find((x) => x.key === key);
    if (question) return { key, question, section: null };
  } else if (section && q.content.sections.some((s) => s.key === section)) {
    return { key: null, question: null, section };
  }
  throw new Response("Not found", { status: 404 });
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  const q = await api.call(endpoints.officeQuestionnaire, { params: { id } }).catch((e) => apiLoaderError(e, request, context));
  const { key, question, section } = target(request, q);
  return {
    q,
    key,
    question,
    section,
    title: workspaceT(key ? "office.intake.editQuestion" : "office.intake.addQuestion"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const q = await api.call(endpoints.officeQuestionnaire, { params: { id } });
  const { key, section } = target(request, q);
  const values = questionFormValues(formData);
  const { data, failure } = validateForm(questionBody, values);
  if (failure) return failure;
  try {
    const saved = key
      ? await api.call(endpoints.officeEditQuestion, { params: { id, key }, body: data })
      : await api.call(endpoints.officeAddQuestion, { params: { id, key: section! }, body: data });
    const last = key ?? saved.content.sections.find((s) => s.key === section)?.questions.at(-1)?.key ?? "";
    return await redirectWithToast(request, context, `/office/questionnaires/${id}#item-${last}`, {
      type: "success",
      message: workspaceT(key ? "office.intake.questionSaved" : "office.intake.questionAdded"),
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}

/** A question as its form shows it: options one a line, in each language. */
function storedOf(question: Question | null): Record<string, string> {
  if (!question) return {};
  const lines = (lang: "en" | "ar" | "es" | "fr") =>
    question.options.map((o) => (lang === "en" ? o.label.en : (o.label[lang] ?? ""))).join("\n");
  return {
    kind: question.kind,
    required: question.required ? "on" : "",
    ...wordsFields("label", question.label),
    ...wordsFields("help", question.help),
    ...wordsFields("options", null, lines),
    show_if_key: question.show_if?.key ?? "",
    show_if_value: question.show_if?.value ?? "",
    dates: question.dates ?? "",
  };
}

export default function OfficeQuestion() {
  const { q, key, question } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  const form = useSchemaForm(failure, { id: "question", order: questionFields, stored: storedOf(question) });
  return (
    <section className="container page">
      <OfficeHead title={key ? t("office.intake.editQuestion") : t("office.intake.addQuestion")} />
      <p className="eyebrow">
        <Link to={`/office/questionnaires/${q.id}`}>{q.name}</Link>
      </p>
      {q.in_use ? <p className="notice">{t("office.intake.newVersionNote")}</p> : null}
      <QuestionForm
        form={form}
        content={q.content}
        editing={key}
        submit={key ? t("office.intake.save") : t("office.intake.addQuestion")}
      />
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { OfficeErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
