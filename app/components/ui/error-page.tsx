/**
 * What a page says when it cannot be shown: its status, a title (also the page's <title>) and a sentence, in the
 * page's language, with a way on. The root's boundary sends a visitor home; each area's boundary (the office, an
 * agent's workspace, a mentor's and a client's area) keeps them in their area, under its header, with a link to the
 * area's home. A refusal thrown with its code (a form too old, a body too large) is said in the page's words.
 */
import { isRouteErrorResponse, Link, useLocation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { AccountKind } from "../../../lib/contract";
import { langOfPath } from "../../../lib/i18n/languages";
import { portalKinds, type SignedInPerson } from "../../lib/kinds";
import { useTranslation } from "../../lib/page-words";
import { thrownCodeKey } from "../../lib/thrown-refusals";

type Say = (key: string) => string;

/**
 * What an error page says, each part a catalogue key said by `say`: the page's translator, or (for the <title>,
 * written before the page's words are loaded) the titles the root loader said.
 */
export function describeError(error: unknown, say: Say): { status: number; title: string; message: string } {
  const fallback = { status: 500, title: say("errors.brokenTitle"), message: say("errors.broken") };
  if (!isRouteErrorResponse(error)) return fallback;
  const status = error.status;
  const text = typeof error.data === "string" && error.data !== "Not found" ? error.data : null;
  // A refusal's own words: a code of ours in the page's language, other words as they came.
  const key = text ? thrownCodeKey(text) : null;
  const said = key ? say(key) : text;
  if (status === 404) return { status, title: say("errors.notFoundTitle"), message: say("errors.notFound") };
  if (status === 503) return { status, title: say("errors.busyTitle"), message: say("errors.busy") };
  if (status === 403) return { status, title: say("errors.forbiddenTitle"), message: said ?? say("errors.forbidden") };
  if (status < 500) return { status, title: say("errors.failedTitle"), message: said ?? fallback.message };
  return { ...fallback, status };
}

function ErrorPage({ home }: { home: { to: string; label: string } }) {
  const { t } = useTranslation();
  const { status, title, message } = describeError(useRouteError(), (key) => t(key));
  return (
    <section className="container page error-page" data-status={status}>
      <p className="eyebrow">{t("errors.label", { status })}</p>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <Link to={home.to} className="button button--primary">
          {home.label}
        </Link>
      </p>
    </section>
  );
}

/** The root's: a way to the home page in the page's language. */
export function RootErrorPage() {
  const { t } = useTranslation();
  const lang = langOfPath(useLocation().pathname);
  return <ErrorPage home={{ to: lang === "en" ? "/" : `/${lang}`, label: t("errors.home") }} />;
}

/**
 * An area's: the same page, with a way to the area's home (the kinds table's) for one who works there. Anyone else
 * (an agent who typed an office address gets its 404) is shown the root's way home, so the page does not tell
 * them the area is there.
 */
function areaErrorPage(kind: AccountKind) {
  return function AreaErrorPage() {
    const { t } = useTranslation();
    // The root's data as far as this page reads it (typed here: the root imports this module, not the other way).
    const signedIn = (useRouteLoaderData("root") as { account?: SignedInPerson | null } | undefined)?.account;
    if (signedIn?.kind !== kind) return <RootErrorPage />;
    return <ErrorPage home={{ to: portalKinds[kind].home, label: t(`errors.areaHome.${kind}`) }} />;
  };
}

export const OfficeErrorBoundary = areaErrorPage("staff");
export const WorkspaceErrorBoundary = areaErrorPage("agent");
export const MentoringErrorBoundary = areaErrorPage("mentor");
export const ClientAreaErrorBoundary = areaErrorPage("client");
