/**
 * What the tests of session packs and commissions (issue 41) make again and again: a pack written and published by
 * staff, bought for a new client of a new agent through the cart and the demo payment, and free slots to book.
 */
import { expect } from "vitest";
import type { Db } from "../../backend/db/connection.js";
import type { Harness } from "./api-harness.js";
import { freeSlotsFrom, type ScheduleWeek } from "./slots.js";

type Ctx = { database: Db; api: Harness };
type Agent = { id: number; token: string };

export function packFixtures(ctx: () => Ctx) {
  let n = 0;
  const packBody = (name: string) => ({
    name,
    description: "Three one-hour sessions with a mentor of your choice.",
    sessions: 3,
    session_minutes: 60,
    all_mentors: true,
    mentor_ids: [],
    price_minor: 30_000,
    valid_days: 90,
  });

  async function newClient(agent: Agent, label: string) {
    const res = await ctx().api.call("POST", "agent/addclient", {
      token: agent.token,
      body: { first_name: "Pia", last_name: `Pack ${label}`, email: `pack-${label}-${++n}-${Date.now()}@example.com` },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.data.id as number;
  }

  /** A client's paid pack line and the grant it gave. */
  function paidLine(clientId: number) {
    return ctx()
      .database.db.selectFrom("order_items")
      .innerJoin("client_credits", "client_credits.order_item_id", "order_items.id")
      .select(["order_items.id", "order_items.order_id", "client_credits.id as credit_id"])
      .where("order_items.client_id", "=", clientId)
      .executeTakeFirstOrThrow();
  }

  /** A new pack (3 × 60 min, $300) bought and paid for a new client; with a commission of `percent` bp on it. */
  async function agentWithPack(label: string, o: { percent?: number; mentors?: number[]; validDays?: number } = {}) {
    const { api } = ctx();
    const tag = `${label}-${++n}-${Date.now()}`;
    // An owner: payouts and the connected account are an owner's (issue 66).
    const staff = await api.newStaff(`staff-${tag}@office.test`, "owner");
    const made = await api.call("POST", "office/session-packs", {
      token: staff.token,
      body: {
        ...packBody(`Pack ${tag}`),
        ...(o.mentors ? { all_mentors: false, mentor_ids: o.mentors } : {}),
        ...(o.validDays ? { valid_days: o.validDays } : {}),
      },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const packId = made.json.data.id as number;
    await api.call("POST", `office/session-packs/${packId}/published`, { token: staff.token, body: { published: true } });
    if (o.percent !== undefined) {
      const rule = await api.call("POST", "office/commissions/rules", {
        token: staff.token,
        body: { target: "pack", target_id: packId, rate: "percent", percent_bp: o.percent, starts_on: "2020-01-01" },
      });
      expect(rule.status, JSON.stringify(rule.json)).toBe(201);
    }
    const agent = await api.newAgent(`agent-${tag}@example.com`);
    const clientId = await newClient(agent, tag);
    const post = (path: string, body: unknown) => api.call("POST", path, { token: agent.token, body });
    const added = await post("agent/addcart", { client_id: clientId, item_type: "session_pack", item_id: packId });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    const checkout = await post("stripe/create-checkout-session", {});
    expect((await post(`stripe/demo/complete/${checkout.json.data.session_id}`, {})).status).toBe(200);
    const line = await paidLine(clientId);
    return { staff, agent, clientId, packId, creditId: line.credit_id, orderId: line.order_id, lineId: line.id };
  }

  /** `count` free slots (UTC starts) of a mentor, at least `minDays` days from now. */
  async function slots(agent: Agent, count: number, mentorId = 1, minDays = 2) {
    const { api } = ctx();
    const week = async (weekStart?: string) =>
      (
        await api.call("POST", "api/Mentorbooking", {
          token: agent.token,
          body: { mentor_id: mentorId, time_zone: "UTC", ...(weekStart ? { week_start: weekStart } : {}) },
        })
      ).json.data as ScheduleWeek;
    return freeSlotsFrom(week, Date.now() + minDays * 86_400_000, count);
  }

  /** A grant's balance: its ledger's last row. */
  async function left(creditId: number) {
    const last = await ctx()
      .database.db.selectFrom("credit_moves")
      .select("balance")
      .where("credit_id", "=", creditId)
      .orderBy("seq", "desc")
      .limit(1)
      .executeTakeFirst();
    return last?.balance ?? 0;
  }

  return { packBody, newClient, agentWithPack, paidLine, slots, left };
}
