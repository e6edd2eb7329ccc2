/**
 * The client's own details (issue 24, point 1): a time zone and a preferred language on the client's record, set by
 * the agent; the client's session e-mails and invites use the client's zone, named (their agent's when none is set).
 * A zone or language not on the list is refused beside its field.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../lib/contract.js";
import { httpTransport } from "../../lib/http-transport.js";
import { agentFixtures } from "../support/agent-fixtures.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { messagesOf } from "../support/fixtures.js";

describe.each(testDatabases)("the client's zone and language on $name", (target) => {
  const ctx = useSeededApi(target);
  let agent: { id: number; token: string };
  let fixtures: ReturnType<typeof agentFixtures>;

  beforeAll(async () => {
    agent = await ctx.api.newAgent("zone-agent@example.com");
    fixtures = agentFixtures(httpTransport(ctx.api.base, 10_000), agent.token);
    await fixtures.api.call(endpoints.saveSettings, { body: { time_zone: "Europe/London" } });
  });

  const deliver = () => ctx.api.deliver();

  it("keeps a zone and a language on the client, English and the agent's zone when none is given", async () => {
    const plain = await fixtures.client({ first_name: "Pia", last_name: "Plain" });
    expect(plain).toMatchObject({ time_zone: null, language: "en" });
    const abroad = await fixtures.api.call(endpoints.addClient, {
      body: { first_name: "Taro", last_name: "Abroad", email: "taro@example.com", time_zone: "Asia/Tokyo", language: "en" },
    });
    expect(abroad).toMatchObject({ time_zone: "Asia/Tokyo", language: "en" });
    const wrong = await ctx.api.call("POST", "agent/addclient", {
      token: agent.token,
      body: { first_name: "X", last_name: "Y", email: "xy@example.com", time_zone: "Mars/Olympus", language: "tlh" },
    });
    expect(wrong.status).toBe(400);
    expect(messagesOf(wrong.json.errors)).toEqual({
      time_zone: ["Choose a time zone from the list"],
      language: ["Choose a language from the list"],
    });
  });

  it("gives the agent's agenda each client's own zone, so the page says the client's time beside the agent's", async () => {
    const away = await fixtures.client({ first_name: "Lina", email: "lina-dubai@example.com", time_zone: "Asia/Dubai" });
    const home = await fixtures.client({ first_name: "Hugo", email: "hugo-home@example.com" });
    const a = await fixtures.paidSession(away.id);
    const b = await fixtures.paidSession(home.id);
    const listed = await fixtures.api.call(endpoints.bookings, { params: { agentId: agent.id } });
    expect(listed.find((x) => x.id === a.booking.id)?.client_time_zone).toBe("Asia/Dubai");
    expect(listed.find((x) => x.id === b.booking.id)?.client_time_zone).toBeNull();
    const { translator } = await import("../../lib/i18n/index.js");
    expect(translator("en")("work.bookings.forClient", { time: "18:00", client: "Lina", zone: "Asia/Dubai" })).toBe(
      "18:00 for Lina (Asia/Dubai)",
    );
  });

  it("writes the client's session e-mails in the client's zone, named; the agent's in the agent's", async () => {
    const client = await fixtures.api.call(endpoints.addClient, {
      body: { first_name: "Kei", last_name: "Tokyo", email: "kei@example.com", time_zone: "Asia/Tokyo" },
    });
    const { booking } = await fixtures.paidSession(client.id, { topic: "Zones" });
    await deliver();
    const toClient = ctx.api.mailbox.find((m) => m.to === "kei@example.com" && m.subject.startsWith("Confirmed"));
    const toAgent = ctx.api.mailbox.find(
      (m) =>
        m.to === "zone-agent@example.com" &&
        m.subject.startsWith("Confirmed") &&
        m.ics?.content.includes(`booking-${booking.id}@`),
    );
    expect(toClient?.subject).toMatch(/\(Asia\/Tokyo\)$/);
    expect(toAgent?.subject).toMatch(/\(Europe\/London\)$/);
    // Without a zone of their own: the agent's, as before.
    const home = await fixtures.client({ first_name: "Hal", last_name: "Home", email: "hal@example.com" });
    await fixtures.paidSession(home.id, { topic: "Home zone" });
    await deliver();
    expect(ctx.api.mailbox.find((m) => m.to === "hal@example.com" && m.subject.startsWith("Confirmed"))?.subject).toMatch(
      /\(Europe\/London\)$/,
    );
  });
});
