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
  it("holds no server code: no settings, no database, no secrets", () => {
    const files = browserFiles();
    expect(files.length).toBeGreaterThan(10);
    // Markers of the settings schema, the database layer and the API's secrets.
    const markers = ["SESSION_SECRET", "DATABASE_URL", "STRIPE_SECRET_KEY", "better-sqlite3", "selectFrom("];
    const found = files.flatMap((f) => {
      const text = fs.readFileSync(f, "utf8");
      return markers.filter((m) => text.includes(m)).map((m) => `${f}: ${m}`);
    });
    expect(found).toEqual([]);
  });

  it("fetches zod and the forms' schemas only when a form is checked: never on a page's first load", () => {
    // Decision 017: Conform draws the forms on every page that has one; the action's schema, zod and Conform's zod
    // reader come in a chunk of their own, fetched on the form's first focus (app/components/ui/form.tsx).
    const manifest = readBrowserManifest();
    const firstLoad = new Set([
      manifest.entry.module,
      ...manifest.entry.imports,
      ...Object.values(manifest.routes).flatMap((r) => [r.module, ...(r.imports ?? [])]),
    ]);
    const read = (file: string) => fs.readFileSync(path.join("public", file), "utf8");
    expect([...firstLoad].filter((f) => read(f).includes("ZodError"))).toEqual([]);
    // Conform itself is there, on the pages with a form (its control field's name).
    expect([...firstLoad].some((f) => read(f).includes("__intent__"))).toBe(true);
    // The checks come apart: zod in a chunk no page loads first, without the catalogues or i18next.
    const later = browserFiles()
      .map((f) => "/" + path.relative("public", f))
      .filter((f) => !firstLoad.has(f) && read(f).includes("ZodError"));
    expect(later.length).toBeGreaterThan(0);
    for (const file of browserFiles().filter((f) => !firstLoad.has("/" + path.relative("public", f)))) {
      const text = fs.readFileSync(file, "utf8");
      expect(text, file).not.toContain("i18next");
    }
  });

  it("loads the framework whole on every page: no module loaded apart splits it, no route needs CommonJS helpers", () => {
    // esbuild puts modules reached from different sets of entry points in different files. The toasts' shelf (a
    // dynamic import) reached React but not React DOM, and the resource routes' empty modules were CommonJS: React
    // and esbuild's helpers were then two more files on every page (toast-shelf.tsx, patches/@remix-run+dev+*.patch).
    // The forms' checks (decision 017) are fetched apart with zod, whose namespace needs esbuild's helpers too: those
    // helpers (under 1 kB) are a file of their own since, the one file besides the framework's two.
    const manifest = readBrowserManifest();
    expect(manifest.entry.imports.length).toBeLessThanOrEqual(3);
    const size = (f: string) => fs.statSync(path.join("public", f)).size;
    expect(manifest.entry.imports.filter((f) => size(f) > 1024)).toHaveLength(2);
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
