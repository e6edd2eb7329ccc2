/** The production server as a whole, over HTTP: headers, cookies, CSRF, health, logging, start and stop. */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type Portal } from "../support/portal.js";

/** The CSRF cookie and token of a fresh sign-in page, as a browser would hold them. */
async function signInForm(base: string) {
  const res = await fetch(`${base}/authentication/`);
  const html = await res.text();
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const field = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? "";
  return { cookies, csrf: field("csrf"), validFrom: field("from__confirm"), html };
}

async function postForm(base: string, path: string, cookies: string, fields: Record<string, string>) {
  return fetch(base + path, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookies, "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams(fields),
  });
}

/**
 * The sign-in form posted as the demo agent, with the form's own tokens and an empty honeypot unless `fields` says
 * otherwise (a field given as undefined is left out).
 */
function postSignIn(
  base: string,
  form: { cookies: string; csrf: string; validFrom: string },
  fields: Record<string, string | undefined> = {},
  opts: { path?: string; cookies?: string } = {},
) {
  const all = {
    csrf: form.csrf,
    email: "demo@example.com",
    password: "demo-password",
    name__confirm: "",
    from__confirm: form.validFrom,
    ...fields,
  };
  const sent = Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined));
  return postForm(base, opts.path ?? "/authentication/", opts.cookies ?? form.cookies, sent);
}

describe("the production server", () => {
  let portal: Portal;
  beforeAll(async () => {
    // Over HTTP to its own API, so that each API call shows as a log line and can be counted.
    portal = await startPortal({ LOG_LEVEL: "info" }, { transport: "http" });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it("answers /healthz and /readyz", async () => {
    const health = await fetch(`${portal.base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${portal.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: "sqlite", files: "folder" });
  });

  it("sends a strict CSP whose nonce is the one on the page's scripts, and the usual security headers", async () => {
    const res = await fetch(`${portal.base}/about/`);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const html = await res.text();
    const scriptNonces = [...html.matchAll(/<script[^>]*nonce="([^"]*)"/g)].map((m) => m[1]);
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
    expect(html).not.toMatch(/<script(?![^>]*nonce=)[^>]*>/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-powered-by")).toBeNull();
    // A second response has another nonce.
    const again = await fetch(`${portal.base}/about/`);
    expect(again.headers.get("content-security-policy")).not.toBe(csp);
  });

  it("serves fingerprinted assets as immutable for a year", async () => {
    const html = await (await fetch(`${portal.base}/`)).text();
    const asset = /href="(\/build\/[^"]+\.css)"/.exec(html)![1];
    const res = await fetch(portal.base + asset);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("serves the files beside the build (the favicon) for an hour, and a page of the same shape as a page", async () => {
    const icon = await fetch(`${portal.base}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await icon.text()).toBe(fs.readFileSync("public/favicon.svg", "utf8"));
    const page = await fetch(`${portal.base}/about`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("sends scripts and styles as the build compressed them (Brotli, else gzip, else as they are), the same bytes", async () => {
    const html = await (await fetch(`${portal.base}/`)).text();
    const assets = [
      /src="(\/build\/entry\.client[^"]+\.js)"|href="(\/build\/entry\.client[^"]+\.js)"/,
      /href="(\/build\/[^"]+\.css)"/,
    ].map((re) => {
      const m = re.exec(html)!;
      return (m[1] ?? m[2])!;
    });
    const raw = (asset: string, encoding?: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
        const url = new URL(portal.base + asset);
        http
          .get(url, { headers: encoding ? { "Accept-Encoding": encoding } : {} }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () =>
              resolve({
                encoding: res.headers["content-encoding"],
                vary: res.headers.vary,
                body: Buffer.concat(chunks),
              }),
            );
          })
          .on("error", reject);
      });
    for (const asset of assets) {
      const plain = await raw(asset);
      expect(plain.encoding, asset).toBeUndefined();
      expect(plain.body.equals(fs.readFileSync(path.join("public", asset))), asset).toBe(true);
      const br = await raw(asset, "gzip, deflate, br");
      expect([br.encoding, br.vary], asset).toEqual(["br", "Accept-Encoding"]);
      expect(zlib.brotliDecompressSync(br.body).equals(plain.body), asset).toBe(true);
      // The build's own copy, not one compressed again for this request.
      expect(br.body.equals(fs.readFileSync(path.join("public", `${asset}.br`))), asset).toBe(true);
      const gz = await raw(asset, "gzip");
      expect(gz.encoding, asset).toBe("gzip");
      expect(zlib.gunzipSync(gz.body).equals(plain.body), asset).toBe(true);
      expect(gz.body.equals(fs.readFileSync(path.join("public", `${asset}.gz`))), asset).toBe(true);
    }
  });

  it("sends a page whole, once drawn, with its length: not streamed in chunks", async () => {
    for (const at of ["/", "/about", "/authentication/"]) {
      const res = await new Promise<http.IncomingMessage & { body: Buffer }>((resolve, reject) => {
        http
          .get(portal.base + at, (r) => {
            const chunks: Buffer[] = [];
            r.on("data", (c: Buffer) => chunks.push(c));
            r.on("end", () => resolve(Object.assign(r, { body: Buffer.concat(chunks) })));
          })
          .on("error", reject);
      });
      expect(res.statusCode, at).toBe(200);
      expect(res.headers["transfer-encoding"], at).toBeUndefined();
      expect(Number(res.headers["content-length"]), at).toBe(res.body.length);
      // The document and, after it, the page's data (Remix writes its inline scripts past </html>), all there.
      expect(res.body.toString("utf8"), at).toContain("</html>");
      expect(res.body.toString("utf8"), at).toMatch(/streamController\.close\(\);<\/script>(<!--\/\$-->)*$/);
    }
  });

  it("asks search engines not to list the client's pages, and only those: the title still ends with the firm's name", async () => {
    const unlisted = await (await fetch(`${portal.base}/my/sign-in`)).text();
    expect(unlisted).toMatch(/<meta name="robots" content="noindex"\/>/);
    expect(unlisted).toMatch(/<title>[^<]+ · [^<]+<\/title>/);
    const listed = await (await fetch(`${portal.base}/about`)).text();
    expect(listed).not.toContain('content="noindex"');
  });

  it("works with trailing slashes and sends visitors from unknown pages to sign in", async () => {
    for (const path of ["/about/", "/terms/", "/home/", "/authentication/"]) {
      expect((await fetch(portal.base + path)).status, path).toBe(200);
    }
    const res = await fetch(`${portal.base}/index-2`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/authentication/?redirectTo=%2Findex-2");
  });

  it("gives a signed-in agent a 404 page for an unknown address", async () => {
    const cookie = await portal.sessionCookie();
    const res = await fetch(`${portal.base}/no/such/page`, { headers: { Cookie: `${cookie.name}=${cookie.value}` } });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page not found");
    expect(html).not.toMatch(/at .*\.js:\d+/);
  });

  it("rejects a form post without a valid CSRF token, and changes nothing", async () => {
    const form = await signInForm(portal.base);
    const before = portal.db.prepare("select count(*) n from api_tokens").get() as { n: number };
    const missing = await postSignIn(portal.base, form, { csrf: undefined, name__confirm: undefined });
    expect(missing.status).toBe(403);
    const forged = await postSignIn(portal.base, form, { csrf: "forged-token", name__confirm: undefined });
    expect(forged.status).toBe(403);
    const after = portal.db.prepare("select count(*) n from api_tokens").get() as { n: number };
    expect(after.n).toBe(before.n);

    const signOut = await postForm(portal.base, "/logout", form.cookies, {});
    expect(signOut.status).toBe(403);
  });

  it("turns away a bot that fills the honeypot", async () => {
    const form = await signInForm(portal.base);
    const res = await postSignIn(portal.base, form, { name__confirm: "I am a bot" });
    expect(res.status).toBe(400);
  });

  it("signs in with a plain form post: the session cookie holds only a signed id, with the right flags, and rotates", async () => {
    const form = await signInForm(portal.base);
    const res = await postSignIn(portal.base, form, { redirectTo: "/cart/" }, { path: "/authentication/?redirectTo=%2Fcart%2F" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/cart/");
    const session = res.headers.getSetCookie().filter((c) => c.startsWith("__session="));
    const current = session.at(-1)!;
    expect(current).toMatch(/; HttpOnly/i);
    expect(current).toMatch(/; SameSite=Lax/i);
    expect(current).toMatch(/; Secure/i);
    expect(current).toMatch(/; Path=\//i);
    // The cookie carries no token and no agent: only the signed id of a row in the session store.
    const value = decodeURIComponent(current.split(";")[0]!.slice("__session=".length));
    const [payload, signature] = value.split(".");
    expect(signature).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    const sessionId = JSON.parse(Buffer.from(payload!, "base64").toString("utf8"));
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = portal.db.prepare("select id, data from portal_sessions where id = ?").get(sessionId) as
      { id: string; data: string } | undefined;
    expect(row).toBeDefined();
    expect(JSON.parse(row!.data).account).toMatchObject({ kind: "agent", token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });

    // Signing in again from that session gives a new session id and removes the old one.
    const form2 = await signInForm(portal.base);
    const again = await postSignIn(portal.base, form2, {}, { cookies: `${form2.cookies}; ${current.split(";")[0]}` });
    // Already signed in: the sign-in page's action still starts a fresh session.
    expect(again.status).toBe(302);
    const next = again.headers
      .getSetCookie()
      .filter((c) => c.startsWith("__session="))
      .at(-1)!;
    expect(next.split(";")[0]).not.toBe(current.split(";")[0]);
    expect(portal.db.prepare("select count(*) n from portal_sessions where id = ?").get(row!.id)).toEqual({ n: 0 });
  });

  it("lets no browser or proxy keep a page or its data: no-store, varying by cookie, signed in or not", async () => {
    const cookie = await portal.sessionCookie();
    const signedIn = { Cookie: `${cookie.name}=${cookie.value}` };
    const answers = [
      await fetch(`${portal.base}/clients/`, { headers: signedIn }),
      await fetch(`${portal.base}/clients.data`, { headers: signedIn }),
      await fetch(`${portal.base}/dashboard/`, { headers: signedIn }),
      await fetch(`${portal.base}/`),
      await fetch(`${portal.base}/authentication/`),
    ];
    for (const res of answers) {
      expect(res.status, res.url).toBe(200);
      expect(res.headers.get("cache-control"), res.url).toBe("no-store");
      expect(res.headers.get("vary") ?? "", res.url).toMatch(/\bCookie\b/i);
    }
  });

  it("makes each API call once per page: the badge and the cart page share one cart list", async () => {
    const logins = () => portal.output().split('"url":"/backend/agent/login"').length;
    const loginsBefore = logins();
    const cookie = await portal.sessionCookie();
    // The helper's own sign-in is logged a moment after it answers: wait for its line.
    await expect.poll(logins, { timeout: 3000, interval: 20 }).toBeGreaterThan(loginsBefore);
    const before = portal.output().length;
    const res = await fetch(`${portal.base}/cart?calls-probe=1`, { headers: { Cookie: `${cookie.name}=${cookie.value}` } });
    expect(res.status).toBe(200);
    // The page's own line comes last, once its response has ended.
    await expect.poll(() => portal.output().slice(before).includes("calls-probe=1"), { timeout: 3000, interval: 20 }).toBe(true);
    const apiCalls = portal
      .output()
      .slice(before)
      .split("\n")
      .filter((l) => l.includes('"url":"/backend/'))
      .map((l) => JSON.parse(l).req.url.replace(/\/\d+$/, "/:id"))
      .sort();
    // The cart page also asks whether a payment is open (the cart is locked under one). The business's facts
    // (header, cut-off) are read at most once, shared by the root and the page; the process keeps them a second
    // (app/lib/site.server.ts), so a page drawn just before may have read them for this one.
    expect(apiCalls.filter((url) => url !== "/backend/site")).toEqual([
      "/backend/account/me",
      "/backend/api/cart/list/:id",
      "/backend/stripe/open-checkout",
    ]);
    expect(apiCalls.filter((url) => url === "/backend/site").length).toBeLessThanOrEqual(1);
  });

  it("writes one JSON log line per request", async () => {
    await fetch(`${portal.base}/terms?log-probe=1`);
    await expect.poll(() => portal.output().includes("log-probe=1"), { timeout: 3000, interval: 20 }).toBe(true);
    const lines = portal
      .output()
      .split("\n")
      .filter((l) => l.includes("log-probe=1"));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry.req).toMatchObject({ method: "GET", url: "/terms?log-probe=1" });
    expect(entry.res).toEqual({ status: 200 });
    expect(typeof entry.responseTime).toBe("number");
  });
});

/** Requests a browser would never make, or an attacker would: each answered 4xx, none with a stack trace. */
async function hostileRequests(portal: Portal) {
  const raw = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${portal.base}${path}`, { method, headers }, (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on("error", reject);
      req.end(body);
    });
  const form = await signInForm(portal.base);
  return {
    "TRACE /": [await raw("TRACE", "/"), 405],
    "PUT /about": [await raw("PUT", "/about"), 405],
    "PATCH /dashboard": [await raw("PATCH", "/dashboard"), 405],
    "DELETE /": [await raw("DELETE", "/"), 405],
    "POST /logout, no body": [await raw("POST", "/logout", { Cookie: form.cookies }), 400],
    "POST /logout, JSON": [await raw("POST", "/logout", { Cookie: form.cookies, "Content-Type": "application/json" }, "{}"), 400],
    "POST /contact from another site": [
      await raw(
        "POST",
        "/contact",
        { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        "a=b",
      ),
      403,
    ],
    "POST /authentication, Origin null": [
      await raw("POST", "/authentication/", { Origin: "null", "Content-Type": "application/x-www-form-urlencoded" }, "email=a"),
      403,
    ],
    "redirectTo with CR LF": [await raw("GET", "/authentication?redirectTo=%2Fa%0D%0ASet-Cookie%3A%20x%3D1"), 400],
    "20,000-deep JSON to the API": [
      await raw("POST", "/backend/agent/login", { "Content-Type": "application/json" }, "[".repeat(20_000) + "]".repeat(20_000)),
      400,
    ],
  } as Record<string, [{ status: number; body: string }, number]>;
}

describe("bad requests are 4xx, never 5xx, and never show a stack trace", () => {
  for (const mode of ["production", "development"]) {
    it(`with NODE_ENV=${mode}`, async () => {
      const portal = await startPortal({ NODE_ENV: mode, LOG_LEVEL: "fatal" });
      try {
        for (const [what, [res, status]] of Object.entries(await hostileRequests(portal))) {
          expect(res.status, what).toBe(status);
          expect(res.body, what).not.toMatch(/\n\s+at |node_modules|\.js:\d+/);
        }
      } finally {
        await portal.stop();
      }
    });
  }
});

describe("start and stop", () => {
  it("refuses to start in production without SESSION_SECRET, naming it", async () => {
    const child = spawn(process.execPath, ["server-build/index.js"], {
      env: { ...process.env, NODE_ENV: "production", SESSION_SECRET: "", PORT: "0", DATA_DIR: "/tmp/portal-never" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const code = await new Promise((r) => child.on("exit", r));
    expect(code).toBe(1);
    expect(out).toContain("Missing settings required with NODE_ENV=production: SESSION_SECRET");
  });

  it("refuses a malformed setting, naming it", async () => {
    const child = spawn(process.execPath, ["server-build/index.js"], {
      env: { ...process.env, PORT: "not-a-port", DATA_DIR: "/tmp/portal-never" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stderr.on("data", (d) => (out += d));
    expect(await new Promise((r) => child.on("exit", r))).toBe(1);
    expect(out).toMatch(/PORT: Expected number/);
  });

  it("on SIGTERM finishes the requests in flight, then exits cleanly", async () => {
    const portal = await startPortal({ LOG_LEVEL: "info" });
    try {
      const started = Date.now();
      // Three sign-ins whose bodies are only half sent when the signal comes: the server is in the
      // middle of them. The rest of each body follows after the shutdown has begun.
      const body = JSON.stringify({ email: "demo@example.com", password: "demo-password" });
      const half = Math.floor(body.length / 2);
      const requests = Array.from({ length: 3 }, () => {
        const req = http.request(`${portal.base}/backend/agent/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
        });
        const status = new Promise<number>((resolve, reject) => {
          req.on("response", (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on("error", reject);
        });
        req.write(body.slice(0, half));
        return { req, status };
      });
      // Scenario timing, not a wait for a condition: the half-sent requests reach the server first.
      await new Promise((r) => setTimeout(r, 300));
      portal.kill("SIGTERM");
      const readyz = () =>
        fetch(`${portal.base}/readyz`).then(
          (r) => r.status,
          () => "closed",
        );
      await expect.poll(readyz, { timeout: 3000, interval: 20 }).not.toBe(200);
      // Scenario timing: the requests stay in flight well into the shutdown before they finish.
      await new Promise((r) => setTimeout(r, 700));
      for (const { req } of requests) req.end(body.slice(half));
      expect(await Promise.all(requests.map((r) => r.status))).toEqual([200, 200, 200]);
      expect(await portal.exited()).toBe(0);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(portal.output()).toContain('"msg":"stopped"');
    } finally {
      await portal.stop();
    }
  });
});
