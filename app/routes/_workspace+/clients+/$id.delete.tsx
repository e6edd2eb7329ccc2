import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "../../../components/ui/fields";
import { useSchemaForm } from "../../../components/ui/form";
import { apiActionError, apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { formatDateTime } from "../../../lib/dates";
import { endpoints } from "../../../lib/endpoints.server";
import { AuthenticityTokenInput, orErrorTitle, titleMeta, Toast, Trans, useTranslation } from "../../../lib/every-page";
import type { FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";
import { checkForm, readForm } from "../../../lib/security.server";
import { redirectWithToast } from "../../../lib/toast.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Delete client"));

/** What deleting this client would do to its orders, sessions and cart items, read now. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const id = routeId(params.id);
  const [view, bookings, orders] = await Promise.all([
    api.call(endpoints.viewClient, { params: { clientId: id } }),
    api.call(endpoints.bookings, { params: { agentId: agent.id } }),
    api.call(endpoints.orders, { params: { agentId: agent.id } }),
  ]).catch((e) => apiLoaderError(e, request, context));
  const now = new Date().toISOString();
  const own = bookings.filter((b) => b.client_id === id);
  const paidToCome = own.filter((b) => b.status === "confirmed" && b.end_at > now);
  return {
    ...view,
    orders: orders.filter((o) => o.items.some((i) => i.client_id === id)).length,
    paidToCome: paidToCome.map((b) => ({ id: b.id, mentor_name: b.mentor_name, start_at: b.start_at })),
    held: own.filter((b) => b.status === "held").length,
    sessions: own.length,
    timeZone: agent.time_zone,
    title: workspaceT("work.deleteClient.title"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const id = routeId(params.id);
  await checkForm(await readForm(request), request);
  let result;
  try {
    result = await api.call(endpoints.deleteClient, { params: { clientId: id } });
  } catch (error) {
    // Refused (paid sessions to come, a payment in progress): the reason, on this page.
    return apiActionError(error, request, context, {});
  }
  const extra = result.removed_cart_items
    ? ` ${workspaceT("work.deleteClient.removedItems", { count: result.removed_cart_items })}`
    : "";
  const done = result.archived ? workspaceT("work.deleteClient.archived") : workspaceT("work.deleteClient.deleted");
  return redirectWithToast(request, context, "/clients", { type: "success", message: `${done}${extra}` });
}

export default function DeleteClient() {
  const { client, cart, orders, paidToCome, held, sessions, timeZone } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const form = useSchemaForm(failure);
  const busy = useNavigation().state === "submitting";
  const archived = orders > 0 || sessions > 0;
  const { t } = useTranslation();
  const name = `${client.first_name} ${client.last_name}`;
  return (
    <section className="container page narrow">
      <p className="eyebrow">
        <Link to={`/clients/${client.id}`}>
          {client.first_name} {client.last_name}
        </Link>
      </p>
      <h1>{t("work.deleteClient.heading", { name })}</h1>
      <FormError message={form.formError} />
      <ul className="consequences" data-testid="consequences">
        <li>
          {archived ? (
            <Trans
              i18nKey="work.deleteClient.archivedNotDeleted"
              values={{
                orders: t("work.deleteClient.orders", { count: orders }),
                sessions: t("work.deleteClient.sessions", { count: sessions }),
              }}
              components={{ strong: <strong /> }}
            />
          ) : (
            <Trans i18nKey="work.deleteClient.deletedForGood" components={{ strong: <strong /> }} />
          )}
        </li>
        <li>{cart.length ? t("work.deleteClient.cart", { count: cart.length }) : t("work.deleteClient.cartNone")}</li>
        {held ? <li>{t("work.deleteClient.held", { count: held })}</li> : null}
      </ul>
      {paidToCome.length ? (
        <div className="notice" role="status" data-testid="delete-blocked">
          <p>
            <Trans
              i18nKey="work.deleteClient.blocked"
              count={paidToCome.length}
              values={{ count: paidToCome.length }}
              components={{ strong: <strong /> }}
            />
          </p>
          <ul>
            {paidToCome.map((b) => (
              <li key={b.id}>
                <Link to={`/bookings/${b.id}/cancel`}>
                  {b.mentor_name}, {formatDateTime(b.start_at, timeZone)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <Form method="post" {...form.props} className="form__actions">
          <AuthenticityTokenInput />
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? t("work.deleteClient.working") : archived ? t("work.deleteClient.archive") : t("work.deleteClient.delete")}
          </button>
          <Link to={`/clients/${client.id}`} className="button button--ghost">
            {t("work.deleteClient.keep")}
          </Link>
        </Form>
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
