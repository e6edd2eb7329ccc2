/**
 * A page's title ends with the company's name as the office set it (`/office/settings`), read from the root
 * loader's site facts: every page's meta takes it from here, never from a name written into the page.
 */
import { useMatches } from "@remix-run/react";
import { DEFAULT_COMPANY_NAME } from "../../lib/business";

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
