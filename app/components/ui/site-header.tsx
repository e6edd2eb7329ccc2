import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { SiteFacts } from "../../../lib/business";
import { dirOf, type Lang } from "../../../lib/i18n/languages";
import { DEFAULT_COMPANY_NAME, todaysHours } from "../../../lib/site-facts";
import { portalKinds, type SignedInPerson } from "../../lib/kinds";
import { useLocalPath } from "../../lib/lang";
import { useTranslation } from "../../lib/page-words";
import { appLink } from "./app-link";
import { AccountLinks, KindPlaces, LanguageSwitch, SectionLink } from "./header-places";

/** The root's suggestion of another language, written in that language (the visitor reads it, not this page's). */
export type LanguageSuggestion = { lang: Lang; text: string; link: string };

const STICKY_AFTER_PX = 170;

export function SiteHeader({
  account,
  cartCount,
  site,
  localized,
  suggestion,
}: {
  /** Whoever is signed in, of any kind (the places of its kind come from the table in app/lib/kinds.ts) */
  account: SignedInPerson | null;
  cartCount: number | null;
  /** null only on an error page drawn without the root's data */
  site: Omit<SiteFacts, "services"> | null;
  /** A public page written in every language: it shows the language switch */
  localized: boolean;
  suggestion: LanguageSuggestion | null;
}) {
  const { t } = useTranslation();
  const local = useLocalPath();
  const [sticky, setSticky] = useState(false);
  // The opening hours in the viewer's zone: a signed-in person's own; a visitor's browser's once scripts run (the
  // office's own zone until then, and without JavaScript).
  const signedInZone = account?.person.time_zone ?? null;
  const publicSections = !account || portalKinds[account.kind].publicSections;
  const [browserZone, setBrowserZone] = useState<string | null>(null);
  useEffect(() => {
    if (!signedInZone) setBrowserZone(Intl.DateTimeFormat().resolvedOptions().timeZone || null);
  }, [signedInZone]);
  const zone = signedInZone ?? browserZone ?? site?.hours_zone ?? "UTC";
  const company = site?.company.name || DEFAULT_COMPANY_NAME;
  const brandWord = company.split(/\s+/)[0] ?? company;
  const services = useRef<HTMLDetailsElement>(null);
  const menu = useRef<HTMLInputElement>(null);
  // The phone menu: without scripts a checkbox opens it (CSS); with them, a button that says it opens a menu and
  // whether it is open (aria-expanded), as screen readers expect of a menu button.
  const [scripted, setScripted] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // A tap on the checkbox's label before the scripts ran opened the menu: the button that replaces it keeps it open.
  useEffect(() => {
    setMenuOpen(menu.current?.checked ?? false);
    setScripted(true);
  }, []);
  const location = useLocation();
  const shownAt = useRef(location.pathname + location.search);

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
    const now = location.pathname + location.search;
    if (now === shownAt.current) return; // the first render, or the same page again
    shownAt.current = now;
    services.current?.removeAttribute("open");
    if (menu.current) menu.current.checked = false;
    setMenuOpen(false);
  }, [location.pathname, location.search]);

  return (
    <header
      className={["site-header", sticky ? "is-sticky" : "", menuOpen ? "menu-open" : ""].filter(Boolean).join(" ")}
      id="top"
      ref={header}
    >
      <div className="topbar">
        <div className="container topbar__inner">
          {site ? (
            <>
              <span className="topbar__hours" data-testid="opening-hours">
                {todaysHours(site, zone, new Date(), (h) => (h ? t("common.openToday", h) : t("common.closedToday")))}{" "}
                <bdi dir="ltr">({zone.replaceAll("_", " ")})</bdi>
              </span>
              <a href={site.chat_url} className="chat-link" rel="noopener noreferrer">
                {t("common.chat")}
              </a>
              <a href={`tel:${site.phone.replace(/[^\d+]/g, "")}`} className="phone-link" data-testid="site-phone">
                <bdi dir="ltr">{site.phone}</bdi>
              </a>
            </>
          ) : null}
          {localized ? <LanguageSwitch /> : null}
        </div>
      </div>
      {suggestion ? (
        <p className="language-suggestion container" lang={suggestion.lang} dir={dirOf(suggestion.lang)}>
          {suggestion.text}{" "}
          <a href={`/language/${suggestion.lang}?back=${encodeURIComponent(location.pathname + location.search)}`}>
            {suggestion.link}
          </a>
        </p>
      ) : null}
      <div className="site-header__bar container">
        {/* The company as the office names it: its first word shown, the rest of its name and what the link is
            said after it (voice users can say what they see: the name starts with the word shown). */}
        <a {...appLink(local("/"))} className="brand">
          <span className="brand__mark" aria-hidden="true">
            {company.charAt(0).toLocaleUpperCase()}
          </span>
          <span className="brand__name">{brandWord}</span>
          <span className="visually-hidden">{t("common.brandHome", { rest: company.slice(brandWord.length) })}</span>
        </a>

        {scripted ? (
          <button
            type="button"
            className="nav-toggle__label nav-toggle__button"
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            aria-haspopup="true"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t("common.menu")}
          </button>
        ) : (
          <>
            {/* A tap while the scripts take over (after the effect below read the box, before the button replaces
                it) is kept: the box says it opened the menu. */}
            <input
              type="checkbox"
              id="nav-toggle"
              className="nav-toggle"
              ref={menu}
              onChange={(e) => setMenuOpen(e.currentTarget.checked)}
            />
            <label htmlFor="nav-toggle" className="nav-toggle__label">
              {t("common.menu")}
            </label>
          </>
        )}

        <nav className="site-nav" aria-label={t("common.mainNav")} id="main-nav">
          <ul className="site-nav__links">
            <li>
              <SectionLink to={local("/")} end aliases={["/home"]}>
                {t("common.home")}
              </SectionLink>
            </li>
            <li>
              <SectionLink to={local("/about/")}>{t("common.about")}</SectionLink>
            </li>
            <li className="dropdown">
              <details ref={services}>
                <summary>{t("common.services")}</summary>
                <ul className="dropdown__menu">
                  <li>
                    <a {...appLink(local("/servicesPage/?id=1"))}>{t("services.s1.name")}</a>
                  </li>
                  <li>
                    <a {...appLink(local("/servicesPage/?id=2"))}>{t("services.s2.name")}</a>
                  </li>
                  <li>
                    <a {...appLink(local("/servicesPage/?id=3"))}>{t("services.s3.name")}</a>
                  </li>
                </ul>
              </details>
            </li>
            {!publicSections ? null : (
              <li>
                <SectionLink to={local("/our-mentors/")}>{t("common.ourMentors")}</SectionLink>
              </li>
            )}
            <li>
              <SectionLink to={local("/terms/")}>{t("common.terms")}</SectionLink>
            </li>
            {!publicSections ? null : (
              // An agent's Contact is in the workspace's menu; a visitor writes from the public form.
              <li>
                <SectionLink to={local("/contact/")}>{t("common.contact")}</SectionLink>
              </li>
            )}
          </ul>

          <AccountLinks account={account} cartCount={cartCount} />
        </nav>

        <KindPlaces account={account} />
      </div>
    </header>
  );
}
