/**
 * Calendars where people live (issue 42, point 3), through the API: a client's confirmed session offers Google and
 * Outlook links beside its invite file, titled in the client's language as the file is (METHOD:PUBLISH), and the
 * e-mailed confirmation carries the same links beside its attached invite, for the client and the agent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../backend/db/connection.js";
import { startApi, type Harness } from "../support/api-harness.js";
import { clientToken } from "../support/client-area.js";
import { openSeeded, testDatabases } from "../support/databases.js";
import { packFixtures } from "../support/packs.js";

describe.each(testDatabases)("calendar links on $name", (target) => {
  let database: Db;
  let drop: () => Promise<void>;
  let api: Harness;
  let f: ReturnType<typeof packFixtures>;

  beforeAll(async () => {
    ({ database, drop } = await openSeeded(target));
    api = await startApi(database);
    f = packFixtures(() => ({ database, api }));
  });
  afterAll(async () => {
    await api.close();
    await drop();
  });

  it("a Spanish client's session: the page's links, the file and the e-mails say the same event in Spanish", async () => {
    const { agent, clientId, creditId } = await f.agentWithPack("calendar");
    await database.db.updateTable("clients").set({ language: "es" }).where("id", "=", clientId).execute();
    const [slot] = await f.slots(agent, 1);
    const booked = await api.call("POST", "api/Mentorbooking/book", {
      token: agent.token,
      body: { mentor_id: 1, client_id: clientId, start: slot, topic: "Revisión del CV", credit_id: creditId },
    });
    expect(booked.status).toBe(201);
    const token = await clientToken({ database, api }, clientId);
    const mine = await api.call("GET", "my/case", { token });
    const session = mine.json.data.sessions.find((s: { id: number }) => s.id === booked.json.data.id);
    const google = new URL(session.calendar.google);
    expect(google.searchParams.get("text")).toMatch(/^Sesión con un mentor: .+ con Pia Pack /);
    expect(google.searchParams.get("details")).toMatch(/Revisión del CV/);
    expect(google.searchParams.get("location")).toBe(booked.json.data.join_url);
    expect(new URL(session.calendar.outlook).searchParams.get("subject")).toBe(google.searchParams.get("text"));

    const file = await api.call("GET", `my/sessions/${booked.json.data.id}/invite`, { token });
    const ics = file.bytes!.toString("utf8");
    expect(ics).toMatch(/METHOD:PUBLISH/);
    expect(ics.replace(/\r\n /g, "")).toContain(`SUMMARY:${google.searchParams.get("text")!.replace(/,/g, "\\,")}`);

    await api.mailTick();
    const client = await database.db.selectFrom("clients").select("email").where("id", "=", clientId).executeTakeFirstOrThrow();
    const toClient = api.mailbox.find((m) => m.to === client.email && m.subject.startsWith("Confirmada"));
    expect(toClient, api.mailbox.map((m) => m.subject).join("\n")).toBeTruthy();
    expect(toClient!.html).toContain("Añadir a Google Calendar");
    expect(toClient!.html).toContain(session.calendar.google.replace(/&/g, "&amp;"));
    const agentRow = await database.db.selectFrom("agents").select("email").where("id", "=", agent.id).executeTakeFirstOrThrow();
    const toAgent = api.mailbox.find((m) => m.to === agentRow.email && m.subject.startsWith("Confirmed"));
    expect(toAgent!.text).toMatch(/Add to Google Calendar.*https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/s);
    expect(toAgent!.text).toMatch(/Add to Outlook.*https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose/s);
  });
});
