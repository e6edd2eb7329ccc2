/** The public pages in every language, each with its alternates (hreflang), for search engines. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "../../lib/context.server";
import { endpoints } from "../../lib/endpoints.server";
import { languages, pathInLang } from "../../lib/every-page";
import { getSettings } from "../../lib/settings.server";

/** The listed pages: every public page but the one-time link's (set-password). */
export const sitemapPaths = [
  "/",
  "/about",
  "/servicesPage?id=1",
  "/servicesPage?id=2",
  "/servicesPage?id=3",
  "/terms",
  "/privacy",
  "/contact",
  "/authentication",
  "/forgot-password",
  "/our-mentors",
];

const escape = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

export async function loader({ context }: LoaderFunctionArgs) {
  const origin = getSettings().publicUrl;
  // Each mentor's profile too; without the API the sitemap still lists the fixed pages.
  const mentors = await apiFor(context)
    .call(endpoints.publicMentors)
    .catch(() => []);
  const paths = [...sitemapPaths, ...mentors.map((m) => `/our-mentors/${m.id}`)];
  const url = (path: string, lang: (typeof languages)[number]) => {
    const [pathname, query] = path.split("?") as [string, string | undefined];
    return escape(`${origin}${pathInLang(pathname, lang)}${query ? `?${query}` : ""}`);
  };
  const entries = paths.flatMap((path) =>
    languages.map((lang) =>
      [
        "  <url>",
        `    <loc>${url(path, lang)}</loc>`,
        ...languages.map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt}" href="${url(path, alt)}"/>`),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(path, "en")}"/>`,
        "  </url>",
      ].join("\n"),
    ),
  );
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
