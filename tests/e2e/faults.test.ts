/**
 * Faults, each with a pass or fail: the server killed with SIGKILL during a burst of writes; the database
 * unreachable and back; the API slower than the portal's time-out.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startDbProxy } from "../support/db-proxy.js";
import { startPortal, TEST_SESSION_SECRET } from "../support/portal.js";

async function json(res: Response) {
  return (await res.json()) as any;
}

describe("faults", () => {
  it("SIGKILL during a burst of writes: after a restart, every acknowledged write is there and the file is sound", async () => {
    const first = await startPortal({}, { keepData: true });
    const agent = await first.createAgent("burst@example.com");
    const { token } = await first.sessionCookie(agent.email, agent.password);
    const acknowledged: number[] = [];
    let killed = false;
    const writer = async (n: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const res = await fetch(`${first.base}/backend/agent/addclient`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
            body: JSON.stringify({ first_name: `W${n}`, last_name: `N${i}`, email: `w${n}.${i}@example.com` }),
          });
          if (res.status === 201) acknowledged.push((await json(res)).data.id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, n) => writer(n));
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 10));
    first.kill("SIGKILL");
    killed = true;
    await Promise.all(writers);
    await first.exited();
    await first.stop();

    const second = await startPortal({}, { dataDir: first.dataDir });
    try {
      const check = new Database(`${first.dataDir}/portal.sqlite`, { readonly: true });
      expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
      const ids = new Set((check.prepare("select id from clients").all() as Array<{ id: number }>).map((r) => r.id));
      check.close();
      const missing = acknowledged.filter((id) => !ids.has(id));
      expect(acknowledged.length).toBeGreaterThanOrEqual(150);
      expect(missing).toEqual([]);
      expect((await fetch(`${second.base}/readyz`)).status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  const pgUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!pgUrl)("PostgreSQL unreachable: /readyz says so, pages say 'Server busy', and all recovers", async () => {
    const dbName = `portal_fault_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    // A proxy the test can cut, standing between the portal and PostgreSQL.
    const proxy = await startDbProxy(pgUrl!);
    const url = new URL(proxy.url);
    url.pathname = `/${dbName}`;
    const portal = await startPortal({ DATABASE_URL: url.toString() });
    try {
      const login = await fetch(`${portal.base}/backend/agent/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "demo@example.com", password: "demo-password" }),
      });
      expect(login.status).toBe(200);
      expect((await fetch(`${portal.base}/readyz`)).status).toBe(200);

      proxy.cut();
      const ready = await fetch(`${portal.base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await json(ready)).toMatchObject({ status: "unavailable", message: "Database unreachable" });
      // A validly signed session cookie: reading its session needs the database.
      const signed = (await createCookie("__session", { secrets: [TEST_SESSION_SECRET] }).serialize("some-session-id")).split(
        ";",
      )[0]!;
      const page = await fetch(`${portal.base}/dashboard`, { headers: { Cookie: signed }, redirect: "manual" });
      expect(page.status).toBe(503);
      expect(await page.text()).toContain("Server busy");
      const api = await fetch(`${portal.base}/backend/agent/tokencheck`, {
        method: "POST",
        headers: { Authorization: "Bearer x" },
      });
      // An outage, said as one (issue 21): 503 and a message, never a 500.
      expect(api.status).toBe(503);
      const said = await json(api);
      expect(said.message).toMatch(/Server busy/);
      expect(JSON.stringify(said)).not.toMatch(/ECONN|at .*\.js/);

      expect((await fetch(`${portal.base}/about`)).status).toBe(200);

      proxy.restore();
      await expect.poll(async () => (await fetch(`${portal.base}/readyz`)).status, { timeout: 10_000, interval: 200 }).toBe(200);
      const again = await fetch(`${portal.base}/backend/agent/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "demo@example.com", password: "demo-password" }),
      });
      expect(again.status).toBe(200);
    } finally {
      await portal.stop();
      await proxy.close();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  });

  it("an API slower than the time-out: a clear 'Server busy', no hung request", async () => {
    const slow = http.createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => slow.listen(0, "127.0.0.1", r));
    const portal = await startPortal({
      API_BASE_URL: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/backend/`,
      API_TIMEOUT_MS: "700",
    });
    try {
      const cookie = await portal.sessionCookie(); // through the embedded API, which is still mounted
      const started = Date.now();
      const res = await fetch(`${portal.base}/cart`, { headers: { Cookie: `${cookie.name}=${cookie.value}` } });
      const elapsed = Date.now() - started;
      expect(res.status).toBe(503);
      expect(await res.text()).toContain("Server busy");
      expect(elapsed).toBeLessThan(5000);
    } finally {
      await portal.stop();
      slow.closeAllConnections();
      slow.close();
    }
  });
});
