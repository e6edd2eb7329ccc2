/** The header's places (site-header.tsx draws the rest): each kind's account links and own row, and the language switch. */
import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { dirOf, languageNames, languages } from "../../../lib/i18n/languages";
import { mayShow, portalKinds, type SignedInPerson } from "../../lib/kinds";
import { useLang, useLocalPath } from "../../lib/lang";
import { useTranslation } from "../../lib/page-words";
import { normalizePath } from "../../lib/paths";
import { appLink } from "./app-link";

/**
 * A link to a section of the site, marked (`aria-current="page"`, class `active`) on that section's pages: with
 * or without a trailing slash (`/about` and `/about/` alike), and below it unless `end` (`/clients/7/edit` is in
 * Clients). A plain anchor, which the root's one listener follows in the app (app-link.tsx).
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
    <a
      {...appLink(to)}
      className={[className, active ? "active" : null].filter(Boolean).join(" ") || undefined}
      aria-current={active ? "page" : undefined}
    >
      {children}
    </a>
  );
}

/** The account's end of the header: the kind's own home, its cart with the count (an agent's), its account page, sign-out; else sign-in. */
export function AccountLinks({ account, cartCount }: { account: SignedInPerson | null; cartCount: number | null }) {
  const { t } = useTranslation();
  const local = useLocalPath();
  const kind = account ? portalKinds[account.kind] : null;
  return (
    <div className="site-nav__account">
      {kind ? (
        <>
          <SectionLink to={kind.home.endsWith("/") ? kind.home : `${kind.home}/`} end>
            {t(kind.homeLabel)}
          </SectionLink>
          {kind.cart ? (
            <SectionLink to="/cart/" className="cart-link">
              {t("nav.cart")}{" "}
              <span className="badge" data-testid="cart-count">
                {cartCount ?? "–"}
              </span>
              <span className="visually-hidden"> {t("nav.cartItems")}</span>
            </SectionLink>
          ) : kind.accountPage ? (
            // An agent's account page is in the workspace's row.
            <SectionLink to="/account/">{t("nav.account")}</SectionLink>
          ) : null}
          <SignOut />
        </>
      ) : (
        <a {...appLink(local("/authentication/"))} className="button button--primary">
          {t("common.signIn")}
        </a>
      )}
    </div>
  );
}

/** The signed-in kind's own row of places: the office's for staff, the mentor's, the agent's workspace. */
export function KindPlaces({ account }: { account: SignedInPerson | null }) {
  const { t } = useTranslation();
  const places = account ? portalKinds[account.kind].places : undefined;
  if (!account || !places) return null;
  return <PlacesNav label={t(places.label)} links={places.links.filter((place) => mayShow(place, account))} />;
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
