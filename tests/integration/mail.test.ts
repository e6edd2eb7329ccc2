/**
 * E-mail on each database, delivered through a real SMTP server the tests start (`smtp-server`) and read back with
 * `mailparser`: each notice arrives once, to the right person, with the right subject and times (across a DST
 * change), invites that parse and match the booked slot, reminders sent once by two workers at once, and a failing
 * server that leads to retries, then "failed", and nothing lost.
 */
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../backend/db/connection.js";
import { demoStaff } from "../../backend/setup/demo-data.js";
import type { OfficeMentor } from "../../lib/contract.js";
import { startApi, type Harness } from "../support/api-harness.js";
import { openSeeded, testDatabases } from "../support/databases.js";
import { createMentorAccount, officeMentorBody, messagesOf } from "../support/fixtures.js";
import { calendarOf, startSmtp, type Received, type Smtp } from "../support/smtp.js";

/** Wei Chen works Mondays 17:00–20:00 in Toronto: 22:00 UTC before North America's DST change (14 March 2027), 21:00 after. */
const BEFORE_DST = "2027-03-08T22:00:00.000Z";
const AFTER_DST = "2027-03-15T21:00:00.000Z";
/** Other weeks, so that each test has slots of its own */
const CANCELLED = "2027-03-22T21:00:00.000Z";
const REMINDED = "2027-02-22T22:00:00.000Z";
const REMINDED_CANCELLED = "2027-03-29T21:00:00.000Z";
const LATE_BOOKED = "2027-02-24T22:00:00.000Z"; // a Wednesday, 17:00 in Toronto
const MENTOR_TOLD = "2027-04-05T21:00:00.000Z"; // a Monday, 17:00 in Toronto (EDT)

function invite(m: Received) {
  const ics = calendarOf(m);
  expect(ics, m.parsed.subject).toBeTruthy();
  const cal = new ICAL.Component(ICAL.parse(ics!));
  const event = cal.getFirstSubcomponent("vevent")!;
  return {
    method: String(cal.getFirstPropertyValue("method")),
    uid: String(event.getFirstPropertyValue("uid")),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate().toISOString(),
  };
}

describe.each(testDatabases)("e-mail on $name", (target) => {
  let database: Db;
  let drop: () => Promise<void>;
  let smtp: Smtp;
  let api: Harness;
  let second: Harness; // a second portal instance on the same database: its own mail worker
  let mentorId: number;
  let staffToken: string;
  let n = 0;

  beforeAll(async () => {
    ({ database, drop } = await openSeeded(target));
    smtp = await startSmtp();
    [api, second] = await Promise.all([
      startApi(database, { smtpUrl: smtp.url, bookings: { maxDaysAhead: 365 } }),
      startApi(database, { smtpUrl: smtp.url, bookings: { maxDaysAhead: 365 } }),
    ]);
    mentorId = (await database.db.selectFrom("mentors").select("id").where("name", "=", "Wei Chen").executeTakeFirstOrThrow()).id;
    staffToken = (await api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } })).json
      .data.token;
  });
  afterAll(async () => {
    await Promise.all([api.close(), second.close()]);
    await smtp.close();
    await drop();
    expect(api.logged).toEqual([]);
  });

  /** An agent in London with a client who has an e-mail address. */
  async function agentInLondon(label: string) {
    const email = `${label}-${++n}@example.com`;
    const a = await api.newAgent(email);
    const zone = await api.call("POST", "agent/account", {
      token: a.token,
      body: { name: "Lena Agent", time_zone: "Europe/London" },
    });
    expect(zone.json.data).toMatchObject({ name: "Lena Agent", time_zone: "Europe/London" });
    const c = await api.call("POST", "agent/addclient", {
      token: a.token,
      body: { first_name: "Cam", last_name: "Client", email: `client-${label}-${n}@example.com` },
    });
    return { ...a, email, clientId: c.json.data.id as number, clientEmail: `client-${label}-${n}@example.com` };
  }
  async function bookAndPay(a: { token: string; clientId: number }, starts: string[]) {
    const ids: number[] = [];
    for (const start of starts) {
      const held = await api.call("POST", "api/Mentorbooking/book", {
        token: a.token,
        body: { mentor_id: mentorId, client_id: a.clientId, start, topic: "Offer negotiation" },
      });
      expect(held.status, JSON.stringify(held.json)).toBe(201);
      ids.push(held.json.data.id);
    }
    const checkout = await api.call("POST", "stripe/create-checkout-session", { token: a.token });
    const paid = await api.call("POST", `stripe/demo/complete/${checkout.json.data.session_id}`, { token: a.token });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    return { ids, orderId: checkout.json.data.order_id as number };
  }
  const subjects = (address: string) => smtp.to(address).map((m) => m.parsed.subject ?? "");

  it("a paid order: the receipt to the agent, and each session's confirmation and invite to agent and client, once, in their zone", async () => {
    const a = await agentInLondon("confirm");
    const { ids, orderId } = await bookAndPay(a, [BEFORE_DST, AFTER_DST]);
    // Two workers, twice each: every message still arrives once.
    await Promise.all([api.mailTick({ worker: "one" }), second.mailTick({ worker: "two" })]);
    await Promise.all([api.mailTick({ worker: "one" }), second.mailTick({ worker: "two" })]);

    expect(subjects(a.email).sort()).toEqual(
      [
        `Receipt for order ${orderId}: $160.00`,
        // London is still on GMT in both weeks; Toronto moved an hour: the same 17:00 there is 22:00, then 21:00 here.
        "Confirmed: mentor session with Wei Chen, Mon, 8 Mar 2027, 22:00 (Europe/London)",
        "Confirmed: mentor session with Wei Chen, Mon, 15 Mar 2027, 21:00 (Europe/London)",
      ].sort(),
    );
    expect(subjects(a.clientEmail).sort()).toEqual([
      "Confirmed: mentor session with Wei Chen, Mon, 15 Mar 2027, 21:00 (Europe/London)",
      "Confirmed: mentor session with Wei Chen, Mon, 8 Mar 2027, 22:00 (Europe/London)",
    ]);
    for (const [start, id] of [
      [BEFORE_DST, ids[0]],
      [AFTER_DST, ids[1]],
    ] as const) {
      const mail = smtp.to(a.email).find((m) => m.parsed.subject?.startsWith("Confirmed") && invite(m).start === start)!;
      expect(mail, start).toBeTruthy();
      expect(invite(mail)).toEqual({
        method: "REQUEST",
        uid: `booking-${id}@portal.test`,
        start,
        end: new Date(Date.parse(start) + 3_600_000).toISOString(),
      });
      // Both zones named; the mentor's time is 17:00 both weeks.
      expect(mail.parsed.text).toContain(
        `In the mentor's zone: Mon, ${start.slice(8, 10).replace(/^0/, "")} Mar 2027, 17:00 (America/Toronto)`,
      );
      expect(mail.parsed.text).toContain("Client: Cam Client");
      expect(mail.parsed.html).toContain("Offer negotiation");
      expect(mail.from).toBe("no-reply@portal.test");
    }
    const clientMail = smtp.to(a.clientEmail)[0]!;
    expect(clientMail.parsed.text).toContain("ask Lena Agent");
    expect(clientMail.parsed.text).toContain("your agent, booked this session for you");

    const receipt = smtp.to(a.email).find((m) => m.parsed.subject?.startsWith("Receipt"))!;
    // Each session's line in the agent's zone, not the UTC the order's description keeps.
    expect(receipt.parsed.text).toContain(
      "- Mentor session: Wei Chen, Mon, 8 Mar 2027, 22:00 (Europe/London) (Offer negotiation), for Cam Client: $80.00",
    );
    expect(receipt.parsed.text).not.toContain("UTC");
    expect(receipt.parsed.text).toContain("for Cam Client: $80.00");
    expect(receipt.parsed.text).toContain("Total: $160.00");
    expect(receipt.parsed.text).toContain(`http://portal.test/orders/${orderId}/receipt`);
    expect(receipt.parsed.text).toContain("Waypoint Consultancy · 12 Harbour Street, Lisbon");
  });

  it("a cancelled session: the calendar's cancellation (same UID) to both, the refund's state to the agent", async () => {
    const a = await agentInLondon("cancel");
    const { ids } = await bookAndPay(a, [CANCELLED]);
    await api.mailTick();
    const cancelled = await api.call("POST", "api/Mentorbooking/cancel", { token: a.token, body: { id: ids[0] } });
    expect(cancelled.status).toBe(200);
    await api.mailTick();
    const toAgent = smtp.to(a.email).filter((m) => m.parsed.subject?.startsWith("Cancelled"));
    expect(toAgent.map((m) => m.parsed.subject)).toEqual([
      "Cancelled: mentor session with Wei Chen, Mon, 22 Mar 2027, 21:00 (Europe/London)",
    ]);
    expect(invite(toAgent[0]!)).toMatchObject({ method: "CANCEL", uid: `booking-${ids[0]}@portal.test`, start: CANCELLED });
    expect(toAgent[0]!.parsed.text).toContain("Its refund is due");
    const toClient = smtp.to(a.clientEmail).filter((m) => m.parsed.subject?.startsWith("Cancelled"));
    expect(toClient).toHaveLength(1);
    expect(toClient[0]!.parsed.text).not.toContain("refund");
  });

  it("the reminder: a day before the refund's cut-off, once with two workers at once; never for a cancelled session or one paid late", async () => {
    const a = await agentInLondon("remind");
    const { ids } = await bookAndPay(a, [REMINDED, REMINDED_CANCELLED, LATE_BOOKED]);
    await api.call("POST", "api/Mentorbooking/cancel", { token: a.token, body: { id: ids[1] } });
    // The Wednesday session was booked and paid 10 hours before its start.
    const late = new Date(Date.parse(LATE_BOOKED) - 10 * 3_600_000).toISOString();
    await database.db
      .updateTable("mentor_bookings")
      .set({ created_at: late, updated_at: late })
      .where("id", "=", ids[2]!)
      .execute();
    await api.mailTick();
    const before = smtp.received.length;

    // 47 hours before: inside the reminder's 48 hours (the 24-hour cut-off and a day), before the cut-off.
    const dayBefore = (iso: string) => new Date(Date.parse(iso) - 47 * 3_600_000);
    for (let round = 0; round < 5; round++) {
      await Promise.all([
        api.mailTick({ now: dayBefore(REMINDED), worker: "one" }),
        second.mailTick({ now: dayBefore(REMINDED), worker: "two" }),
      ]);
    }
    for (const at of [dayBefore(REMINDED_CANCELLED), dayBefore(LATE_BOOKED), new Date(Date.parse(LATE_BOOKED) - 3_600_000)]) {
      await Promise.all([api.mailTick({ now: at, worker: "one" }), second.mailTick({ now: at, worker: "two" })]);
    }
    const reminders = smtp.received.slice(before).filter((m) => m.parsed.subject?.startsWith("Reminder"));
    expect(reminders.map((m) => [m.to[0], m.parsed.subject]).sort()).toEqual(
      [
        [a.email, "Reminder: mentor session with Wei Chen, Mon, 22 Feb 2027, 22:00 (Europe/London)"],
        [a.clientEmail, "Reminder: mentor session with Wei Chen, Mon, 22 Feb 2027, 22:00 (Europe/London)"],
      ].sort(),
    );
    expect(invite(reminders[0]!)).toMatchObject({ uid: `booking-${ids[0]}@portal.test`, start: REMINDED });
  });

  it("a staff refund reaches the agent once, as done (the 'due' notice of a refund made at once is not sent)", async () => {
    const a = await agentInLondon("refund");
    await api.call("POST", "agent/addcart", {
      token: a.token,
      body: { client_id: a.clientId, item_type: "service_plan", item_id: 1 },
    });
    await api.call("POST", "agent/addcart", { token: a.token, body: { client_id: a.clientId, item_type: "job", item_id: 1 } });
    const { orderId } = await bookAndPay(a, []);
    const order = (await api.call("GET", `office/orders/${orderId}`, { token: staffToken })).json.data;
    const line = order.items[1] as { id: number; description: string; price_minor: number };
    const refunded = await api.call("POST", `office/orders/${orderId}/refund`, {
      token: staffToken,
      body: { item_ids: [line.id], note: "Client found the job alone." },
    });
    expect(refunded.status).toBe(200);
    await api.mailTick();
    const refunds = smtp.to(a.email).filter((m) => /^Refund/.test(m.parsed.subject ?? ""));
    expect(refunds.map((m) => m.parsed.subject)).toEqual([`Refunded: ${usd(line.price_minor)} on order ${orderId}`]);
    expect(refunds[0]!.parsed.text).toContain(`${line.description}, for Cam Client: ${usd(line.price_minor)}`);
    expect(refunds[0]!.parsed.text).toContain("Refunded by the consultancy: Client found the job alone.");
    // A demo order: the e-mail speaks of no card (nothing was charged).
    expect(refunds[0]!.parsed.text).toContain("It was a demo payment: nothing was charged, so no money moves.");
    expect(refunds[0]!.parsed.text).not.toMatch(/card/i);
    const due = await database.db
      .selectFrom("outbox")
      .select("status")
      .where("dedupe_key", "=", `refund.due:${orderId}:${line.id}`)
      .execute();
    expect(due).toEqual([{ status: "skipped" }]);
  });

  it("a contact message reaches the staff inbox, reply-to the sender", async () => {
    const sent = await api.call("POST", "api/ContactUs", {
      body: {
        name: "Vera Visitor",
        email: "vera@example.org",
        subject: "Moving to Lisbon",
        message: "We are four; what does it cost?",
      },
    });
    expect(sent.status).toBe(201);
    await api.mailTick();
    const inbox = smtp.to("inbox@portal.test").filter((m) => m.parsed.subject === "Contact form: Moving to Lisbon");
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.parsed.replyTo?.value[0]?.address).toBe("vera@example.org");
    expect(inbox[0]!.parsed.text).toContain("We are four; what does it cost?");
    expect(inbox[0]!.parsed.text).toContain("From: Vera Visitor <vera@example.org>");
  });

  it("accounts: the back office's set-password link, a reset (1 hour, once, every session ended) and a changed password, each by e-mail", async () => {
    const email = `new-agent-${++n}@example.com`;
    const created = await api.call("POST", "office/agents", {
      token: staffToken,
      body: { name: "Nora New", email, time_zone: "Asia/Tokyo" },
    });
    expect(created.status).toBe(201);
    await api.mailTick();
    const invitation = smtp.to(email);
    expect(invitation.map((m) => m.parsed.subject)).toEqual(["Set your password for Waypoint Consultancy"]);
    expect(invitation[0]!.parsed.text).toContain(created.json.data.password_link);
    expect(invitation[0]!.parsed.text).toContain("(Asia/Tokyo)");
    // Once sent, the link is no longer kept in the outbox.
    const kept = await database.db.selectFrom("outbox").select("payload").where("to_address", "=", email).execute();
    expect(kept.every((r) => !r.payload.includes(new URL(created.json.data.password_link).searchParams.get("token")!))).toBe(
      true,
    );

    // A reset, asked for twice (the second link replaces the first), and for an address nobody has: the same answer.
    const agent = await api.newAgent(`reset-${++n}@example.com`);
    const other = await api.login(`reset-${n}@example.com`, "agent-password");
    const ask = (address: string) =>
      api.call("POST", "agent/forgot-password", { body: { email: address }, headers: api.fromIp(`10.9.0.${n}`) });
    const [mine, nobody] = [await ask(`reset-${n}@example.com`), await ask(`nobody-${n}@example.com`)];
    expect(mine.status).toBe(200);
    expect(nobody.json).toEqual(mine.json);
    await api.mailTick();
    expect(smtp.to(`nobody-${n}@example.com`)).toEqual([]);
    const resets = smtp.to(`reset-${n}@example.com`);
    expect(resets.map((m) => m.parsed.subject)).toEqual(["Reset your password for Waypoint Consultancy"]);
    const link = /https?:\/\/\S+set-password\?token=[\w-]+/.exec(resets[0]!.parsed.text ?? "")![0];
    const token = new URL(link).searchParams.get("token")!;
    const info = await api.call("POST", "password/check", { body: { token } });
    expect(info.json.data.purpose).toBe("reset");
    const lifetime = Date.parse(info.json.data.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(55 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
    const set = await api.call("POST", "password/set", { body: { token, password: "a brand new passphrase" } });
    expect(set.status).toBe(200);
    expect((await api.call("POST", "password/set", { body: { token, password: "another new passphrase" } })).status).toBe(404);
    // Every session of the account ended; the new one works.
    expect((await api.call("GET", "agent/account", { token: agent.token })).status).toBe(401);
    expect((await api.call("GET", "agent/account", { token: other.token })).status).toBe(401);
    expect((await api.call("GET", "agent/account", { token: set.json.data.token })).status).toBe(200);
    await api.mailTick();
    expect(subjects(`reset-${n}@example.com`)).toEqual([
      "Reset your password for Waypoint Consultancy",
      "Your Waypoint Consultancy password was changed",
    ]);

    // Three mails an hour for an address asked from one place: a fourth ask there is answered alike and sends
    // nothing; the owner, asking from elsewhere, still gets a link (a stranger cannot use up the owner's resets).
    const address = `reset-${n}@example.com`;
    await ask(address);
    await ask(address);
    await api.mailTick();
    const mailed = smtp.to(address).length;
    const fourth = await ask(address);
    expect(fourth.status).toBe(200);
    expect(fourth.json).toEqual(nobody.json);
    await api.mailTick();
    expect(smtp.to(address)).toHaveLength(mailed);
    const owner = await api.call("POST", "agent/forgot-password", { body: { email: address }, headers: api.fromIp("10.8.8.8") });
    expect(owner.json).toEqual(nobody.json);
    await api.mailTick();
    expect(smtp.to(address)).toHaveLength(mailed + 1);
  });

  it("/account: a password changed with the current one ends the other sessions and is told by e-mail", async () => {
    const email = `change-${++n}@example.com`;
    const me = await api.newAgent(email);
    const elsewhere = await api.login(email, "agent-password");
    const wrong = await api.call("POST", "agent/password", {
      token: me.token,
      body: { current_password: "not it at all", new_password: "a much better passphrase" },
    });
    expect(wrong.status).toBe(400);
    expect(messagesOf(wrong.json.errors)).toEqual({ current_password: ["This is not your current password"] });
    const weak = await api.call("POST", "agent/password", {
      token: me.token,
      body: { current_password: "agent-password", new_password: "short" },
    });
    expect(messagesOf(weak.json.errors).new_password).toEqual(["A password needs at least 10 characters"]);
    const ok = await api.call("POST", "agent/password", {
      token: me.token,
      body: { current_password: "agent-password", new_password: "a much better passphrase" },
    });
    expect(ok.json.data).toEqual({ changed: true, signed_out: 1 });
    expect((await api.call("GET", "agent/account", { token: me.token })).status).toBe(200);
    expect((await api.call("GET", "agent/account", { token: elsewhere.token })).status).toBe(401);
    await api.login(email, "a much better passphrase");
    await api.mailTick();
    expect(subjects(email)).toEqual(["Your Waypoint Consultancy password was changed"]);

    // Signing out the other sessions keeps this one.
    const third = await api.login(email, "a much better passphrase");
    expect((await api.call("POST", "agent/sign-out-others", { token: me.token })).json.data.signed_out).toBeGreaterThanOrEqual(1);
    expect((await api.call("GET", "agent/account", { token: third.token })).status).toBe(401);
    expect((await api.call("GET", "agent/account", { token: me.token })).json.data).toMatchObject({ email, kind: "agent" });
  });

  it("eight workers at once, repeatedly, send each of 30 messages exactly once", async () => {
    for (let round = 0; round < 3; round++) {
      const subjects = Array.from({ length: 10 }, (_, i) => `Race ${round}-${i}`);
      await Promise.all(
        subjects.map((subject) =>
          api.call("POST", "api/ContactUs", {
            body: { name: "Rae Race", email: "rae@example.org", subject, message: "Which worker sends me?" },
          }),
        ),
      );
      const harnesses = [api, second];
      await Promise.all(Array.from({ length: 8 }, (_, w) => harnesses[w % 2]!.mailTick({ worker: `w${w}` })));
      await Promise.all(Array.from({ length: 8 }, (_, w) => harnesses[w % 2]!.mailTick({ worker: `w${w}` })));
      const got = smtp
        .to("inbox@portal.test")
        .map((m) => m.parsed.subject ?? "")
        .filter((t) => t.startsWith(`Contact form: Race ${round}-`));
      expect(got.sort()).toEqual(subjects.map((t) => `Contact form: ${t}`).sort());
    }
  });

  it("staff have the same account calls under office/", async () => {
    const account = await api.call("POST", "office/account", {
      token: staffToken,
      body: { name: demoStaff.name, phone: "+351 21 000 0000", time_zone: "Europe/Lisbon" },
    });
    expect(account.json.data).toMatchObject({ kind: "staff", time_zone: "Europe/Lisbon", phone: "+351 21 000 0000" });
    expect(
      messagesOf(
        (await api.call("POST", "office/account", { token: staffToken, body: { name: "", time_zone: "Mars/Base" } })).json.errors,
      ),
    ).toMatchObject({
      name: ["Name is required"],
      time_zone: ["Choose a time zone from the list"],
    });
  });

  it("the mentor, once given an address: the booking with the invite (the client's UID), the reminder and the cancellation, in the mentor's zone", async () => {
    await createMentorAccount(database.db, { mentorId, email: "wei.mentor@example.com" });
    const a = await agentInLondon("mentor");
    const { ids } = await bookAndPay(a, [MENTOR_TOLD]);
    await Promise.all([api.mailTick({ worker: "one" }), second.mailTick({ worker: "two" })]);
    const booked = smtp.to("wei.mentor@example.com");
    // Toronto's 17:00, named; the client by first name and initial; no price, and the agent to write to.
    expect(booked.map((m) => m.parsed.subject)).toEqual(["New session: Cam C., Mon, 5 Apr 2027, 17:00 (America/Toronto)"]);
    const mail = booked[0]!;
    expect(mail.parsed.text).toContain("Client: Cam C.");
    expect(mail.parsed.text).toContain(`Booked by: Lena Agent (${a.email})`);
    expect(mail.parsed.text).toContain("http://portal.test/mentoring");
    expect(mail.parsed.text).not.toContain("Cam Client");
    expect(mail.parsed.text).not.toContain("$");
    const clientInvite = smtp.to(a.clientEmail).find((m) => m.parsed.subject?.startsWith("Confirmed"))!;
    expect(invite(mail)).toEqual({ ...invite(clientInvite), method: "REQUEST" });
    expect(invite(mail)).toMatchObject({ uid: `booking-${ids[0]}@portal.test`, start: MENTOR_TOLD });
    // Where it meets: in every message and in the invite, for everyone alike.
    const event = new ICAL.Component(ICAL.parse(calendarOf(mail)!)).getFirstSubcomponent("vevent")!;
    const room = String(event.getFirstPropertyValue("location"));
    expect(room).toMatch(/^https:\/\/meet\.jit\.si\/Waypoint-[0-9a-f]{32}$/);
    expect(String(event.getFirstPropertyValue("url"))).toBe(room);
    expect(mail.parsed.text).toContain(`Join: ${room}`);
    expect(clientInvite.parsed.text).toContain(`Join: ${room}`);
    expect(calendarOf(clientInvite)).toContain(`LOCATION:${room}`);

    const dayBefore = new Date(Date.parse(MENTOR_TOLD) - 23 * 3_600_000);
    await Promise.all([api.mailTick({ now: dayBefore, worker: "one" }), second.mailTick({ now: dayBefore, worker: "two" })]);
    expect(subjects("wei.mentor@example.com")).toContain(
      "Reminder: session with Cam C., Mon, 5 Apr 2027, 17:00 (America/Toronto)",
    );

    await api.call("POST", "api/Mentorbooking/cancel", { token: a.token, body: { id: ids[0] } });
    await api.mailTick();
    const cancelled = smtp.to("wei.mentor@example.com").filter((m) => m.parsed.subject?.startsWith("Cancelled"));
    expect(cancelled.map((m) => m.parsed.subject)).toEqual([
      "Cancelled: session with Cam C., Mon, 5 Apr 2027, 17:00 (America/Toronto)",
    ]);
    expect(cancelled[0]!.parsed.text).toContain("cancelled by Lena Agent, the agent who booked it");
    expect(invite(cancelled[0]!)).toMatchObject({ method: "CANCEL", uid: `booking-${ids[0]}@portal.test` });
    // The agent and the client were told as before: one message each.
    expect(subjects(a.email).filter((t) => t.startsWith("Cancelled"))).toHaveLength(1);
    expect(subjects(a.clientEmail).filter((t) => t.startsWith("Cancelled"))).toHaveLength(1);
  });
  it("writes to a client in the client's language (issue 26): Spanish and Arabic, dates in their zone, Arabic right to left, the invite too", async () => {
    const a = await agentInLondon("languages");
    const client = async (first: string, email: string, language: string, zone: string) => {
      const c = await api.call("POST", "agent/addclient", {
        token: a.token,
        body: { first_name: first, last_name: "Cliente", email, language, time_zone: zone },
      });
      expect(c.status, JSON.stringify(c.json)).toBe(201);
      return c.json.data.id as number;
    };
    const lucia = await client("Lucía", `lucia-${n}@example.com`, "es", "Europe/Madrid");
    const layla = await client("Layla", `layla-${n}@example.com`, "ar", "Asia/Dubai");
    for (const id of [lucia, layla]) {
      const doc = await api.call("POST", `agent/clients/${id}/documents`, { token: a.token, body: { title: "Passport" } });
      const asked = await api.call("POST", `agent/clients/${id}/document-requests`, {
        token: a.token,
        body: { document_ids: [doc.json.data.id], message: null },
      });
      expect(asked.status, JSON.stringify(asked.json)).toBe(201);
    }
    await bookAndPay({ token: a.token, clientId: lucia }, [MENTOR_TOLD.replace("04-05", "05-03")]);
    await bookAndPay({ token: a.token, clientId: layla }, [MENTOR_TOLD.replace("04-05", "05-10")]);
    for (let i = 0; i < 4; i++) await api.mailTick();

    // Spanish: the request and the confirmation, in Spanish, the time in Madrid's zone, named.
    const es = smtp.to(`lucia-${n}@example.com`);
    expect(es.map((m) => m.parsed.subject).sort()).toEqual(
      ["Confirmada: sesión con Wei Chen, lun, 3 may 2027, 23:00 (Europe/Madrid)", "Lena Agent le pide unos documentos"].sort(),
    );
    const esConfirmed = es.find((m) => m.parsed.subject?.startsWith("Confirmada"))!;
    expect(esConfirmed.parsed.text).toContain("Hola, Lucía Cliente:");
    expect(esConfirmed.parsed.text).toContain("Empieza: lun, 3 may 2027, 23:00 (Europe/Madrid)");
    expect(esConfirmed.parsed.text).toContain("Para cambiarla o cancelarla, pídaselo a Lena Agent");
    expect(esConfirmed.parsed.html).toContain('<html dir="ltr" lang="es">');
    expect(calendarOf(esConfirmed)).toContain("SUMMARY:Sesión con un mentor: Wei Chen con Lucía Cliente");
    const esAsked = es.find((m) => m.parsed.subject === "Lena Agent le pide unos documentos")!;
    // The document is named in Spanish, as the catalogue names a passport.
    expect(esAsked.parsed.text).toContain("le pide que envíe: Pasaporte.");
    expect(esAsked.parsed.text).toMatch(/El enlace sirve una sola vez, hasta el [^.]+ 2\d{3}, \d\d:\d\d \(Europe\/Madrid\)\./);

    // Arabic: right to left, Latin digits, Dubai's zone.
    const ar = smtp.to(`layla-${n}@example.com`);
    expect(ar.map((m) => m.parsed.subject).sort()).toEqual(
      ["Lena Agent يطلب منك مستندات", "تأكيد: جلسة مع المرشد Wei Chen، الثلاثاء، 11 مايو 2027، 01:00 (Asia/Dubai)"].sort(),
    );
    const arConfirmed = ar.find((m) => m.parsed.subject?.startsWith("تأكيد"))!;
    expect(arConfirmed.parsed.html).toContain('<html dir="rtl" lang="ar">');
    // Laid out right to left, aligned right (the firm's layout, issue 42).
    expect(arConfirmed.parsed.html).toContain("direction:rtl");
    expect(arConfirmed.parsed.html).toContain("text-align:right");
    expect(arConfirmed.parsed.html).toMatch(/<th align="right"[^>]*>تبدأ<\/th>/);
    expect(arConfirmed.parsed.text).toContain("مرحبًا Layla Cliente،");
    const arAsked = ar.find((m) => m.parsed.subject === "Lena Agent يطلب منك مستندات")!;
    expect(arAsked.parsed.text).toContain("جواز السفر");
    expect(arAsked.parsed.text).not.toContain("Passport");
    expect(calendarOf(arConfirmed)).toContain("SUMMARY:جلسة مع المرشد: Wei Chen مع Layla Cliente");
    // The agent's own e-mails stay in English, in the agent's zone, with the client's own time beside it.
    expect(subjects(a.email).filter((s) => s.startsWith("Confirmed")).length).toBe(2);
    const agentOfLayla = smtp
      .to(a.email)
      .find((m) => m.parsed.subject?.startsWith("Confirmed") && m.parsed.text?.includes("Layla Cliente"))!;
    expect(agentOfLayla.parsed.text).toContain("Starts: Mon, 10 May 2027, 22:00 (Europe/London)");
    expect(agentOfLayla.parsed.text).toContain("For Layla Cliente: Tue, 11 May 2027, 01:00 (Asia/Dubai)");
  });

  it("writes to a mentor in the mentor's language (issue 26): the booking and its invite in Spanish, the set-password link in Arabic, right to left, to the Arabic page", async () => {
    // Wei (an address since the mentor test) chooses Spanish in the office's form; the office's audit says so.
    const mentorEmail = "wei.es@example.com";
    await createMentorAccount(database.db, { mentorId, email: mentorEmail });
    const office = (await api.call("GET", `office/mentors/${mentorId}`, { token: staffToken })).json.data as OfficeMentor;
    expect(office.language).toBe("en");
    const saved = await api.call("POST", `office/mentors/${mentorId}`, {
      token: staffToken,
      body: officeMentorBody(office, { language: "es" }),
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.data.language).toBe("es");
    const audit = await api.call("GET", "office/audit", { token: staffToken });
    expect(JSON.stringify(audit.json.data)).toContain("Writes in Spanish (español) (was English)");
    // A language that is not the portal's is refused beside the field, nothing changed.
    const wrong = await api.call("POST", `office/mentors/${mentorId}`, {
      token: staffToken,
      body: { ...officeMentorBody(office), language: "de" },
    });
    expect(wrong.status).toBe(400);
    expect(messagesOf(wrong.json.errors)).toEqual({ language: ["Choose a language from the list"] });

    const a = await agentInLondon("mentor-es");
    const { ids } = await bookAndPay(a, [MENTOR_TOLD.replace("04-05", "05-17")]);
    for (let i = 0; i < 3; i++) await api.mailTick();
    const booked = smtp.to(mentorEmail);
    expect(booked.map((m) => m.parsed.subject)).toEqual(["Nueva sesión: Cam C., lun, 17 may 2027, 17:00 (America/Toronto)"]);
    const mail = booked[0]!;
    expect(mail.parsed.text).toContain("Hola, Wei Chen:");
    expect(mail.parsed.text).toContain("Se ha reservado y pagado una sesión con usted.");
    expect(mail.parsed.text).toContain(`Reservada por: Lena Agent (${a.email})`);
    expect(mail.parsed.text).toContain("Empieza: lun, 17 may 2027, 17:00 (America/Toronto)");
    expect(mail.parsed.html).toContain('<html dir="ltr" lang="es">');
    expect(calendarOf(mail)).toContain("SUMMARY:Sesión con un mentor: Wei Chen con Cam C.");
    expect(invite(mail)).toMatchObject({ method: "REQUEST", uid: `booking-${ids[0]}@portal.test` });
    // The client (English) and the agent are written to as before.
    expect(subjects(a.clientEmail)).toContain("Confirmed: mentor session with Wei Chen, Mon, 17 May 2027, 22:00 (Europe/London)");

    // Cancelled by the agent: in Spanish too, with the calendar's cancellation.
    await api.call("POST", "api/Mentorbooking/cancel", { token: a.token, body: { id: ids[0] } });
    await api.mailTick();
    const cancelled = smtp.to(mentorEmail).find((m) => m.parsed.subject?.startsWith("Cancelada"))!;
    expect(cancelled.parsed.subject).toBe("Cancelada: sesión con Cam C., lun, 17 may 2027, 17:00 (America/Toronto)");
    expect(cancelled.parsed.text).toContain("Lena Agent, el agente que la reservó, ha cancelado su sesión con Cam C.");
    expect(invite(cancelled)).toMatchObject({ method: "CANCEL" });

    // Arabic, chosen by the mentor: the office's new link is written right to left and opens the Arabic page.
    const mentorLogin = await api.call("POST", "mentor/login", { body: { email: mentorEmail, password: "mentor-password" } });
    const mentorToken = mentorLogin.json.data.token as string;
    const own = (await api.call("GET", "mentor/profile", { token: mentorToken })).json.data;
    expect(own.language).toBe("es");
    const chosen = await api.call("POST", "mentor/profile", {
      token: mentorToken,
      body: {
        bio: own.bio,
        expertise: own.expertise,
        languages: own.languages,
        time_zone: own.time_zone,
        meeting_url: own.meeting_url,
        language: "ar",
      },
    });
    expect(chosen.status, JSON.stringify(chosen.json)).toBe(200);
    expect(chosen.json.data.language).toBe("ar");
    const link = await api.call("POST", `office/mentors/${mentorId}/password-link`, { token: staffToken });
    expect(link.status, JSON.stringify(link.json)).toBe(200);
    await api.mailTick();
    const setMail = smtp.to(mentorEmail).find((m) => m.parsed.subject === "اختر كلمة المرور لحسابك لدى Waypoint Consultancy")!;
    expect(setMail, subjects(mentorEmail).join(" | ")).toBeTruthy();
    expect(setMail.parsed.html).toContain('<html dir="rtl" lang="ar">');
    expect(setMail.parsed.text).toContain("مرحبًا Wei Chen،");
    expect(setMail.parsed.text).toContain("http://portal.test/ar/set-password?token=");
    // Saved again without a language (an older caller), the mentor's stays Arabic.
    const older = await api.call("POST", "mentor/profile", {
      token: mentorToken,
      body: { bio: own.bio, expertise: own.expertise, languages: own.languages, time_zone: own.time_zone },
    });
    expect(older.json.data.language).toBe("ar");
  });
});

describe.each(testDatabases)("a slow relay on $name", (target) => {
  let database: Db;
  let drop: () => Promise<void>;
  let smtp: Smtp;
  let workers: Harness[];

  beforeAll(async () => {
    ({ database, drop } = await openSeeded(target));
    smtp = await startSmtp();
    // Each message takes 100 ms and a claim holds for 1.5 s: a round of 50 takes more than three claims' time (as
    // 8 s a message against the 120 s claim would in production), scaled down to run in seconds. (At 0.5 s, a busy
    // two-core machine running the whole suite held one message past its claim and it went twice.)
    smtp.state.delayMs = 100;
    workers = await Promise.all(
      Array.from({ length: 3 }, () => startApi(database, { smtpUrl: smtp.url, mail: { claimSeconds: 1.5 } })),
    );
  });
  afterAll(async () => {
    for (const w of workers ?? []) await w.close();
    await smtp?.close();
    await drop?.();
  });

  it("three workers, 75 messages: every one delivered, none twice", async () => {
    const subjects = Array.from({ length: 75 }, (_, i) => `Slow ${i}`);
    for (const subject of subjects) {
      const res = await workers[0]!.call("POST", "api/ContactUs", {
        body: { name: "Sam Slow", email: "sam@example.org", subject, message: "Through a slow relay." },
      });
      expect(res.status).toBe(201);
    }
    const ours = () => smtp.received.filter((m) => (m.parsed.subject ?? "").startsWith("Contact form: Slow "));
    const deadline = Date.now() + 60_000;
    await Promise.all(
      workers.map(async (w, n) => {
        while (ours().length < subjects.length && Date.now() < deadline) {
          const tally = await w.mailTick({ worker: `slow-${n}` });
          if (!tally.sent) await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }),
    );
    const got = ours().map((m) => m.parsed.subject!.replace("Contact form: ", ""));
    expect(got.length).toBe(75);
    expect([...new Set(got)].sort()).toEqual([...subjects].sort());
  }, 90_000);
});

const usd = (minor: number) => `$${(minor / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

describe.each(testDatabases)("a failing mail server on $name", (target) => {
  let database: Db;
  let drop: () => Promise<void>;
  let smtp: Smtp;
  let api: Harness;

  beforeAll(async () => {
    ({ database, drop } = await openSeeded(target));
    smtp = await startSmtp();
    api = await startApi(database, { smtpUrl: smtp.url, mail: { retrySeconds: 1, maxAttempts: 3 } });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
    await drop();
  });

  it("is retried with a growing wait, then the message is marked failed and shown to staff; retried by staff, it is sent once", async () => {
    smtp.state.failing = true;
    await api.call("POST", "api/ContactUs", {
      body: { name: "Ola Outage", email: "ola@example.org", subject: "Anyone there?", message: "Testing the failure path." },
    });
    const t0 = Date.now();
    const at = (ms: number) => new Date(t0 + ms);
    expect(await api.mailTick({ now: at(0) })).toMatchObject({ retried: 1, sent: 0 });
    // Not due again before its wait (1 s, then 2 s).
    expect(await api.mailTick({ now: at(500) })).toMatchObject({ retried: 0, failed: 0 });
    expect(await api.mailTick({ now: at(1_100) })).toMatchObject({ retried: 1 });
    expect(await api.mailTick({ now: at(2_000) })).toMatchObject({ retried: 0, failed: 0 });
    expect(await api.mailTick({ now: at(3_200) })).toMatchObject({ failed: 1 });
    expect(smtp.state.attempts).toBe(3);
    const row = await database.db
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "contact.received")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(row.last_error).toMatch(/451/);
    expect(api.logged).toHaveLength(1); // "failed for good" is an error for the operator

    const staff = (await api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } }))
      .json.data.token;
    expect((await api.call("GET", "office/overview", { token: staff })).json.data.mail_failed).toBe(1);
    const failed = (await api.call("GET", "office/outbox?status=failed", { token: staff })).json.data;
    expect(failed.items).toMatchObject([{ id: row.id, kind: "contact.received", status: "failed", to_address: null }]);

    smtp.state.failing = false;
    const retries = await Promise.all(
      Array.from({ length: 5 }, () => api.call("POST", `office/outbox/${row.id}/retry`, { token: staff })),
    );
    expect(retries.filter((r) => r.status === 200)).toHaveLength(1);
    expect(retries.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    await api.mailTick();
    await api.mailTick();
    expect(smtp.to("inbox@portal.test").map((m) => m.parsed.subject)).toEqual(["Contact form: Anyone there?"]);
    expect((await api.call("GET", "office/overview", { token: staff })).json.data.mail_failed).toBe(0);
    expect((await api.call("GET", "office/outbox?status=bogus", { token: staff })).status).toBe(400);
  });
});
