import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAgent } from "../lib/auth.server";

export const meta: MetaFunction = () => [{ title: "Dashboard · Waypoint Consultancy" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { agent } = await requireAgent(request);
  return json({ agent });
}

export default function Dashboard() {
  const { agent } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <p className="eyebrow">Dashboard</p>
      <h1>Welcome, {agent.name}</h1>
      <p className="lead">Signed in as {agent.email}.</p>
      <div className="cards">
        <Link to="/cart/" className="card card--link">
          <h2>Cart</h2>
          <p>What you have chosen for your clients, ready to pay.</p>
        </Link>
        <Link to="/servicesPage/?id=1" className="card card--link">
          <h2>Services</h2>
          <p>Mentorship, relocation and job placement: what each includes.</p>
        </Link>
      </div>
    </section>
  );
}
