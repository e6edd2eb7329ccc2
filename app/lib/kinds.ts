/**
 * The portal's kinds of account, as a table: where each one's area is, how it signs in, what the header shows it.
 * One session shape serves them all (session-storage.server.ts), one `requireAccount` admits them (auth.server.ts),
 * and the header draws each from its entry (header-places.tsx). A new kind is an entry here, one in
 * backend/accounts/kinds.ts, and its routes. Labels are catalogue keys (the `nav` group).
 */
import type { AccountKind, PersonOf } from "../../lib/contract";

export type Place = { to: string; label: string; end?: boolean; /** An owner's only (staff) */ owners?: true };

export type PortalKind = {
  /** Where a sign-in lands, and (with a trailing slash) the header's link to it */
  home: string;
  homeLabel: string;
  /** Where a sign-in may return to (where the visitor was going); anywhere when absent */
  returnsTo?: readonly string[];
  /** The area is not for others to know of: another kind that opens it gets "Not found", not a redirect */
  hidden: boolean;
  /** Where a visitor goes to sign in as this kind (`remembers`: with where they were going) */
  signIn: { path: string; remembers: boolean };
  /** Its own account page (/account) */
  accountPage: boolean;
  /** The cart's link and count (an agent's) */
  cart?: true;
  /** The header's row of the kind's own places, and its name */
  places?: { label: string; links: readonly Place[] };
  /** The public sections (our mentors, contact) stay in the header: not for those who work here */
  publicSections: boolean;
};

const agent: PortalKind = {
  home: "/dashboard/",
  homeLabel: "nav.dashboard",
  hidden: false,
  signIn: { path: "/authentication/", remembers: true },
  accountPage: true,
  cart: true,
  publicSections: false,
  places: {
    label: "nav.workspace",
    links: [
      { to: "/clients/", label: "nav.clients" },
      { to: "/joblist/", label: "nav.jobs" },
      { to: "/relocation/", label: "nav.relocation" },
      { to: "/mentors/", label: "nav.mentors" },
      { to: "/bookings/", label: "nav.sessions" },
      { to: "/orders/", label: "nav.orders" },
      { to: "/commissions/", label: "nav.commissions" },
      { to: "/contact/", label: "nav.contact" },
      { to: "/account/", label: "nav.account" },
    ],
  },
};

const staff: PortalKind = {
  home: "/office",
  homeLabel: "nav.office",
  returnsTo: ["/office"],
  hidden: true,
  signIn: { path: "/authentication/", remembers: true },
  accountPage: true,
  publicSections: false,
  places: {
    label: "nav.backOffice",
    links: [
      { to: "/office/", label: "nav.overview", end: true },
      { to: "/office/agents/", label: "nav.agents" },
      { to: "/office/jobs/", label: "nav.jobs" },
      { to: "/office/relocations/", label: "nav.packages" },
      { to: "/office/plans/", label: "nav.plans" },
      { to: "/office/mentors/", label: "nav.mentors" },
      { to: "/office/orders/", label: "nav.orders" },
      { to: "/office/bookings/", label: "nav.sessions" },
      { to: "/office/messages/", label: "nav.messages" },
      { to: "/office/outbox/", label: "nav.email" },
      { to: "/office/audit/", label: "nav.audit" },
      { to: "/office/staff/", label: "nav.staff", owners: true },
      { to: "/office/settings/", label: "nav.settings", owners: true },
    ],
  },
};

const mentor: PortalKind = {
  home: "/mentoring",
  homeLabel: "nav.mentoring",
  returnsTo: ["/mentoring", "/account"],
  hidden: true,
  signIn: { path: "/authentication/", remembers: true },
  accountPage: true,
  publicSections: true,
  places: {
    label: "nav.mentoringPlaces",
    links: [
      { to: "/mentoring/", label: "nav.agenda", end: true },
      { to: "/mentoring/hours/", label: "nav.hours" },
      { to: "/mentoring/profile/", label: "nav.profile" },
      { to: "/mentoring/calendars/", label: "nav.calendars" },
      { to: "/mentoring/statement/", label: "nav.statement" },
    ],
  },
};

/** A client signs in by an e-mailed link: their own area is all there is. */
const client: PortalKind = {
  home: "/my",
  homeLabel: "my.title",
  returnsTo: ["/my"],
  hidden: true,
  signIn: { path: "/my/sign-in", remembers: false },
  accountPage: false,
  publicSections: true,
};

export const portalKinds: Record<AccountKind, PortalKind> = { agent, staff, mentor, client };

/** Who is signed in, as the page knows it: the kind and who they are (never the token). */
export type SignedInPerson = { [K in AccountKind]: { kind: K; person: PersonOf[K] } }[AccountKind];

/** A place of the kind's row that this person may see (an owner's places only for owners). */
export function mayShow(place: Place, signedIn: SignedInPerson): boolean {
  return !place.owners || (signedIn.kind === "staff" && signedIn.person.role === "owner");
}

/** Where a sign-in of this kind lands: where the visitor was going when the kind may go there, else its home. */
export function landingOf(kind: PortalKind, wanted: string): string {
  if (!kind.returnsTo) return wanted;
  return kind.returnsTo.some((prefix) => wanted === prefix || wanted.startsWith(`${prefix}/`)) ? wanted : kind.home;
}
