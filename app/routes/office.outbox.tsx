import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useOfficeZone } from "../components/office";
import { pageOf, Pages } from "../components/pages";
import { TableHead } from "../components/table-head";
import { apiLoaderError, apiRedirectError } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { rowIntent } from "../lib/schemas.server";
import { checkForm, readForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction = () => [{ title: "E-mail · Back office · Waypoint Consultancy" }];

const statuses = ["all", "failed", "pending", "sent", "skipped"] as const;
const statusLabels: Record<(typeof statuses)[number], string> = {
  failed: "Failed",
  pending: "Waiting to be sent",
  sent: "Sent",
  skipped: "Not sent (no longer true)",
  all: "All",
};
/** What each kind of message is, in words. */
const kinds: Record<string, string> = {
  "booking.confirmed": "Session confirmed, with invite",
  "booking.reminder": "Session reminder",
  "booking.cancelled": "Session cancelled",
  "order.receipt": "Receipt",
  "refund.notice": "Refund",
  "contact.received": "Contact form notice",
  "account.password_link": "Password link",
  "account.password_changed": "Password changed",
  "account.email_change": "New address to confirm",
  "account.email_changed": "Address changed",
  "agent.clients_handed_over": "Clients handed over",
  "contact.reply": "Reply to a contact message",
  "client.documents_requested": "Documents asked of a client",
  "client.document_rejected": "A client's document rejected",
  "client.sign_in_link": "A client's sign-in link",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("status");
  const status = statuses.find((s) => s === asked) ?? "all";
  const result = await api
    .call(endpoints.officeOutbox, { query: { status, page: pageOf(url) } })
    .catch((e) => apiLoaderError(e, request, context));
  return { status, result };
}

/** A failed e-mail, sent again: due now, with a fresh count of attempts. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const parsed = rowIntent("retry").safeParse({ intent: formData.get("intent"), id: formData.get("id") });
  if (!parsed.success) throw new Response("Unknown action.", { status: 400 });
  const back = `/office/outbox${new URL(request.url).search}`;
  try {
    await api.call(endpoints.retryOutbox, { params: { id: parsed.data.id } });
    return await redirectWithToast(request, context, back, {
      type: "success",
      message: "It will be sent again within a few seconds.",
    });
  } catch (error) {
    return apiRedirectError(error, request, context, back);
  }
}

export default function OfficeOutbox() {
  const zone = useOfficeZone();
  const { status, result } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const url = (page: number) => `?${new URLSearchParams({ status, page: String(page) })}`;
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/office">Back office</Link>
      </p>
      <h1>E-mail</h1>
      <p className="muted">
        Every e-mail the portal sends waits here until it is sent. One the mail server kept refusing is marked failed: fix the
        cause (docs/operations.md, &quot;E-mail&quot;), then send it again. Contents are not shown: some carry a password link.
      </p>
      <Form method="get" className="filter-form">
        <div className="field">
          <label htmlFor="outbox-status">Show</label>
          <select id="outbox-status" name="status" defaultValue={status}>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--ghost">
          Show
        </button>
      </Form>
      {result.total === 0 ? (
        <p className="empty-state">{status === "failed" ? "No e-mail has failed." : "No e-mail here."}</p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table table--stack">
              <TableHead columns={["E-mail", "To", `Written (${zone})`, "State", null]} />
              <tbody>
                {result.items.map((m) => (
                  <tr key={m.id} data-testid={`outbox-${m.id}`}>
                    <td data-label="E-mail">{kinds[m.kind] ?? m.kind}</td>
                    <td data-label="To">{m.to_address ?? "The staff inbox"}</td>
                    <td data-label={`Written (${zone})`}>{formatDateTime(m.created_at, zone)}</td>
                    <td data-label="State">
                      {statusLabels[m.status]}
                      {m.status === "sent" && m.sent_at ? ` ${formatDateTime(m.sent_at, zone)}` : ""}
                      {m.attempts ? (
                        <span className="muted">
                          {" "}
                          · {m.attempts} attempt{m.attempts === 1 ? "" : "s"}
                        </span>
                      ) : null}
                      {m.last_error && m.status !== "sent" ? <span className="muted"> · {m.last_error}</span> : null}
                    </td>
                    <td data-label="Actions">
                      {m.status === "failed" ? (
                        <Form method="post">
                          <AuthenticityTokenInput />
                          <input type="hidden" name="intent" value="retry" />
                          <input type="hidden" name="id" value={m.id} />
                          <button
                            type="submit"
                            className="button button--small button--ghost"
                            disabled={navigation.state === "submitting" && navigation.formData?.get("id") === String(m.id)}
                          >
                            Send again<span className="visually-hidden"> to {m.to_address ?? "the staff inbox"}</span>
                          </button>
                        </Form>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pages page={result.page} pages={result.pages} total={result.total} noun="email" url={url} />
        </>
      )}
    </section>
  );
}
