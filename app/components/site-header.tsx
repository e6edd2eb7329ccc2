import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { AgentPublic, ClientPublic, MentorPublic, StaffPublic } from "../../lib/contract";
import { normalizePath } from "../lib/paths";

/**
 * Where an agent works: reachable from every page, in the phone menu too; NavLink marks the current place. The
 * cart is the account area's own link, with its count.
 */
const WORKSPACE_LINKS = [
  { to: "/clients/", label: "Clients" },
  { to: "/joblist/", label: "Jobs" },
  { to: "/relocation/", label: "Relocation" },
  { to: "/mentors/", label: "Mentors" },
  { to: "/bookings/", label: "Bookings" },
  { to: "/orders/", label: "Orders" },
  { to: "/contact/", label: "Contact" },
  { to: "/account/", label: "Account" },
] as const;

/**
 * A link to a section of the site, marked (`aria-current="page"`, class `active`) on that section's pages: with
 * or without a trailing slash (`/about` and `/about/` alike), and below it unless `end` (`/clients/7/edit` is in
 * Clients).
 */
function SectionLink({
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

export type SiteInfo = { phone: string; chatUrl: string; copyrightYear: number };

const STICKY_AFTER_PX = 170;

/** The back office's own places, for staff. */
const OFFICE_LINKS = [
  { to: "/office/", label: "Overview", end: true },
  { to: "/office/agents/", label: "Agents", end: false },
  { to: "/office/jobs/", label: "Jobs", end: false },
  { to: "/office/relocations/", label: "Packages", end: false },
  { to: "/office/plans/", label: "Plans", end: false },
  { to: "/office/mentors/", label: "Mentors", end: false },
  { to: "/office/orders/", label: "Orders", end: false },
  { to: "/office/bookings/", label: "Sessions", end: false },
  { to: "/office/messages/", label: "Messages", end: false },
  { to: "/office/outbox/", label: "E-mail", end: false },
  { to: "/office/audit/", label: "Audit log", end: false },
] as const;

export function SiteHeader({
  agent,
  staff,
  mentor,
  client,
  cartCount,
  site,
}: {
  agent: AgentPublic | null;
  staff: StaffPublic | null;
  mentor: MentorPublic | null;
  client: ClientPublic | null;
  cartCount: number | null;
  site: SiteInfo;
}) {
  const [sticky, setSticky] = useState(false);
  const services = useRef<HTMLDetailsElement>(null);
  const menu = useRef<HTMLInputElement>(null);
  const location = useLocation();

  // On scroll: the bar sticks after STICKY_AFTER_PX, and the page learns where the header ends on screen, for the
  // toasts to start below it (app.css, .Toastify__toast-container); a resize of the header moves that edge too.
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = header.current;
    if (!el) return;
    const place = () =>
      document.documentElement.style.setProperty("--header-bottom", `${Math.max(0, el.getBoundingClientRect().bottom)}px`);
    const onScroll = () => {
      setSticky(window.scrollY > STICKY_AFTER_PX);
      place();
    };
    onScroll();
    const observer = new ResizeObserver(place);
    observer.observe(el);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener("scroll", onScroll);
    };
  }, []);

  // The services menu closes on Esc (focus back on its button) and on a click anywhere else.
  useEffect(() => {
    const details = services.current;
    if (!details) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && details.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (details.open && !details.contains(e.target as Node)) details.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);

  // A client-side navigation does not reload the page: close the open menus ourselves.
  useEffect(() => {
    services.current?.removeAttribute("open");
    if (menu.current) menu.current.checked = false;
  }, [location.pathname, location.search]);

  return (
    <header className={sticky ? "site-header is-sticky" : "site-header"} id="top" ref={header}>
      <div className="topbar">
        <div className="container topbar__inner">
          <span className="topbar__hours">Mon–Fri, 9:00–18:00 UTC</span>
          <a href={site.chatUrl} className="chat-link" rel="noopener noreferrer">
            Chat with us
          </a>
          <a href={`tel:${site.phone.replace(/[^\d+]/g, "")}`} className="phone-link">
            {site.phone}
          </a>
        </div>
      </div>
      <div className="site-header__bar container">
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            W
          </span>
          {/* Named by what it shows ("Waypoint"), then what it is: voice users can say what they see. */}
          <span className="brand__name">Waypoint</span>
          <span className="visually-hidden"> Consultancy, home</span>
        </Link>

        <input type="checkbox" id="nav-toggle" className="nav-toggle" ref={menu} />
        <label htmlFor="nav-toggle" className="nav-toggle__label">
          Menu
        </label>

        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__links">
            <li>
              <SectionLink to="/" end aliases={["/home"]}>
                Home
              </SectionLink>
            </li>
            <li>
              <SectionLink to="/about/">About us</SectionLink>
            </li>
            <li className="dropdown">
              <details ref={services}>
                <summary>Services</summary>
                <ul className="dropdown__menu">
                  <li>
                    <Link to="/servicesPage/?id=1">Mentorship</Link>
                  </li>
                  <li>
                    <Link to="/servicesPage/?id=2">Relocation</Link>
                  </li>
                  <li>
                    <Link to="/servicesPage/?id=3">Job Placement</Link>
                  </li>
                </ul>
              </details>
            </li>
            <li>
              <SectionLink to="/terms/">Terms &amp; Conditions</SectionLink>
            </li>
          </ul>

          <div className="site-nav__account">
            {agent ? (
              <>
                <SectionLink to="/dashboard/">Dashboard</SectionLink>
                <SectionLink to="/cart/" className="cart-link">
                  Cart{" "}
                  <span className="badge" data-testid="cart-count">
                    {cartCount ?? "–"}
                  </span>
                  <span className="visually-hidden"> items</span>
                </SectionLink>
                <SignOut />
              </>
            ) : staff ? (
              <>
                <SectionLink to="/office/" end>
                  Office
                </SectionLink>
                <SectionLink to="/account/">Account</SectionLink>
                <SignOut />
              </>
            ) : mentor ? (
              <>
                <SectionLink to="/mentoring/" end>
                  Agenda
                </SectionLink>
                <SectionLink to="/mentoring/hours/">Hours</SectionLink>
                <SectionLink to="/mentoring/profile/">Profile</SectionLink>
                <SectionLink to="/mentoring/statement/">Statement</SectionLink>
                <SectionLink to="/account/">Account</SectionLink>
                <SignOut />
              </>
            ) : client ? (
              <>
                <SectionLink to="/my/" end>
                  Your page
                </SectionLink>
                <SignOut />
              </>
            ) : (
              <Link to="/authentication/" className="button button--primary">
                SIGN IN
              </Link>
            )}
          </div>
        </nav>

        {staff ? (
          <nav className="workspace-nav" aria-label="Back office">
            <ul>
              {OFFICE_LINKS.map((l) => (
                <li key={l.to}>
                  <SectionLink to={l.to} end={l.end}>
                    {l.label}
                  </SectionLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {agent ? (
          <nav className="workspace-nav" aria-label="Workspace">
            <ul>
              {WORKSPACE_LINKS.map((l) => (
                <li key={l.to}>
                  <SectionLink to={l.to}>{l.label}</SectionLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </header>
  );
}

/** A full page load: nothing of the signed-in session stays in the page's memory. */
function SignOut() {
  return (
    <Form method="post" action="/logout" className="signout-form" reloadDocument>
      <AuthenticityTokenInput />
      <button type="submit" className="button button--ghost">
        Sign out
      </button>
    </Form>
  );
}
