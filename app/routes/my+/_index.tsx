/**
 * The client's own page (issue 24, point 4): what their agent asks of them and what they sent (uploaded, accepted,
 * or rejected with the agent's reason), a form to send files into each document (several at once; with JavaScript,
 * with progress), their upcoming mentor sessions in their own zone with the join link and a calendar file, and who
 * their agent is. Nothing else of the portal: no prices, orders, notes or other clients.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { fileSize, fileSizeInText, MAX_FILES_PER_UPLOAD } from "../../../lib/documents";
import { wordsIn } from "../../../lib/intake";
import { CaseProgress } from "../../components/my/case-progress";
import { SessionMoveRequest } from "../../components/my/session-move-request";
import { DocumentStatus } from "../../components/ui/document-status";
import { readRefusal } from "../../components/ui/form";
import { JoinLink } from "../../components/ui/join-link";
import { PhoneConsent } from "../../components/ui/phone-consent";
import { UploadForm } from "../../components/ui/upload-form";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { askToMove } from "../../lib/client-moves.server";
import { formatDate, formatDateTime } from "../../lib/dates";
import { useDocumentTitle } from "../../lib/document-title";
import { endpoints } from "../../lib/endpoints.server";
import { companyOf, orErrorTitle, Toast, useIntlLocale, useLang, useTranslation } from "../../lib/every-page";
import type { FormFailure } from "../../lib/forms.server";
import { receiveMyUpload } from "../../lib/my-upload.server";
import { routeId } from "../../lib/params";
import { phoneConsentAction, phoneConsents } from "../../lib/phone-consent.server";
import { requestLang } from "../../lib/refusals.server";
import { checkForm, readForm } from "../../lib/security.server";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as { myTitle?: string } | undefined;
  return [{ title: `${root?.myTitle ?? "Your page"} · ${companyOf(matches)}` }, { name: "robots", content: "noindex" }];
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["client"]);
  const lang = await requestLang(request, context);
  const [page, phone] = await Promise.all([api.call(endpoints.myCase), phoneConsents(api, lang)]).catch((e) =>
    apiLoaderError(e, request, context),
  );
  return { ...page, phone };
}

/**
 * The page's own posts: an upload form's without JavaScript (`?document=` names the document), or a request to move
 * a session (`?session=`), refused beside its field in the client's language.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["client"]);
  const url = new URL(request.url);
  // Reminders by SMS or WhatsApp (issue 42): the client agrees to them, or withdraws, here.
  if (url.searchParams.has("reminders")) {
    const formData = await readForm(request);
    await checkForm(formData, request);
    const lang = await requestLang(request, context);
    return phoneConsentAction(request, context, api, formData, { lang, back: "/my#reminders" });
  }
  if (url.searchParams.has("session")) {
    const id = routeId(url.searchParams.get("session") ?? undefined);
    return askToMove(
      request,
      context,
      (reason) => api.call(endpoints.myMoveRequest, { params: { id }, body: { reason } }),
      `move-${id}`,
      `/my#session-${id}`,
    );
  }
  const documentId = routeId(url.searchParams.get("document") ?? undefined);
  return receiveMyUpload(request, context, documentId);
}

export default function MyPage() {
  const {
    client,
    agent,
    messages,
    documents,
    sessions,
    uploads,
    cases,
    questionnaires,
    agreements,
    credits,
    unread_messages: unread,
    phone,
  } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const failure = useActionData<FormFailure>();
  const zone = client.time_zone;
  const asked = documents.filter((d) => d.asked);
  // The client's language (the root's, from the client's record): words from the catalogue, dates as it writes them.
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const lang = useLang();
  const documentTitle = useDocumentTitle();
  const at = (iso: string) => formatDateTime(iso, zone, locale);
  return (
    <section className="container page my-page">
      <h1>{t("my.hello", { name: client.first_name })}</h1>
      <p className="lead">
        {asked.length
          ? asked.length === 1
            ? t("my.waitingOne")
            : t("my.waitingMany", { count: asked.length })
          : t("my.notWaiting")}
      </p>

      <aside className="card my-agent" aria-labelledby="my-agent">
        <h2 id="my-agent">{t("my.yourAgent")}</h2>
        <p>
          <strong>{agent.name}</strong>
          <br />
          <a href={`mailto:${agent.email}`} dir="ltr">
            {agent.email}
          </a>
        </p>
        <p>
          <Link to="/my/devices">{t("my.devicesLink")}</Link>
        </p>
        <p>
          <Link to="/my/messages" className="button button--ghost">
            {t("conversation.open")}
            {unread ? ` · ${unread === 1 ? t("conversation.newOne") : t("conversation.newMany", { count: unread })}` : ""}
          </Link>
        </p>
        {messages.length ? (
          <blockquote className="my-message">
            <p>{messages[0]!.text}</p>
            <footer className="muted">
              {agent.name}, <bdi>{at(messages[0]!.at)}</bdi>
            </footer>
          </blockquote>
        ) : null}
      </aside>

      <CaseProgress cases={cases} timeZone={zone} />

      {agreements.length ? (
        <section aria-labelledby="agreements" className="my-agreements">
          <h2 id="agreements">{t("agreement.myHeading")}</h2>
          <ul className="list-reset">
            {agreements.map((a) => (
              <li key={a.id} className="card my-agreement">
                <h3>{t("agreement.title", { service: t(`services.s${a.service_id}.name`) })}</h3>
                <p>
                  <span className={`tag tag--${a.status}`}>
                    {a.status === "signed" ? t("agreement.isSigned") : t("agreement.toSign")}
                  </span>{" "}
                  <span className="muted">
                    {a.signed_at && a.signed_name
                      ? t("agreement.signedOn", { name: a.signed_name, when: at(a.signed_at) })
                      : t("agreement.sentOn", { when: at(a.sent_at) })}
                  </span>
                </p>
                <Link to={`/my/agreements/${a.id}`} className={a.status === "sent" ? "button button--primary" : "button"}>
                  {a.status === "sent" ? t("agreement.open") : t("agreement.see")}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {questionnaires.length ? (
        <section aria-labelledby="questionnaires" className="my-questionnaires">
          <h2 id="questionnaires">{t("intake.title")}</h2>
          <p className="muted">{t("intake.myIntro")}</p>
          <ul className="list-reset">
            {questionnaires.map((q) => (
              <li key={q.id} className="card my-questionnaire">
                <h3>{wordsIn(q.title, lang)}</h3>
                <p>
                  <span className={`tag tag--${q.status}`}>{t(`intake.stateShort.${q.status}`)}</span>{" "}
                  <span className="muted">{t("intake.progress", { answered: q.answered, shown: q.shown })}</span>
                </p>
                <Link
                  to={`/my/questionnaires/${q.id}`}
                  className={
                    q.status === "sent" || q.status === "started" || q.status === "returned" ? "button button--primary" : "button"
                  }
                >
                  {q.status === "returned"
                    ? t("intake.correct")
                    : q.status === "submitted" || q.status === "accepted"
                      ? t("intake.see")
                      : t("intake.answer")}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <h2 id="documents">{t("my.documents")}</h2>
      {documents.length ? (
        <ul className="list-reset my-documents">
          {documents.map((d) => {
            const mine = readRefusal(failure).typed("document_id") === String(d.id) ? failure : undefined;
            const title = documentTitle(d.title);
            return (
              <li key={d.id} id={`document-${d.id}`} className="card my-document">
                <div className="my-document__head">
                  <h3>{title}</h3>
                  <DocumentStatus status={d.status} />
                  {d.asked ? <span className="tag tag--asked">{t("my.askedTag")}</span> : null}
                </div>
                {d.reject_reason ? (
                  <p className="notice notice--error">
                    <strong>{t("my.notAccepted")}</strong> {d.reject_reason} {t("my.sendAgain")}
                  </p>
                ) : null}
                {d.files.length ? (
                  <ul className="list-reset my-files" aria-label={t("my.filesFor", { title })}>
                    {d.files.map((f) => (
                      <li key={f.id}>
                        <a href={`/my/documents/${d.id}/files/${f.id}`} download>
                          <bdi>{f.file_name}</bdi>
                        </a>
                        <span className="muted">
                          {" "}
                          · <bdi dir="ltr">{fileSize(f.size_bytes)}</bdi> · {t("my.sent", { when: at(f.uploaded_at) })}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {d.status === "accepted" ? (
                  <p className="muted">{t("my.accepted")}</p>
                ) : (
                  <UploadForm
                    action={`/my?index&document=${d.id}`}
                    uploadUrl={`/my/documents/${d.id}/upload`}
                    failure={mine}
                    title={title}
                    multiple={MAX_FILES_PER_UPLOAD}
                    idPrefix={`document-${d.id}-`}
                    hidden={{ document_id: String(d.id) }}
                    label={d.status === "uploaded" ? t("my.newVersion") : t("my.files")}
                  />
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="empty-state">{t("my.noDocuments")}</p>
      )}
      <p className="muted" data-testid="my-uploads">
        {t("my.usage", {
          files: uploads.files,
          max: uploads.max_files,
          bytes: fileSizeInText(uploads.bytes),
          maxBytes: fileSizeInText(uploads.max_bytes),
        })}
      </p>

      <h2 id="sessions">{t("my.sessions")}</h2>
      {credits.length ? (
        <ul className="list-reset my-credits" data-testid="my-credits">
          {credits.map((c) => (
            <li key={c.id} className="card">
              <strong>{c.pack_name}</strong>:{" "}
              {t("my.creditsLeft", { left: c.left, count: c.sessions, day: formatDate(c.expires_at, zone, locale) })}
            </li>
          ))}
        </ul>
      ) : null}
      {sessions.length ? (
        <ul className="list-reset my-sessions">
          {sessions.map((s) => (
            <li key={s.id} className="card" id={`session-${s.id}`}>
              <p>
                <strong>{at(s.start_at)}</strong>{" "}
                <bdi dir="ltr" className="muted">
                  ({zone})
                </bdi>
              </p>
              <p>{t("my.withMentor", { mentor: s.mentor_name, topic: s.topic })}</p>
              <div className="actions">
                <JoinLink url={s.join_url} />
                <a href={`/my/sessions/${s.id}/invite.ics`} className="button button--small button--ghost" download>
                  {t("my.addToCalendar")}
                </a>
                {(
                  [
                    [s.calendar.google, "my.addToGoogle"],
                    [s.calendar.outlook, "my.addToOutlook"],
                  ] as const
                ).map(([href, label]) => (
                  <a
                    key={label}
                    href={href}
                    className="button button--small button--ghost"
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {t(label)}
                  </a>
                ))}
              </div>
              <SessionMoveRequest session={s} failure={failure} at={at} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t("my.noSessions")}</p>
      )}
      <PhoneConsent
        state={phone}
        failure={failure}
        zone={zone}
        action="/my?index&reminders"
        busy={navigation.state === "submitting" && String(navigation.formData?.get("intent")).startsWith("phone-")}
      />
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { ClientAreaErrorBoundary as ErrorBoundary } from "../../lib/every-page";
