import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { TimelineEntry } from "../../../../lib/contract";
import { expiryWindow } from "../../../../lib/documents";
import { Field, FormError, TextAreaField } from "../../../components/ui/fields";
import { useSchemaForm } from "../../../components/ui/form";
import { JoinLink } from "../../../components/ui/join-link";
import { AttentionList } from "../../../components/workspace/attention-list";
import { CartTable, cartTotals } from "../../../components/workspace/cart-items";
import { ClientCredits } from "../../../components/workspace/client-credits";
import { DocumentChecklist } from "../../../components/workspace/document-checklist";
import { apiActionError, apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { countryName } from "../../../lib/countries";
import { formatDateTime, timesIn } from "../../../lib/dates";
import { endpoints } from "../../../lib/endpoints.server";
import {
  AuthenticityTokenInput,
  companyOf,
  isLang,
  orErrorTitle,
  type T,
  Toast,
  Trans,
  useKindLabel,
  useTranslation,
} from "../../../lib/every-page";
import { textFields, validateForm, type FormFailure, forForm } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";
import { documentAddBody, noteBody } from "../../../lib/schemas.server";
import { checkForm, readForm } from "../../../lib/security.server";
import { loadSite } from "../../../lib/site.server";
import { redirectWithToast } from "../../../lib/toast.server";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  { title: data ? `${data.client.first_name} ${data.client.last_name} · ${companyOf(matches)}` : "Client not found" },
]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const id = routeId(params.id);
  const [view, countries, requests, credits] = await Promise.all([
    api.call(endpoints.viewClient, { params: { clientId: id } }),
    api.countries(),
    api.call(endpoints.documentRequests, { params: { clientId: id } }),
    api.call(endpoints.clientCredits, { params: { clientId: id } }),
  ]).catch((e) => apiLoaderError(e, request, context));
  const cutoffHours = (await loadSite(context)).cancel_cutoff_hours;
  const open = requests.requests.filter((r) => !r.withdrawn_at).length;
  return {
    ...view,
    access: { ...requests.access, open },
    // Session pack credits (issue 41): the packs still running, and those ended in the last 30 days.
    credits: credits.filter((c) => !c.expired || Date.parse(c.expires_at) > Date.now() - 30 * 86_400_000),
    countries,
    timeZone: agent.time_zone,
    now: new Date().toISOString(),
    cutoffHours,
  };
}

/** A note on the client (append-only: a correction is a new note), or a document added to the checklist. */
/** The action's schemas, checked in the browser too (fetched on a form's first focus). */
const documentCheck = {
  schema: () => import("../../../../lib/contract/documents").then((m) => m.documentAddBody),
  fields: ["title"],
};
const noteCheck = { schema: () => import("../../../../lib/contract/clients").then((m) => m.noteBody), fields: ["body"] };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  if (formData.get("intent") === "add-document") {
    const values = textFields(formData, ["intent", "title"]);
    const { data, failure } = validateForm(documentAddBody, values);
    if (failure) return forForm(failure, "document");
    try {
      const doc = await api.call(endpoints.addDocument, { params: { clientId: id }, body: { title: data.title } });
      return await redirectWithToast(request, context, `/clients/${id}/documents/${doc.id}`, {
        type: "success",
        message: workspaceT("work.client.documentAdded", { title: doc.title }),
      });
    } catch (error) {
      return forForm(await apiActionError(error, request, context, values), "document");
    }
  }
  const values = textFields(formData, ["body"]);
  const { data, failure } = validateForm(noteBody, values);
  if (failure) return forForm(failure, "note");
  try {
    await api.call(endpoints.addNote, { params: { clientId: id }, body: { body: data.body } });
    return await redirectWithToast(request, context, `/clients/${id}#timeline`, {
      type: "success",
      message: workspaceT("work.client.noteAdded"),
    });
  } catch (error) {
    return forForm(await apiActionError(error, request, context, values), "note");
  }
}

function refLink(t: T, ref: string | null, clientId: number) {
  const [kind, id] = (ref ?? "").split(":");
  if (kind === "document" && id) return { to: `/clients/${clientId}/documents/${id}`, label: t("work.client.theDocument") };
  if (kind === "order" && id) return { to: `/orders/${id}`, label: t("work.client.orderN", { id }) };
  if (kind === "booking") return { to: "/bookings", label: t("work.client.sessions") };
  if (kind === "request") return { to: `/clients/${clientId}/requests`, label: t("work.client.theRequests") };
  return null;
}

function Timeline({ entries, timeZone, clientId }: { entries: TimelineEntry[]; timeZone: string; clientId: number }) {
  const { t } = useTranslation();
  const kindOf = useKindLabel("work.client.kinds");
  if (!entries.length) return <p className="empty-state">{t("work.client.nothingYet")}</p>;
  return (
    <ol className="timeline list-reset" data-testid="timeline">
      {entries.map((e) => {
        const link = refLink(t, e.ref, clientId);
        return (
          <li key={e.id} className={e.kind === "note" ? "timeline__item timeline__item--note" : "timeline__item"}>
            <p className="muted timeline__when">
              <time dateTime={e.at}>{formatDateTime(e.at, timeZone)}</time> · {kindOf(e.kind)}
              {e.author ? ` · ${e.author}` : ""}
            </p>
            <p className={e.kind === "note" ? "notes" : undefined} dir={e.kind === "note" ? "auto" : undefined}>
              {/* A note is the agent's own words; the portal's lines name times, shown in the reader's zone. */}
              {e.kind === "note" ? e.summary : timesIn(e.summary, timeZone)}
              {link ? (
                <>
                  {" "}
                  <Link to={link.to}>{link.label}</Link>
                </>
              ) : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

export default function ClientPage() {
  const { client, cart, timeline, attention, documents, sessions, countries, timeZone, now, cutoffHours, access, credits } =
    useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  // The page has two forms: a refusal names its own (forForm).
  const documentForm = useSchemaForm(failure, { form: "document", check: documentCheck });
  const noteForm = useSchemaForm(failure, { form: "note", check: noteCheck });
  const { today, horizon } = expiryWindow(new Date(now), timeZone);
  const busy = useNavigation().state === "submitting";
  const location = useLocation();
  const { t } = useTranslation();
  // An address and a phone number read left to right, whatever the page around them (issue 66).
  const rows: Array<[string, ReactNode]> = [
    [t("work.clientFields.email"), <bdi dir="ltr">{client.email}</bdi>],
    [t("work.clientFields.phone"), client.phone ? <bdi dir="ltr">{client.phone}</bdi> : "—"],
    [t("work.client.zone"), client.time_zone ?? t("work.client.zoneYours", { zone: timeZone })],
    [t("work.client.language"), isLang(client.language) ? t(`work.languageNames.${client.language}`) : client.language],
    [t("work.clientFields.nationality"), countryName(countries, client.nationality)],
    [t("work.clientFields.currentCountry"), countryName(countries, client.current_country)],
    [t("work.clientFields.destination"), countryName(countries, client.destination_country)],
    [t("work.clientFields.birth"), client.date_of_birth ?? "—"],
    [t("work.clientFields.passport"), client.passport_number ?? "—"],
    [t("work.clientFields.status"), t(`work.clientStatus.${client.status}`)],
  ];
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/clients">{t("work.client.eyebrow")}</Link>
      </p>
      <div className="page-head">
        <h1>
          {client.first_name} {client.last_name}
        </h1>
        <div className="actions">
          <Link to={`/clients/${client.id}/plans`} className="button button--primary">
            {t("work.client.plans")}
          </Link>
          <Link to={`/mentors?client=${client.id}`} className="button button--ghost">
            {t("work.client.bookMentor")}
          </Link>
          <Link to={`/joblist?client=${client.id}`} className="button button--ghost">
            {t("work.client.placeOnJob")}
          </Link>
          <Link to={`/relocation?client=${client.id}`} className="button button--ghost">
            {t("work.client.relocation")}
          </Link>
          <Link to={`/clients/${client.id}#documents`} className="button button--ghost">
            {t("work.client.documents")}
          </Link>
          <Link to={`/clients/${client.id}/edit`} className="button button--ghost">
            {t("work.client.edit")}
          </Link>
          <Link to={`/clients/${client.id}/delete`} className="button button--danger">
            {t("work.client.delete")}
          </Link>
        </div>
      </div>
      {attention.length ? (
        <>
          <h2>{t("work.client.attention")}</h2>
          <AttentionList items={attention} timeZone={timeZone} showClient={false} empty="" />
        </>
      ) : null}
      <dl className="details">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {client.notes ? (
        <>
          <h2>{t("work.clientFields.notes")}</h2>
          <p className="notes" dir="auto">
            {client.notes}
          </p>
        </>
      ) : null}
      <h2 id="documents">{t("work.client.documents")}</h2>
      <DocumentChecklist clientId={client.id} documents={documents} timeZone={timeZone} today={today} horizon={horizon} />
      <div className="client-access">
        <p data-testid="client-access-summary">
          {access.state === "open"
            ? t("work.client.pageOpen", {
                name: client.first_name,
                count: access.open,
                opened: access.last_sign_in_at
                  ? t("work.client.lastOpened", { time: formatDateTime(access.last_sign_in_at, timeZone) })
                  : t("work.client.notOpened"),
              })
            : access.state === "ended"
              ? t("work.client.pageEnded", { name: client.first_name })
              : t("work.client.pageNone", { name: client.first_name })}
        </p>
        {client.archived_at ? null : (
          <>
            <Link to={`/clients/${client.id}/requests`} className="button button--primary">
              {t("work.client.askDocuments")}
            </Link>{" "}
            <Link to={`/clients/${client.id}/messages`} className="button button--ghost">
              {t("work.messages.link")}
            </Link>{" "}
            <Link to={`/clients/${client.id}/questionnaires`} className="button button--ghost">
              {t("work.intake.link")}
            </Link>{" "}
            <Link to={`/clients/${client.id}/agreements`} className="button button--ghost">
              {t("work.agreements.link")}
            </Link>
            <Link to={`/clients/${client.id}/case`} className="button button--ghost">
              {t("work.case.link")}
            </Link>
          </>
        )}
      </div>
      <Form
        method="post"
        className="form form--inline add-document"
        {...documentForm.props}
        key={failure?.form === "document" ? "failed-document" : `document-${location.key}`}
        aria-label={t("work.client.addDocumentLabel")}
      >
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="add-document" />
        <FormError message={documentForm.formError} />
        <Field
          label={t("work.client.anotherDocument")}
          id="document-title"
          maxLength={80}
          placeholder={t("work.client.anotherHint")}
          hint={t("work.client.anotherNote")}
          {...documentForm.field("title")}
        />
        <button type="submit" className="button button--ghost" disabled={busy}>
          {t("work.client.addToChecklist")}
        </button>
      </Form>
      <ClientCredits credits={credits} clientId={client.id} timeZone={timeZone} />
      {sessions.length ? (
        <>
          <h2 id="sessions">{t("work.client.sessionsToCome")}</h2>
          <ul className="list-reset session-list">
            {sessions.map((b) => (
              <li key={b.id} data-testid={`client-session-${b.id}`}>
                <Trans
                  i18nKey="work.client.sessionWith"
                  values={{ time: formatDateTime(b.start_at, timeZone), mentor: b.mentor_name, topic: b.topic }}
                  components={{ strong: <strong />, go: <Link to={`/mentors/${b.mentor_id}`} /> }}
                />{" "}
                {b.status === "held" ? (
                  <span className="muted">{t("work.client.heldUntilPaid")}</span>
                ) : (
                  <JoinLink url={b.join_url} />
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>{t("work.client.inCart", { name: client.first_name })}</h2>
      {cart.length ? (
        <>
          <CartTable items={cart} removable timeZone={timeZone} now={now} cutoffHours={cutoffHours} />
          <p className="cart-total">
            {t("work.client.total")} <strong>{cartTotals(cart).join(" + ")}</strong>
          </p>
        </>
      ) : (
        <p className="empty-state">
          <Trans
            i18nKey="work.client.cartEmpty"
            components={{
              plans: <Link to={`/clients/${client.id}/plans`} />,
              jobs: <Link to={`/joblist?client=${client.id}`} />,
              relocation: <Link to={`/relocation?client=${client.id}`} />,
            }}
          />
        </p>
      )}
      <h2 id="timeline">{t("work.client.timeline")}</h2>
      <Form
        method="post"
        className="form note-form"
        {...noteForm.props}
        key={failure?.form === "note" ? "failed" : location.key}
        aria-labelledby="timeline"
      >
        <AuthenticityTokenInput />
        <FormError message={noteForm.formError} />
        <TextAreaField
          label={t("work.client.addNote")}
          rows={3}
          maxLength={2000}
          hint={t("work.client.noteHint")}
          {...noteForm.field("body")}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t("work.client.saving") : t("work.client.addNoteButton")}
        </button>
      </Form>
      <Timeline entries={timeline} timeZone={timeZone} clientId={client.id} />
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
