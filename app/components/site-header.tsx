import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { AgentPublic } from "../../lib/contract";

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
] as const;

export type SiteInfo = { phone: string; chatUrl: string; copyrightYear: number };

const STICKY_AFTER_PX = 170;

export function SiteHeader({ agent, cartCount, site }: { agent: AgentPublic | null; cartCount: number | null; site: SiteInfo }) {
  const [sticky, setSticky] = useState(false);
  const services = useRef<HTMLDetailsElement>(null);
  const menu = useRef<HTMLInputElement>(null);
  const location = useLocation();

  useEffect(() => {
    const onScroll = () => setSticky(window.scrollY > STICKY_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // A client-side navigation does not reload the page: close the open menus ourselves.
  useEffect(() => {
    services.current?.removeAttribute("open");
    if (menu.current) menu.current.checked = false;
  }, [location.pathname, location.search]);

  return (
    <header className={sticky ? "site-header is-sticky" : "site-header"} id="top">
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
              <NavLink to="/" end>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to="/about/">About us</NavLink>
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
              <NavLink to="/terms/">Terms &amp; Conditions</NavLink>
            </li>
          </ul>

          <div className="site-nav__account">
            {agent ? (
              <>
                <NavLink to="/dashboard/">Dashboard</NavLink>
                <NavLink to="/cart/" className="cart-link">
                  Cart{" "}
                  <span className="badge" data-testid="cart-count">
                    {cartCount ?? "–"}
                  </span>
                  <span className="visually-hidden"> items</span>
                </NavLink>
                {/* A full page load: nothing of the signed-in session stays in the page's memory. */}
                <Form method="post" action="/logout" className="signout-form" reloadDocument>
                  <AuthenticityTokenInput />
                  <button type="submit" className="button button--ghost">
                    Sign out
                  </button>
                </Form>
              </>
            ) : (
              <Link to="/authentication/" className="button button--primary">
                SIGN IN
              </Link>
            )}
          </div>
        </nav>

        {agent ? (
          <nav className="workspace-nav" aria-label="Workspace">
            <ul>
              {WORKSPACE_LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to}>{l.label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </header>
  );
}
