/**
 * A page's title ends with the company's name as the office set it (`/office/settings`), read from the root
 * loader's site facts: every page's meta takes it from here, never from a name written into the page.
 */
import type { MetaFunction } from "@remix-run/node";
import { useMatches } from "@remix-run/react";
import { DEFAULT_COMPANY_NAME } from "../../lib/site-facts";

type Match = { id: string; data: unknown };

/** The company's name from the root's data (the default before the root has loaded, on an error page say). */
export function companyOf(matches: readonly Match[]): string {
  const root = matches.find((m) => m.id === "root")?.data as { site?: { company?: { name?: string } } | null } | undefined;
  return root?.site?.company?.name || DEFAULT_COMPANY_NAME;
}

/** The company's name in a component (the same root data the titles read). */
export function useCompany(): string {
  return companyOf(useMatches());
}

/**
 * A page's meta, or, when its area's error page is drawn instead of it, the root's: the error named by what went
 * wrong ("Page not found · …"), as on every other error page.
 */
export function orErrorTitle<Loader = unknown>(meta: MetaFunction<Loader>): MetaFunction<Loader> {
  return (args) => (args.error ? (args.matches.find((m) => m.id === "root")?.meta ?? []) : meta(args));
}

/**
 * A page's title: its loader's `title` (said in the page's language), else `fallback` (before the loader has
 * answered), then the company's name.
 */
export function titleMeta<Loader = unknown>(fallback: string): MetaFunction<Loader> {
  return ({ data, matches }) => [
    { title: `${(data as { title?: string } | undefined)?.title ?? fallback} · ${companyOf(matches)}` },
  ];
}

/** The same for a page no search engine should list (a client's own pages, a link's landing): `noindex` beside it. */
export function unlistedTitleMeta<Loader = unknown>(fallback: string): MetaFunction<Loader> {
  const title = titleMeta<Loader>(fallback);
  return (args) => [...title(args), { name: "robots", content: "noindex" }];
}
