/**
 * Links as patched: React Router skips the JSON round trip of the route's pathnames for an absolute path
 * (patches/react-router+6.30.4.patch), and Remix's <Link> and <NavLink> resolve their href for a prefetch only when
 * they prefetch and compose no event handlers when they never do (patches/@remix-run+react+2.17.5.patch). Every
 * kind of address must still resolve where it did, from a route nested two deep. (What a click on a link does, with
 * its handlers, the browser tests hold: tests/e2e/navigation.test.ts and every journey with scripts on.)
 */
import { Link, NavLink } from "@remix-run/react";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { Outlet } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server.js";
import { describe, expect, it } from "vitest";

/** The page at `url` of a tree root → clients/:id → documents (index), with `leaf` drawn in the deepest route. */
async function render(url: string, leaf: () => ReactNode): Promise<string> {
  const routes = [
    {
      path: "/",
      element: h(Outlet),
      children: [
        {
          path: "clients/:id",
          element: h(Outlet),
          children: [{ path: "documents", Component: () => h("main", null, leaf()) }],
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://portal.test${url}`));
  if (context instanceof Response) throw new Error(`${url}: answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(h(StaticRouterProvider, { router, context }));
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

describe("links, as patched", () => {
  it("resolve absolute and relative addresses from a nested route as React Router always did", async () => {
    const cases: Array<[to: string, relative: "route" | "path" | undefined, href: string]> = [
      ["/mentors/1", undefined, "/mentors/1"],
      ["/mentors/1?client=7&language=#top", undefined, "/mentors/1?client=7&language=#top"],
      ["/", undefined, "/"],
      ["..", undefined, "/clients/7"],
      ["..", "path", "/clients/7"],
      ["../..", undefined, "/"],
      [".", undefined, "/clients/7/documents"],
      ["notes", undefined, "/clients/7/documents/notes"],
      ["../notes", "path", "/clients/7/notes"],
      ["?page=2", undefined, "/clients/7/documents?page=2"],
      ["#files", undefined, "/clients/7/documents#files"],
    ];
    const html = await render("/clients/7/documents?page=1", () =>
      cases.flatMap(([to, relative], i) => [
        h(Link, { key: `l${i}`, to, relative }, "link"),
        h(NavLink, { key: `n${i}`, to, relative }, "nav"),
      ]),
    );
    const expected = cases.flatMap(([, , href]) => [href, href]);
    expect(hrefs(html)).toEqual(expected);
    // Lazy route discovery still marks each link (Remix's own attribute), absolute or not.
    expect(html.match(/data-discover="true"/g)).toHaveLength(cases.length * 2);
  });

  it("turn no route's pathnames into JSON for an absolute address, and a relative one's twice, not three times", async () => {
    const stringify = JSON.stringify;
    let pathnames = 0;
    // Counted while the page is drawn: each time a list of the route's pathnames becomes JSON.
    JSON.stringify = ((value: unknown, ...rest: []) => {
      if (Array.isArray(value) && value.every((v) => typeof v === "string")) pathnames += 1;
      return stringify(value, ...rest);
    }) as typeof JSON.stringify;
    try {
      // Links alone: a NavLink asks again with the resolved path (an object), for its view transition.
      const links = (to: string) => () => Array.from({ length: 20 }, (_, i) => h(Link, { key: i, to }, "link"));
      await render("/clients/7/documents", links("/mentors/1"));
      const absolute = pathnames;
      pathnames = 0;
      await render("/clients/7/documents", links("notes"));
      expect(absolute).toBe(0);
      // A relative link is resolved twice (React Router's href and click handler), never a third time for a prefetch
      // it does not make (patches/@remix-run+react+2.17.5.patch).
      expect(pathnames).toBe(40);
    } finally {
      JSON.stringify = stringify;
    }
  });
});
