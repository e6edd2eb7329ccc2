import { data, type SerializeFrom, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import toastifyCss from "react-toastify/dist/ReactToastify.css";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { DEFAULT_COMPANY_NAME } from "../lib/business";
import { dirOf, isLang, langOfPath, type Lang } from "../lib/i18n/languages";
import { RouteLoading, ScrollTopButton } from "./components/page-chrome";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Toast, ToastHost } from "./components/toasts";
import { ApiCallError, apiLoaderError } from "./lib/api.server";
import { useCatalogueFor } from "./lib/catalogue-loading";
import { CatalogueScript } from "./lib/catalogue-script";
import { apiFor, sessionOf } from "./lib/context.server";
import { endpoints } from "./lib/endpoints.server";
import { browserLang, catalogueVersion, chosenLang, translator } from "./lib/i18n.server";
import type { SignedInPerson } from "./lib/kinds";
import { companyOf } from "./lib/meta";
import { useNonce } from "./lib/nonce";
import { isAuthenticationPath, isLocalizedPath, normalizePath } from "./lib/paths";
import { codeKey } from "./lib/refusal-keys";
import { csrf } from "./lib/security.server";
import { accountOf, commitSession, type SessionAccount } from "./lib/session.server";
import { loadSite } from "./lib/site.server";
import { makeToast, SERVER_BUSY, type ToastMessage } from "./lib/toast";
import appCss from "./styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: toastifyCss },
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ error, data, matches }) => [
  // An error page is named by what went wrong ("Page not found · …"), like every other page by what it shows, in
  // the page's language (the root's words; English when the root itself failed).
  {
    title: error
      ? `${describeError(error, data?.errorTitles, () => "").title} · ${companyOf(matches)}`
      : `${companyOf(matches)}: mentorship, relocation and job placement`,
  },
  {
    name: "description",
    content:
      data?.description ?? "Mentorship, relocation and job placement for people moving abroad for work, through their agents.",
  },
];

/**
 * On every navigation: with a session, check the token with the API, whose answer carries the cart's count for
 * the badge (one call). A token the API no longer knows ends the session.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await sessionOf(context, request);
  const headers = new Headers();
  // Whoever is signed in, of any kind (a session of before one shape served every kind is rewritten in it).
  const { account, upgraded } = accountOf(session);
  const pathname = new URL(request.url).pathname;
  // The page's language: its address's; a client's own pages the client's (their record's, else the one their
  // e-mail's link names, else the one they chose); the workspace and the office are in English for now.
  const url = new URL(request.url);
  const lang: Lang = /^\/my(\/|$)/.test(pathname)
    ? pickLang(
        account?.kind === "client" ? account.person.language : null,
        url.searchParams.get("lang"),
        await chosenLang(request),
      )
    : langOfPath(pathname);
  const localized = isLocalizedPath(pathname);
  // A visitor who has not chosen yet and whose browser asks for another language we speak: said, never acted on.
  const suggested = localized && !(await chosenLang(request)) ? await browserLang(request) : null;
  const t = translator(lang);

  let signedIn: SignedInPerson | null = account ? ({ kind: account.kind, person: account.person } as SignedInPerson) : null;
  let cartCount: number | null = null;
  let toast: ToastMessage | null = null;
  let sessionChanged = upgraded;

  if (account && !isAuthenticationPath(pathname)) {
    try {
      // One call, whatever the kind: who the token is now, and an agent's cart count for the badge.
      const me = await apiFor(context, account.token).call(endpoints.whoAmI);
      signedIn = { kind: me.kind, person: me.person } as SignedInPerson;
      cartCount = me.cart_count;
      // The person changed their zone, name or language elsewhere: this session follows from the next page on.
      if (JSON.stringify(me.person) !== JSON.stringify(account.person)) {
        session.set("account", { ...account, person: me.person } as SessionAccount);
        sessionChanged = true;
      }
    } catch (error) {
      // An API that is down must not take the public pages with it.
      if (error instanceof ApiCallError && error.unavailable) toast = makeToast("error", t("messages.serverBusy"));
      else await apiLoaderError(error, request, context);
    }
  }

  const flashed = session.get("toast");
  if (flashed) toast = flashed;
  if (flashed || sessionChanged) headers.append("Set-Cookie", await commitSession(context, session));

  const [csrfToken, csrfCookie] = await csrf.commitToken(request);
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);

  return data(
    {
      account: signedIn,
      cartCount,
      toast,
      csrfToken,
      site: await loadSite(context, lang),
      lang,
      catalogue: catalogueVersion,
      localized,
      suggestion:
        suggested && suggested !== lang
          ? {
              lang: suggested,
              text: translator(suggested)("common.suggestion"),
              link: translator(suggested)("common.suggestionLink"),
            }
          : null,
      description: t("home.description"),
      myTitle: t("my.title"),
      errorTitles: {
        notFound: t("errors.notFoundTitle"),
        busy: t("errors.busyTitle"),
        forbidden: t("errors.forbiddenTitle"),
        failed: t("errors.failedTitle"),
        broken: t("errors.brokenTitle"),
      },
    },
    { headers },
  );
}

/** The first of these that is a language of ours, else English. */
function pickLang(...candidates: Array<string | null | undefined>): Lang {
  return candidates.find((c): c is Lang => isLang(c)) ?? "en";
}

export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export type RootLoaderData = typeof loader;

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootLoaderData>("root");
  const nonce = useNonce();
  const location = useLocation();
  const path = normalizePath(location.pathname).toLowerCase();
  const isHome = path === "/" || path === "/home" || /^\/(ar|es|fr)$/.test(path);
  const site = data?.site ?? null;
  const lang = data?.lang ?? langOfPath(location.pathname);
  const { t, i18n } = useTranslation();
  // A page of a route or language whose words the browser has not had yet waits for them (a navigation keeps the
  // page before on screen meanwhile).
  useCatalogueFor(
    i18n,
    lang,
    useMatches().map((m) => m.id),
    data?.catalogue ?? "",
  );
  // A link to a page in another language (after signing in, say) changes the browser's language too (its words
  // were fetched just before); the same language changes nothing.
  useEffect(() => {
    if (i18n.language !== lang) i18n.changeLanguage(lang).catch((error: unknown) => console.error(error));
  }, [i18n, lang]);
  // Scripts have taken the page over: what a test (or a style) waits for before it reads an enhanced page.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);

  return (
    <html lang={lang} dir={dirOf(lang)} data-catalogue={data?.catalogue}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <CatalogueScript nonce={nonce} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t("common.skip")}
        </a>
        <FormContext data={data}>
          <SiteHeader
            account={data?.account ?? null}
            cartCount={data?.cartCount ?? null}
            site={site}
            localized={data?.localized ?? false}
            suggestion={data?.suggestion ?? null}
          />
          <main id="main" className="site-main">
            {/* Toasts live in the main landmark, just below the header (never over its links). */}
            <ToastHost />
            <Toast toast={data?.toast} />
            {children}
          </main>
        </FormContext>
        {isHome ? null : (
          <SiteFooter
            copyrightYear={site?.copyright_year ?? new Date().getFullYear()}
            company={site?.company.name || DEFAULT_COMPANY_NAME}
          />
        )}
        <ScrollTopButton />
        <RouteLoading />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

/** What every form needs: the CSRF token (absent when the root loader failed). */
function FormContext({ data, children }: { data: SerializeFrom<RootLoaderData> | undefined; children: ReactNode }) {
  if (!data) return <>{children}</>;
  return <AuthenticityTokenProvider token={data.csrfToken}>{children}</AuthenticityTokenProvider>;
}

export default function App() {
  return <Outlet />;
}

type ErrorWords = { notFound: string; busy: string; forbidden: string; failed: string; broken: string };
const englishErrorTitles: ErrorWords = {
  notFound: "Page not found",
  busy: SERVER_BUSY,
  forbidden: "Not allowed",
  failed: "That did not work",
  broken: "Something went wrong",
};

/**
 * What an error page says: its status, its title (also the page's <title>) and a sentence, in the page's language.
 * A refusal's own words (a 4xx with a message of the API's) are shown as they came.
 */
function describeError(
  error: unknown,
  titles: ErrorWords = englishErrorTitles,
  say: (key: string) => string,
): { status: number; title: string; message: string } {
  const fallback = { status: 500, title: titles.broken, message: say("errors.broken") };
  if (!isRouteErrorResponse(error)) return fallback;
  const status = error.status;
  const text = typeof error.data === "string" && error.data !== "Not found" ? error.data : null;
  if (status === 404) return { status, title: titles.notFound, message: say("errors.notFound") };
  if (status === 503) return { status, title: titles.busy, message: say("errors.busy") };
  if (status === 403) return { status, title: titles.forbidden, message: text ?? say("errors.forbidden") };
  if (status < 500) return { status, title: titles.failed, message: text ?? fallback.message };
  return { ...fallback, status };
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  const lang = langOfPath(useLocation().pathname);
  const titles: ErrorWords = {
    notFound: t("errors.notFoundTitle"),
    busy: t("errors.busyTitle"),
    forbidden: t("errors.forbiddenTitle"),
    failed: t("errors.failedTitle"),
    broken: t("errors.brokenTitle"),
  };
  const described = describeError(useRouteError(), titles, (key) => t(key));
  // A refusal thrown with its code (a form too old, a body too large) in the page's words; other words as they came.
  const { status, title } = described;
  const key = codeKey(described.message);
  const message = key ? t(key) : described.message;
  return (
    <section className="container page error-page" data-status={status}>
      <p className="eyebrow">{t("errors.label", { status })}</p>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <Link to={lang === "en" ? "/" : `/${lang}`} className="button button--primary">
          {t("errors.home")}
        </Link>
      </p>
    </section>
  );
}
