/**
 * Every route module of the portal, called below the browser with a real Request and the built context: who may
 * see it (a visitor, an agent, staff), what the others get instead (sign-in remembering the page, the office for
 * staff, "Not found" for an agent in the office), and that another agent's records are never shown. A route file
 * missing from the table fails the first test, so a new page cannot skip the portal's side of the matrix.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../lib/contract.js";
import {
  agentToken,
  apiAs,
  clientLinkFor,
  clientSends,
  clientSession,
  fixturesAs,
  mentorCookie,
  newAgent,
  request,
  respond,
  signedInCookie,
  staffCookie,
  staffMemberCookie,
  staffToken,
} from "../support/route-context.js";
import { routeFiles } from "../support/route-files.js";
import { routes, type Ids, type Who } from "../support/route-table.js";

type RouteModule = { loader?: Parameters<typeof respond>[0]; action?: Parameters<typeof respond>[0]; default?: unknown };
const modules = new Map<string, RouteModule>();
for (const [name, file] of routeFiles()) modules.set(name, (await import(file)) as RouteModule);

const ids: Ids = {};
const cookies: Record<"agent" | "staff" | "member" | "mentor" | "stranger" | "client", string> = {
  agent: "",
  staff: "",
  member: "",
  mentor: "",
  stranger: "",
  client: "",
};

beforeAll(async () => {
  // The records live with an agent of their own; a second agent plays the stranger.
  const owner = await newAgent("every-route");
  const stranger = await newAgent("stranger");
  const login = await agentToken(owner.email, owner.password);
  const make = await fixturesAs(login.token);
  const client = await make.client({ destination_country: "DE" });
  const document = await make.document(client.id, { title: "Lease" });
  const plan = await make.paidPlan(client.id);
  const { booking } = await make.paidSession(client.id);
  const jobs = await make.api.call(endpoints.jobs, { query: {} });
  const relocations = await make.api.call(endpoints.relocations);
  const mentor = (await make.api.call(endpoints.mentors))[0]!;
  const schedule = await make.api.call(endpoints.schedule, { body: { mentor_id: mentor.id, time_zone: "UTC" } });
  Object.assign(ids, {
    client: String(client.id),
    clientEmail: client.email!,
    ownerEmail: owner.email,
    doc: String(document.id),
    file: String(document.files[0]!.id),
    order: String(plan.orderId),
    session: plan.sessionId,
    booking: String(booking.id),
    job: String(jobs[0]!.id),
    relocation: String(relocations[0]!.id),
    mentor: String(mentor.id),
    plan: String(plan.planId),
    agent: String(login.agent.id),
    start: schedule.next_free!,
  });
  cookies.agent = await signedInCookie(owner.email, owner.password);
  cookies.stranger = await signedInCookie(stranger.email, stranger.password);
  cookies.staff = await staffCookie();
  cookies.member = await staffMemberCookie();
  cookies.mentor = await mentorCookie();
  // The client of the records, signed in to their own area, with a file of their own sent.
  const asked = await make.document(client.id, { title: "Payslip", file: false });
  const own = await clientSession(login.token, client.id, [asked.id]);
  cookies.client = own.cookie;
  ids.clientLink = await clientLinkFor(login.token, client.id, [asked.id]);
  ids.clientDoc = String(asked.id);
  ids.clientFile = String(await clientSends(own.token, asked.id));
  // The demo's questionnaire, sent to the client: the agent's, the client's and the office's pages of it.
  const form = (await make.api.call(endpoints.clientQuestionnaires, { params: { clientId: client.id } })).can_send[0]!;
  const copy = await make.api.call(endpoints.sendQuestionnaire, {
    params: { clientId: client.id },
    body: { questionnaire_id: form.id },
  });
  Object.assign(ids, { form: String(form.id), questionnaire: String(copy.id) });
  // An agreement the office wrote for Job Placement, sent to the client to sign.
  const office = await apiAs(await staffToken());
  await office.call(endpoints.officeSaveAgreement, {
    params: { serviceId: 3 },
    body: { text: "Placement terms for {{client_name}}." },
  });
  const agreement = await make.api.call(endpoints.sendAgreement, { params: { clientId: client.id }, body: { service_id: 3 } });
  ids.agreement = String(agreement.id);
  const link = await office.call(endpoints.agentPasswordLink, { params: { id: login.agent.id } });
  ids.link = new URL(link.password_link).searchParams.get("token")!;
});

async function load(name: string, cookie?: string) {
  const entry = routes[name]!;
  const { path: at, params } = entry.at(ids);
  return respond(modules.get(name)!.loader!, request(at, { cookie }), params ?? {});
}

// Pages of text only, and the upload's script-only action, have no loader.
const withLoader = Object.keys(routes).filter((name) => modules.get(name)!.loader);
const ofKind = (who: Who) => withLoader.filter((name) => routes[name]!.who === who);

describe("every route of the portal", () => {
  it("is in this table, and every entry is a route file", () => {
    expect(Object.keys(routes).sort()).toEqual([...modules.keys()].sort());
    for (const name of Object.keys(routes).filter((name) => !withLoader.includes(name))) {
      expect(routes[name]!.who === "public" || name.endsWith(".upload"), name).toBe(true);
      expect(modules.get(name)!.default, name).toBeTypeOf(name.endsWith(".upload") ? "undefined" : "function");
    }
  });

  it.each(ofKind("public"))("%s: shown to a visitor", async (name) => {
    const res = await load(name);
    expect(res.status).toBe(routes[name]!.ok ?? 200);
  });

  it.each(ofKind("agent"))(
    "%s: the agent's; a visitor is sent to sign in, staff to the office, a mentor and a client to theirs",
    async (name) => {
      const { path: at } = routes[name]!.at(ids);
      const visitor = await load(name);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("Location")).toBe(`/authentication/?${new URLSearchParams({ redirectTo: at })}`);
      const staff = await load(name, cookies.staff);
      expect([staff.status, staff.headers.get("Location")]).toEqual([302, "/office"]);
      const mentor = await load(name, cookies.mentor);
      expect([mentor.status, mentor.headers.get("Location")]).toEqual([302, "/mentoring"]);
      const client = await load(name, cookies.client);
      expect([client.status, client.headers.get("Location")]).toEqual([302, "/my"]);
      const agent = await load(name, cookies.agent);
      expect(agent.status).toBe(routes[name]!.ok ?? 200);
    },
  );

  it.each(ofKind("agent").filter((name) => routes[name]!.owned))("%s: another agent gets Not found", async (name) => {
    const res = await load(name, cookies.stranger);
    expect(res.status).toBe(404);
    const body = await res.text();
    for (const secret of [ids.client, "Fixture", "Lease"]) expect(body).not.toContain(`"${secret}"`);
  });

  it("an address naming no record of the agent's, or no number, is Not found", async () => {
    for (const [name, at, params] of [
      ["clients.$id._index", "/clients/abc", { id: "abc" }],
      ["clients.$id.edit", "/clients/0/edit", { id: "0" }],
      ["joblist.$id", "/joblist/99999", { id: "99999" }],
      ["relocation.$id", "/relocation/x", { id: "x" }],
      ["orders.$id", "/orders/99999", { id: "99999" }],
      ["mentors.$id._index", "/mentors/1e3", { id: "1e3" }],
    ] as const) {
      expect((await respond(modules.get(name)!.loader!, request(at, { cookie: cookies.agent }), params)).status, at).toBe(404);
    }
    for (const at of ["/servicesPage?id=9", "/servicesPage", "/servicesPage?id=abc"]) {
      expect((await respond(modules.get("($lang).servicesPage")!.loader!, request(at))).status, at).toBe(404);
    }
  });

  it("a language page whose first segment is no language is no page; a language chosen with the switch is followed", async () => {
    const about = modules.get("($lang).about")!.loader!;
    // /xx/about: a visitor is sent to sign in, as at any unknown address; an agent gets Not found.
    const visitor = await respond(about, request("/xx/about"), { lang: "xx" });
    expect([visitor.status, visitor.headers.get("Location")?.startsWith("/authentication")]).toEqual([302, true]);
    expect((await respond(about, request("/xx/about", { cookie: cookies.agent }), { lang: "xx" })).status).toBe(404);
    expect((await respond(about, request("/en/about"), { lang: "en" })).status).toBe(302);
    // The switch keeps the choice: the English address then opens the page in the chosen language, query and all.
    const { langCookie } = await import("../../app/lib/i18n.server.js");
    const chosen = (await langCookie().serialize("es")).split(";")[0]!;
    const followed = await respond(about, request("/about?from=footer", { cookie: chosen }));
    expect([followed.status, followed.headers.get("Location")]).toEqual([302, "/es/about?from=footer"]);
    // Without a choice, Accept-Language is never followed: the page answers in English.
    const asked = await respond(about, request("/about", { headers: { "Accept-Language": "ar,fr;q=0.8" } }));
    expect([asked.status, ((await asked.json()) as { lang: string }).lang]).toEqual([200, "en"]);
    const switched = await respond(modules.get("language.$lang")!.loader!, request("/language/ar?back=%2Fterms"), { lang: "ar" });
    expect([switched.headers.get("Location"), switched.headers.get("Set-Cookie")?.startsWith("lang=")]).toEqual([
      "/ar/terms",
      true,
    ]);
    // A way back that is not this site's is not followed.
    const away = await respond(modules.get("language.$lang")!.loader!, request("/language/fr?back=%2F%2Fevil.example"), {
      lang: "fr",
    });
    expect(away.headers.get("Location")).toBe("/fr");
  });

  it.each(ofKind("staff"))(
    "%s: the office's; a visitor is sent to sign in, an agent, a mentor or a client gets Not found",
    async (name) => {
      const visitor = await load(name);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("Location")).toMatch(/^\/authentication\/\?redirectTo=%2Foffice/);
      expect((await load(name, cookies.agent)).status).toBe(404);
      expect((await load(name, cookies.mentor)).status).toBe(404);
      expect((await load(name, cookies.client)).status).toBe(404);
      expect((await load(name, cookies.staff)).status).toBe(routes[name]!.ok ?? 200);
    },
  );

  it.each(ofKind("staff"))("%s: a staff member who is not an owner sees it too", async (name) => {
    expect((await load(name, cookies.member)).status).toBe(routes[name]!.ok ?? 200);
  });

  it.each(ofKind("owner"))(
    "%s: an owner's; another staff member, an agent, a mentor or a client gets Not found, a visitor sign-in",
    async (name) => {
      const visitor = await load(name);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("Location")).toMatch(/^\/authentication\/\?redirectTo=%2Foffice/);
      for (const who of ["member", "agent", "mentor", "client"] as const)
        expect((await load(name, cookies[who])).status, who).toBe(404);
      expect((await load(name, cookies.staff)).status).toBe(200);
    },
  );

  it("the address confirmation page changes nothing on opening; a made-up link says it cannot be used", async () => {
    expect(await (await load("confirm-email")).text()).toContain("expired, was used already");
  });

  it("staff see an agent's clients by name only, and their own account on /account, never an agent's", async () => {
    const detail = await (await load("office.agents.$id", cookies.staff)).text();
    expect(detail).toContain("Fixture");
    expect(detail).not.toContain(ids.clientEmail);
    expect(detail).not.toContain("passport");
    const account = await (await load("account", cookies.staff)).text();
    expect(account).toContain("office@example.com");
    expect(account).not.toContain(ids.ownerEmail);
  });

  it.each(ofKind("mentor"))("%s: the mentor's; a visitor is sent to sign in, an agent or staff get Not found", async (name) => {
    const { path: at } = routes[name]!.at(ids);
    const visitor = await load(name);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/authentication/?${new URLSearchParams({ redirectTo: at })}`);
    expect((await load(name, cookies.agent)).status).toBe(404);
    expect((await load(name, cookies.staff)).status).toBe(404);
    expect((await load(name, cookies.client)).status).toBe(404);
    expect((await load(name, cookies.mentor)).status).toBe(routes[name]!.ok ?? 200);
  });

  it.each(ofKind("client"))(
    "%s: the client's; a visitor is sent for a link, an agent, staff or a mentor gets Not found",
    async (name) => {
      const visitor = await load(name);
      expect([visitor.status, visitor.headers.get("Location")]).toEqual([302, "/my/sign-in"]);
      expect((await load(name, cookies.agent)).status).toBe(404);
      expect((await load(name, cookies.staff)).status).toBe(404);
      expect((await load(name, cookies.mentor)).status).toBe(404);
      expect((await load(name, cookies.client)).status).toBe(routes[name]!.ok ?? 200);
    },
  );

  it("a client's page shows their own case and agent, never prices, orders, notes or the agent's own files", async () => {
    const text = await (await load("my._index", cookies.client)).text();
    expect(text).toContain("Payslip");
    expect(text).toContain(ids.ownerEmail);
    // The checklist's items are the client's to see; the files the agent keeps (the fixture's PDF) are not.
    for (const secret of ["fixture.pdf", "price", "order", "passport_number", "notes"]) expect(text).not.toContain(secret);
  });

  it("the link's landing page greets the client without using the link; a made-up or used link signs no one in", async () => {
    const page = await (await load("my.link")).text();
    expect(page).toContain('"ok":true');
    const made = await respond(modules.get("my.link")!.loader!, request(`/my/link?token=${"y".repeat(43)}`));
    expect(await made.text()).toContain("expired, was used already");
  });

  it("a mentor's agenda names the session's client by first name and initial, never their papers or the price", async () => {
    // The fixtures' paid session is with the first mentor by name, the demo mentor.
    const text = await (await load("mentoring._index", cookies.mentor)).text();
    const page = JSON.parse(text) as { agenda: { upcoming: Array<{ id: number; client: string; agent: { email: string } }> } };
    expect(page.agenda.upcoming.find((s) => s.id === Number(ids.booking))).toMatchObject({
      client: "Fixture C.",
      agent: { email: ids.ownerEmail },
    });
    for (const secret of [ids.clientEmail, "passport", "price", "phone", "date_of_birth"]) expect(text).not.toContain(secret);
  });

  it.each(ofKind("account"))("%s: any account holder's; a visitor is sent to sign in", async (name) => {
    expect((await load(name)).status).toBe(302);
    expect((await load(name, cookies.agent)).status).toBe(200);
    expect((await load(name, cookies.staff)).status).toBe(200);
    expect((await load(name, cookies.mentor)).status).toBe(200);
    const client = await load(name, cookies.client);
    expect([client.status, client.headers.get("Location")]).toEqual([302, "/my"]);
  });

  it.each([...modules.entries()].filter(([name, m]) => m.action && routes[name]!.who !== "public").map(([name]) => name))(
    "%s: its action refuses a visitor before reading the form, and any other kind of account out of its area",
    async (name) => {
      const { path: at, params } = routes[name]!.at(ids);
      const post = (cookie?: string) =>
        respond(modules.get(name)!.action!, request(at, { method: "POST", body: new URLSearchParams(), cookie }), params ?? {});
      const res = await post();
      const who = routes[name]!.who;
      if (who === "agent") {
        // Staff are sent to the office, a mentor to their agenda.
        for (const [kind, to] of [
          ["staff", "/office"],
          ["mentor", "/mentoring"],
          ["client", "/my"],
        ] as const) {
          const other = await post(cookies[kind]);
          const location = name.endsWith(".upload")
            ? ((await other.json()) as { redirectTo?: string }).redirectTo
            : other.headers.get("Location");
          expect(location, `${name} as ${kind}`).toBe(to);
        }
      }
      if (who === "mentor") {
        expect((await post(cookies.agent)).status, name).toBe(404);
        expect((await post(cookies.staff)).status, name).toBe(404);
        expect((await post(cookies.client)).status, name).toBe(404);
      }
      if (who === "client") {
        for (const kind of ["agent", "staff", "mentor"] as const) {
          const other = await post(cookies[kind]);
          const status = name.endsWith(".upload") ? other.status : other.status;
          expect(status, `${name} as ${kind}`).toBe(404);
        }
        const location = name.endsWith(".upload")
          ? ((await res.json()) as { redirectTo?: string }).redirectTo
          : res.headers.get("Location");
        expect(location, `${name}: ${res.status}`).toBe("/my/sign-in");
        return;
      }
      if (who === "staff" || who === "owner") {
        expect((await post(cookies.agent)).status, name).toBe(404);
        expect((await post(cookies.mentor)).status, name).toBe(404);
        expect((await post(cookies.client)).status, name).toBe(404);
      }
      // The upload's script path answers in JSON where the page's form would be redirected.
      const location = name.endsWith(".upload")
        ? ((await res.json()) as { redirectTo?: string }).redirectTo
        : res.headers.get("Location");
      expect(location, `${name}: ${res.status}`).toMatch(/^\/authentication\//);
    },
  );
});
