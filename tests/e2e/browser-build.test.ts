/**
 * What the production build sends to browsers: JavaScript for pages, never the server's. A route module that
 * imports a server module from outside `app/` (settings, the contract's schemas) without going through an
 * `app/**\/*.server.ts` module drags it, and zod with it, into every page's JavaScript.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

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
});
