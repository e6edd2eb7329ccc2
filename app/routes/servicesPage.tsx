import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { serviceById } from "../lib/services-content";

export async function loader({ request }: LoaderFunctionArgs) {
  const service = serviceById(new URL(request.url).searchParams.get("id"));
  if (!service) throw new Response("Not found", { status: 404 });
  return { service };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.service.name} · Waypoint Consultancy` : "Service not found · Waypoint Consultancy" },
];

export default function ServicePage() {
  const { service } = useLoaderData<typeof loader>();
  return (
    <article className="container page">
      <p className="eyebrow">Our services</p>
      <h1>{service.name}</h1>
      <p className="lead">{service.tagline}</p>
      <div className="prose">
        <p>{service.intro}</p>
      </div>
      <h2>How it works</h2>
      <ol className="cards cards--steps">
        {service.steps.map((step) => (
          <li className="card" key={step.title}>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="section--split section">
        <div>
          <h2>What is included</h2>
          <ul className="checklist">
            {service.includes.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2>Who it is for</h2>
          <p>{service.forWhom}</p>
          <p className="actions">
            <Link to="/dashboard/" className="button button--primary">
              Agents: choose a plan for a client
            </Link>
            {service.id === 1 ? (
              <Link to="/mentors" className="button button--ghost">
                Meet our mentors
              </Link>
            ) : null}
          </p>
        </div>
      </div>
    </article>
  );
}
