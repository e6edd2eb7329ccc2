import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { OfficeSearch } from "../../components/office/lists";
import { OfficeHead, useOfficeZone } from "../../components/office/page";
import { TextAreaField } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { pageOf, Pages } from "../../components/ui/pages";
import { RowButton, RowForm } from "../../components/ui/row-form";
import { ApiCallError, apiLoaderError, apiRedirectError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, SERVER_BUSY, titleMeta, Trans, useTranslation } from "../../lib/every-page";
import { forForm, refuse, type FormFailure } from "../../lib/forms.server";
import { workspaceT } from "../../lib/i18n.server";
import { contactReplyBody, rowIntent } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = titleMeta<typeof loader>("Messages · Back office");

const statuses = ["unread", "handled", "all"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const asked = url.searchParams.get("status");
  const status = statuses.find((s) => s === asked) ?? "unread";
  const result = await api
    .call(endpoints.officeMessages, { query: { status, q, page: pageOf(url) } })
    .catch((e) => apiLoaderError(e, request, context));
  return { q, status, result, title: workspaceT("office.messages.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const back = `/office/messages${new URL(request.url).search}`;
  if (formData.get("intent") === "reply") {
    const row = rowIntent("reply").safeParse({ intent: "reply", id: formData.get("id") });
    if (!row.success) throw new Response("Unknown action.", { status: 400 });
    const typed = String(formData.get("body") ?? "");
    const body = contactReplyBody.safeParse({ body: typed });
    // Said beside the reply of its message, with what was typed.
    const refused = (error: string, status = 400) =>
      forForm(refuse({ body: typed }, { fieldErrors: { body: [error] } }, { status }), `reply-${row.data.id}`);
    if (!body.success) return refused(body.error.issues[0]?.message ?? workspaceT("office.messages.writeReply"));
    try {
      const message = await api.call(endpoints.replyToMessage, { params: { id: row.data.id }, body: body.data });
      return await redirectWithToast(request, context, back, {
        type: "success",
        message: workspaceT("office.messages.replySent", { email: message.email }),
      });
    } catch (error) {
      if (error instanceof ApiCallError && error.status !== 401)
        return refused(error.unavailable ? SERVER_BUSY : error.message, error.status);
      return apiRedirectError(error, request, context, back);
    }
  }
  const parsed = rowIntent("handled").safeParse({ intent: formData.get("intent"), id: formData.get("id") });
  if (!parsed.success) throw new Response("Unknown action.", { status: 400 });
  try {
    await api.call(endpoints.markMessageHandled, { params: { id: parsed.data.id } });
    return await redirectWithToast(request, context, back, { type: "success", message: workspaceT("office.messages.handled") });
  } catch (error) {
    return apiRedirectError(error, request, context, back);
  }
}

export default function OfficeMessages() {
  const zone = useOfficeZone();
  const { q, status, result } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const navigation = useNavigation();
  const busy = (id: number) => navigation.state === "submitting" && navigation.formData?.get("id") === String(id);
  const url = (page: number) => `?${new URLSearchParams({ status, ...(q ? { q } : {}), page: String(page) })}`;
  const { t } = useTranslation();
  return (
    <section className="container page">
      <OfficeHead title={t("office.messages.heading")} />
      <OfficeSearch q={q} label={t("office.messages.search")}>
        <select name="status" defaultValue={status} aria-label={t("office.messages.show")}>
          <option value="unread">{t("office.messages.unread")}</option>
          <option value="handled">{t("office.messages.handledOption")}</option>
          <option value="all">{t("office.messages.all")}</option>
        </select>
      </OfficeSearch>
      {result.total === 0 ? (
        <p className="empty-state">{status === "unread" ? t("office.messages.noneUnread") : t("office.messages.noMatch")}</p>
      ) : (
        <>
          <ul className="list-reset messages">
            {result.items.map((m) => (
              <li
                key={m.id}
                className={m.handled_at ? "card message" : "card message message--unread"}
                data-testid={`message-${m.id}`}
              >
                <h2 className="card__title">
                  {m.handled_at ? null : <span className="badge">{t("office.messages.unread")}</span>} {m.subject}
                </h2>
                <p className="muted">
                  {t("office.messages.from", { name: m.name, email: m.email })}
                  {m.phone ? `, ${m.phone}` : ""}
                  {m.agent ? (
                    <>
                      {" "}
                      ·{" "}
                      <Trans
                        i18nKey="office.messages.agent"
                        values={{ name: m.agent.name }}
                        components={{ go: <Link to={`/office/agents/${m.agent.id}`} /> }}
                      />
                    </>
                  ) : (
                    ` · ${t("office.messages.visitor")}`
                  )}{" "}
                  · {formatDateTime(m.created_at, zone)}
                </p>
                <p className="notes">{m.message}</p>
                {m.replies.length ? (
                  <ul className="list-reset replies" aria-label={t("office.messages.replies", { subject: m.subject })}>
                    {m.replies.map((r) => (
                      <li key={r.id} className="reply" data-testid="message-reply">
                        <p className="muted">
                          {t("office.messages.replied", { name: r.staff_name, time: formatDateTime(r.created_at, zone) })}
                        </p>
                        <p className="notes">{r.body}</p>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <details className="reply-form" open={failure?.form === `reply-${m.id}`}>
                  <summary>
                    {t("office.messages.replyByEmail")}
                    <span className="visually-hidden"> {t("office.messages.toName", { name: m.name })}</span>
                  </summary>
                  <ReplyForm m={m} failure={failure} busy={busy(m.id)} />
                </details>
                <div className="form__actions">
                  {m.handled_at ? (
                    <span className="muted">
                      {m.handled_by_name
                        ? t("office.messages.handledBy", { time: formatDateTime(m.handled_at, zone), name: m.handled_by_name })
                        : t("office.messages.handledAt", { time: formatDateTime(m.handled_at, zone) })}
                    </span>
                  ) : (
                    <RowForm id={m.id}>
                      <RowButton id={m.id} intent="handled" primary who={m.subject}>
                        {t("office.messages.markHandled")}
                      </RowButton>
                    </RowForm>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <Pages page={result.page} pages={result.pages} total={result.total} noun="message" url={url} />
        </>
      )}
    </section>
  );
}

/** The reply to one message, by e-mail: a form a message, so a refusal is said beside its own (`forForm`). */
function ReplyForm({ m, failure, busy }: { m: { id: number; email: string }; failure?: FormFailure; busy: boolean }) {
  const form = useSchemaForm(failure, { form: `reply-${m.id}` });
  const { t } = useTranslation();
  return (
    <Form method="post" className="form" {...form.props} key={form.typed("body") ?? "empty"}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="id" value={m.id} />
      <TextAreaField
        label={t("office.messages.yourReply", { email: m.email })}
        id={`reply-${m.id}`}
        rows={5}
        maxLength={5000}
        required
        {...form.field("body")}
        hint={t("office.messages.replyHint")}
      />
      <button type="submit" className="button button--small button--primary" disabled={busy}>
        {busy ? t("office.messages.sending") : t("office.messages.send")}
      </button>
    </Form>
  );
}
