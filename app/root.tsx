import { data, type SerializeFrom, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import toastifyCss from "react-toastify/dist/ReactToastify.css";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import type { SiteFacts } from "../lib/business";
import { dirOf, langOfPath, pathWithoutLang, type Lang } from "../lib/i18n/languages";
import { DEFAULT_COMPANY_NAME } from "../lib/site-facts";
import { useAppLinkClicks } from "./components/ui/app-link";
import { describeError, RootErrorPage } from "./components/ui/error-page";
import { RouteLoading, ScrollTopButton } from "./components/ui/page-chrome";
import { SiteFooter } from "./components/ui/site-footer";
import { SiteHeader } from "./components/ui/site-header";
import { Toast, ToastHost } from "./components/ui/toasts";
import { ApiCallError, apiLoaderError, toSecurityPage } from "./lib/api.server";
import { useCatalogueFor } from "./lib/catalogue-loading";
import { CatalogueScript } from "./lib/catalogue-script";
import { apiFor, sessionOf } from "./lib/context.server";
import { endpoints } from "./lib/endpoints.server";
import { browserLang, catalogueVersion, chosenLang, translator } from "./lib/i18n.server";
import type { SignedInPerson } from "./lib/kinds";
import { companyOf } from "./lib/meta";
import { useNonce } from "./lib/nonce";
import { usePageWords, WordsProvider } from "./lib/page-words";
import { isAuthenticationPath, isLocalizedPath, normalizePath, SECURITY_PAGE } from "./lib/paths";
import { requestLang } from "./lib/refusals.server";
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

/** An error page's title where the root loader has not said it (it failed): in English. */
const englishErrorTitles: Record<string, string> = {
  "errors.notFoundTitle": "Page not found",
  "errors.busyTitle": SERVER_BUSY,
  "errors.forbiddenTitle": "Not allowed",
  "errors.failedTitle": "That did not work",
  "errors.brokenTitle": "Something went wrong",
};

export const meta: MetaFunction<typeof loader> = ({ error, data, matches }) => [
  // An error page is named by what went wrong ("Page not found · …"), like every other page by what it shows, in
  // the page's language (the root's words; English when the root itself failed).
  {
    title: error
      ? `${describeError(error, (key) => data?.errorTitles[key] ?? englishErrorTitles[key] ?? "").title} · ${companyOf(matches)}`
      : `${companyOf(matches)}: mentorship, relocation and job placement`,
  },
  {
    name: "description",
    content:
      data?.description ?? "Mentorship, relocation and job placement for people moving abroad for work, through their agents.",
  },
];

/** The root's words that depend on the language alone: worked out once for each. */
const fixedWordsOf = new Map<Lang, { description: string; myTitle: string; errorTitles: Record<string, string> }>();
function fixedWords(lang: Lang) {
  let words = fixedWordsOf.get(lang);
  if (!words) {
    const t = translator(lang);
    words = {
      description: t("home.description"),
      myTitle: t("my.title"),
      errorTitles: Object.fromEntries(Object.keys(englishErrorTitles).map((key) => [key, t(key)])),
    };
    fixedWordsOf.set(lang, words);
  }
  return words;
}

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
  // The page's language: its address's; a client's own pages the client's (refusals.server.ts).
  const lang = await requestLang(request, context);
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
      // The owner asks this kind for a second factor and it has none: its security page is the one page open to it.
      if (me.factor_required && normalizePath(pathWithoutLang(pathname)) !== SECURITY_PAGE) {
        throw await toSecurityPage(request, context);
      }
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
      site: withoutServiceTexts(await loadSite(context, lang)),
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
      ...fixedWords(lang),
    },
    { headers },
  );
}

/**
 * The business facts every page's header and footer show; the services' long texts (some 2.5 kB a page) stay with the
 * pages that show them, which load them themselves (the same memoised answer).
 */
function withoutServiceTexts(site: SiteFacts): Omit<SiteFacts, "services"> {
  const { services: _texts, ...facts } = site;
  return facts;
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
  // A page of a route or language whose words the browser has not had yet waits for them (a navigation keeps the
  // page before on screen meanwhile); a page in another language (after signing in, say) is then drawn in it.
  useCatalogueFor(
    lang,
    useMatches().map((m) => m.id),
    data?.catalogue ?? "",
  );
  const words = usePageWords(lang);
  const { t } = words;
  // Every appLink anchor of the page (a list's rows, the header's sections) navigates in the app, as a <Link> does.
  useAppLinkClicks();
  // Scripts have taken the page over: what a test (or a style) waits for before it reads an enhanced page.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);

  return (
    <WordsProvider words={words}>
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
    </WordsProvider>
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

export const ErrorBoundary = RootErrorPage;
