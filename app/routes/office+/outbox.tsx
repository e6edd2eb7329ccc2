import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { OfficeHead, useOfficeZone } from "../../components/office/page";
import { pageOf, Pages } from "../../components/ui/pages";
import { RowButton, RowForm } from "../../components/ui/row-form";
import { columnWords, StackTable } from "../../components/ui/table-head";
import { apiLoaderError, apiRedirectError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { titleMeta, useKindLabel, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";
import { rowIntent } from "../../lib/schemas.server";
import { checkForm, readForm } from "../../lib/security.server";
import { redirectWithToast } from "../../lib/toast.server";

export const meta = titleMeta<typeof loader>("E-mail · Back office");

const statuses = ["all", "failed", "pending", "sent", "skipped"] as const;
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const url = new URL(request.url);
  const asked = url.searchParams.get("status");
  const status = statuses.find((s) => s === asked) ?? "all";
  const result = await api
    .call(endpoints.officeOutbox, { query: { status, page: pageOf(url) } })
    .catch((e) => apiLoaderError(e, request, context));
  return { status, result, title: workspaceT("office.outbox.title") };
}

/** A failed e-mail, sent again: due now, with a fresh count of attempts. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const parsed = rowIntent("retry").safeParse({ intent: formData.get("intent"), id: formData.get("id") });
  if (!parsed.success) throw new Response("Unknown action.", { status: 400 });
  const back = `/office/outbox${new URL(request.url).search}`;
  try {
    await api.call(endpoints.retryOutbox, { params: { id: parsed.data.id } });
    return await redirectWithToast(request, context, back, {
      type: "success",
      message: workspaceT("office.outbox.resent"),
    });
  } catch (error) {
    return apiRedirectError(error, request, context, back);
  }
}

export default function OfficeOutbox() {
  const zone = useOfficeZone();
  const { status, result } = useLoaderData<typeof loader>();
  const url = (page: number) => `?${new URLSearchParams({ status, page: String(page) })}`;
  const { t } = useTranslation();
  const kindOf = useKindLabel("office.outbox.kinds");
  const col = { ...columnWords(t, "office.outbox", ["email", "to", "state"]), written: t("office.outbox.written", { zone }) };
  return (
    <section className="container page">
      <OfficeHead title={t("office.outbox.heading")} />
      <p className="muted">{t("office.outbox.intro")}</p>
      <p>
        <Link to="/office/outbox/previews">{t("office.outbox.previewsLink")}</Link> ·{" "}
        <Link to="/office/messaging">{t("office.outbox.phoneLink")}</Link>
      </p>
      <Form method="get" className="filter-form">
        <div className="field">
          <label htmlFor="outbox-status">{t("office.outbox.show")}</label>
          <select id="outbox-status" name="status" defaultValue={status}>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`office.outbox.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--ghost">
          {t("office.outbox.show")}
        </button>
      </Form>
      {result.total === 0 ? (
        <p className="empty-state">{status === "failed" ? t("office.outbox.noneFailed") : t("office.outbox.none")}</p>
      ) : (
        <>
          <StackTable columns={[col.email, col.to, col.written, col.state, null]}>
            {result.items.map((m) => (
              <tr key={m.id} data-testid={`outbox-${m.id}`}>
                <td data-label={col.email}>
                  {kindOf(m.kind)}
                  {m.channel !== "email" ? (
                    <span className="badge" data-testid={`channel-${m.id}`}>
                      {" "}
                      {t(`office.outbox.channels.${m.channel}`)}
                    </span>
                  ) : null}
                </td>
                <td data-label={col.to}>
                  {m.to_address ?? (m.channel === "calendar" ? t("office.outbox.mentorCalendar") : t("office.outbox.staffInbox"))}
                </td>
                <td data-label={col.written}>{formatDateTime(m.created_at, zone)}</td>
                <td data-label={col.state}>
                  {t(`office.outbox.statuses.${m.status}`)}
                  {m.status === "sent" && m.sent_at ? ` ${formatDateTime(m.sent_at, zone)}` : ""}
                  {m.attempts ? <span className="muted"> · {t("office.outbox.attempts", { count: m.attempts })}</span> : null}
                  {m.last_error && m.status !== "sent" ? <span className="muted"> · {m.last_error}</span> : null}
                  {m.delivery ? (
                    <span className="muted" data-testid={`delivery-${m.id}`}>
                      {" · "}
                      {t("office.outbox.delivery", {
                        status: t(`office.outbox.deliveryStatus.${m.delivery.status}`, { defaultValue: m.delivery.status }),
                      })}
                      {m.delivery.error ? ` (${t("office.outbox.deliveryError", { code: m.delivery.error })})` : ""}
                      {m.delivery.at ? ` ${formatDateTime(m.delivery.at, zone)}` : ""}
                    </span>
                  ) : null}
                </td>
                <td data-label={t("work.table.actions")}>
                  {m.status === "failed" ? (
                    <RowForm id={m.id}>
                      <RowButton
                        id={m.id}
                        intent="retry"
                        who={t("office.outbox.toWhom", { to: m.to_address ?? t("office.outbox.staffInbox") })}
                      >
                        {t("office.outbox.sendAgain")}
                      </RowButton>
                    </RowForm>
                  ) : null}
                </td>
              </tr>
            ))}
          </StackTable>
          <Pages page={result.page} pages={result.pages} total={result.total} noun="email" url={url} />
        </>
      )}
    </section>
  );
}
