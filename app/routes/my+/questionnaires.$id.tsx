/**
 * The client answers a questionnaire (issue 40, point 2), in their language (right to left in Arabic): one section
 * at a time (`?section=`), saved as they go so they can leave and come back, then read back whole and sent to their
 * agent (`?section=review`). Returned by the agent, only the answers to correct can change, each with the agent's
 * word. Sent or accepted, the answers are read back. Plain posts without JavaScript (multipart when a section asks
 * for a file); with it, a question shows only while the answer it depends on holds.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ClientQuestionnaire } from "../../../lib/contract";
import { isAnswered, isShown, openStates, stateStamp, wordsIn, type QuestionnaireContent } from "../../../lib/intake";
import { FormError } from "../../components/ui/fields";
import { readRefusal, useSchemaForm } from "../../components/ui/form";
import { AnswerList, QuestionField, typedValue, useAnswerWords, useShownQuestions } from "../../components/ui/questionnaire";
import { ApiCallError, apiActionError, apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import {
  asLang,
  AuthenticityTokenInput,
  intlLocale,
  type Lang,
  orErrorTitle,
  Toast,
  useIntlLocale,
  useTranslation,
  unlistedTitleMeta,
} from "../../lib/every-page";
import { fixFields, refuse, type FormFailure } from "../../lib/forms.server";
import { translator } from "../../lib/i18n.server";
import { routeId } from "../../lib/params";
import { refusalWords, requestLang } from "../../lib/refusals.server";
import { checkForm, readForm } from "../../lib/security.server";
import { redirectWithToast } from "../../lib/toast.server";
import { readUpload } from "../../lib/upload.server";

export const meta = orErrorTitle(unlistedTitleMeta<typeof loader>("Questionnaire"));

const REVIEW = "review";

/** The countries by name in the client's language. */
function countryNames(codes: Array<{ code: string }>, lang: Lang) {
  const names = new Intl.DisplayNames([intlLocale(lang)], { type: "region" });
  return codes
    .map((c) => ({ code: c.code, name: names.of(c.code) ?? c.code }))
    .sort((a, b) => a.name.localeCompare(b.name, intlLocale(lang)));
}

/** Where to start: the first section with something still to do, else the review. */
function firstToDo(copy: ClientQuestionnaire): string {
  const values = Object.fromEntries(Object.entries(copy.answers).map(([k, a]) => [k, a.value ?? undefined]));
  const todo = copy.content.sections.find((s) =>
    s.questions.some((q) =>
      copy.status === "returned"
        ? copy.answers[q.key]?.returned
        : q.required && isShown(copy.content, q, values) && !isAnswered(copy.answers[q.key]?.value),
    ),
  );
  return todo?.key ?? REVIEW;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person } = await requireAccount(request, context, ["client"]);
  const id = routeId(params.id);
  const [copy, countries] = await Promise.all([api.call(endpoints.myQuestionnaire, { params: { id } }), api.countries()]).catch(
    (e) => apiLoaderError(e, request, context),
  );
  const lang = asLang(person.language);
  const asked = new URL(request.url).searchParams.get("section");
  const open = openStates.includes(copy.status);
  const section = !open
    ? REVIEW
    : asked === REVIEW || copy.content.sections.some((s) => s.key === asked)
      ? asked!
      : firstToDo(copy);
  return {
    copy,
    section,
    lang,
    countries: copy.content.sections.some((s) => s.questions.some((q) => q.kind === "country"))
      ? countryNames(countries, lang)
      : [],
    timeZone: person.time_zone,
    title: wordsIn(copy.content.title, lang),
  };
}

/** What the section's form sent, as the API takes it (several choices as lists) and as the page shows it back. */
function sectionAnswers(content: QuestionnaireContent, sectionKey: string, form: FormData) {
  const answers: Record<string, string | string[]> = {};
  const typed: Record<string, string> = {};
  for (const q of content.sections.find((s) => s.key === sectionKey)?.questions ?? []) {
    if (q.kind === "file") continue;
    if (q.kind === "choices") {
      const list = form.getAll(q.key).map(String);
      answers[q.key] = list;
      typed[q.key] = JSON.stringify(list);
    } else {
      const v = String(form.get(q.key) ?? "");
      answers[q.key] = v;
      typed[q.key] = v;
    }
  }
  return { answers, typed };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["client"]);
  const id = routeId(params.id);
  const lang = await requestLang(request, context);
  const t = translator(lang);
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  const upload = multipart
    ? await readUpload(request, { maxFiles: 20, optional: true, fileField: (n) => n.startsWith("file_") })
    : null;
  try {
    const formData = upload?.formData ?? (await readForm(request));
    await checkForm(formData, request);
    const here = `/my/questionnaires/${id}`;
    if (formData.get("intent") === "submit") {
      try {
        await api.call(endpoints.mySubmitQuestionnaire, { params: { id } });
      } catch (error) {
        return apiActionError(error, request, context, {});
      }
      return redirectWithToast(request, context, "/my#questionnaires", { type: "success", message: t("intake.sent") });
    }
    const sectionKey = String(formData.get("section") ?? "");
    const copy = await api.call(endpoints.myQuestionnaire, { params: { id } });
    const { answers, typed } = sectionAnswers(copy.content, sectionKey, formData);
    const say = refusalWords(lang);
    if (upload?.problem) {
      return refuse(typed, { formError: fixFields(lang), fieldErrors: { form: [say(upload.problem)] } });
    }
    try {
      for (const f of upload?.files ?? []) {
        const question = f.field.slice("file_".length);
        try {
          await api.call(endpoints.myAnswerFile, {
            params: { id },
            query: { name: f.name, question },
            upload: { file: f.file, type: f.type || "application/octet-stream" },
          });
        } catch (error) {
          // A refused file is said beside its question, naming it.
          if (error instanceof ApiCallError && error.status < 500) {
            const refusal = error.errors?.file?.[0] ?? error.errors?.name?.[0] ?? error.refusal;
            return refuse(
              typed,
              { formError: fixFields(lang), fieldErrors: { [question]: [say(refusal, "file")] } },
              { status: error.status },
            );
          }
          throw error;
        }
      }
      await api.call(endpoints.mySaveAnswers, { params: { id }, body: { section: sectionKey, answers } });
    } catch (error) {
      return apiActionError(error, request, context, typed);
    }
    const sections = copy.content.sections.map((s) => s.key);
    const next = formData.get("go") === "next" ? (sections[sections.indexOf(sectionKey) + 1] ?? REVIEW) : sectionKey;
    return redirectWithToast(request, context, `${here}?section=${encodeURIComponent(next)}`, {
      type: "success",
      message: t("intake.saved"),
    });
  } finally {
    await Promise.all((upload?.files ?? []).map((f) => f.file.dispose()));
  }
}

function SectionForm({ failure }: { failure?: FormFailure }) {
  const { copy, section, lang, countries } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  // Conform draws the answers; the server checks them (each question by its kind and the questionnaire's rules).
  const form = useSchemaForm(failure, { id: "answers" });
  const current = copy.content.sections.find((s) => s.key === section)!;
  const saved = Object.fromEntries(Object.entries(copy.answers).map(([k, a]) => [k, a.value ?? undefined]));
  const initial = { ...saved };
  for (const q of current.questions) {
    const typed = typedValue(form.typed(q.key));
    if (typed !== undefined) initial[q.key] = typed;
  }
  const { shown, onChange } = useShownQuestions(copy.content, initial);
  const returned = copy.status === "returned";
  const words = useAnswerWords(lang, countries, copy.files);
  const firstBad = current.questions.find((q) => form.errors(q.key)?.length)?.key;
  const index = copy.content.sections.indexOf(current);
  return (
    <Form
      method="post"
      className="form questionnaire-form"
      encType={current.questions.some((q) => q.kind === "file") ? "multipart/form-data" : undefined}
      onChange={onChange}
      {...form.props}
      key={form.key}
    >
      <AuthenticityTokenInput />
      <input type="hidden" name="section" value={current.key} />
      <h2>
        {t("intake.step", { n: index + 1, of: copy.content.sections.length })} {wordsIn(current.title, lang)}
      </h2>
      <FormError message={form.formError} />
      {form.errors("form") ? <p className="field__error">{form.errors("form")![0]}</p> : null}
      {current.questions.map((q) =>
        returned && !copy.answers[q.key]?.returned ? (
          // Not asked to correct: read back, not changed.
          <div key={q.key} className="field question" hidden={!shown(q)}>
            <p className="question__label">{wordsIn(q.label, lang)}</p>
            <p>{words(q, copy.answers[q.key]?.value) || <span className="muted">{t("intake.noAnswer")}</span>}</p>
          </div>
        ) : (
          <QuestionField
            key={q.key}
            q={q}
            content={copy.content}
            lang={lang}
            value={initial[q.key]}
            errors={form.errors(q.key)}
            countries={countries}
            file={copy.files[q.key]}
            fileHref={(f) => `/my/documents/${f.document_id}/files/${f.file_id}`}
            note={copy.answers[q.key]?.returned ? copy.answers[q.key]?.returned_note : null}
            autoFocus={firstBad === q.key}
            hidden={!shown(q)}
          />
        ),
      )}
      <div className="form__actions">
        <button type="submit" name="go" value="next" className="button button--primary" disabled={busy}>
          {t("intake.saveNext")}
        </button>
        <button type="submit" name="go" value="stay" className="button" disabled={busy}>
          {t("intake.save")}
        </button>
      </div>
    </Form>
  );
}

function Review({ failure }: { failure?: FormFailure }) {
  const { copy, lang, countries } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const words = useAnswerWords(lang, countries, copy.files);
  const open = openStates.includes(copy.status);
  const refusal = readRefusal(failure);
  const missing = copy.content.sections.flatMap((s) => s.questions).filter((q) => refusal.errors(q.key)?.length);
  return (
    <>
      <h2>{open ? t("intake.reviewHeading") : t("intake.yourAnswers")}</h2>
      <FormError message={refusal.formError} />
      {missing.length ? (
        <ul className="field__error">
          {missing.map((q) => (
            <li key={q.key}>
              <a href={`?section=${copy.content.sections.find((s) => s.questions.includes(q))!.key}#question-${q.key}`}>
                {wordsIn(q.label, lang)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <AnswerList
        content={copy.content}
        answers={copy.answers}
        lang={lang}
        words={words}
        files={copy.files}
        fileHref={(f) => `/my/documents/${f.document_id}/files/${f.file_id}`}
      />
      <p>
        <a href={`/my/questionnaires/${copy.id}/answers.pdf`} download>
          {t("intake.pdf")}
        </a>
      </p>
      {open ? (
        <Form method="post" className="form">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="submit" />
          <p className="muted">{t("intake.sendHint")}</p>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("intake.send")}
          </button>
        </Form>
      ) : null}
    </>
  );
}

export default function MyQuestionnaire() {
  const { copy, section, lang, timeZone } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const open = openStates.includes(copy.status);
  const values = Object.fromEntries(Object.entries(copy.answers).map(([k, a]) => [k, a.value ?? undefined]));
  return (
    <section className="container page my-page">
      <p className="eyebrow">
        <Link to="/my">{t("my.title")}</Link>
      </p>
      <h1>{wordsIn(copy.content.title, lang)}</h1>
      <p className="muted">
        {t(`intake.states.${copy.status}`, {
          when: formatDateTime(stateStamp(copy), timeZone, locale),
        })}
      </p>
      {copy.content.intro && section !== REVIEW ? <p className="intro">{wordsIn(copy.content.intro, lang)}</p> : null}
      {copy.status === "returned" ? (
        <div className="notice notice--warning" role="status">
          <p>{t("intake.returned")}</p>
          {copy.review_note ? <p dir="auto">{copy.review_note}</p> : null}
        </div>
      ) : null}
      {open ? (
        <nav aria-label={t("intake.sections")}>
          <ol className="steps">
            {copy.content.sections.map((s) => {
              const done = s.questions.every(
                (q) => !q.required || !isShown(copy.content, q, values) || isAnswered(copy.answers[q.key]?.value),
              );
              return (
                <li key={s.key} aria-current={s.key === section ? "step" : undefined}>
                  <Link to={`?section=${s.key}`}>{wordsIn(s.title, lang)}</Link>
                  {done ? <span className="tag"> {t("intake.done")}</span> : null}
                </li>
              );
            })}
            <li aria-current={section === REVIEW ? "step" : undefined}>
              <Link to={`?section=${REVIEW}`}>{t("intake.reviewStep")}</Link>
            </li>
          </ol>
        </nav>
      ) : null}
      {section === REVIEW ? <Review failure={failure} /> : <SectionForm failure={failure} />}
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { ClientAreaErrorBoundary as ErrorBoundary } from "../../lib/every-page";
