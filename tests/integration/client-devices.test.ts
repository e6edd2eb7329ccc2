/**
 * A client who stays signed in (issue 39, point 5), through the API on SQLite and PostgreSQL: a link used with
 * "remember" gives a 30-day session named by its browser, without it a day's; the client lists their devices, signs
 * one out (not another client's), and ends every one at once.
 */
import { describe, expect, it } from "vitest";
import { issueClientLink, openAccess } from "../../backend/clients/links.js";
import { testDatabases, useSeededApi } from "../support/databases.js";

describe.each(testDatabases)("a client's devices on $name", (target) => {
  const ctx = useSeededApi(target);

  async function clientWithLinks(email: string, links: number) {
    const agent = await ctx.api.newAgent(`devices-agent-${email}`);
    const made = await ctx.api.call("POST", "agent/addclient", {
      token: agent.token,
      body: { first_name: "Dana", last_name: "Device", email },
    });
    const clientId = made.json.data.id as number;
    const tokens = await ctx.database.db.transaction().execute(async (trx) => {
      await openAccess(trx, clientId);
      const out: string[] = [];
      for (let i = 0; i < links; i++)
        out.push((await issueClientLink(trx, clientId, "sign_in", null, "http://portal.test")).token);
      return out;
    });
    return { clientId, links: tokens };
  }
  /** Uses a link from a browser: its device is the request's own User-Agent, never a value in the body (issue 66). */
  const use = (token: string, extra: { remember?: boolean; device?: string } = {}) => {
    const { device, ...body } = extra;
    return ctx.api.call("POST", "my/link", {
      body: { token, ...body, device: "Forged in the body" },
      ...(device ? { headers: { "User-Agent": device } } : {}),
    });
  };
  const hoursLeft = (iso: string) => (Date.parse(iso) - Date.now()) / 3_600_000;

  it("keeps a remembered device signed in for 30 days, another for a day, each named by its browser", async () => {
    const c = await clientWithLinks("devices-remember@example.com", 2);
    const phone = await use(c.links[0]!, { remember: true, device: "Mozilla/5.0 (iPhone) Safari" });
    const laptop = await use(c.links[1]!, { device: "Mozilla/5.0 (X11; Linux) Firefox" });
    expect(hoursLeft(phone.json.data.expires_at)).toBeGreaterThan(29 * 24);
    expect(hoursLeft(laptop.json.data.expires_at)).toBeLessThanOrEqual(24);
    const listed = (await ctx.api.call("GET", "my/devices", { token: phone.json.data.token })).json.data;
    expect(listed).toEqual([
      expect.objectContaining({ device: "Mozilla/5.0 (X11; Linux) Firefox", remembered: false, current: false }),
      expect.objectContaining({ device: "Mozilla/5.0 (iPhone) Safari", remembered: true, current: true }),
    ]);
  });

  it("signs one device out, never another client's, and ends every one at once", async () => {
    const c = await clientWithLinks("devices-end@example.com", 3);
    const [a, b, d] = await Promise.all(c.links.map((l) => use(l)));
    const tokens = [a!, b!, d!].map((r) => r.json.data.token as string);
    const list = (await ctx.api.call("GET", "my/devices", { token: tokens[0] })).json.data as Array<{
      id: number;
      current: boolean;
    }>;
    const other = list.find((x) => !x.current)!;
    expect((await ctx.api.call("POST", `my/devices/${other.id}/end`, { token: tokens[0] })).status).toBe(200);
    expect((await ctx.api.call("GET", "my/devices", { token: tokens[0] })).json.data).toHaveLength(2);
    const stranger = await clientWithLinks("devices-stranger@example.com", 1);
    const theirs = (await use(stranger.links[0]!)).json.data.token as string;
    const mine = (await ctx.api.call("GET", "my/devices", { token: tokens[0] })).json.data[0].id;
    const refused = await ctx.api.call("POST", `my/devices/${mine}/end`, { token: theirs });
    expect(refused.status).toBe(404);
    expect(refused.json.code).toBe("client.device_not_found");

    const ended = await ctx.api.call("POST", "my/devices/end-all", { token: tokens[0] });
    expect(ended.json.data.ended).toBe(2);
    for (const t of tokens) expect((await ctx.api.call("GET", "my/case", { token: t })).status).toBe(401);
    // The other client is still in.
    expect((await ctx.api.call("GET", "my/case", { token: theirs })).status).toBe(200);
  });
});
