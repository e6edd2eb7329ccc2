import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Terms & Conditions · Waypoint Consultancy" }];

export default function Terms() {
  return (
    <article className="container page prose">
      <p className="eyebrow">Terms &amp; Conditions</p>
      <h1>Terms and Conditions</h1>
      <p>These terms apply to agents who use the Waypoint portal and to the services bought through it.</p>
      <h2>1. Accounts</h2>
      <p>
        Agent accounts are personal. Keep your password secret and sign out on shared devices. A session ends by itself after a
        period without use, and you will be asked to sign in again.
      </p>
      <h2>2. Clients and their data</h2>
      <p>
        You confirm that your clients have agreed to you sharing their details with us for the services you buy. You can see and
        change only your own clients. We process personal data only to deliver the services.
      </p>
      <h2>3. Prices and payment</h2>
      <p>
        Prices are shown before purchase, in the currency stated. Payment is taken by card through Stripe's hosted checkout; we
        never see or store card numbers. An order is confirmed when the payment succeeds.
      </p>
      <h2>4. Mentor sessions</h2>
      <p>
        A booked slot is held while you pay, and a session is booked at least 12 hours before it starts. A paid session can be
        cancelled up to 24 hours before it starts, and is then refunded in full; a cancellation after that is not refunded. Until
        the same moment it can be moved to another free time of the same mentor, at no charge.
      </p>
      <p>
        If the mentor cannot give a session at its time, they ask for another: you may then choose any of their free times within
        14 days after the original one at no charge, or cancel it with a full refund, whenever that is. If no new time is chosen
        before the session, it is cancelled and refunded in full. A session the mentor cancels is refunded in full.
      </p>
      <p>
        Each session has its own link to join. After it, the mentor records whether it was held. A session the client does not
        attend is not refunded; a session the mentor does not attend is refunded in full.
      </p>
      <h2>5. Placements and relocation</h2>
      <p>
        Placement fees and relocation packages cover the work described on each item. Visa and permit decisions are made by the
        authorities, not by us, and we cannot promise their outcome.
      </p>
      <h2>6. Liability</h2>
      <p>
        We are liable for the services we deliver with reasonable care and skill. Nothing in these terms limits rights that the
        law does not allow to be limited.
      </p>
    </article>
  );
}
