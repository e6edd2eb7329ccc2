import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { clientStatusLabels } from "../../lib/client-fields";
import { CartTable, cartTotals } from "../components/cart-items";
import { apiLoaderError } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { countryName } from "../lib/countries";
import { routeId } from "../lib/params";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.client.first_name} ${data.client.last_name} · Waypoint Consultancy` : "Client not found" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const id = routeId(params.id);
  const [view, countries] = await Promise.all([api.viewClient(id), api.countries()]).catch((e) => apiLoaderError(e, request));
  return json({ ...view, countries, timeZone: agent.time_zone, now: new Date().toISOString() });
}

export default function ClientPage() {
  const { client, cart, countries, timeZone, now } = useLoaderData<typeof loader>();
  const rows: Array<[string, string]> = [
    ["Email", client.email],
    ["Phone", client.phone ?? "—"],
    ["Nationality", countryName(countries, client.nationality)],
    ["Current country", countryName(countries, client.current_country)],
    ["Destination country", countryName(countries, client.destination_country)],
    ["Date of birth", client.date_of_birth ?? "—"],
    ["Passport number", client.passport_number ?? "—"],
    ["Status", clientStatusLabels[client.status]],
  ];
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/clients">Clients</Link>
      </p>
      <div className="page-head">
        <h1>
          {client.first_name} {client.last_name}
        </h1>
        <div className="actions">
          <Link to={`/clients/${client.id}/plans`} className="button button--primary">
            Service plans
          </Link>
          <Link to={`/clients/${client.id}/edit`} className="button button--ghost">
            Edit
          </Link>
          <Link to={`/clients/${client.id}/delete`} className="button button--danger">
            Delete
          </Link>
        </div>
      </div>
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
          <h2>Notes</h2>
          <p className="notes">{client.notes}</p>
        </>
      ) : null}
      <h2>In the cart for {client.first_name}</h2>
      {cart.length ? (
        <>
          <CartTable items={cart} removable timeZone={timeZone} now={now} />
          <p className="cart-total">
            Total: <strong>{cartTotals(cart).join(" + ")}</strong>
          </p>
        </>
      ) : (
        <p className="empty-state">
          Nothing yet. Choose a <Link to={`/clients/${client.id}/plans`}>service plan</Link>, a <Link to="/joblist">job</Link> or
          a <Link to="/relocation">relocation package</Link>.
        </p>
      )}
    </section>
  );
}
