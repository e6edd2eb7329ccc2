/**
 * What the production build sends to browsers: JavaScript for pages, never the server's. A route module that
 * imports a server module from outside `app/` (settings, the contract's schemas) without going through an
 * `app/**\/*.server.ts` module drags it, and zod with it, into every page's JavaScript.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readBrowserManifest } from "../../scripts/browser-manifest.js";

function browserFiles(dir = "public/build"): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? browserFiles(full) : full.endsWith(".js") ? [full] : [];
  });
}

describe("the browser build", () => {
  it("holds no server code: no settings, no database, no zod schemas, no form library", () => {
    const files = browserFiles();
    expect(files.length).toBeGreaterThan(10);
    // Markers of the settings schema, the database layer, the API's secrets, zod itself, and Conform's control
    // fields: forms are checked on the server only (decision 013), so Conform's 9 kB stay there too.
    const markers = [
      "SESSION_SECRET",
      "DATABASE_URL",
      "STRIPE_SECRET_KEY",
      "better-sqlite3",
      "selectFrom(",
      "ZodError",
      "__intent__",
    ];
    const found = files.flatMap((f) => {
      const text = fs.readFileSync(f, "utf8");
      return markers.filter((m) => text.includes(m)).map((m) => `${f}: ${m}`);
    });
    expect(found).toEqual([]);
  });

  it("loads the framework in two files on every page: no module loaded apart splits it, no route needs CommonJS helpers", () => {
    // esbuild puts modules reached from different sets of entry points in different files. The toasts' shelf (a
    // dynamic import) reached React but not React DOM, and the resource routes' empty modules were CommonJS: React
    // and esbuild's helpers were then two more files on every page (toast-shelf.tsx, patches/@remix-run+dev+*.patch).
    const manifest = readBrowserManifest();
    expect(manifest.entry.imports.length).toBeLessThanOrEqual(2);
    // React (its setState's message) and React DOM (one of its exports) in one and the same file.
    const holding = (marker: string) =>
      manifest.entry.imports.filter((f) => fs.readFileSync(path.join("public", f), "utf8").includes(marker));
    const react = holding("takes an object of state variables");
    expect(react).toHaveLength(1);
    expect(holding("unstable_scheduleHydration")).toEqual(react);
    const routes = Object.values(manifest.routes).map((r) => ({
      route: r.id,
      text: fs.readFileSync(path.join("public", r.module), "utf8").trim(),
    }));
    // A resource route's browser module is empty, not a CommonJS `module.exports = {}` needing the helpers.
    expect(routes.filter((r) => /exports\s*=\s*\{\s*\}/.test(r.text)).map((r) => r.route)).toEqual([]);
    expect(routes.filter((r) => r.text === "").length).toBeGreaterThan(5);
  });
  it("carries the framework as patched for single fetch: no older data path, no development warnings", async () => {
    // The premise of patches/@remix-run+react+*.patch: the portal runs with single fetch, where the older `?_data`
    // requests and their deferred scripts are never used (the patch leaves them out of the browser's script).
    const config = (await import("../../remix.config.js")).default as { future: Record<string, boolean> };
    expect(config.future.v3_singleFetch).toBe(true);
    const text = browserFiles()
      .map((f) => fs.readFileSync(f, "utf8"))
      .join("\n");
    // Single fetch is there (its stream), the older path is not (its deferred stream's reader, its scripts'
    // helpers), nor React Router's future-flag warnings (patches/react-router+*.patch), which say nothing in
    // production. Each marker was in the build before the patches.
    expect(text).toContain("window.__remixContext.stream");
    expect(text).toContain("patched for single fetch only");
    for (const gone of ["parseDeferredReadableStream", "__remixContext.p = function", "Future Flag Warning"]) {
      expect(text, gone).not.toContain(gone);
    }
  });
});
