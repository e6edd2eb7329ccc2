/**
 * The server's route tree is made once per build (patches/@remix-run+react+2.17.5.patch): `RemixServer` gives the
 * static router the same tree for every page, so the router's caches of ranked branches and matches
 * (patches/@remix-run+router+*.patch, patches/react-router-dom+*.patch) serve every request. Unpatched, Remix 2 made
 * the tree anew for each page. Read from the production build (run `npm run build` first), with the contexts the
 * server itself makes for two pages.
 */
import { createRequire } from "node:module";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { loadContext } from "../support/route-context.js";

const require = createRequire(import.meta.url);
// The server's own copies (CommonJS, as Node loads them for the server), whose exports can be watched.
const remixServer = require("@remix-run/react/dist/server.js") as { RemixServer: (props: object) => unknown };
const staticRouter = require("react-router-dom/server") as {
  createStaticRouter: (routes: unknown, ...rest: unknown[]) => unknown;
};

/** The entry context the server hands `entry.server.tsx` for a page. */
async function entryContextFor(path: string): Promise<object> {
  const build = (await import("../../build/index.js" as string)) as ServerBuild;
  let captured: object | undefined;
  const capture = async (_request: Request, _status: number, _headers: Headers, context: object) => {
    captured = context;
    return new Response("");
  };
  const handler = createRequestHandler(
    { ...build, entry: { module: { ...build.entry.module, default: capture } } },
    "production",
  );
  await handler(new Request(`http://portal.test${path}`), loadContext());
  if (!captured) throw new Error(`${path}: no page was drawn`);
  return captured;
}

describe("the server's route tree, as patched", () => {
  it("is the same tree for every page of one build", async () => {
    const trees: unknown[] = [];
    const create = staticRouter.createStaticRouter;
    staticRouter.createStaticRouter = (routes, ...rest) => {
      trees.push(routes);
      return create(routes, ...rest);
    };
    try {
      for (const path of ["/about", "/terms", "/about"]) {
        remixServer.RemixServer({ context: await entryContextFor(path), url: `http://portal.test${path}` });
      }
    } finally {
      staticRouter.createStaticRouter = create;
    }
    expect(trees).toHaveLength(3);
    expect(Array.isArray(trees[0]) && (trees[0] as unknown[]).length).toBeGreaterThan(0);
    expect(trees[1]).toBe(trees[0]);
    expect(trees[2]).toBe(trees[0]);
  });
});
