/**
 * A client's conversation (issue 39), as each reader sees it: the client on /my/messages (in their language), the
 * agent on /clients/:id/messages, the office on /office/clients/:id/messages. The messages oldest first, each with
 * who wrote it and when, and on one's own whether the other side has read it; the form to write. Without
 * JavaScript the form posts and the page comes back; with it, new messages appear without a reload (the page's
 * data is read again every few seconds while the tab is in view), and a refused message keeps its text.
 */
import { Form, useLocation, useMatches, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { CaseThread, MessageAttachment } from "../../../lib/contract";
import { MESSAGE_ATTACHMENTS_MAX, MESSAGE_MAX } from "../../../lib/conversation";
import { fileSize } from "../../../lib/documents";
import { formatDateTime } from "../../lib/dates";
import type { FormFailure } from "../../lib/forms.server";
import { companyOf } from "../../lib/meta";
import { useTranslation } from "../../lib/page-words";
import { Field, FormError, TextAreaField } from "./fields";
import { useSchemaForm } from "./form";

/** How often an open thread looks for new messages, with scripts on. */
const POLL_MS = 10_000;
/** The action's schema, checked in the browser too (fetched on the form's first focus). */
const messageCheck = {
  schema: () => import("../../../lib/contract/conversation").then((m) => m.caseMessageBody),
  fields: ["body"],
};

/** Reads the page's data again every few seconds while the tab is in view and nothing is being sent. */
function useNewMessages() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const idle = navigation.state === "idle" && revalidator.state === "idle";
  useEffect(() => {
    if (!idle) return;
    const timer = window.setTimeout(() => {
      if (document.visibilityState === "visible") revalidator.revalidate();
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [idle, revalidator]);
}

export function Conversation({
  thread,
  timeZone,
  locale,
  failure,
  /** What the reader's own messages are signed with ("You"); the others by their writer's name */
  ownName,
  /** Where the reader downloads a message's file; without it (the office) files are named, and no files are sent */
  fileHref,
}: {
  thread: CaseThread;
  timeZone: string;
  locale?: string;
  failure: FormFailure | undefined;
  ownName?: string;
  fileHref?: (a: MessageAttachment) => string;
}) {
  const { t } = useTranslation();
  const company = companyOf(useMatches());
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const form = useSchemaForm(failure, { id: "message-form", check: messageCheck });
  // A refused message comes back as typed; a sent one (a redirect to the page) leaves the form empty.
  const location = useLocation();
  useNewMessages();
  const who = (m: CaseThread["messages"][number]) =>
    m.mine ? (ownName ?? t("conversation.you")) : (m.author_name ?? t("conversation.office", { company }));
  return (
    <>
      {thread.messages.length ? (
        <ol className="thread list-reset" aria-label={t("conversation.title")} aria-live="polite">
          {thread.messages.map((m) => (
            <li key={m.id} className={m.mine ? "thread__message thread__message--mine" : "thread__message"} id={`m${m.id}`}>
              <p className="thread__meta muted">
                <strong>{who(m)}</strong> · <bdi>{formatDateTime(m.created_at, timeZone, locale)}</bdi>
                {m.mine ? (
                  <span className={m.read ? "tag tag--ok" : "tag"}>
                    {m.read ? t("conversation.read") : t("conversation.notRead")}
                  </span>
                ) : null}
              </p>
              <p className="thread__body notes" dir="auto">
                {m.body}
              </p>
              {m.attachments.length ? (
                <ul className="list-reset thread__files" aria-label={t("conversation.filesOf")}>
                  {m.attachments.map((a) => (
                    <li key={a.document_id}>
                      {fileHref ? (
                        <a href={fileHref(a)} download dir="auto">
                          {a.file_name}
                        </a>
                      ) : (
                        <bdi>{a.file_name}</bdi>
                      )}{" "}
                      <span className="muted">({fileSize(a.size_bytes)})</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="empty-state">{t("conversation.empty")}</p>
      )}
      <Form
        method="post"
        className="form thread__form"
        encType={fileHref ? "multipart/form-data" : undefined}
        {...form.props}
        key={failure ? form.key : location.key}
      >
        <AuthenticityTokenInput />
        <FormError message={form.formError} />
        <TextAreaField
          label={t("conversation.label")}
          rows={4}
          maxLength={MESSAGE_MAX}
          hint={t("conversation.hint", { max: MESSAGE_MAX })}
          {...form.field("body")}
          dir="auto"
        />
        {fileHref ? (
          <Field
            label={t("conversation.files")}
            name="file"
            type="file"
            multiple
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            hint={t("conversation.filesHint", { count: MESSAGE_ATTACHMENTS_MAX })}
            errors={form.errors("file")}
          />
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t("conversation.sending") : t("conversation.send")}
        </button>
      </Form>
    </>
  );
}
