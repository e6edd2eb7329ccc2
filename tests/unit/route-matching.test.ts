/**
 * The route matcher with the portal's patches: ranked branches made once per route tree, each path's regular
 * expression compiled once, and a tree's matches for a path found once (patches/@remix-run+router+1.23.3.patch); the
 * server's route tree made once per build (patches/@remix-run+react+2.17.5.patch) and converted once for the static
 * router (patches/react-router-dom+6.30.4.patch). Every route of ours must match as it did before the patches, a
 * tree that lazy route discovery grows in place must be matched afresh, and no caller can change another's matches.
 */
import { readConfig } from "@remix-run/dev/dist/config.js";
import { createMemoryHistory, createRouter, matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { beforeAll, describe, expect, it } from "vitest";

type Route = AgnosticRouteObject & { id: string; children?: Route[] };

/** The app's route tree as Remix makes it from `app/routes`: id, path, index, nesting. */
async function appRoutes(): Promise<Route[]> {
  const config = await readConfig(process.cwd());
  const manifest = Object.values(config.routes);
  const build = (parentId: string | undefined): Route[] =>
    manifest
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index
          ? { id: r.id, path: r.path, index: true as const }
          : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: build(r.id) },
      );
  return build(undefined);
}

/** A fresh copy of a tree: the matcher has never seen it, so it flattens and ranks it anew (the unpatched way). */
function copy(routes: Route[]): Route[] {
  return routes.map((r) => ({ ...r, ...(r.children ? { children: copy(r.children) } : {}) }) as Route);
}

/** Each route's full path with its parameters filled in, and the leaf a visitor there should land on. */
function addresses(routes: Route[], parent = ""): { url: string; leaf: string }[] {
  const out: { url: string; leaf: string }[] = [];
  for (const route of routes) {
    const full = [parent, route.path ?? ""].filter(Boolean).join("/");
    if (route.index) out.push({ url: "/" + full, leaf: route.id });
    else if (route.children?.length) out.push(...addresses(route.children, full));
    else if (route.path !== undefined) out.push({ url: "/" + full, leaf: route.id });
  }
  return out.map(({ url, leaf }) => ({
    url: url
      .replace(/\/:lang\?/g, "/es")
      .replace(/\/:([\w-]+)\?/g, "/opt")
      .replace(/\/:([\w-]+)/g, "/7")
      .replace(/\/\*$/, "/a/b")
      .replace(/\/+/g, "/"),
    leaf,
  }));
}

const summary = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((m) => ({ id: m.route.id, pathname: m.pathname, params: m.params })) ?? null;

let routes: Route[];
beforeAll(async () => {
  routes = await appRoutes();
});

describe("route matching with the patched router", () => {
  it("lands every route of ours where a fresh, unpatched-style match lands it, again and again", () => {
    const samples = addresses(routes);
    expect(samples.length).toBeGreaterThan(90);
    // Addresses no route names exactly: the splat's 404, odd casing, trailing slashes, encoded characters.
    const odd = ["/nowhere/at/all", "/CLIENTS", "/clients/", "/office/orders/12/", "/es/acerca%20de", "//x"];
    for (const url of [...samples.map((s) => s.url), ...odd]) {
      const expected = summary(matchRoutes(copy(routes), url));
      for (let round = 0; round < 3; round++) expect(summary(matchRoutes(routes, url)), url).toEqual(expected);
    }
    // And each address lands on its own route, or on a route of the same path a parameter could not tell apart.
    for (const { url, leaf } of samples) {
      const matched = matchRoutes(routes, url)?.at(-1)?.route.id;
      expect(matched, url).toBeDefined();
      if (matched !== leaf) expect(url.match(/\/(7|opt|es|a\/b)(\/|$)/), `${url}: ${matched} instead of ${leaf}`).not.toBeNull();
    }
  });

  it("keeps a tree's ranked branches: a path changed in place after the first match is not seen (the patch is applied, to the server's build and the browser's)", async () => {
    // The server loads the CommonJS build; the browser's bundle is made from the ES module build.
    const browserBuild = (await import("@remix-run/router/dist/router.js" as string)) as { matchRoutes: typeof matchRoutes };
    for (const match of [matchRoutes, browserBuild.matchRoutes]) {
      const tree: Route[] = [{ id: "root", path: "/", children: [{ id: "a", path: "first" }] }];
      expect(match(tree, "/first")?.at(-1)?.route.id).toBe("a");
      tree[0]!.children![0]!.path = "second";
      expect(match(tree, "/second")).toBeNull();
      expect(match(copy(tree), "/second")?.at(-1)?.route.id).toBe("a");
    }
  });

  it("matches afresh once lazy route discovery adds children to a tree in place", () => {
    const router = createRouter({
      routes: [
        {
          id: "root",
          path: "/",
          children: [
            { id: "home", index: true },
            { id: "office", path: "office" },
          ],
        },
      ],
      history: createMemoryHistory(),
    });
    const seen = router.routes;
    expect(matchRoutes(seen, "/office/orders")).toBeNull();
    router.patchRoutes("office", [{ id: "office-orders", path: "orders" }]);
    expect(matchRoutes(seen, "/office/orders")?.map((m) => m.route.id)).toEqual(["root", "office", "office-orders"]);
    router.dispose();
  });

  it("hands each caller its own matches: changing one changes neither the next nor the cache", () => {
    const first = matchRoutes(routes, "/clients/7")!;
    (first[0]!.params as Record<string, string>).id = "changed";
    (first as unknown[]).length = 0;
    const again = matchRoutes(routes, "/clients/7")!;
    expect(again.at(-1)?.params).toEqual({ id: "7" });
    expect(summary(again)).toEqual(summary(matchRoutes(copy(routes), "/clients/7")));
    // Many paths (a visitor making them up) are matched right, the cache bounded.
    for (let i = 0; i < 2500; i++)
      expect(matchRoutes(routes, `/made-up-${i}`)?.at(-1)?.route.id, String(i)).toBe(
        matchRoutes(copy(routes), `/made-up-${i}`)?.at(-1)?.route.id,
      );
  });

  it("converts a route tree given again to the static router once, another tree anew", async () => {
    const { createStaticRouter } = (await import("react-router-dom/server.js" as string)) as {
      createStaticRouter: (routes: unknown[], context: unknown) => { routes: unknown[] };
    };
    const tree = copy(routes);
    const context = { matches: [], basename: "/", location: { pathname: "/" }, loaderData: {}, actionData: null, errors: null };
    // The same tree given again is converted once; another tree, anew.
    expect(createStaticRouter(tree, context).routes).toBe(createStaticRouter(tree, context).routes);
    expect(createStaticRouter(copy(routes), context).routes).not.toBe(createStaticRouter(tree, context).routes);
  });
});
