import { describe, expect, it } from "vitest";
import {
  hasControlCharacters,
  isAuthenticationPath,
  isPublicPath,
  normalizePath,
  safeRedirectPath,
  signInUrl,
} from "../../app/lib/paths.js";
import { countryList } from "../../backend/setup/seed.js";
import { formatMoney } from "../../lib/money.js";
import { serviceById } from "../../lib/services-content.js";
import { hostileRedirects } from "../support/hostile-redirects.js";

describe("paths", () => {
  it("sends a visitor back only to a path of this site, however the address is dressed up", () => {
    expect(hostileRedirects).toHaveLength(25);
    for (const value of hostileRedirects) {
      const path = safeRedirectPath(value);
      // What a browser would make of the Location header, seen from the portal.
      const target = new URL(path, "http://portal.test/");
      expect(target.origin, JSON.stringify(value)).toBe("http://portal.test");
      expect(path.startsWith("//"), JSON.stringify(value)).toBe(false);
    }
    expect(safeRedirectPath("/clients/3?page=2#top")).toBe("/clients/3?page=2#top");
    expect(safeRedirectPath("/mentors/1/book")).toBe("/mentors/1/book");
    expect(safeRedirectPath(null)).toBe("/dashboard/");
    expect(safeRedirectPath("")).toBe("/dashboard/");
    expect(hasControlCharacters("/a\r\nSet-Cookie: x=1")).toBe(true);
    expect(hasControlCharacters("/a\tb")).toBe(false);
  });

  it("treats the six public routes as public, with or without a trailing slash", () => {
    for (const p of ["/", "/home", "/about/", "/terms", "/servicesPage/", "/authentication/", "/servicespage"]) {
      expect(isPublicPath(p), p).toBe(true);
    }
    for (const p of ["/dashboard", "/cart/", "/joblist", "/relocation/", "/index-2", "/about/x"]) {
      expect(isPublicPath(p), p).toBe(false);
    }
    expect(normalizePath("/about///")).toBe("/about");
    expect(normalizePath("/")).toBe("/");
    expect(isAuthenticationPath("/authentication/")).toBe(true);
  });

  it("builds the sign-in address with where the visitor was going", () => {
    expect(signInUrl("/cart/?x=1")).toBe("/authentication/?redirectTo=%2Fcart%2F%3Fx%3D1");
    expect(signInUrl("/")).toBe("/authentication/");
    expect(signInUrl(null)).toBe("/authentication/");
  });
});

describe("money", () => {
  it("formats minor units in the currency's own number of decimals", () => {
    expect(formatMoney(108000, "USD")).toBe("$1,080.00");
    expect(formatMoney(1200000, "JPY")).toBe("¥1,200,000");
    expect(formatMoney(0, "EUR")).toBe("€0.00");
  });
});

describe("services", () => {
  it("knows ids 1 to 3 and nothing else", () => {
    expect(serviceById("1")?.name).toBe("Mentorship");
    expect(serviceById("2")?.name).toBe("Relocation");
    expect(serviceById("3")?.name).toBe("Job Placement");
    for (const id of [null, "", "0", "4", "1.0", "01", "abc"]) expect(serviceById(id), String(id)).toBeNull();
  });
});

describe("countries", () => {
  it("come from i18n-iso-countries: every ISO 3166-1 alpha-2 code, sorted by name", () => {
    const list = countryList();
    expect(list.length).toBeGreaterThanOrEqual(249);
    expect(list.find((c) => c.code === "DE")?.name).toBe("Germany");
    expect(list.every((c) => /^[A-Z]{2}$/.test(c.code))).toBe(true);
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });
});

describe("client fields", () => {
  it("names, in form order, exactly the fields the contract's schema checks", async () => {
    const { clientInput } = await import("../../lib/contract.js");
    const { clientFieldNames } = await import("../../lib/client-fields.js");
    expect([...clientFieldNames]).toEqual(Object.keys(clientInput.shape));
  });
});

describe("the server's heap limit", () => {
  it("is the same for `npm start`, the Dockerfile and the test and bench servers", async () => {
    const fs = await import("node:fs");
    const { serverNodeOptions } = await import("../../scripts/built-server.js");
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
    expect(pkg.config.max_old_space_mib).toMatch(/^\d+$/);
    expect(serverNodeOptions()).toBe(`--max-old-space-size=${pkg.config.max_old_space_mib}`);
    expect(pkg.scripts.start).toContain("--max-old-space-size=$npm_package_config_max_old_space_mib");
    expect(fs.readFileSync("Dockerfile", "utf8")).toContain(`ENV NODE_OPTIONS="${serverNodeOptions()}"`);
  });
});
