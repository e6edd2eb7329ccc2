/** The header's places (site-header.tsx draws the rest): each kind's account links and own row, and the language switch. */
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { AgentPublic, ClientPublic, MentorPublic, StaffPublic } from "../../lib/contract";
import { dirOf, languageNames, languages } from "../../lib/i18n/languages";
import { useLang, useLocalPath } from "../lib/lang";
import { normalizePath } from "../lib/paths";

/**
 * Where an agent works: reachable from every page, in the phone menu too; NavLink marks the current place. The
 * cart is the account area's own link, with its count. Labels are catalogue keys (the `nav` group).
 */
const WORKSPACE_LINKS = [
  { to: "/clients/", label: "nav.clients" },
  { to: "/joblist/", label: "nav.jobs" },
  { to: "/relocation/", label: "nav.relocation" },
  { to: "/mentors/", label: "nav.mentors" },
  { to: "/bookings/", label: "nav.sessions" },
  { to: "/orders/", label: "nav.orders" },
  { to: "/contact/", label: "nav.contact" },
  { to: "/account/", label: "nav.account" },
] as const;

/**
 * A link to a section of the site, marked (`aria-current="page"`, class `active`) on that section's pages: with
 * or without a trailing slash (`/about` and `/about/` alike), and below it unless `end` (`/clients/7/edit` is in
 * Clients).
 */
export function SectionLink({
  to,
  end,
  aliases = [],
  className,
  children,
}: {
  to: string;
  end?: boolean;
  aliases?: string[];
  className?: string;
  children: ReactNode;
}) {
  const here = normalizePath(useLocation().pathname).toLowerCase();
  const active = [to, ...aliases].some((path) => {
    const section = normalizePath(path).toLowerCase();
    return here === section || (!end && section !== "/" && here.startsWith(section + "/"));
  });
  return (
    <Link
      to={to}
      className={[className, active ? "active" : null].filter(Boolean).join(" ") || undefined}
      aria-current={active ? "page" : undefined}
    >
      {children}
    </Link>
  );
}

/** A mentor's own places. */
const MENTOR_LINKS = [
  { to: "/mentoring/", label: "nav.agenda", end: true },
  { to: "/mentoring/hours/", label: "nav.hours", end: false },
  { to: "/mentoring/profile/", label: "nav.profile", end: false },
  { to: "/mentoring/statement/", label: "nav.statement", end: false },
] as const;

/** The back office's own places, for staff. */
const OFFICE_LINKS = [
  { to: "/office/", label: "nav.overview", end: true },
  { to: "/office/agents/", label: "nav.agents", end: false },
  { to: "/office/jobs/", label: "nav.jobs", end: false },
  { to: "/office/relocations/", label: "nav.packages", end: false },
  { to: "/office/plans/", label: "nav.plans", end: false },
  { to: "/office/mentors/", label: "nav.mentors", end: false },
  { to: "/office/orders/", label: "nav.orders", end: false },
  { to: "/office/bookings/", label: "nav.sessions", end: false },
  { to: "/office/messages/", label: "nav.messages", end: false },
  { to: "/office/outbox/", label: "nav.email", end: false },
  { to: "/office/audit/", label: "nav.audit", end: false },
  /** An owner's only */
  { to: "/office/staff/", label: "nav.staff", end: false, owners: true },
  { to: "/office/settings/", label: "nav.settings", end: false, owners: true },
] as const;

/** The account's end of the header: each kind's own page, the cart's count for an agent, sign-out; else sign-in. */
export function AccountLinks({
  agent,
  staff,
  mentor,
  client,
  cartCount,
}: {
  agent: AgentPublic | null;
  staff: StaffPublic | null;
  mentor: MentorPublic | null;
  client: ClientPublic | null;
  cartCount: number | null;
}) {
  const { t } = useTranslation();
  const local = useLocalPath();
  return (
    <div className="site-nav__account">
      {agent ? (
        <>
          <SectionLink to="/dashboard/">{t("nav.dashboard")}</SectionLink>
          <SectionLink to="/cart/" className="cart-link">
            {t("nav.cart")}{" "}
            <span className="badge" data-testid="cart-count">
              {cartCount ?? "–"}
            </span>
            <span className="visually-hidden"> {t("nav.cartItems")}</span>
          </SectionLink>
          <SignOut />
        </>
      ) : staff ? (
        <>
          <SectionLink to="/office/" end>
            {t("nav.office")}
          </SectionLink>
          <SectionLink to="/account/">{t("nav.account")}</SectionLink>
          <SignOut />
        </>
      ) : mentor ? (
        // The mentor's own places are the row below (as the office's and the workspace's): beside the public
        // links they wrapped, and "Sign out" broke in two, at 1280 px.
        <>
          <SectionLink to="/mentoring/" end>
            {t("nav.mentoring")}
          </SectionLink>
          <SectionLink to="/account/">{t("nav.account")}</SectionLink>
          <SignOut />
        </>
      ) : client ? (
        <>
          <SectionLink to="/my/" end>
            {t("my.title")}
          </SectionLink>
          <SignOut />
        </>
      ) : (
        <Link to={local("/authentication/")} className="button button--primary">
          {t("common.signIn")}
        </Link>
      )}
    </div>
  );
}

/** The signed-in kind's own row of places: the office's for staff, the mentor's, the agent's workspace. */
export function KindPlaces({
  agent,
  staff,
  mentor,
}: {
  agent: AgentPublic | null;
  staff: StaffPublic | null;
  mentor: MentorPublic | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      {staff ? (
        <PlacesNav label={t("nav.backOffice")} links={OFFICE_LINKS.filter((l) => !("owners" in l) || staff.role === "owner")} />
      ) : null}
      {mentor && !agent && !staff ? <PlacesNav label={t("nav.mentoringPlaces")} links={MENTOR_LINKS} /> : null}
      {agent ? <PlacesNav label={t("nav.workspace")} links={WORKSPACE_LINKS} /> : null}
    </>
  );
}

/** A kind's own places, the header's second row (the office's, the mentor's, the agent's workspace). */
export function PlacesNav({
  label,
  links,
}: {
  label: string;
  links: ReadonlyArray<{ to: string; label: string; end?: boolean }>;
}) {
  const { t } = useTranslation();
  return (
    <nav className="workspace-nav" aria-label={label}>
      <ul>
        {links.map((l) => (
          <li key={l.to}>
            <SectionLink to={l.to} end={l.end}>
              {t(l.label)}
            </SectionLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A full page load: nothing of the signed-in session stays in the page's memory. */
export function SignOut() {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/logout" className="signout-form" reloadDocument>
      <AuthenticityTokenInput />
      <button type="submit" className="button button--ghost">
        {t("common.signOut")}
      </button>
    </Form>
  );
}

/**
 * The same page in another language: plain links (a full page load, scripts or not) through `/language/:lang`,
 * which keeps the choice in a cookie. Each name is written in its own language and marked so.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname, search } = useLocation();
  const back = encodeURIComponent(pathname + search);
  return (
    <nav className="language-switch" aria-label={t("common.language")}>
      <ul>
        {languages.map((l) => (
          <li key={l}>
            {l === lang ? (
              <span aria-current="true" lang={l}>
                {languageNames[l]}
              </span>
            ) : (
              <a href={`/language/${l}?back=${back}`} lang={l} hrefLang={l} dir={dirOf(l)}>
                {languageNames[l]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
