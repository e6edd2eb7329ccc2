import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "About us · Waypoint Consultancy" }];

export default function About() {
  return (
    <article className="container page prose">
      <p className="eyebrow">About us</p>
      <h1>We help people build a working life in a new country.</h1>
      <p className="lead">
        Waypoint started in 2019 as three people who had each moved countries for work and kept being asked how they did it. Today
        we are a consultancy of mentors, relocation specialists and recruiters in more than 40 countries.
      </p>
      <h2>Who we work with</h2>
      <p>
        We work through agents: immigration consultants, recruiters and career advisers who look after their own clients. The
        agent knows the client; we supply the expertise on the ground. Agents sign in to this portal to manage their clients,
        choose services, pay, and book mentors.
      </p>
      <h2>What we believe</h2>
      <ul>
        <li>
          <strong>Prices up front.</strong> Every plan, package, placement fee and mentor rate is shown before anything is bought.
        </li>
        <li>
          <strong>People who have done it.</strong> Our mentors and relocation staff have moved countries themselves.
        </li>
        <li>
          <strong>Clients' data is theirs.</strong> An agent sees only their own clients, and we keep passport and personal
          details only as long as the service needs them.
        </li>
      </ul>
      <h2>Contact</h2>
      <p>Use the chat link or the phone number at the top of every page. We answer within one working day.</p>
    </article>
  );
}
