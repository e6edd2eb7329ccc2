/** The page's language in components: the root decides it; links to public pages stay in it. */
import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { intlLocale, langOfPath, pathInLang, type Lang } from "../../lib/i18n/languages";
import { useTranslation } from "./page-words";

type RootLang = { lang?: Lang } | undefined;

export function useLang(): Lang {
  const root = useRouteLoaderData("root") as RootLang;
  const { pathname } = useLocation();
  return root?.lang ?? langOfPath(pathname);
}

/** The locale for `Intl` (dates, numbers, money) in the page's language. */
export function useIntlLocale(): string {
  return intlLocale(useLang());
}

/** A public page's address in the page's language: `/about/` → `/ar/about/` on an Arabic page. */
export function useLocalPath(): (path: string) => string {
  const lang = useLang();
  return (path: string) => pathInLang(path, lang);
}

/**
 * A stored kind ("booking.confirmed", "client.signed_in") in words, from a catalogue group keyed by the kind with
 * `_` for `.` (i18next reads dots as nesting); a kind the group does not name is shown as stored.
 */
export function useKindLabel(group: string): (kind: string) => string {
  const { t, i18n } = useTranslation();
  return (kind: string) => {
    const key = `${group}.${kind.replaceAll(".", "_")}`;
    return i18n.exists(key) ? t(key) : kind;
  };
}
