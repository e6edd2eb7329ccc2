/**
 * One questionnaire in the office (issue 40, point 1): its details, its sections and their questions (each moved up
 * or down, removed, or changed on its own page), a section added, and the questionnaire retired or brought back.
 * Once a version has gone to a client, the next change makes a new version: the page says so.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { wordsFields, wordsIn, type Section } from "../../../../lib/intake";
import { SERVICES } from "../../../../lib/rules";
import { OfficeHead } from "../../../components/office/page";
import { FormError } from "../../../components/ui/fields";
import { useSchemaForm } from "../../../components/ui/form";
import { DetailsForm, detailsFields, WordsFields } from "../../../components/ui/questionnaire-forms";
import { apiActionError, apiLoaderError, apiRedirectError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { AuthenticityTokenInput, orErrorTitle, titleMeta, Toast, useTranslation } from "../../../lib/every-page";
import { forForm, textFields, validateForm, type FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";
import { detailsOf } from "../../../lib/questionnaires.server";
import { questionnaireBody, sectionBody } from "../../../lib/schemas.server";
import { checkForm, readForm } from "../../../lib/security.server";
import { redirectWithToast } from "../../../lib/toast.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Questionnaire"));

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  const q = await api.call(endpoints.officeQuestionnaire, { params: { id } }).catch((e) => apiLoaderError(e, request, context));
  return { q, title: workspaceT("office.intake.pageTitle", { name: q.name }) };
}

const sectionFields = ["title", "title_ar", "title_es", "title_fr"] as const;
const KEY = /^[sq]\d{1,6}$/;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const here = `/office/questionnaires/${id}`;
  const intent = String(formData.get("intent") ?? "");
  const key = String(formData.get("key") ?? "");
  const done = (message: string, anchor = "") =>
    redirectWithToast(request, context, `${here}${anchor}`, { type: "success", message: workspaceT(message) });
  if (intent === "details") {
    const { values, input } = detailsOf(formData);
    const { data, failure } = validateForm(questionnaireBody, values, "en", { input });
    if (failure) return forForm(failure, "details");
    try {
      await api.call(endpoints.officeEditQuestionnaire, { params: { id }, body: data });
      return await done("office.intake.saved");
    } catch (error) {
      return forForm(await apiActionError(error, request, context, values), "details");
    }
  }
  if (intent === "add-section" || intent === "edit-section") {
    const form = intent === "add-section" ? "add-section" : `section-${key}`;
    const values = textFields(formData, sectionFields);
    const { data, failure } = validateForm(sectionBody, values);
    if (failure) return forForm(failure, form);
    try {
      if (intent === "add-section") await api.call(endpoints.officeAddSection, { params: { id }, body: data });
      else await api.call(endpoints.officeEditSection, { params: { id, key }, body: data });
      return await done(intent === "add-section" ? "office.intake.sectionAdded" : "office.intake.saved");
    } catch (error) {
      return forForm(await apiActionError(error, request, context, values), form);
    }
  }
  try {
    if ((intent === "up" || intent === "down") && KEY.test(key)) {
      await api.call(endpoints.officeMoveItem, { params: { id, key }, body: { direction: intent } });
      return await done("office.intake.moved", `#item-${key}`);
    }
    if (intent === "remove" && KEY.test(key)) {
      await api.call(endpoints.officeRemoveItem, { params: { id, key } });
      return await done("office.intake.removed");
    }
    if (intent === "retire" || intent === "restore") {
      await api.call(endpoints.officeRetireQuestionnaire, { params: { id }, body: { retired: intent === "retire" } });
      return await done(intent === "retire" ? "office.intake.retiredDone" : "office.intake.restoredDone");
    }
  } catch (error) {
    return apiRedirectError(error, request, context, here);
  }
  throw new Response("Unknown action", { status: 400 });
}

/** Up, down and remove for a section or a question. */
function ItemButtons({ itemKey, first, last, label }: { itemKey: string; first: boolean; last: boolean; label: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="form--inline">
      <AuthenticityTokenInput />
      <input type="hidden" name="key" value={itemKey} />
      <button
        type="submit"
        name="intent"
        value="up"
        className="button button--ghost"
        disabled={busy || first}
        aria-label={t("office.intake.upOf", { label })}
      >
        {t("office.intake.up")}
      </button>{" "}
      <button
        type="submit"
        name="intent"
        value="down"
        className="button button--ghost"
        disabled={busy || last}
        aria-label={t("office.intake.downOf", { label })}
      >
        {t("office.intake.down")}
      </button>{" "}
      <button
        type="submit"
        name="intent"
        value="remove"
        className="button button--ghost"
        disabled={busy}
        aria-label={t("office.intake.removeOf", { label })}
      >
        {t("office.intake.remove")}
      </button>
    </Form>
  );
}

function SectionCard({
  s,
  index,
  count,
  qid,
  failure,
}: {
  s: Section;
  index: number;
  count: number;
  qid: number;
  failure?: FormFailure;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const stored = wordsFields("title", s.title);
  const form = useSchemaForm(failure, { form: `section-${s.key}`, id: `section-${s.key}`, stored });
  return (
    <section className="card" id={`item-${s.key}`} aria-labelledby={`section-${s.key}-title`}>
      <h2 id={`section-${s.key}-title`}>
        {t("office.intake.sectionN", { n: index + 1 })} {s.title.en}
      </h2>
      <ItemButtons itemKey={s.key} first={index === 0} last={index === count - 1} label={s.title.en} />
      {s.questions.length ? (
        <ol className="questions">
          {s.questions.map((q, i) => (
            <li key={q.key} id={`item-${q.key}`}>
              <strong>{q.label.en}</strong>{" "}
              <span className="muted">
                · {t(`office.intake.kinds.${q.kind}`)}
                {q.required ? ` · ${t("office.intake.requiredShort")}` : ""}
                {q.show_if ? ` · ${t("office.intake.conditional")}` : ""}
                {[q.label.ar, q.label.es, q.label.fr].some(Boolean) ? "" : ` · ${t("office.intake.englishOnly")}`}
              </span>{" "}
              <Link to={`/office/questionnaires/${qid}/question?key=${q.key}`}>{t("office.intake.editQuestion")}</Link>
              <ItemButtons itemKey={q.key} first={i === 0} last={i === s.questions.length - 1} label={q.label.en} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="empty-state">{t("office.intake.noQuestions")}</p>
      )}
      <p>
        <Link to={`/office/questionnaires/${qid}/question?section=${s.key}`} className="button">
          {t("office.intake.addQuestion")}
        </Link>
      </p>
      <details>
        <summary>{t("office.intake.renameSection")}</summary>
        <Form method="post" className="form" {...form.props} key={form.key}>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="edit-section" />
          <input type="hidden" name="key" value={s.key} />
          <FormError message={form.formError} />
          <WordsFields form={form} name="title" label={t("office.intake.sectionTitle")} max={120} />
          <button type="submit" className="button" disabled={busy}>
            {t("office.intake.save")}
          </button>
        </Form>
      </details>
    </section>
  );
}

export default function OfficeQuestionnaire() {
  const { q } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const c = q.content;
  const stored = {
    name: q.name,
    ...wordsFields("title", c.title),
    ...wordsFields("intro", c.intro),
  };
  const details = useSchemaForm(failure, { form: "details", id: "details", order: detailsFields, stored });
  const addSection = useSchemaForm(failure, { form: "add-section", id: "add-section" });
  return (
    <section className="container page">
      <OfficeHead title={q.name} />
      <p className="muted">
        {t("office.intake.versionLine", { n: q.version, sent: q.sent })}{" "}
        {q.in_use ? t("office.intake.inUse") : t("office.intake.notInUse")}
      </p>
      {q.retired ? <p className="notice notice--warning">{t("office.intake.isRetired")}</p> : null}
      <Form method="post" className="form--inline">
        <AuthenticityTokenInput />
        <button
          type="submit"
          name="intent"
          value={q.retired ? "restore" : "retire"}
          className="button button--ghost"
          disabled={busy}
        >
          {q.retired ? t("office.intake.restore") : t("office.intake.retire")}
        </button>
      </Form>
      <p>
        {t("office.intake.preview")}: <strong>{wordsIn(c.title, "en")}</strong>
      </p>
      {q.sent ? (
        <p>
          <a href={`/office/questionnaires/${q.id}/answers.csv`} download>
            {t("office.intake.csv")}
          </a>
        </p>
      ) : null}
      {c.sections.map((s, i) => (
        <SectionCard key={s.key} s={s} index={i} count={c.sections.length} qid={q.id} failure={failure} />
      ))}
      {c.sections.length ? null : <p className="empty-state">{t("office.intake.noSections")}</p>}
      <section className="card" aria-labelledby="add-section-heading">
        <h2 id="add-section-heading">{t("office.intake.addSection")}</h2>
        <Form method="post" className="form" {...addSection.props} key={addSection.key}>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="add-section" />
          <FormError message={addSection.formError} />
          <WordsFields form={addSection} name="title" label={t("office.intake.sectionTitle")} max={120} />
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("office.intake.addSection")}
          </button>
        </Form>
      </section>
      <section className="card" aria-labelledby="details-heading">
        <h2 id="details-heading">{t("office.intake.details")}</h2>
        <DetailsForm
          form={details}
          services={Object.values(SERVICES).map((id) => ({ id }))}
          chosen={q.services}
          submit={t("office.intake.save")}
        />
      </section>
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { OfficeErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
