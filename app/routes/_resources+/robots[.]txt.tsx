/** What crawlers may read: the public pages; never the workspace, the office, a client's page or a one-time link. */
import { getSettings } from "../../lib/settings.server";

export async function loader() {
  const origin = getSettings().publicUrl;
  const closed = ["/office", "/dashboard", "/clients", "/cart", "/orders", "/bookings", "/mentoring", "/my", "/account"];
  const body = [
    "User-agent: *",
    "Allow: /",
    ...closed.map((path) => `Disallow: ${path}`),
    "Disallow: /set-password",
    "Disallow: /*/set-password",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
