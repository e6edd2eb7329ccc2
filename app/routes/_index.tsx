import type { MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { serviceContent } from "../lib/services-content";
import type { RootLoaderData } from "../root";

export const meta: MetaFunction = () => [{ title: "Waypoint Consultancy: move abroad for work, with people who did" }];

export default function Home() {
  // A signed-in agent is offered the way back to work, not a second sign-in.
  const agent = useRouteLoaderData<RootLoaderData>("root")?.agent;
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <p className="eyebrow">Mentorship · Relocation · Job Placement</p>
          <h1>Move abroad for work, with people who have done it.</h1>
          <p className="lead">
            Waypoint works with agents who look after people moving countries for work. We bring the mentors, the relocation teams
            and the sponsoring employers; the agent brings the client and stays in charge.
          </p>
          <div className="hero__actions">
            <Link to="/servicesPage/?id=1" className="button button--primary">
              Explore our services
            </Link>
            {agent ? (
              <Link to="/dashboard/" className="button button--ghost">
                Go to your dashboard
              </Link>
            ) : (
              <Link to="/authentication/" className="button button--ghost">
                Agent sign in
              </Link>
            )}
          </div>
        </div>
      </section>

      <section className="container section" aria-labelledby="services-heading">
        <h2 id="services-heading">Three services, one cart</h2>
        <div className="cards">
          {Object.values(serviceContent).map((s) => (
            <article className="card" key={s.id}>
              <h3>{s.name}</h3>
              <p>{s.tagline}</p>
              <Link to={`/servicesPage/?id=${s.id}`} className="card__link">
                About {s.name.toLowerCase()} <span aria-hidden="true">→</span>
              </Link>
            </article>
          ))}
        </div>
      </section>

      <section className="container section section--split">
        <div>
          <h2>How agents work with us</h2>
          <ol className="steps">
            <li>
              <strong>Add your client.</strong> Their nationality, where they live now and where they want to go.
            </li>
            <li>
              <strong>Choose what fits.</strong> Service plans, vetted jobs, relocation packages and mentor sessions.
            </li>
            <li>
              <strong>Pay once.</strong> Everything for every client in one cart, paid in one secure checkout.
            </li>
          </ol>
        </div>
        <div className="stats" aria-label="Waypoint in numbers">
          <p>
            <strong>40+</strong> destination countries
          </p>
          <p>
            <strong>1,200</strong> people relocated since 2019
          </p>
          <p>
            <strong>9 in 10</strong> placed clients still in the role after a year
          </p>
        </div>
      </section>
    </>
  );
}
