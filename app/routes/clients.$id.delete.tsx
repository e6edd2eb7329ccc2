import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormError } from "../components/form";
import { apiActionError, apiLoaderError, type FormFailure } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { routeId } from "../lib/params";
import { checkForm, readForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Delete client · Waypoint Consultancy" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAgent(request, context);
  const view = await api.viewClient(routeId(params.id)).catch((e) => apiLoaderError(e, request));
  return json(view);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAgent(request, context);
  const id = routeId(params.id);
  await checkForm(await readForm(request), request);
  let result;
  try {
    result = await api.deleteClient(id);
  } catch (error) {
    // Refused (paid sessions to come, a payment in progress): the reason, on this page.
    return apiActionError(error, request, {});
  }
  const extra = result.removed_cart_items
    ? ` ${result.removed_cart_items} cart item${result.removed_cart_items === 1 ? " was" : "s were"} removed with them.`
    : "";
  const done = result.archived
    ? "The client was archived: their orders and sessions stay in your records."
    : "The client was deleted.";
  return redirectWithToast(request, "/clients", { type: "success", message: `${done}${extra}` });
}

export default function DeleteClient() {
  const { client, cart } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="container page narrow">
      <p className="eyebrow">Clients</p>
      <h1>
        Delete {client.first_name} {client.last_name}?
      </h1>
      <FormError message={failure?.formError} />
      <p>This removes the client from your workspace. It cannot be undone.</p>
      <p>
        A client you have paid for, or booked mentor sessions for, is <strong>archived</strong> instead: their orders and sessions
        stay in your records under their name, and they leave your client list. Unpaid held sessions are released. A client with
        paid sessions still to come cannot be deleted: cancel those sessions first.
      </p>
      {cart.length ? (
        <p className="warning">
          {cart.length} item{cart.length === 1 ? "" : "s"} in your cart for this client will be removed too.
        </p>
      ) : null}
      <Form method="post" className="form__actions">
        <AuthenticityTokenInput />
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? "Deleting…" : "Yes, delete this client"}
        </button>
        <Link to={`/clients/${client.id}`} className="button button--ghost">
          Keep the client
        </Link>
      </Form>
    </section>
  );
}
