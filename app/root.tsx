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
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import type { ReactNode } from "react";
import toastifyCss from "react-toastify/dist/ReactToastify.css";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { RouteLoading, ScrollTopButton } from "./components/page-chrome";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Toast, ToastHost } from "./components/toasts";
import { ApiCallError, apiLoaderError } from "./lib/api.server";
import { apiFor, sessionOf } from "./lib/context.server";
import { endpoints } from "./lib/endpoints.server";
import { useNonce } from "./lib/nonce";
import { isAuthenticationPath, normalizePath } from "./lib/paths";
import { csrf } from "./lib/security.server";
import { commitSession } from "./lib/session.server";
import { getSettings } from "./lib/settings.server";
import { makeToast, SERVER_BUSY, type ToastMessage } from "./lib/toast";
import appCss from "./styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: toastifyCss },
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ error }) => [
  // An error page is named by what went wrong ("Page not found · …"), like every other page by what it shows.
  {
    title: error
      ? `${describeError(error).title} · Waypoint Consultancy`
      : "Waypoint Consultancy: mentorship, relocation and job placement",
  },
  {
    name: "description",
    content: "Mentorship, relocation and job placement for people moving abroad for work, through their agents.",
  },
];

/**
 * On every navigation: with a session, check the token with the API, whose answer carries the cart's count for
 * the badge (one call). A token the API no longer knows ends the session.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = getSettings();
  const session = await sessionOf(context, request);
  const headers = new Headers();
  const token = session.get("token");
  const sessionAgent = session.get("agent");
  const pathname = new URL(request.url).pathname;

  let agent = sessionAgent ?? null;
  const staffToken = session.get("staffToken");
  let staff = session.get("staff") ?? null;
  const mentorToken = session.get("mentorToken");
  let mentor = session.get("mentor") ?? null;
  const clientToken = session.get("clientToken");
  const client = session.get("client") ?? null;
  let cartCount: number | null = null;
  let toast: ToastMessage | null = null;
  let sessionChanged = false;

  if (token && sessionAgent && !isAuthenticationPath(pathname)) {
    try {
      const api = apiFor(context, token);
      const check = await api.call(endpoints.tokencheck);
      agent = check.agent;
      cartCount = check.cart_count;
      // The agent changed its zone (or name) in another browser: this session follows from the next page on.
      if (check.agent.time_zone !== sessionAgent.time_zone || check.agent.name !== sessionAgent.name) {
        session.set("agent", check.agent);
        sessionChanged = true;
      }
    } catch (error) {
      // An API that is down must not take the public pages with it.
      if (error instanceof ApiCallError && error.unavailable) toast = makeToast("error", SERVER_BUSY);
      else await apiLoaderError(error, request, context);
    }
  }

  if (staffToken && staff && !isAuthenticationPath(pathname)) {
    try {
      staff = (await apiFor(context, staffToken).call(endpoints.officeMe)).staff;
    } catch (error) {
      if (error instanceof ApiCallError && error.unavailable) toast = makeToast("error", SERVER_BUSY);
      else await apiLoaderError(error, request, context);
    }
  }

  if (mentorToken && mentor && !isAuthenticationPath(pathname)) {
    try {
      mentor = (await apiFor(context, mentorToken).call(endpoints.mentorMe)).mentor;
    } catch (error) {
      if (error instanceof ApiCallError && error.unavailable) toast = makeToast("error", SERVER_BUSY);
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
      agent: token ? agent : null,
      staff: staffToken ? staff : null,
      mentor: mentorToken ? mentor : null,
      client: clientToken ? client : null,
      cartCount,
      toast,
      csrfToken,
      site: settings.site,
    },
    { headers },
  );
}

export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export type RootLoaderData = typeof loader;

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootLoaderData>("root");
  const nonce = useNonce();
  const location = useLocation();
  const path = normalizePath(location.pathname).toLowerCase();
  const isHome = path === "/" || path === "/home";
  const site = data?.site ?? { phone: "", chatUrl: "/", copyrightYear: 2025 };

  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <FormContext data={data}>
          <SiteHeader
            agent={data?.agent ?? null}
            staff={data?.staff ?? null}
            mentor={data?.mentor ?? null}
            client={data?.client ?? null}
            cartCount={data?.cartCount ?? null}
            site={site}
          />
          <main id="main" className="site-main">
            {/* Toasts live in the main landmark, just below the header (never over its links). */}
            <ToastHost />
            <Toast toast={data?.toast} />
            {children}
          </main>
        </FormContext>
        {isHome ? null : <SiteFooter copyrightYear={site.copyrightYear} />}
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

/** What an error page says: its status, its title (also the page's <title>) and a sentence. */
function describeError(error: unknown): { status: number; title: string; message: string } {
  const fallback = {
    status: 500,
    title: "Something went wrong",
    message: "We could not show this page. Please try again in a moment.",
  };
  if (!isRouteErrorResponse(error)) return fallback;
  const status = error.status;
  const text = typeof error.data === "string" ? error.data : null;
  if (status === 404) {
    return {
      status,
      title: "Page not found",
      message: "There is nothing at this address. It may have moved, or the link may be mistyped.",
    };
  }
  if (status === 503)
    return { status, title: SERVER_BUSY, message: "The server is busy right now. Please try again in a moment." };
  if (status === 403) return { status, title: "Not allowed", message: text ?? "You cannot do that." };
  if (status < 500) return { status, title: "That did not work", message: text ?? fallback.message };
  return { ...fallback, status };
}

export function ErrorBoundary() {
  const { status, title, message } = describeError(useRouteError());
  return (
    <section className="container page error-page" data-status={status}>
      <p className="eyebrow">Error {status}</p>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <Link to="/" className="button button--primary">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
