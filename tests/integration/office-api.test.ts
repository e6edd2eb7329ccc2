/**
 * The back office's API on each database: staff sign-in, one-time set-password links (single use, also when used
 * twenty times at once), agents made, deactivated and reactivated by staff, the contact inbox, and the audit rows
 * each change writes in its own transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuePasswordLink } from "../../backend/accounts/password-links.js";
import { createStaff } from "../../backend/accounts/staff.js";
import type { Db } from "../../backend/db/connection.js";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { startApi, type Harness } from "../support/api-harness.js";
import { openSeeded, testDatabases } from "../support/databases.js";
import { messagesOf } from "../support/fixtures.js";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.js";

describe.each(testDatabases)("office API on $name", (target) => {
  let database: Db;
  let drop: () => Promise<void>;
  let api: Harness;
  let stripe: StripeStandIn;
  let stripeApi: Harness;
  let staffToken: string;
  let n = 0;

  beforeAll(async () => {
    ({ database, drop } = await openSeeded(target));
    stripe = await startStripeStandIn();
    [api, stripeApi] = await Promise.all([startApi(database), startApi(database, { payments: stripe.settings })]);
    const login = await api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    staffToken = login.json.data.token;
  });
  afterAll(async () => {
    await Promise.all([api.close(), stripeApi.close(), stripe.close()]);
    await drop();
    expect(api.logged).toEqual([]);
  });

  const office = (method: "GET" | "POST", path: string, body?: unknown) => api.call(method, path, { token: staffToken, body });
  const auditOf = (kind: string, subject: string) =>
    database.db.selectFrom("audit_log").selectAll().where("kind", "=", kind).where("subject", "=", subject).execute();
  const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

  it("signs staff in (and writes it to the audit log); refuses a wrong password, an agent's account and no password yet", async () => {
    const me = await office("POST", "office/me");
    expect(me.json.data.staff).toMatchObject({ email: demoStaff.email, name: demoStaff.name });
    const staffId = me.json.data.staff.id as number;
    expect((await auditOf("staff.sign_in", `staff:${staffId}`)).length).toBeGreaterThanOrEqual(1);
    const wrong = await api.call("POST", "office/login", { body: { email: demoStaff.email, password: "nope-nope-nope" } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe("Email or password is incorrect.");
    // An agent's email and password are not a staff account.
    expect(
      (await api.call("POST", "office/login", { body: { email: "demo@example.com", password: "demo-password" } })).status,
    ).toBe(401);
    // A staff account made on the command line has no password until its link is used.
    await createStaff(database.db, { email: "new-staff@example.com", name: "New Staff" });
    expect((await api.call("POST", "office/login", { body: { email: "new-staff@example.com", password: "" } })).status).toBe(400);
    expect(
      (await api.call("POST", "office/login", { body: { email: "new-staff@example.com", password: "anything-at-all" } })).status,
    ).toBe(401);
  });

  it("lets a staff member sign in on the one page many times: the agents' counters do not lock them out", async () => {
    // The portal tries agent/login first (a 401 for a staff email, counted) and then office/login; 5 failures of an
    // address and email lock that pair out.
    const strict = await startApi(database, { loginLimit: { perEmail: 5 } });
    try {
      for (let i = 0; i < 12; i++) {
        const body = { email: demoStaff.email, password: demoStaff.password };
        expect((await strict.call("POST", "agent/login", { body })).status, `agent attempt ${i + 1}`).toBe(401);
        expect((await strict.call("POST", "office/login", { body })).status, `sign-in ${i + 1}`).toBe(200);
      }
    } finally {
      await strict.close();
    }
  });

  it("turns an agent's token away from every office call (403), and an unknown or expired one (401)", async () => {
    const agent = await api.newAgent(`office-intruder-${++n}@example.com`);
    for (const [method, path] of [
      ["GET", "office/overview"],
      ["GET", "office/agents"],
      ["GET", "office/messages"],
      ["GET", "office/audit"],
    ] as const) {
      expect((await api.call(method, path, { token: agent.token })).status, path).toBe(403);
      expect((await api.call(method, path, { token: "x".repeat(43) })).status, path).toBe(401);
    }
    const staff = await createStaff(database.db, { email: `expiring-${++n}@example.com`, name: "Ex Piring" });
    const { token } = await issuePasswordLink(database.db, "staff", staff.staff.id);
    const set = await api.call("POST", "password/set", { body: { token, password: "a long enough passphrase" } });
    await database.db
      .updateTable("staff_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("staff_id", "=", staff.staff.id)
      .execute();
    expect((await api.call("GET", "office/overview", { token: set.json.data.token })).status).toBe(401);
  });

  it("adds an agent with a one-time link; the link sets the password once, signs the agent in, and is audited", async () => {
    const bad = await office("POST", "office/agents", { name: "", email: "nope", time_zone: "Mars/Base" });
    expect(bad.status).toBe(400);
    expect(Object.keys(messagesOf(bad.json.errors)).sort()).toEqual(["email", "name", "time_zone"]);
    const made = await office("POST", "office/agents", {
      name: "Lin Link",
      email: `LIN-${++n}@Example.com`,
      time_zone: "Asia/Tokyo",
    });
    expect(made.status).toBe(201);
    const agent = made.json.data.agent;
    expect(agent).toMatchObject({
      name: "Lin Link",
      email: `lin-${n}@example.com`,
      time_zone: "Asia/Tokyo",
      active: true,
      clients: 0,
    });
    expect(made.json.data.password_link).toMatch(/^http:\/\/portal\.test\/set-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(await auditOf("agent.create", `agent:${agent.id}`)).toHaveLength(1);
    const again = await office("POST", "office/agents", { name: "Lin Again", email: `lin-${n}@example.com`, time_zone: "UTC" });
    expect(again.status).toBe(409);

    const token = tokenOf(made.json.data.password_link);
    const check = await api.call("POST", "password/check", { body: { token } });
    expect(check.json.data).toMatchObject({ kind: "agent", name: "Lin Link", email: `lin-${n}@example.com` });
    // Weak passwords, and one with the email in it, are refused beside the field; the link stays usable.
    for (const [password, message] of [
      ["short", "A password needs at least 10 characters"],
      ["aaaaaaaaaaaa", "Use more different characters"],
      [`my lin-${n}@example.com!`, "Do not use your email address"],
    ] as const) {
      const weak = await api.call("POST", "password/set", { body: { token, password } });
      expect(weak.status, password).toBe(400);
      expect(messagesOf(weak.json.errors).password, password).toEqual([message]);
    }
    // Twenty uses at once: one sets the password and signs in, the rest find the link used.
    const uses = await Promise.all(
      Array.from({ length: 20 }, () => api.call("POST", "password/set", { body: { token, password: "lantern harbour velvet" } })),
    );
    expect(uses.filter((u) => u.status === 200)).toHaveLength(1);
    expect(uses.filter((u) => u.status !== 200).every((u) => u.status === 404)).toBe(true);
    const used = uses.find((u) => u.status === 200)!;
    expect(used.json.data).toMatchObject({ kind: "agent", person: { id: agent.id, time_zone: "Asia/Tokyo" } });
    expect((await api.call("POST", "agent/tokencheck", { token: used.json.data.token })).status).toBe(200);
    expect((await api.login(`lin-${n}@example.com`, "lantern harbour velvet")).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await api.call("POST", "password/check", { body: { token } })).status).toBe(404);

    // A new link replaces the old; the list shows the sign-in.
    const link2 = await office("POST", `office/agents/${agent.id}/password-link`);
    expect(link2.status).toBe(200);
    const link3 = await office("POST", `office/agents/${agent.id}/password-link`);
    expect((await api.call("POST", "password/check", { body: { token: tokenOf(link2.json.data.password_link) } })).status).toBe(
      404,
    );
    expect((await api.call("POST", "password/check", { body: { token: tokenOf(link3.json.data.password_link) } })).status).toBe(
      200,
    );
    const listed = await office("GET", `office/agents?q=lin-${n}@`);
    expect(listed.json.data.items).toHaveLength(1);
    expect(listed.json.data.items[0].last_sign_in_at).not.toBeNull();
  });

  it("deactivating an agent ends every token at once and refuses its sign-in; reactivating lets it back in", async () => {
    const agent = await api.newAgent(`deactivate-${++n}@example.com`);
    const other = await api.login(`deactivate-${n}@example.com`, "agent-password");
    const off = await office("POST", `office/agents/${agent.id}/active`, { active: false });
    expect(off.json.data).toMatchObject({ id: agent.id, active: false });
    for (const t of [agent.token, other.token])
      expect((await api.call("POST", "agent/tokencheck", { token: t })).status).toBe(401);
    const refused = await api.call("POST", "agent/login", {
      body: { email: `deactivate-${n}@example.com`, password: "agent-password" },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("This account has been deactivated. Ask the consultancy to reactivate it.");
    // A wrong password says nothing about the account.
    const wrong = await api.call("POST", "agent/login", {
      body: { email: `deactivate-${n}@example.com`, password: "wrong-wrong" },
    });
    expect(wrong.status).toBe(401);
    const [audit] = await auditOf("agent.deactivate", `agent:${agent.id}`);
    expect(JSON.parse(audit!.before!)).toEqual({ active: true });
    expect(JSON.parse(audit!.after!)).toEqual({ active: false });
    expect((await office("POST", `office/agents/${agent.id}/active`, { active: "no" })).status).toBe(400);
    expect((await office("POST", "office/agents/999999/active", { active: true })).status).toBe(404);
    await office("POST", `office/agents/${agent.id}/active`, { active: true });
    expect((await api.login(`deactivate-${n}@example.com`, "agent-password")).token).toBeTruthy();
  });

  it("shows contact messages newest first, unread by default; marking one handled is done once and audited once", async () => {
    const subject = `Inbox test ${++n}`;
    for (const i of [1, 2]) {
      const sent = await api.call("POST", "api/ContactUs", {
        body: {
          name: `Sender ${i}`,
          email: `sender${i}@example.com`,
          subject: `${subject} #${i}`,
          message: "Hello, a question about plans.",
        },
      });
      expect(sent.status).toBe(201);
    }
    const unread = await office("GET", `office/messages?q=${encodeURIComponent(subject)}`);
    expect(unread.json.data.items.map((m: { subject: string }) => m.subject)).toEqual([`${subject} #2`, `${subject} #1`]);
    const id = unread.json.data.items[1].id as number;
    const marks = await Promise.all(Array.from({ length: 10 }, () => office("POST", `office/messages/${id}/handled`)));
    expect(marks.every((m) => m.status === 200)).toBe(true);
    expect(await auditOf("message.handled", `message:${id}`)).toHaveLength(1);
    const after = await office("GET", `office/messages?q=${encodeURIComponent(subject)}`);
    expect(after.json.data.items).toHaveLength(1);
    const handled = await office("GET", `office/messages?status=handled&q=${encodeURIComponent(subject)}`);
    expect(handled.json.data.items[0]).toMatchObject({ id, handled_by_name: demoStaff.name });
    expect((await office("POST", "office/messages/999999/handled")).status).toBe(404);
    expect((await office("GET", "office/messages?status=nope")).status).toBe(400);
    const overview = await office("GET", "office/overview");
    expect(overview.json.data.unread_messages).toBeGreaterThanOrEqual(1);
    const audit = await office("GET", "office/audit?kind=message.");
    expect(audit.json.data.items.every((e: { kind: string }) => e.kind.startsWith("message."))).toBe(true);
    // By staff member (name or email), alone or with a kind.
    const byStaff = await office("GET", `office/audit?staff=${encodeURIComponent("olive")}&kind=message.`);
    expect(byStaff.json.data.total).toBeGreaterThanOrEqual(1);
    expect(byStaff.json.data.items.every((e: { staff_name: string }) => e.staff_name === demoStaff.name)).toBe(true);
    expect((await office("GET", "office/audit?staff=nobody-of-ours")).json.data.total).toBe(0);
  });

  it("adds and edits a job (cents in, audited); a new fee reaches carts at once but never a placed order", async () => {
    const bad = await office("POST", "office/jobs", {
      title: "",
      country_code: "XX",
      employment_type: "Gig",
      placement_fee_minor: -5,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(messagesOf(bad.json.errors)).sort()).toEqual([
      "city",
      "company",
      "description",
      "employment_type",
      "placement_fee_minor",
      "title",
    ]);
    const body = {
      title: `Platform engineer ${++n}`,
      company: "Nordlicht",
      country_code: "DE",
      city: "Berlin",
      employment_type: "Full-time",
      description: "Kubernetes and Go.",
      salary_min_minor: 7_000_000,
      salary_max_minor: 6_000_000,
      placement_fee_minor: 150_000,
    };
    expect(messagesOf((await office("POST", "office/jobs", body)).json.errors)).toEqual({
      salary_max_minor: ["The highest salary cannot be below the lowest"],
    });
    expect(
      messagesOf((await office("POST", "office/jobs", { ...body, country_code: "QQ", salary_max_minor: 8_000_000 })).json.errors),
    ).toEqual({
      country_code: ["Choose a country from the list"],
    });
    const made = await office("POST", "office/jobs", { ...body, salary_max_minor: 8_000_000 });
    expect(made.status).toBe(201);
    const job = made.json.data;
    expect(job).toMatchObject({
      title: body.title,
      published: true,
      placement_fee_minor: 150_000,
      currency: "USD",
      salary_currency: "USD",
    });
    expect(await auditOf("job.create", `job:${job.id}`)).toHaveLength(1);

    // An agent buys it once (an order at $1,500) and has it in the cart again for another client.
    const agent = await api.newAgent(`job-buyer-${n}@example.com`);
    const clients = await Promise.all(
      [1, 2].map((i) =>
        api.call("POST", "agent/addclient", {
          token: agent.token,
          body: { first_name: "Jo", last_name: `B${i}`, email: `jo${i}-${n}@example.com` },
        }),
      ),
    );
    await api.call("POST", "agent/addcart", {
      token: agent.token,
      body: { client_id: clients[0]!.json.data.id, item_type: "job", item_id: job.id },
    });
    const checkout = await api.call("POST", "stripe/create-checkout-session", { token: agent.token });
    await api.call("POST", `stripe/demo/complete/${checkout.json.data.session_id}`, { token: agent.token });
    await api.call("POST", "agent/addcart", {
      token: agent.token,
      body: { client_id: clients[1]!.json.data.id, item_type: "job", item_id: job.id },
    });

    const edited = await office("POST", `office/jobs/${job.id}`, {
      ...body,
      salary_max_minor: 8_000_000,
      placement_fee_minor: 175_000,
      title: `${body.title} (senior)`,
    });
    expect(edited.json.data).toMatchObject({ placement_fee_minor: 175_000, in_carts: 1 });
    const [audit] = await auditOf("job.edit", `job:${job.id}`);
    expect(JSON.parse(audit!.before!).placement_fee_minor).toBe(150_000);
    expect(JSON.parse(audit!.after!).placement_fee_minor).toBe(175_000);
    const cart = (await api.call("GET", `api/cart/list/${agent.id}`, { token: agent.token })).json.data;
    expect(cart).toMatchObject([
      { price_minor: 175_000, description: `Job placement: ${body.title} (senior), Nordlicht (Berlin)`, offered: true },
    ]);
    const order = (await api.call("GET", `api/orders/${checkout.json.data.order_id}`, { token: agent.token })).json.data;
    expect(order).toMatchObject({ amount_minor: 150_000, items: [{ price_minor: 150_000 }] });
  });

  it("unpublishing a job takes it out of the agents' lists and carts' checkouts; it is never deleted", async () => {
    const made = await office("POST", "office/jobs", {
      title: `Data analyst ${++n}`,
      company: "Fjord",
      country_code: "NO",
      city: "Oslo",
      employment_type: "Contract",
      description: "SQL.",
      placement_fee_minor: 90_000,
    });
    const id = made.json.data.id as number;
    const agent = await api.newAgent(`job-unpublish-${n}@example.com`);
    const client = await api.call("POST", "agent/addclient", {
      token: agent.token,
      body: { first_name: "Un", last_name: "Pub", email: `un-${n}@example.com` },
    });
    await api.call("POST", "agent/addcart", {
      token: agent.token,
      body: { client_id: client.json.data.id, item_type: "job", item_id: id },
    });
    const off = await office("POST", `office/jobs/${id}/published`, { published: false });
    expect(off.json.data).toMatchObject({ published: false, in_carts: 1 });
    expect(await auditOf("job.unpublish", `job:${id}`)).toHaveLength(1);

    const listed = (await api.call("GET", `api/jobs?q=${encodeURIComponent(`Data analyst ${n}`)}`, { token: agent.token })).json
      .data;
    expect(listed).toEqual([]);
    expect((await api.call("GET", `api/jobs/${id}`, { token: agent.token })).status).toBe(404);
    const other = await api.call("POST", "agent/addclient", {
      token: agent.token,
      body: { first_name: "Tw", last_name: "O", email: `tw-${n}@example.com` },
    });
    const add = await api.call("POST", "agent/addcart", {
      token: agent.token,
      body: { client_id: other.json.data.id, item_type: "job", item_id: id },
    });
    expect(add.status).toBe(400);
    expect(messagesOf(add.json.errors).item_id).toEqual(["That job is not on offer"]);
    const cart = (await api.call("GET", `api/cart/list/${agent.id}`, { token: agent.token })).json.data;
    expect(cart).toMatchObject([{ item_id: id, offered: false }]);
    const pay = await api.call("POST", "stripe/create-checkout-session", { token: agent.token });
    expect(pay.status).toBe(409);
    expect(pay.json.message).toBe(
      `Job placement: Data analyst ${n}, Fjord (Oslo) is no longer offered: remove it from the cart to pay for the rest.`,
    );
    // Staff still see and can republish it.
    expect((await office("GET", `office/jobs/${id}`)).json.data.published).toBe(false);
    await office("POST", `office/jobs/${id}/published`, { published: true });
    expect((await api.call("GET", `api/jobs/${id}`, { token: agent.token })).status).toBe(200);
    expect((await office("POST", "office/jobs/999999/published", { published: true })).status).toBe(404);
  });

  it("adds a mentor with weekly hours that agents can book; new hours and inactivity never cancel a booked session", async () => {
    const body = {
      name: `Mara Mentor ${++n}`,
      title: "Recruiter",
      bio: "Ten years of hiring in Lisbon.",
      expertise: ["Interviews"],
      languages: ["Portuguese", "English"],
      country_code: "PT",
      time_zone: "Europe/Lisbon",
      rate_minor: 8_000,
      hours: [
        { weekday: 1, start_minute: 540, end_minute: 720 },
        { weekday: 3, start_minute: 600, end_minute: 660 },
      ],
    };
    const overlapping = await office("POST", "office/mentors", {
      ...body,
      hours: [...body.hours, { weekday: 1, start_minute: 600, end_minute: 780 }],
    });
    expect(messagesOf(overlapping.json.errors)).toEqual({ hours: ["Ranges of one day may not overlap"] });
    const bad = await office("POST", "office/mentors", {
      ...body,
      expertise: [],
      rate_minor: 0,
      photo_url: "http://x",
      time_zone: "Nowhere",
    });
    expect(Object.keys(messagesOf(bad.json.errors)).sort()).toEqual(["expertise", "photo_url", "rate_minor", "time_zone"]);
    const made = await office("POST", "office/mentors", body);
    expect(made.status).toBe(201);
    const mentor = made.json.data;
    expect(mentor).toMatchObject({ name: body.name, active: true, availability: [{ weekday: 1 }, { weekday: 3 }] });

    // An agent finds the mentor and books its first free slot (three on Mondays, one on Wednesdays, Lisbon time).
    const a = await api.newAgent(`mentor-office-${n}@example.com`);
    const client = await api.call("POST", "agent/addclient", {
      token: a.token,
      body: { first_name: "Bo", last_name: "Ok", email: `bo-${n}@example.com` },
    });
    const listed = (await api.call("GET", "api/mentorlist", { token: a.token })).json.data.find(
      (m: { id: number }) => m.id === mentor.id,
    );
    expect(listed.next_free).not.toBeNull();
    const week = (
      await api.call("POST", "api/Mentorbooking", {
        token: a.token,
        body: {
          mentor_id: mentor.id,
          time_zone: "Europe/Lisbon",
          week_start: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        },
      })
    ).json.data;
    expect(week.slots).toHaveLength(4);
    // The Wednesday slot, which the new hours keep: whichever day the week starts on (a held session the new hours
    // left out would make the change wait until it is paid or released, which is week-change.test.ts's matter).
    const wednesday = week.slots.find((s: { start: string }) => new Date(s.start).getUTCDay() === 3);
    const held = await api.call("POST", "api/Mentorbooking/book", {
      token: a.token,
      body: { mentor_id: mentor.id, client_id: client.json.data.id, start: wednesday.start, topic: "Interviews" },
    });
    expect(held.status).toBe(201);

    // New hours (Mondays gone): the held session stays; only free slots change.
    const edited = await office("POST", `office/mentors/${mentor.id}`, {
      ...body,
      hours: [{ weekday: 3, start_minute: 600, end_minute: 720 }],
    });
    expect(edited.json.data).toMatchObject({
      upcoming_sessions: 1,
      availability: [{ weekday: 3, start_minute: 600, end_minute: 720 }],
    });
    const bookings = (await api.call("GET", `api/Mentordetails/list/${a.id}`, { token: a.token })).json.data;
    expect(bookings).toMatchObject([{ id: held.json.data.id, status: "held" }]);
    const [audit] = await auditOf("mentor.edit", `mentor:${mentor.id}`);
    expect(JSON.parse(audit!.before!).hours).toHaveLength(2);

    // Inactive: not listed, not bookable, the booked session still there.
    const off = await office("POST", `office/mentors/${mentor.id}/active`, { active: false });
    expect(off.json.data).toMatchObject({ active: false, upcoming_sessions: 1 });
    expect(
      (await api.call("GET", "api/mentorlist", { token: a.token })).json.data.some((m: { id: number }) => m.id === mentor.id),
    ).toBe(false);
    expect((await api.call("POST", "api/Mentoruser/list", { token: a.token, body: { mentor_id: mentor.id } })).status).toBe(404);
    expect((await api.call("GET", `api/Mentordetails/list/${a.id}`, { token: a.token })).json.data).toMatchObject([
      { status: "held" },
    ]);
    expect((await api.call("GET", `api/cart/list/${a.id}`, { token: a.token })).json.data).toMatchObject([{ offered: false }]);
    expect(await auditOf("mentor.deactivate", `mentor:${mentor.id}`)).toHaveLength(1);
  });

  /** A new agent with a paid order of a plan and a job (two lines), through the given harness. */
  async function paidOrder(h: Harness, label: string) {
    const a = await h.newAgent(`${label}-${++n}@example.com`);
    const c = await h.call("POST", "agent/addclient", {
      token: a.token,
      body: { first_name: "Pa", last_name: "Id", email: `pa-${label}-${n}@example.com` },
    });
    await h.call("POST", "agent/addcart", {
      token: a.token,
      body: { client_id: c.json.data.id, item_type: "service_plan", item_id: 1 },
    });
    await h.call("POST", "agent/addcart", { token: a.token, body: { client_id: c.json.data.id, item_type: "job", item_id: 1 } });
    const started = await h.call("POST", "stripe/create-checkout-session", { token: a.token });
    if (h === stripeApi) {
      const session = stripe.pay(started.json.data.session_id);
      await h.call("GET", `stripe/checkout-session/${session.id}`, { token: a.token });
    } else {
      await h.call("POST", `stripe/demo/complete/${started.json.data.session_id}`, { token: a.token });
    }
    return { ...a, orderId: started.json.data.order_id as number };
  }

  it("lists every mentor as it shows each one: hours, days off, texts, a waiting address and upcoming sessions", async () => {
    const base = {
      title: "Adviser",
      bio: "Moves people.",
      expertise: ["Visas"],
      languages: ["English"],
      country_code: "PT",
      time_zone: "Europe/Lisbon",
      rate_minor: 5_000,
    };
    const first = (
      await office("POST", "office/mentors", {
        ...base,
        name: `Aa List ${++n}`,
        email: `aa-list-${n}@example.com`,
        hours: [{ weekday: 2, start_minute: 540, end_minute: 600 }],
        time_off: [{ starts_on: "2031-01-01", ends_on: "2031-01-02" }],
        texts: { es: { title: "Asesora" } },
      })
    ).json.data;
    const second = (await office("POST", "office/mentors", { ...base, name: `Ab List ${n}`, hours: [] })).json.data;
    expect((await office("POST", `office/mentors/${first.id}/email`, { email: `aa-new-${n}@example.com` })).status).toBe(200);
    await office("POST", `office/mentors/${second.id}/active`, { active: false });

    const list = (await office("GET", "office/mentors")).json.data as Array<{ id: number; name: string }>;
    // By name: "Aa List" before "Ab List".
    expect(list.findIndex((m) => m.id === first.id)).toBeLessThan(list.findIndex((m) => m.id === second.id));
    for (const made of [first, second]) {
      const one = (await office("GET", `office/mentors/${made.id}`)).json.data;
      expect(list.find((m) => m.id === made.id)).toEqual(one);
    }
    const shown = list.find((m) => m.id === first.id);
    expect(shown).toMatchObject({
      availability: [{ weekday: 2, start_minute: 540, end_minute: 600 }],
      time_off: [{ starts_on: "2031-01-01", ends_on: "2031-01-02" }],
      texts: { es: { title: "Asesora" } },
      pending_email: { email: `aa-new-${n}@example.com` },
      active: true,
    });
    expect(list.find((m) => m.id === second.id)).toMatchObject({ active: false, availability: [], pending_email: null });
  });

  it("lists every agent's orders with filters, and shows one with its lines, Stripe id and history", async () => {
    const a = await paidOrder(api, "orders-list");
    const byAgent = await office("GET", `office/orders?agent=orders-list-${n}@&status=paid`);
    expect(byAgent.json.data.items).toMatchObject([
      { id: a.orderId, status: "paid", agent_email: `orders-list-${n}@example.com` },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await office("GET", `office/orders?from=${today}&to=${today}&agent=orders-list-${n}@`)).json.data.total).toBe(1);
    expect((await office("GET", `office/orders?to=2001-01-01&agent=orders-list-${n}@`)).json.data.total).toBe(0);
    expect((await office("GET", "office/orders?status=lost")).status).toBe(400);
    expect(messagesOf((await office("GET", "office/orders?from=2026-02-30")).json.errors).from).toEqual(["Enter a real date"]);
    const one = await office("GET", `office/orders/${a.orderId}`);
    expect(one.json.data).toMatchObject({ id: a.orderId, mode: "demo", history: [] });
    expect(one.json.data.items).toHaveLength(2);
    // Its own story, from the payment that changed it, oldest first.
    expect(one.json.data.events.map((e: { what: string }) => e.what)).toEqual(["Checkout opened (demo payment page)", "Paid"]);
    expect(one.json.data.events[1].at).toBe(one.json.data.paid_at);
    expect(messagesOf((await office("GET", "office/orders?refund=some")).json.errors).refund).toEqual([
      "Choose a refund state from the list",
    ]);
    expect((await office("GET", "office/orders/999999")).status).toBe(404);
  });

  it("marks a flagged order reviewed with a note; only a flagged one", async () => {
    const a = await paidOrder(api, "orders-flag");
    await database.db
      .updateTable("orders")
      .set({ status: "flagged", flag_reason: "Amount differs" })
      .where("id", "=", a.orderId)
      .execute();
    expect(messagesOf((await office("POST", `office/orders/${a.orderId}/review`, { note: "" })).json.errors).note).toEqual([
      "Note is required",
    ]);
    const reviewed = await office("POST", `office/orders/${a.orderId}/review`, {
      note: "Checked in Stripe: customer paid twice, refunding.",
    });
    expect(reviewed.json.data).toMatchObject({
      status: "flagged",
      review_note: "Checked in Stripe: customer paid twice, refunding.",
      reviewed_by_name: demoStaff.name,
    });
    expect(reviewed.json.data.history.map((h: { kind: string }) => h.kind)).toEqual(["order.review"]);
    const other = await paidOrder(api, "orders-notflag");
    expect((await office("POST", `office/orders/${other.orderId}/review`, { note: "x" })).status).toBe(409);
  });

  it("refunds one line, then the rest (demo mode: marked refunded); a second refund is refused; twenty at once refund each line once", async () => {
    const a = await paidOrder(api, "orders-refund");
    const order = (await office("GET", `office/orders/${a.orderId}`)).json.data;
    const [first, second] = order.items as Array<{ id: number; price_minor: number }>;
    const one = await office("POST", `office/orders/${a.orderId}/refund`, { item_ids: [first!.id], note: "Client withdrew." });
    expect(one.status).toBe(200);
    expect(one.json.data.items.map((i: { refund_status: string | null }) => i.refund_status)).toEqual(["refunded", null]);
    expect(one.json.data.refunded_minor).toBe(first!.price_minor);
    expect((await office("POST", `office/orders/${a.orderId}/refund`, { item_ids: [first!.id], note: "Again" })).status).toBe(
      409,
    );
    expect((await office("POST", `office/orders/${a.orderId}/refund`, { item_ids: [999999], note: "No" })).status).toBe(404);
    // An empty list names no line (it reached PostgreSQL as "in ()" and failed there as a 500).
    const none = await office("POST", `office/orders/${a.orderId}/refund`, { item_ids: [], note: "None" });
    expect([none.status, messagesOf(none.json.errors)]).toEqual([400, { item_ids: ["Choose the lines to refund"] }]);
    expect((await office("POST", `office/orders/${a.orderId}/retry-refunds`)).status).toBe(409);
    // The agent sees the refund on its order.
    const seen = (await api.call("GET", `api/orders/${a.orderId}`, { token: a.token })).json.data;
    expect(seen.items[0]).toMatchObject({
      refund_status: "refunded",
      refund_reason: "Refunded by the consultancy: Client withdrew.",
    });

    const b = await paidOrder(api, "orders-race");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => office("POST", `office/orders/${b.orderId}/refund`, { note: "Race" })),
    );
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const after = (await office("GET", `office/orders/${b.orderId}`)).json.data;
    expect(after.items.every((i: { refund_status: string }) => i.refund_status === "refunded")).toBe(true);
    expect(after.refunded_minor).toBe(after.amount_minor);
    expect(after.history.filter((h: { kind: string }) => h.kind === "order.refund")).toHaveLength(1);
    void second;
  });

  it("with Stripe, a staff refund goes through Stripe once per line, however many times it is asked at once", async () => {
    const stripeStaff = await stripeApi.call("POST", "office/login", {
      body: { email: demoStaff.email, password: demoStaff.password },
    });
    const token = stripeStaff.json.data.token as string;
    const a = await paidOrder(stripeApi, "orders-stripe");
    const before = stripe.refunds.length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        stripeApi.call("POST", `office/orders/${a.orderId}/refund`, { token, body: { note: "Duplicate charge" } }),
      ),
    );
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const order = (await stripeApi.call("GET", `office/orders/${a.orderId}`, { token })).json.data;
    expect(order.items.every((i: { refund_status: string }) => i.refund_status === "refunded")).toBe(true);
    const made = stripe.refunds.slice(before);
    expect(new Set(made.map((r) => r.idempotencyKey)).size).toBe(2);
    expect(order.checkout_session_id).toMatch(/^cs_/);
  });

  it("lists sessions by day and filters by mentor; cancels one for its agent with the agent's refund rules, once however many ask", async () => {
    const a = await api.newAgent(`office-cancel-${++n}@example.com`);
    const c = await api.call("POST", "agent/addclient", {
      token: a.token,
      body: { first_name: "Ca", last_name: "Ncel", email: `ca-${n}@example.com` },
    });
    const from = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const week = (
      await api.call("POST", "api/Mentorbooking", { token: a.token, body: { mentor_id: 2, time_zone: "UTC", week_start: from } })
    ).json.data;
    const held = await api.call("POST", "api/Mentorbooking/book", {
      token: a.token,
      body: { mentor_id: 2, client_id: c.json.data.id, start: week.slots[0].start, topic: "Agenda" },
    });
    const checkout = await api.call("POST", "stripe/create-checkout-session", { token: a.token });
    await api.call("POST", `stripe/demo/complete/${checkout.json.data.session_id}`, { token: a.token });

    const agenda = await office("GET", `office/bookings?from=${from}&days=7&mentor=2`);
    expect(agenda.json.data.items.find((b: { id: number }) => b.id === held.json.data.id)).toMatchObject({
      agent_name: "Test Agent",
      status: "confirmed",
      mentor_id: 2,
    });
    expect(
      (await office("GET", `office/bookings?from=${from}&mentor=1`)).json.data.items.some(
        (b: { id: number }) => b.id === held.json.data.id,
      ),
    ).toBe(false);
    expect(messagesOf((await office("GET", "office/bookings?days=90")).json.errors).days).toEqual(["At most 31 days"]);

    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => office("POST", `office/bookings/${held.json.data.id}/cancel`)),
      ...Array.from({ length: 10 }, () =>
        api.call("POST", "api/Mentorbooking/cancel", { token: a.token, body: { id: held.json.data.id } }),
      ),
    ]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const order = (await api.call("GET", `api/orders/${checkout.json.data.order_id}`, { token: a.token })).json.data;
    expect(order.items[0]).toMatchObject({ refund_status: "due" });
    // The overview's "refunds due" list holds exactly the orders with a line due; the order says it last, with no time.
    const due = (await office("GET", `office/orders?refund=due&agent=office-cancel-${n}@`)).json.data;
    expect(due.items.map((o: { id: number }) => o.id)).toEqual([checkout.json.data.order_id]);
    expect((await office("GET", `office/orders?refund=due&agent=orders-list-`)).json.data.total).toBe(0);
    const events = (await office("GET", `office/orders/${checkout.json.data.order_id}`)).json.data.events;
    expect(events.at(-1)).toEqual({ at: null, what: expect.stringMatching(/^Refund due: Mentor session/) });
    const audits = await auditOf("booking.cancel", `booking:${held.json.data.id}`);
    // Staff won (one audit row) or the agent did (none): never two.
    expect(audits.length).toBeLessThanOrEqual(1);
    if (audits.length) expect(JSON.parse(audits[0]!.after!)).toMatchObject({ status: "canceled", refund: "due" });
    expect((await office("POST", "office/bookings/999999/cancel")).status).toBe(404);
  });

  it("lists the unpaid holds lapsing within the hour, soonest first, whatever day their session is", async () => {
    const a = await api.newAgent(`office-holds-${++n}@example.com`);
    const c = await api.call("POST", "agent/addclient", {
      token: a.token,
      body: { first_name: "Ho", last_name: "Ld", email: `ho-${n}@example.com` },
    });
    const from = new Date(Date.now() + 50 * 86_400_000).toISOString().slice(0, 10);
    const week = (
      await api.call("POST", "api/Mentorbooking", { token: a.token, body: { mentor_id: 3, time_zone: "UTC", week_start: from } })
    ).json.data;
    const ids: number[] = [];
    for (const slot of week.slots.slice(0, 3)) {
      const held = await api.call("POST", "api/Mentorbooking/book", {
        token: a.token,
        body: { mentor_id: 3, client_id: c.json.data.id, start: slot.start, topic: "Holds" },
      });
      expect(held.status, JSON.stringify(held.json)).toBe(201);
      ids.push(held.json.data.id);
    }
    // Lapsing in 40 and 10 minutes, and one with two hours left.
    const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
    for (const [id, m] of [
      [ids[0]!, 40],
      [ids[1]!, 10],
      [ids[2]!, 120],
    ] as const) {
      await database.db
        .updateTable("mentor_bookings")
        .set({ held_until: inMinutes(m) })
        .where("id", "=", id)
        .execute();
    }
    const lapsing = (await office("GET", "office/bookings?holds=lapsing&mentor=3")).json.data;
    expect(lapsing.holds).toBe("lapsing");
    expect(lapsing.items.map((b: { id: number }) => b.id)).toEqual([ids[1], ids[0]]);
    const overview = (await office("GET", "office/overview")).json.data;
    expect(overview.holds_lapsing).toBeGreaterThanOrEqual(2);
    expect((await office("GET", "office/bookings?holds=soon")).status).toBe(400);
  });

  it("shows one agent's clients by name and status only, with its orders and sessions", async () => {
    const a = await paidOrder(api, "agent-detail");
    const detail = await office("GET", `office/agents/${a.id}/detail`);
    expect(detail.json.data.agent).toMatchObject({ id: a.id, clients: 1 });
    expect(detail.json.data.clients).toEqual([{ id: expect.any(Number), name: "Pa Id", status: "active", archived: false }]);
    expect(detail.json.data.orders).toMatchObject([{ id: a.orderId, status: "paid" }]);
    // Nothing of the client's own details: no email, phone, passport or date of birth.
    expect(JSON.stringify(detail.json.data)).not.toContain(`pa-agent-detail-${n}@example.com`);
    expect((await office("GET", "office/agents/999999/detail")).status).toBe(404);
  });

  it("adds, edits, unpublishes and republishes relocation packages and service plans, as jobs", async () => {
    const badPackage = await office("POST", "office/relocations", { title: "", includes: [], duration_days: 0, price_minor: 0 });
    expect(Object.keys(messagesOf(badPackage.json.errors)).sort()).toEqual([
      "city",
      "country_code",
      "description",
      "duration_days",
      "includes",
      "price_minor",
      "title",
    ]);
    const pkg = await office("POST", "office/relocations", {
      title: `Lisbon landing ${++n}`,
      country_code: "PT",
      city: "Lisbon",
      description: "Housing search and NIF.",
      includes: ["Housing search", "Tax number"],
      duration_days: 14,
      price_minor: 120_000,
    });
    expect(pkg.status).toBe(201);
    const plan = await office("POST", "office/plans", {
      service_id: 2,
      name: `Express move ${n}`,
      description: "Fast.",
      price_minor: 50_000,
    });
    expect(plan.json.data).toMatchObject({ service_name: "Relocation", published: true });
    expect(
      messagesOf(
        (await office("POST", "office/plans", { service_id: 9, name: "x", description: "y", price_minor: 1 })).json.errors,
      ).service_id,
    ).toEqual(["Choose a service"]);

    const a = await api.newAgent(`catalogue-more-${n}@example.com`);
    const c = await api.call("POST", "agent/addclient", {
      token: a.token,
      body: {
        first_name: "Mo",
        last_name: "Ver",
        email: `mo-${n}@example.com`,
        current_country: "GB",
        destination_country: "PT",
      },
    });
    const clientId = c.json.data.id;
    expect(
      (
        await api.call("POST", "agent/addcart", {
          token: a.token,
          body: { client_id: clientId, item_type: "relocation", item_id: pkg.json.data.id },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api.call("POST", "agent/addcart", {
          token: a.token,
          body: { client_id: clientId, item_type: "service_plan", item_id: plan.json.data.id },
        })
      ).status,
    ).toBe(201);

    // New prices reach the cart; names too.
    await office("POST", `office/relocations/${pkg.json.data.id}`, { ...pkg.json.data, price_minor: 130_000 });
    await office("POST", `office/plans/${plan.json.data.id}`, {
      service_id: 2,
      name: `Express move ${n} (new)`,
      description: "Fast.",
      price_minor: 55_000,
    });
    const cart = (await api.call("GET", `api/cart/list/${a.id}`, { token: a.token })).json.data;
    expect(cart.map((i: { price_minor: number }) => i.price_minor).sort()).toEqual([130_000, 55_000].sort());
    expect(cart.map((i: { description: string }) => i.description)).toContain(`Relocation plan: Express move ${n} (new)`);

    // Unpublished: gone for agents, the cart cannot pay; republished: back.
    await office("POST", `office/relocations/${pkg.json.data.id}/published`, { published: false });
    await office("POST", `office/plans/${plan.json.data.id}/published`, { published: false });
    expect((await api.call("GET", `api/relocations/${pkg.json.data.id}`, { token: a.token })).status).toBe(404);
    const plans = (await api.call("POST", "api/serviceplan", { token: a.token, body: { client_id: clientId } })).json.data;
    expect(plans.some((p: { id: number }) => p.id === plan.json.data.id)).toBe(false);
    expect(
      (await api.call("GET", `api/cart/list/${a.id}`, { token: a.token })).json.data.every(
        (i: { offered: boolean }) => !i.offered,
      ),
    ).toBe(true);
    expect((await api.call("POST", "stripe/create-checkout-session", { token: a.token })).status).toBe(409);
    expect(await auditOf("plan.unpublish", `plan:${plan.json.data.id}`)).toHaveLength(1);
    await office("POST", `office/relocations/${pkg.json.data.id}/published`, { published: true });
    expect((await api.call("GET", `api/relocations/${pkg.json.data.id}`, { token: a.token })).status).toBe(200);
    expect((await office("GET", "office/relocations/999999")).status).toBe(404);
    expect(
      (await office("POST", "office/plans/999999", { service_id: 2, name: "x", description: "y", price_minor: 1 })).status,
    ).toBe(404);
  });

  it("a mentor's days off have no free slots and take no booking; a day off over a held session waits for it", async () => {
    const monday = new Date(Date.now() + 21 * 86_400_000);
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7));
    const day = monday.toISOString().slice(0, 10);
    const body = {
      name: `Away Mentor ${++n}`,
      title: "Coach",
      bio: "Often travelling.",
      expertise: ["Interviews"],
      languages: ["English"],
      country_code: "GB",
      time_zone: "UTC",
      rate_minor: 5_000,
      hours: [{ weekday: 1, start_minute: 540, end_minute: 660 }],
    };
    const made = (await office("POST", "office/mentors", body)).json.data;
    const a = await api.newAgent(`away-${n}@example.com`);
    const c = await api.call("POST", "agent/addclient", {
      token: a.token,
      body: { first_name: "Aw", last_name: "Ay", email: `aw-${n}@example.com` },
    });
    const slotsOn = async () =>
      (
        await api.call("POST", "api/Mentorbooking", {
          token: a.token,
          body: { mentor_id: made.id, time_zone: "UTC", week_start: day },
        })
      ).json.data.slots as Array<{ start: string }>;
    const before = await slotsOn();
    expect(before.map((x) => x.start)).toEqual([`${day}T09:00:00.000Z`, `${day}T10:00:00.000Z`]);
    const held = await api.call("POST", "api/Mentorbooking/book", {
      token: a.token,
      body: { mentor_id: made.id, client_id: c.json.data.id, start: before[0]!.start, topic: "Before the trip" },
    });
    expect(held.status).toBe(201);

    const bad = await office("POST", `office/mentors/${made.id}`, {
      ...body,
      time_off: [{ starts_on: day, ends_on: "2020-01-01" }],
    });
    expect(messagesOf(bad.json.errors)["time_off.0"]).toEqual(["Time off ends on or after its first day"]);
    // Held unpaid in the agent's cart at that time: the day off waits until it is paid (then decided) or released.
    const waiting = await office("POST", `office/mentors/${made.id}`, { ...body, time_off: [{ starts_on: day, ends_on: day }] });
    expect(waiting.status).toBe(409);
    expect(waiting.json.message).toMatch(/^A session at a time this change leaves out is held unpaid in an agent's cart/);
    await api.call("POST", "api/Mentorbooking/cancel", { token: a.token, body: { id: held.json.data.id } });
    const edited = await office("POST", `office/mentors/${made.id}`, { ...body, time_off: [{ starts_on: day, ends_on: day }] });
    expect(edited.json.data.time_off).toEqual([{ starts_on: day, ends_on: day }]);
    expect(await slotsOn()).toEqual([]);
    const refused = await api.call("POST", "api/Mentorbooking/book", {
      token: a.token,
      body: { mentor_id: made.id, client_id: c.json.data.id, start: before[1]!.start, topic: "During the trip" },
    });
    expect(refused.status).toBe(400);
    expect(messagesOf(refused.json.errors).start).toEqual([`Away Mentor ${n} is away that day: choose another`]);
    expect((await api.call("GET", `api/Mentordetails/list/${a.id}`, { token: a.token })).json.data).toMatchObject([
      { status: "canceled" },
    ]);
    const listed = (await api.call("GET", "api/mentorlist", { token: a.token })).json.data.find(
      (m: { id: number }) => m.id === made.id,
    );
    expect(listed.next_free?.slice(0, 10)).not.toBe(day);
  });
  it("reads its days in the staff member's own zone: today, the agenda and the date filters", async () => {
    const zone = "Pacific/Kiritimati"; // UTC+14: its day is a different date than UTC's for 14 hours of every day
    const set = await office("POST", "office/account", { name: demoStaff.name, time_zone: zone });
    expect(set.json.data.time_zone).toBe(zone);
    try {
      const kiritimatiToday = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
      expect((await office("GET", "office/bookings")).json.data.from).toBe(kiritimatiToday);
      // An order placed now falls on Kiritimati's today, whatever UTC's date is.
      const a = await paidOrder(api, "zone-day");
      const found = await office("GET", `office/orders?from=${kiritimatiToday}&to=${kiritimatiToday}&agent=zone-day-${n}@`);
      expect(found.json.data.items.map((o: { id: number }) => o.id)).toEqual([a.orderId]);
      const dayBefore = new Date(Date.parse(`${kiritimatiToday}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      expect((await office("GET", `office/orders?from=${dayBefore}&to=${dayBefore}&agent=zone-day-${n}@`)).json.data.total).toBe(
        0,
      );
      // The sign-in tells the portal the zone.
      const again = await api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } });
      expect(again.json.data.staff.time_zone).toBe(zone);
    } finally {
      await office("POST", "office/account", { name: demoStaff.name, time_zone: "UTC" });
    }
  });
});
