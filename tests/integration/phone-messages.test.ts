/**
 * Reminders by SMS and WhatsApp (issue 42, point 2), through the API and Twilio's local stand-in: consent given and
 * withdrawn (E.164, the words kept as shown), a client who chose WhatsApp reminded there and by e-mail once across
 * three instances, the signed delivery status in the office's outbox, STOP ending their messages, a client who did
 * not choose it reminded by e-mail only; refusals, retries and forgeries.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueReminders } from "../../backend/bookings/notices.js";
import { eraseClient } from "../../backend/clients/erase.js";
import type { Db } from "../../backend/db/connection.js";
import { folderStore } from "../../backend/files/folder.js";
import type { PhoneSettings } from "../../lib/env.server.js";
import { startApi, type Harness } from "../support/api-harness.js";
import { clientToken } from "../support/client-area.js";
import { openSeeded, testDatabases } from "../support/databases.js";
import { packFixtures } from "../support/packs.js";
import { startTwilioStandIn } from "../support/twilio-stand-in.js";

const WHATSAPP_FROM = "+15550100200";
/** A Spanish mobile number no other test uses (+34 61…, a range libphonenumber holds valid throughout). */
let numbers = 0;
const newNumber = () => `+3461${String((Date.now() + ++numbers * 7919) % 10_000_000).padStart(7, "0")}`;
const SMS_FROM = "+15550100300";
const CODE_SID = `HX${"c".repeat(32)}`;
/** A message that carries a number's code rather than a reminder. */
const isCode = (m: { body: string | null; contentSid: string | null }) =>
  m.contentSid === CODE_SID || /is your code/.test(m.body ?? "");

describe.each(testDatabases)("reminders by phone on $name", (target) => {
  let database: Db;
  let drop: () => Promise<void>;
  let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
  let apis: Harness[];
  let api: Harness;
  let f: ReturnType<typeof packFixtures>;
  let owner: { token: string };

  beforeAll(async () => {
    ({ database, drop } = await openSeeded(target));
    twilio = await startTwilioStandIn();
    const phone = twilioSettings(5000);
    // Three instances of the API on one database, as behind a load balancer.
    apis = await Promise.all([0, 1, 2].map(() => startApi(database, { phone, mail: { retrySeconds: 1 } })));
    api = apis[0]!;
    f = packFixtures(() => ({ database, api }));
    owner = await api.newStaff(`owner-${Date.now()}@office.test`, "owner");
    // The code that confirms a number goes by WhatsApp through a template of its own, as Meta requires.
    const code = await api.call("POST", "office/whatsapp-templates", {
      token: owner.token,
      body: { purpose: "phone_code", lang: "en", name: "phone_code_en", content_sid: CODE_SID },
    });
    expect(code.status, JSON.stringify(code.json)).toBe(200);
  });
  afterAll(async () => {
    await Promise.all(apis.map((a) => a.close()));
    await twilio.close();
    await drop();
  });

  /** The API's settings for Twilio's stand-in, each call to it given up after `timeoutMs`. */
  const twilioSettings = (timeoutMs: number): PhoneSettings => ({
    mode: "twilio",
    accountSid: twilio.account.accountSid,
    authToken: twilio.account.authToken,
    smsFrom: SMS_FROM,
    whatsappFrom: WHATSAPP_FROM,
    apiBaseUrl: twilio.baseUrl,
    timeoutMs,
  });

  /** Where the API listens for what Twilio was told is http://portal.test/backend/… */
  const reach = (url: string) => url.replace("http://portal.test/backend/", api.base);

  /** A client with a confirmed session far enough ahead to be reminded, and the moment its reminder is due. */
  async function clientWithSession(label: string) {
    const { agent, clientId, creditId } = await f.agentWithPack(label);
    const [slot] = await f.slots(agent, 1, 1, 3);
    const booked = await api.call("POST", "api/Mentorbooking/book", {
      token: agent.token,
      body: { mentor_id: 1, client_id: clientId, start: slot, topic: "Phone reminders", credit_id: creditId },
    });
    expect(booked.status, JSON.stringify(booked.json)).toBe(201);
    const token = await clientToken({ database, api }, clientId);
    const client = await database.db.selectFrom("clients").select("email").where("id", "=", clientId).executeTakeFirstOrThrow();
    return { agent, clientId, token, email: client.email!, due: new Date(Date.parse(slot!) - 47 * 3_600_000) };
  }

  /** The reminders written to a number (not the code that confirmed it). */
  const rowsTo = (phone: string) =>
    database.db
      .selectFrom("outbox")
      .selectAll()
      .where("to_address", "=", phone)
      .where("kind", "!=", "phone.code")
      .orderBy("id")
      .execute();

  /**
   * Consent given by the person, and confirmed as a person does: the code goes out through the outbox and Twilio's
   * stand-in, and is typed back from the message that reached the phone.
   */
  async function consentTo(token: string, channel: "sms" | "whatsapp", phone: string) {
    const given = await api.call("POST", "messaging", { token, body: { channel, phone, agree: true, lang: "en" } });
    expect(given.status, JSON.stringify(given.json)).toBe(201);
    const consent = given.json.data.consents.find((c: { channel: string }) => c.channel === channel);
    expect(consent.verified).toBe(false);
    await api.mailTick();
    const to = channel === "whatsapp" ? `whatsapp:${phone}` : phone;
    const sent = twilio.messages.filter((m) => m.to === to && isCode(m)).at(-1)!;
    const code = /(\d{6})/.exec(sent.body ?? sent.contentVariables!["2"]!)![1]!;
    const confirmed = await api.call("POST", `messaging/${consent.id}/confirm`, { token, body: { code, lang: "en" } });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect(confirmed.json.data.consents.find((c: { id: number }) => c.id === consent.id).verified).toBe(true);
    return consent.id as number;
  }

  it("records a consent in E.164 with the words shown, refuses bad input beside its field, and withdraws it", async () => {
    const { token } = await clientWithSession("consent");
    const state = await api.call("GET", "messaging?lang=es", { token });
    expect(state.status).toBe(200);
    expect(state.json.data.channels).toEqual(["sms", "whatsapp"]);
    expect(state.json.data.consents).toEqual([]);
    expect(state.json.data.words.whatsapp).toMatch(/^Acepto que Waypoint Consultancy me envíe recordatorios por WhatsApp/);

    const bad = await api.call("POST", "messaging", { token, body: { channel: "sms", phone: "12345", agree: true, lang: "es" } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.phone[0].code).toBe("phone.e164");
    const unticked = await api.call("POST", "messaging", {
      token,
      body: { channel: "sms", phone: "+44 7911 123456", agree: "", lang: "es" },
    });
    expect(unticked.status).toBe(400);
    expect(unticked.json.errors.agree[0].code).toBe("consent.needed");
    const nothing = await database.db.selectFrom("message_consents").select("id").execute();
    expect(nothing.filter(Boolean).length).toBe(0);

    const given = await api.call("POST", "messaging", {
      token,
      body: { channel: "sms", phone: "0044 7911 123456", agree: "yes", lang: "es" },
    });
    expect(given.status, JSON.stringify(given.json)).toBe(201);
    const [consent] = given.json.data.consents;
    expect(consent).toMatchObject({ channel: "sms", phone: "+447911123456" });
    expect(consent.words).toBe(state.json.data.words.sms);
    expect(consent.given_how).toMatch(/\/my, signed in as the client/);

    // Another person cannot withdraw it; its owner can, once.
    const other = await api.newAgent(`other-${Date.now()}@example.com`);
    expect((await api.call("POST", `messaging/${consent.id}/withdraw`, { token: other.token })).status).toBe(404);
    const withdrawn = await api.call("POST", `messaging/${consent.id}/withdraw`, { token });
    expect(withdrawn.json.data.consents).toEqual([]);
    expect((await api.call("POST", `messaging/${consent.id}/withdraw`, { token })).json.code).toBe("consent.not_found");
    const kept = await database.db
      .selectFrom("message_consents")
      .selectAll()
      .where("id", "=", consent.id)
      .executeTakeFirstOrThrow();
    expect(kept.withdrawn_how).toBe("withdrawn on /my");
  });

  it("counts a number only once its code is typed back: wrong codes refused and counted, a new code at most once a minute (issue 66)", async () => {
    const c = await clientWithSession("code");
    const phone = newNumber();
    const given = await api.call("POST", "messaging", {
      token: c.token,
      body: { channel: "sms", phone, agree: true, lang: "en" },
    });
    const consent = given.json.data.consents[0];
    expect(consent.verified).toBe(false);
    await api.mailTick();
    const codeSms = twilio.messages.filter((m) => m.to === phone && isCode(m));
    expect(codeSms).toHaveLength(1);
    expect(codeSms[0]!.body).toMatch(/^Waypoint Consultancy: \d{6} is your code to confirm this number for reminders/);
    const code = /(\d{6})/.exec(codeSms[0]!.body!)![1]!;
    // The code is not kept in the outbox once it has gone.
    const codeRow = await database.db
      .selectFrom("outbox")
      .select("payload")
      .where("kind", "=", "phone.code")
      .where("to_address", "=", phone)
      .executeTakeFirstOrThrow();
    expect(codeRow.payload).not.toContain(code);

    // Not confirmed: the reminder goes by e-mail only.
    await api.mailTick({ now: c.due });
    expect(twilio.messages.filter((m) => m.to === phone && !isCode(m))).toHaveLength(0);

    const confirm = (token: string, typed: string) =>
      api.call("POST", `messaging/${consent.id}/confirm`, { token, body: { code: typed, lang: "en" } });
    const other = await clientWithSession("code-other");
    expect((await confirm(other.token, code)).status).toBe(404);
    const wrong = code === "000000" ? "111111" : "000000";
    const first = await confirm(c.token, wrong);
    expect(first.status).toBe(400);
    expect(first.json.errors.code[0]).toMatchObject({ code: "consent.code_wrong", params: { left: 4 } });
    expect((await confirm(c.token, "12ab")).json.errors.code[0].code).toBe("validation.format");
    // A new code at once: refused; the one sent still works.
    const soon = await api.call("POST", `messaging/${consent.id}/code`, { token: c.token, body: { lang: "en" } });
    expect(soon.status).toBe(409);
    expect(soon.json.code).toBe("consent.code_wait");
    const right = await confirm(c.token, ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(right.status, JSON.stringify(right.json)).toBe(200);
    expect(right.json.data.consents[0].verified).toBe(true);

    // Five wrong codes lock the code, even the right one after them; tries at once cannot pass the limit.
    const d = await clientWithSession("code-locked");
    const other2 = newNumber();
    const second = await api.call("POST", "messaging", {
      token: d.token,
      body: { channel: "sms", phone: other2, agree: true, lang: "en" },
    });
    const id = second.json.data.consents[0].id;
    await api.mailTick();
    const dCode = /(\d{6})/.exec(twilio.messages.filter((m) => m.to === other2 && isCode(m)).at(-1)!.body!)![1]!;
    const bad = dCode === "000000" ? "111111" : "000000";
    const tries = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.call("POST", `messaging/${id}/confirm`, { token: d.token, body: { code: bad, lang: "en" } }),
      ),
    );
    expect(tries.every((t) => t.status === 400)).toBe(true);
    const row = await database.db
      .selectFrom("message_consents")
      .select("code_tries")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.code_tries).toBe(5);
    const locked = await api.call("POST", `messaging/${id}/confirm`, { token: d.token, body: { code: dCode, lang: "en" } });
    expect(locked.json.errors.code[0].code).toBe("consent.code_locked");
  });

  it("reminds a client who chose WhatsApp there and by e-mail once across three instances; the delivery reaches the office; STOP ends it", async () => {
    const saved = await api.call("POST", "office/whatsapp-templates", {
      token: owner.token,
      body: { purpose: "session_reminder", lang: "en", name: "session_reminder_en", content_sid: `HX${"a".repeat(32)}` },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const chose = await clientWithSession("whatsapp");
    const phone = newNumber();
    await consentTo(chose.token, "whatsapp", phone);
    const didNot = await clientWithSession("email-only");

    const before = twilio.messages.length;
    // Every instance's worker at once, twice over, when each client's reminder is due: the two sessions are the
    // mentor's next two free slots, which a weekend can part by more than the reminder's window.
    for (const due of [chose.due, didNot.due]) {
      for (let round = 0; round < 2; round++) {
        await Promise.all(apis.map((a, i) => a.mailTick({ now: due, worker: `instance-${i}` })));
      }
    }
    const sent = twilio.messages.slice(before).filter((m) => m.to === `whatsapp:${phone}` && !isCode(m));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ from: `whatsapp:${WHATSAPP_FROM}`, contentSid: `HX${"a".repeat(32)}`, body: null });
    expect(sent[0]!.contentVariables!["1"]).toBe("Pia");
    expect(sent[0]!.contentVariables!["2"]).toMatch(/^a reminder of your session with .+ on /);
    expect(sent[0]!.contentVariables!["3"]).toBe("http://portal.test/my");
    const mails = apis.flatMap((a) => a.mailbox).filter((m) => m.to === chose.email && /reminder/i.test(m.subject));
    expect(mails.map((m) => m.subject)).toHaveLength(1);
    // The client who did not choose it: the e-mail, nothing by phone.
    const theirs = apis.flatMap((a) => a.mailbox).filter((m) => m.to === didNot.email && /reminder/i.test(m.subject));
    expect(theirs).toHaveLength(1);
    const phoneRows = await database.db
      .selectFrom("outbox")
      .select("id")
      .where("channel", "!=", "email")
      .where("dedupe_key", "like", "booking.reminder:%")
      .where("to_address", "!=", phone)
      .execute();
    expect(phoneRows.filter(Boolean)).toHaveLength(0);

    // Twilio's signed status callbacks: the office's outbox shows the delivery; a late "sent" does not undo it.
    expect((await twilio.status(sent[0]!, "delivered", reach)).status).toBe(200);
    expect((await twilio.status(sent[0]!, "sent", reach)).status).toBe(200);
    const forged = await twilio.status(sent[0]!, "failed", reach, { token: "not-the-account-token-000000" });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.text).code).toBe("twilio.bad_signature");
    const listed = await api.call("GET", "office/outbox?status=sent", { token: owner.token });
    const row = listed.json.data.items.find((m: { to_address: string }) => m.to_address === phone);
    expect(row).toMatchObject({ channel: "whatsapp", kind: "booking.reminder", delivery: { status: "delivered", error: null } });

    // STOP, signed, to the firm's WhatsApp number: the consent ends; a reminder after it goes by e-mail only.
    const stop = await twilio.inbound(
      `whatsapp:${phone}`,
      `whatsapp:${WHATSAPP_FROM}`,
      "Stop",
      reach("http://portal.test/backend/twilio/inbound"),
      "http://portal.test/backend/twilio/inbound",
    );
    expect(stop.status).toBe(200);
    expect(stop.type).toMatch(/text\/xml/);
    expect(stop.text).toContain("<Response>");
    const ended = await database.db
      .selectFrom("message_consents")
      .selectAll()
      .where("phone", "=", phone)
      .executeTakeFirstOrThrow();
    expect(ended.withdrawn_at).not.toBeNull();
    expect(ended.withdrawn_how).toMatch(/replied STOP/);
    const { agent, creditId } = await database.db
      .selectFrom("client_credits")
      .select(["id as creditId"])
      .where("client_id", "=", chose.clientId)
      .executeTakeFirstOrThrow()
      .then(async (c) => ({
        creditId: c.creditId,
        agent: chose.agent,
      }));
    const slots = await f.slots(agent, 3, 1, 4);
    const again = await api.call("POST", "api/Mentorbooking/book", {
      token: agent.token,
      body: { mentor_id: 1, client_id: chose.clientId, start: slots[2], topic: "After STOP", credit_id: creditId },
    });
    expect(again.status, JSON.stringify(again.json)).toBe(201);
    await Promise.all(
      apis.map((a, i) => a.mailTick({ now: new Date(Date.parse(slots[2]!) - 47 * 3_600_000), worker: `instance-${i}` })),
    );
    expect(twilio.messages.filter((m) => m.to === `whatsapp:${phone}` && !isCode(m))).toHaveLength(1);
    expect((await rowsTo(phone)).filter((r) => r.status !== "sent")).toHaveLength(0);
  });

  it("retries an SMS Twilio could not take, fails at once what it refuses for good, and an unsubscribed number ends its consent", async () => {
    const c = await clientWithSession("sms");
    const phone = newNumber();
    await consentTo(c.token, "sms", phone);
    twilio.refuseNext({ status: 500, code: 20500, message: "Internal Server Error" });
    await api.mailTick({ now: c.due });
    let [row] = await rowsTo(phone);
    expect(row).toMatchObject({ channel: "sms", status: "pending", attempts: 1 });
    expect(row!.last_error).toMatch(/500|Internal/);
    await api.mailTick({ now: new Date(c.due.getTime() + 5_000) });
    [row] = await rowsTo(phone);
    expect(row).toMatchObject({ status: "sent", delivery_status: "queued" });
    const sms = twilio.messages.find((m) => m.to === phone && !isCode(m))!;
    expect(sms.from).toBe(SMS_FROM);
    expect(sms.body).toMatch(
      /^Waypoint Consultancy · Hi Pia, a reminder of your session with .+\. http:\/\/portal\.test\/my Reply STOP/,
    );
    // The callback names the row (issue 66): a lost answer waits for it rather than sending again.
    expect(sms.statusCallback).toBe(`http://portal.test/backend/twilio/status?outbox=${row!.id}`);

    // Twilio says the number unsubscribed (21610): the row fails at once, the consent ends.
    const d = await clientWithSession("unsubscribed");
    const gone = newNumber();
    await consentTo(d.token, "sms", gone);
    twilio.refuseNext({ status: 400, code: 21610, message: "Attempt to send to unsubscribed recipient" });
    await api.mailTick({ now: d.due });
    const [refused] = await rowsTo(gone);
    expect(refused).toMatchObject({ status: "failed", attempts: 1 });
    expect(refused!.last_error).toMatch(/21610/);
    const consent = await database.db
      .selectFrom("message_consents")
      .selectAll()
      .where("phone", "=", gone)
      .executeTakeFirstOrThrow();
    expect(consent.withdrawn_how).toMatch(/unsubscribed/);
  });

  it("delivers each reminder once across three instances when Twilio answers after the deadline, waiting for its callback (issue 66)", async () => {
    // Three more instances whose calls to Twilio give up after 300 ms.
    const impatient = await Promise.all(
      [0, 1, 2].map(() =>
        startApi(database, {
          phone: twilioSettings(300),
          mail: { retrySeconds: 1 },
        }),
      ),
    );
    try {
      const people: Array<{ phone: string; due: Date }> = [];
      for (let i = 0; i < 8; i++) {
        const c = await clientWithSession(`slow-${i}`);
        const phone = newNumber();
        await consentTo(c.token, "sms", phone);
        people.push({ phone, due: c.due });
      }
      // Each callback goes to the instance it names, as a load balancer would send it to any.
      twilio.answerLate(1_000, (url) => url.replace("http://portal.test/backend/", impatient[url.length % 3]!.base));
      for (const { due } of people) {
        for (let round = 0; round < 2; round++) {
          await Promise.all(impatient.map((a, i) => a.mailTick({ now: due, worker: `slow-${i}` })));
        }
      }
      await new Promise((r) => setTimeout(r, 1_200));
      // Past the wait for a callback: a row whose callback came is not sent again.
      for (const { due } of people) {
        await Promise.all(
          impatient.map((a, i) => a.mailTick({ now: new Date(due.getTime() + 15 * 60_000), worker: `slow-${i}` })),
        );
      }
      for (const { phone } of people) {
        expect(
          twilio.messages.filter((m) => m.to === phone && !isCode(m)),
          phone,
        ).toHaveLength(1);
        const rows = await rowsTo(phone);
        expect(rows, phone).toHaveLength(1);
        expect(rows[0]).toMatchObject({ status: "sent", delivery_status: "sent" });
        expect(rows[0]!.provider_id).toMatch(/^SM/);
      }
    } finally {
      twilio.answerLate(null);
      await Promise.all(impatient.map((a) => a.close()));
    }
  });

  it("fails a WhatsApp reminder with no template in the reader's language or English, saying why", async () => {
    await api.call("POST", "office/whatsapp-templates/remove", {
      token: owner.token,
      body: { purpose: "session_reminder", lang: "en" },
    });
    const c = await clientWithSession("no-template");
    const phone = newNumber();
    await consentTo(c.token, "whatsapp", phone);
    await api.mailTick({ now: c.due });
    const [row] = await rowsTo(phone);
    expect(row).toMatchObject({ status: "failed" });
    expect(row!.last_error).toMatch(/No WhatsApp template for session_reminder in en or English/);
  });

  it("erasing a client erases their numbers: the consent's record stays without it, their waiting message is not sent", async () => {
    const c = await clientWithSession("erased");
    const phone = newNumber();
    await consentTo(c.token, "sms", phone);
    await queueReminders(database.db, 24, c.due);
    const [waiting] = await rowsTo(phone);
    expect(waiting).toMatchObject({ channel: "sms", status: "pending" });
    await eraseClient(database.db, folderStore(fs.mkdtempSync(path.join(os.tmpdir(), "erase-"))), c.clientId);
    expect(await rowsTo(phone)).toHaveLength(0);
    const row = await database.db.selectFrom("outbox").selectAll().where("id", "=", waiting!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "skipped", to_address: "+0", payload: "{}" });
    const consent = await database.db
      .selectFrom("message_consents")
      .selectAll()
      .where("account_kind", "=", "client")
      .where("account_id", "=", c.clientId)
      .executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ phone: "+0", withdrawn_how: "the client was erased" });
  });

  it("refuses unsigned callbacks, and the templates to a staff member who is not an owner", async () => {
    const unsigned = await fetch(`${api.base}twilio/status`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "MessageSid=SM1&MessageStatus=delivered",
    });
    expect(unsigned.status).toBe(403);
    const staff = await api.newStaff(`staff-${Date.now()}@office.test`);
    const tried = await api.call("POST", "office/whatsapp-templates", {
      token: staff.token,
      body: { purpose: "session_reminder", lang: "ar", name: "session_reminder_ar", content_sid: `HX${"b".repeat(32)}` },
    });
    expect(tried.status).toBe(403);
    const bad = await api.call("POST", "office/whatsapp-templates", {
      token: owner.token,
      body: { purpose: "birthday", lang: "ar", name: "Session Reminder", content_sid: "HX12" },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["content_sid", "name", "purpose"]);
  });
});
