/**
 * Issue 25, point 3, on each database: the business settings are an owner's; a save writes what changed, audits
 * each change in words, and takes effect at once (the site's facts, the hold time of the next booking, the
 * documents a paid service asks for); bad input is refused field by field; a setting never saved stays the
 * environment's.
 */
import { describe, expect, it } from "vitest";
import { demoStaff } from "../../backend/setup/demo-data.js";
import { catalogues } from "../../lib/i18n/index.js";
import { testDatabases, useSeededApi } from "../support/databases.js";
import { officeMentorBody, messagesOf } from "../support/fixtures.js";

describe.each(testDatabases)("business settings on $name", (target) => {
  const ctx = useSeededApi(target);
  const as = (token: string) => (method: "GET" | "POST", path: string, body?: unknown) =>
    ctx.api.call(method, path, { token, body });
  const owner = async () =>
    as(
      (await ctx.api.call("POST", "office/login", { body: { email: demoStaff.email, password: demoStaff.password } })).json.data
        .token,
    );

  it("are an owner's: another staff member and an agent are refused; every page may read the public facts", async () => {
    const member = await ctx.api.newStaff("settings-member@example.com");
    expect((await as(member.token)("GET", "office/settings")).status).toBe(403);
    expect((await as(member.token)("POST", "office/settings", {})).json.message).toBe("Only an owner of the office may do this.");
    const agent = await ctx.api.newAgent("settings-agent@example.com");
    expect((await as(agent.token)("GET", "office/settings")).status).toBe(403);
    const site = await ctx.api.call("GET", "site");
    expect(site.status).toBe(200);
    expect(site.json.data).toMatchObject({ cancel_cutoff_hours: 24, hold_minutes: 30, hours_zone: "UTC" });
    // The footer's year, never set: the current one, each year (issue 66).
    expect(site.json.data.copyright_year).toBeNull();
    expect(site.json.data.hours[1]).toEqual(["09:00", "18:00"]);
    expect(site.json.data.hours[0]).toBeNull();
    // Nothing secret: the public facts are what the header, the footer and the receipts show.
    expect(Object.keys(site.json.data).sort()).toEqual(
      [
        "company",
        "phone",
        "chat_url",
        "hours_zone",
        "hours",
        "copyright_year",
        "hold_minutes",
        "cancel_cutoff_hours",
        "min_notice_hours",
        "services",
      ].sort(),
    );
  });

  it("shows a service's published plans on its public page at once, and a withdrawn one no more (issue 26)", async () => {
    const office = await owner();
    const plans = async () =>
      (await ctx.api.call("GET", "site/plans?service_id=3")).json.data as Array<{ id: number; name: string }>;
    const before = await plans();
    const made = await office("POST", "office/plans", {
      service_id: 3,
      name: "Nurse placement, Ireland",
      description: "Registration with the nursing board and three introductions.",
      price_minor: 120000,
    });
    expect(made.status).toBe(201);
    const id = made.json.data.id as number;
    // Withdrawn, it is not shown; published again, it is, as the office wrote it.
    expect((await office("POST", `office/plans/${id}/published`, { published: false })).status).toBe(200);
    expect((await plans()).map((p) => p.id)).not.toContain(id);
    expect((await office("POST", `office/plans/${id}/published`, { published: true })).status).toBe(200);
    const shown = (await plans()).find((p) => p.id === id);
    expect(shown).toEqual({
      id,
      service_id: 3,
      name: "Nurse placement, Ireland",
      description: "Registration with the nursing board and three introductions.",
      includes: [],
      price_minor: 120000,
      currency: expect.any(String),
      english: [],
    });
    expect((await plans()).length).toBe(before.length + 1);
    expect((await office("POST", `office/plans/${id}/published`, { published: false })).status).toBe(200);
    expect((await plans()).map((p) => p.id)).not.toContain(id);
    // No service, or one that is not ours: a 400 that says so.
    for (const query of ["", "?service_id=9", "?service_id=abc"]) {
      const bad = await ctx.api.call("GET", `site/plans${query}`);
      expect([bad.status, JSON.stringify(bad.json)]).toEqual([400, expect.stringContaining("Choose a service: 1, 2 or 3")]);
    }
  });

  it("shows visitors the active mentors without rates, hours, slots or contact details (issue 26)", async () => {
    const list = await ctx.api.call("GET", "site/mentors");
    expect(list.status).toBe(200);
    const mentors = list.json.data as Array<Record<string, unknown>>;
    expect(mentors.length).toBeGreaterThan(0);
    for (const m of mentors) {
      expect(Object.keys(m).sort()).toEqual([
        "bio",
        "country_code",
        "english",
        "expertise",
        "id",
        "languages",
        "name",
        "photo_url",
        "title",
      ]);
    }
    const one = await ctx.api.call("GET", `site/mentors/${mentors[0]!.id}`);
    expect(one.json.data).toEqual(mentors[0]);
    // An inactive mentor is not shown; an id that is no mentor is a 404.
    const office = await owner();
    expect((await office("POST", `office/mentors/${mentors[0]!.id}/active`, { active: false })).status).toBe(200);
    expect((await ctx.api.call("GET", `site/mentors/${mentors[0]!.id}`)).status).toBe(404);
    expect(((await ctx.api.call("GET", "site/mentors")).json.data as Array<{ id: number }>).map((m) => m.id)).not.toContain(
      mentors[0]!.id,
    );
    expect((await office("POST", `office/mentors/${mentors[0]!.id}/active`, { active: true })).status).toBe(200);
    expect((await ctx.api.call("GET", "site/mentors/999999")).status).toBe(404);
  });

  it("shows a plan and a mentor in the page's language where the office wrote it, else in English, marked (issue 37)", async () => {
    const office = await owner();
    type Shown = { id: number; name: string; description: string; includes: string[]; english: string[] };
    const plans = async (lang: string) =>
      (await ctx.api.call("GET", `site/plans?service_id=2&lang=${lang}`)).json.data as Shown[];
    // The plans a new installation starts with say what they include, in every language.
    const [visa] = await plans("ar");
    expect(visa).toMatchObject({ name: "أساسيات التأشيرة", english: [] });
    expect(visa!.includes).toContain("حجز موعد التأشيرة");
    expect((await plans("en"))[0]!.includes).toContain("Booking of the visa appointment");

    // A new plan written in English, then in Spanish only in part: the rest is English there, and named so.
    const made = await office("POST", "office/plans", {
      service_id: 2,
      name: "Student relocation",
      description: "Student visa, a room near the campus and registration.",
      price_minor: 99000,
      includes: ["Student visa", "A room near the campus"],
      texts: { es: { name: "Reubicación para estudiantes", description: "", includes: [] } },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const id = made.json.data.id as number;
    expect(made.json.data.texts).toEqual({ es: { name: "Reubicación para estudiantes" } });
    expect((await plans("es")).find((p) => p.id === id)).toMatchObject({
      name: "Reubicación para estudiantes",
      description: "Student visa, a room near the campus and registration.",
      includes: ["Student visa", "A room near the campus"],
      english: ["description", "includes"],
    });
    expect((await plans("fr")).find((p) => p.id === id)).toMatchObject({
      name: "Student relocation",
      english: ["name", "description", "includes"],
    });
    // An edit that leaves Spanish out keeps it; one that sends Spanish blank takes it away.
    const base = { service_id: 2, name: "Student relocation", description: "Student visa and a room.", price_minor: 99000 };
    expect((await office("POST", `office/plans/${id}`, base)).json.data.texts).toEqual({
      es: { name: "Reubicación para estudiantes" },
    });
    expect((await office("POST", `office/plans/${id}`, { ...base, texts: { es: { name: " " } } })).json.data.texts).toEqual({});
    // A translation too long is refused beside its own field, in its language.
    const tooLong = await office("POST", `office/plans/${id}`, { ...base, texts: { fr: { name: "x".repeat(101) } } });
    expect(tooLong.status).toBe(400);
    expect(Object.keys(messagesOf(tooLong.json.errors) ?? {})).toContain("texts.fr.name");

    // A mentor: the title and expertise in French, the bio not yet; the languages named in French by Intl.
    const [first] = (await ctx.api.call("GET", "site/mentors")).json.data as Array<{ id: number; languages: string[] }>;
    const mentor = (await office("GET", `office/mentors/${first!.id}`)).json.data;
    const saved = await office(
      "POST",
      `office/mentors/${first!.id}`,
      officeMentorBody(mentor, {
        texts: { fr: { title: "Ingénieure logiciel senior", expertise: ["Entretiens", "Négociation"] } },
      }),
    );
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const fr = (await ctx.api.call("GET", `site/mentors/${first!.id}?lang=fr`)).json.data;
    expect(fr).toMatchObject({ title: "Ingénieure logiciel senior", expertise: ["Entretiens", "Négociation"], english: ["bio"] });
    expect(fr.bio).toBe(mentor.bio);
    const en = (await ctx.api.call("GET", `site/mentors/${first!.id}`)).json.data;
    expect(fr.languages).toEqual(
      en.languages.map(
        (name: string) =>
          ({ English: "anglais", Arabic: "arabe", German: "allemand", Spanish: "espagnol" })[name] ?? expect.any(String),
      ),
    );
    expect(fr.languages).not.toEqual(en.languages);
    // No such language: a 400 that says which are.
    expect((await ctx.api.call("GET", "site/mentors?lang=de")).status).toBe(400);
  });

  it("refuses bad input beside each field and changes nothing", async () => {
    const office = await owner();
    const values = (await office("GET", "office/settings")).json.data;
    const bad = await office("POST", "office/settings", {
      ...values,
      company_name: "",
      phone: "call us",
      chat_url: "javascript:alert(1)",
      hours_2: "17:00-09:00",
      hours_3: "nine to five",
      hold_minutes: "0",
      cancel_cutoff_hours: "-1",
      service_1_documents: ["cv", "tattoo"],
      service_2_intro: "",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(messagesOf(bad.json.errors)).sort()).toEqual(
      [
        "cancel_cutoff_hours",
        "chat_url",
        "company_name",
        "hold_minutes",
        "hours_2",
        "hours_3",
        "phone",
        "service_1_documents",
        "service_2_intro",
      ].sort(),
    );
    expect(messagesOf(bad.json.errors).hours_2).toEqual(["On Tuesdays the office must open before it closes"]);
    expect((await office("GET", "office/settings")).json.data).toEqual(values);
    expect(await ctx.database.db.selectFrom("business_settings").selectAll().execute()).toEqual([]);
  });

  it("saves what changed, audited in words, in effect at once; an unchanged save writes nothing", async () => {
    const office = await owner();
    const values = (await office("GET", "office/settings")).json.data;
    const saved = await office("POST", "office/settings", {
      ...values,
      cancel_cutoff_hours: 48,
      hold_minutes: "45",
      phone: "+351 21 000 0000",
      hours_2: "09:00-17:00",
      tax_id: "PT 123 456 789",
      service_1_documents: ["cv", "passport"],
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.data.changes).toEqual([
      "Tax id changed from nothing to “PT 123 456 789”",
      "Phone changed from “+1 555 010 0100” to “+351 21 000 0000”",
      "Hours on Tuesdays: 9:00–17:00 (was 9:00–18:00)",
      "Hold time changed from 30 to 45 minutes",
      "Cancellation cut-off changed from 24 to 48 hours",
      "Documents Mentorship asks for: cv, passport (was cv)",
    ]);
    const audit = await ctx.database.db.selectFrom("audit_log").selectAll().where("kind", "=", "settings.changed").execute();
    expect(audit.map((a) => a.subject).sort()).toEqual(
      ["cancel_cutoff_hours", "hold_minutes", "hours_2", "phone", "service_1_documents", "tax_id"]
        .map((k) => `setting:${k}`)
        .sort(),
    );
    const site = (await ctx.api.call("GET", "site")).json.data;
    expect(site).toMatchObject({ phone: "+351 21 000 0000", cancel_cutoff_hours: 48, hold_minutes: 45 });
    expect(site.company.tax_id).toBe("PT 123 456 789");
    expect(site.hours[2]).toEqual(["09:00", "17:00"]);
    expect(
      (await office("POST", "office/settings", { ...values, ...(await office("GET", "office/settings")).json.data })).json.data
        .changes,
    ).toEqual([]);

    // The next hold lasts the new time; a paid Mentorship plan asks for the new documents.
    const agent = await ctx.api.newAgent("settings-effect@example.com");
    const a = as(agent.token);
    const client = (await a("POST", "agent/addclient", { first_name: "Set", last_name: "Tings", email: "set@example.com" })).json
      .data.id;
    const week = await a("POST", "api/Mentorbooking", { mentor_id: 1, time_zone: "UTC" });
    const next = await a("POST", "api/Mentorbooking", { mentor_id: 1, week_start: week.json.data.next_week, time_zone: "UTC" });
    const before = Date.now();
    const held = await a("POST", "api/Mentorbooking/book", {
      mentor_id: 1,
      client_id: client,
      start: next.json.data.slots[0].start,
      topic: "Settings",
    });
    expect(held.status, JSON.stringify(held.json)).toBe(201);
    const heldUntil = Date.parse(held.json.data.held_until);
    expect(heldUntil - before).toBeGreaterThanOrEqual(45 * 60_000 - 1000);
    expect(heldUntil - before).toBeLessThan(46 * 60_000);
    await a("POST", "agent/deletecart", { id: (await a("GET", `api/cart/list/${agent.id}`)).json.data[0].id });
    await a("POST", "agent/addcart", { client_id: client, item_type: "service_plan", item_id: 1 });
    const checkout = await a("POST", "stripe/create-checkout-session");
    expect((await a("POST", `stripe/demo/complete/${checkout.json.data.session_id}`)).status).toBe(200);
    const docs = (await a("POST", `agent/viewClient/${client}`)).json.data.documents.map((d: { kind: string }) => d.kind).sort();
    expect(docs).toEqual(["cv", "passport"]);
  });

  it("keeps each language's service text: the catalogue's translation until an owner rewrites it, one language at a time (issue 26)", async () => {
    const office = await owner();
    const spanish = async () => (await ctx.api.call("GET", "site?lang=es")).json.data.services[1];
    const english = async () => (await ctx.api.call("GET", "site")).json.data.services[1];
    // First, the catalogue's Spanish; the English stays the English.
    expect((await spanish()).tagline).toBe(catalogues.es.services.s1.tagline);
    expect((await spanish()).includes).toEqual(Object.values(catalogues.es.services.s1.includes));
    const englishBefore = await english();
    expect(englishBefore.tagline).toBe(catalogues.en.services.s1.tagline);
    expect((await ctx.api.call("GET", "site?lang=xx")).status).toBe(400);

    // The body names the texts as the English ones are named; the language is the address's.
    const values = (await office("GET", "office/settings")).json.data;
    const body = Object.fromEntries(
      [1, 2, 3].flatMap((id) =>
        ["tagline", "intro", "includes", "for_whom"].map((f) => [`service_${id}_${f}`, values[`service_${id}_${f}_es`]]),
      ),
    );
    const member = await ctx.api.newStaff("texts-member@example.com");
    expect((await as(member.token)("POST", "office/settings/texts/es", body)).status).toBe(403);
    expect((await office("POST", "office/settings/texts/de", body)).status).toBe(400);
    const refused = await office("POST", "office/settings/texts/es", { ...body, service_1_tagline: "  " });
    expect(refused.status).toBe(400);
    expect(messagesOf(refused.json.errors)).toEqual({ service_1_tagline: ["Mentorship's tagline is required"] });

    const saved = await office("POST", "office/settings/texts/es", {
      ...body,
      service_1_tagline: "Mentores que ya hicieron el mismo camino.",
      service_1_includes: "Sesiones individuales\nUna revisión de su CV",
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.data.changes).toEqual([
      `Mentorship's tagline in Spanish changed from “${catalogues.es.services.s1.tagline}” to “Mentores que ya hicieron el mismo camino.”`,
      "What Mentorship includes in Spanish rewritten",
    ]);
    expect(await spanish()).toMatchObject({
      tagline: "Mentores que ya hicieron el mismo camino.",
      includes: ["Sesiones individuales", "Una revisión de su CV"],
    });
    // Only Spanish changed: English and French are as they were.
    expect(await english()).toEqual(englishBefore);
    expect((await ctx.api.call("GET", "site?lang=fr")).json.data.services[1].tagline).toBe(catalogues.fr.services.s1.tagline);
    const audit = await ctx.database.db
      .selectFrom("audit_log")
      .select("subject")
      .where("kind", "=", "settings.changed")
      .execute();
    expect(
      audit
        .map((a) => a.subject)
        .filter((sub) => sub?.endsWith("_es"))
        .sort(),
    ).toEqual(["setting:service_1_includes_es", "setting:service_1_tagline_es"]);
    // The main settings form, which has no Spanish fields, leaves the Spanish alone.
    const all = (await office("GET", "office/settings")).json.data;
    expect((await office("POST", "office/settings", all)).json.data.changes).toEqual([]);
    expect((await spanish()).tagline).toBe("Mentores que ya hicieron el mismo camino.");
  });
  it("keeps the footer's year an owner sets, and the current one when it is left empty (issue 66)", async () => {
    const office = await owner();
    const values = (await office("GET", "office/settings")).json.data;
    const set = await office("POST", "office/settings", { ...values, copyright_year: "2030" });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect((await ctx.api.call("GET", "site")).json.data.copyright_year).toBe(2030);
    const cleared = await office("POST", "office/settings", { ...values, copyright_year: "" });
    expect(cleared.status, JSON.stringify(cleared.json)).toBe(200);
    expect((await ctx.api.call("GET", "site")).json.data.copyright_year).toBeNull();
    expect(
      (await office("POST", "office/settings", { ...values, copyright_year: "soon" })).json.errors.copyright_year,
    ).toBeDefined();
  });
});
