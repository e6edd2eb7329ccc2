/**
 * Every route module of the portal: who may see it, at which address, with the records the address names. Two
 * tests read it: the route tests (tests/routes/every-route.test.ts: each kind's answer below the browser) and the
 * browser walk (tests/support/walk.ts: each page in Chromium as each kind that may see it). A route file
 * missing from it fails both.
 */
export type Who = "public" | "agent" | "staff" | "owner" | "mentor" | "account" | "client";
export type Ids = Record<string, string>;
export type Entry = {
  who: Who;
  /** The page's address and its params, from the records made in beforeAll */
  at: (ids: Ids) => { path: string; params?: Record<string, string> };
  /** What its own kind gets: 200 unless said */
  ok?: number;
  /** Whether another agent asking for the same address gets 404 (the address names this agent's record) */
  owned?: boolean;
};

export const routes: Record<string, Entry> = {
  $: { who: "agent", at: () => ({ path: "/no-such-page", params: { "*": "no-such-page" } }), ok: 404 },
  // The public pages in every language (issue 26): English at /…, the others at /ar/…, /es/…, /fr/….
  "($lang)._index": { who: "public", at: () => ({ path: "/ar", params: { lang: "ar" } }) },
  "($lang).about": { who: "public", at: () => ({ path: "/about" }) },
  home: { who: "public", at: () => ({ path: "/home" }) },
  "($lang).terms": { who: "public", at: () => ({ path: "/fr/terms", params: { lang: "fr" } }) },
  "($lang).privacy": { who: "public", at: () => ({ path: "/es/privacy", params: { lang: "es" } }) },
  "($lang).servicesPage": { who: "public", at: () => ({ path: "/es/servicesPage?id=1", params: { lang: "es" } }) },
  "($lang).contact": { who: "public", at: () => ({ path: "/contact" }) },
  "($lang).our-mentors._index": { who: "public", at: () => ({ path: "/fr/our-mentors", params: { lang: "fr" } }) },
  "($lang).our-mentors.$id": {
    who: "public",
    at: (ids) => ({ path: `/ar/our-mentors/${ids.mentor}`, params: { lang: "ar", id: ids.mentor! } }),
  },
  "locales.$lang": { who: "public", at: () => ({ path: "/locales/ar", params: { lang: "ar" } }) },
  "language.$lang": { who: "public", at: () => ({ path: "/language/es?back=/about", params: { lang: "es" } }), ok: 302 },
  "robots[.]txt": { who: "public", at: () => ({ path: "/robots.txt" }) },
  "sitemap[.]xml": { who: "public", at: () => ({ path: "/sitemap.xml" }) },
  // The benchmark's baseline exists only when BENCH_BASELINES=on.
  "bench.remix-baseline": { who: "public", at: () => ({ path: "/bench/remix-baseline" }), ok: 404 },
  "($lang).authentication": { who: "public", at: () => ({ path: "/ar/authentication", params: { lang: "ar" } }) },
  "($lang).forgot-password": { who: "public", at: () => ({ path: "/forgot-password" }) },
  "($lang).set-password": { who: "public", at: (ids) => ({ path: `/set-password?token=${ids.link}` }) },
  // Nothing waiting for a second step: the page says so and leads back to the password.
  "($lang).second-step": { who: "public", at: () => ({ path: "/ar/second-step", params: { lang: "ar" } }) },
  logout: { who: "public", at: () => ({ path: "/logout" }), ok: 302 },
  // A passkey's options, asked by the pages' script with a form post; opened, it goes to the sign-in page.
  "passkey-options": { who: "public", at: () => ({ path: "/passkey-options" }), ok: 302 },
  // A calendar feed is reached by its token alone (a made-up one: no feed).
  "feeds.$token.calendar[.]ics": {
    who: "public",
    at: () => ({ path: `/feeds/${"x".repeat(43)}/calendar.ics`, params: { token: "x".repeat(43) } }),
    ok: 404,
  },
  account: { who: "account", at: () => ({ path: "/account" }) },
  "account_.zone": { who: "account", at: () => ({ path: "/account/zone?back=%2Fbookings" }) },
  "account_.security": { who: "account", at: () => ({ path: "/account/security" }) },
  // Posted from an agent's, a mentor's or a staff member's page; opened, it goes back to that page.
  "office.accounts.$kind.$id.reset-factors": {
    who: "staff",
    at: (ids) => ({ path: `/office/accounts/agent/${ids.agent}/reset-factors`, params: { kind: "agent", id: ids.agent! } }),
    ok: 302,
  },
  dashboard: { who: "agent", at: () => ({ path: "/dashboard" }) },
  bookings: { who: "agent", at: () => ({ path: "/bookings" }) },
  "bookings_.$id.cancel": {
    who: "agent",
    at: (ids) => ({ path: `/bookings/${ids.booking}/cancel`, params: { id: ids.booking! } }),
    owned: true,
  },
  "bookings_.$id.move": {
    who: "agent",
    at: (ids) => ({ path: `/bookings/${ids.booking}/move`, params: { id: ids.booking! } }),
    owned: true,
  },
  cart: { who: "agent", at: () => ({ path: "/cart" }) },
  "clients._index": { who: "agent", at: () => ({ path: "/clients" }) },
  "clients[.]csv": { who: "agent", at: () => ({ path: "/clients.csv" }) },
  "clients.new": { who: "agent", at: () => ({ path: "/clients/new" }) },
  "clients.$id._index": {
    who: "agent",
    at: (ids) => ({ path: `/clients/${ids.client}`, params: { id: ids.client! } }),
    owned: true,
  },
  "clients.$id.edit": {
    who: "agent",
    at: (ids) => ({ path: `/clients/${ids.client}/edit`, params: { id: ids.client! } }),
    owned: true,
  },
  "clients.$id.plans": {
    who: "agent",
    at: (ids) => ({ path: `/clients/${ids.client}/plans`, params: { id: ids.client! } }),
    owned: true,
  },
  "clients.$id.delete": {
    who: "agent",
    at: (ids) => ({ path: `/clients/${ids.client}/delete`, params: { id: ids.client! } }),
    owned: true,
  },
  "clients.$id.documents.$docId._index": {
    who: "agent",
    at: (ids) => ({ path: `/clients/${ids.client}/documents/${ids.doc}`, params: { id: ids.client!, docId: ids.doc! } }),
    owned: true,
  },
  "clients.$id.documents.$docId.files.$fileId": {
    who: "agent",
    at: (ids) => ({
      path: `/clients/${ids.client}/documents/${ids.doc}/files/${ids.file}`,
      params: { id: ids.client!, docId: ids.doc!, fileId: ids.file! },
    }),
    owned: true,
  },
  "clients.$id.requests": {
    who: "agent",
    at: (ids) => ({ path: `/clients/${ids.client}/requests`, params: { id: ids.client! } }),
    owned: true,
  },
  "clients.$id.questionnaires._index": {
    who: "agent",
    at: (ids) => ({ path: `/clients/${ids.client}/questionnaires`, params: { id: ids.client! } }),
    owned: true,
  },
  "clients.$id.questionnaires.$qid": {
    who: "agent",
    at: (ids) => ({
      path: `/clients/${ids.client}/questionnaires/${ids.questionnaire}`,
      params: { id: ids.client!, qid: ids.questionnaire! },
    }),
    owned: true,
  },
  "clients.$id.questionnaires.$qid_.answers[.]pdf": {
    who: "agent",
    at: (ids) => ({
      path: `/clients/${ids.client}/questionnaires/${ids.questionnaire}/answers.pdf`,
      params: { id: ids.client!, qid: ids.questionnaire! },
    }),
    owned: true,
  },
  "clients.$id.agreements": {
    who: "agent",
    at: (ids) => ({ path: `/clients/${ids.client}/agreements`, params: { id: ids.client! } }),
    owned: true,
  },
  "clients.$id.case": {
    who: "agent",
    at: (ids) => ({ path: `/clients/${ids.client}/case`, params: { id: ids.client! } }),
    owned: true,
  },
  "clients.$id.messages": {
    who: "agent",
    at: (ids) => ({ path: `/clients/${ids.client}/messages`, params: { id: ids.client! } }),
    owned: true,
  },
  // The client's own area (issue 24): signed in by a link; the landing page and the link form are public.
  "my.sign-in": { who: "public", at: () => ({ path: "/my/sign-in" }) },
  "my.link": { who: "public", at: (ids) => ({ path: `/my/link?token=${ids.clientLink}` }) },
  "my._index": { who: "client", at: () => ({ path: "/my" }) },
  "my.messages": { who: "client", at: () => ({ path: "/my/messages" }) },
  "my.agreements.$id": {
    who: "client",
    at: (ids) => ({ path: `/my/agreements/${ids.agreement}`, params: { id: ids.agreement! } }),
  },
  "my.questionnaires.$id_.answers[.]pdf": {
    who: "client",
    at: (ids) => ({ path: `/my/questionnaires/${ids.questionnaire}/answers.pdf`, params: { id: ids.questionnaire! } }),
  },
  "my.questionnaires.$id": {
    who: "client",
    at: (ids) => ({ path: `/my/questionnaires/${ids.questionnaire}`, params: { id: ids.questionnaire! } }),
  },
  "my.devices": { who: "client", at: () => ({ path: "/my/devices" }) },
  "my.documents.$docId.upload": {
    who: "client",
    at: (ids) => ({ path: `/my/documents/${ids.clientDoc}/upload`, params: { docId: ids.clientDoc! } }),
  },
  "my.documents.$docId.files.$fileId": {
    who: "client",
    at: (ids) => ({
      path: `/my/documents/${ids.clientDoc}/files/${ids.clientFile}`,
      params: { docId: ids.clientDoc!, fileId: ids.clientFile! },
    }),
  },
  "my.sessions.$id.invite[.]ics": {
    who: "client",
    at: (ids) => ({ path: `/my/sessions/${ids.booking}/invite.ics`, params: { id: ids.booking! } }),
  },
  "clients.$id.documents.$docId.upload": {
    who: "agent",
    at: (ids) => ({ path: `/clients/${ids.client}/documents/${ids.doc}/upload`, params: { id: ids.client!, docId: ids.doc! } }),
  },
  "joblist._index": { who: "agent", at: () => ({ path: "/joblist" }) },
  "joblist.$id": { who: "agent", at: (ids) => ({ path: `/joblist/${ids.job}`, params: { id: ids.job! } }) },
  "relocation._index": { who: "agent", at: () => ({ path: "/relocation" }) },
  "relocation.$id": { who: "agent", at: (ids) => ({ path: `/relocation/${ids.relocation}`, params: { id: ids.relocation! } }) },
  "mentoring._index": { who: "mentor", at: () => ({ path: "/mentoring" }) },
  "mentoring.hours": { who: "mentor", at: () => ({ path: "/mentoring/hours" }) },
  "mentoring.profile": { who: "mentor", at: () => ({ path: "/mentoring/profile" }) },
  "mentoring.statement": { who: "mentor", at: () => ({ path: "/mentoring/statement" }) },
  "mentoring.calendars": { who: "mentor", at: () => ({ path: "/mentoring/calendars" }) },
  // Where Google or Microsoft sends the mentor back; opened without a code, it goes back to the calendars page.
  "mentoring.calendars.oauth.$provider": {
    who: "mentor",
    at: () => ({ path: "/mentoring/calendars/oauth/google", params: { provider: "google" } }),
    ok: 302,
  },
  "mentoring.statement[.]csv": { who: "mentor", at: () => ({ path: "/mentoring/statement.csv" }) },
  // The fixtures' paid session is with the demo mentor.
  "mentoring.sessions.$id": {
    who: "mentor",
    at: (ids) => ({ path: `/mentoring/sessions/${ids.booking}`, params: { id: ids.booking! } }),
  },
  "mentors._index": { who: "agent", at: () => ({ path: "/mentors" }) },
  "mentors.$id._index": { who: "agent", at: (ids) => ({ path: `/mentors/${ids.mentor}`, params: { id: ids.mentor! } }) },
  "mentors.$id.book": {
    who: "agent",
    at: (ids) => ({ path: `/mentors/${ids.mentor}/book?start=${encodeURIComponent(ids.start!)}`, params: { id: ids.mentor! } }),
  },
  "orders._index": { who: "agent", at: () => ({ path: "/orders" }) },
  "orders.$id": { who: "agent", at: (ids) => ({ path: `/orders/${ids.order}`, params: { id: ids.order! } }), owned: true },
  "orders.$id_.receipt": {
    who: "agent",
    at: (ids) => ({ path: `/orders/${ids.order}/receipt`, params: { id: ids.order! } }),
    owned: true,
  },
  "payment.demo.$sessionId": {
    who: "agent",
    at: (ids) => ({ path: `/payment/demo/${ids.session}`, params: { sessionId: ids.session! } }),
    owned: true,
  },
  "payment.success": { who: "agent", at: (ids) => ({ path: `/payment/success?session_id=${ids.session}` }), owned: true },
  office: { who: "staff", at: () => ({ path: "/office" }) },
  "office._index": { who: "staff", at: () => ({ path: "/office" }) },
  "office.agents._index": { who: "staff", at: () => ({ path: "/office/agents" }) },
  "office.agents.new": { who: "staff", at: () => ({ path: "/office/agents/new" }) },
  "office.agents.$id": { who: "staff", at: (ids) => ({ path: `/office/agents/${ids.agent}`, params: { id: ids.agent! } }) },
  "office.audit": { who: "staff", at: () => ({ path: "/office/audit" }) },
  "office.stages": { who: "staff", at: () => ({ path: "/office/stages" }) },
  "office.stages.$id": { who: "staff", at: () => ({ path: "/office/stages/1", params: { id: "1" } }) },
  "office.questionnaires._index": { who: "staff", at: () => ({ path: "/office/questionnaires" }) },
  "office.agreements": { who: "staff", at: () => ({ path: "/office/agreements" }) },
  "office.questionnaires.$id": {
    who: "staff",
    at: (ids) => ({ path: `/office/questionnaires/${ids.form}`, params: { id: ids.form! } }),
  },
  "office.questionnaires.$id_.answers[.]csv": {
    who: "staff",
    at: (ids) => ({ path: `/office/questionnaires/${ids.form}/answers.csv`, params: { id: ids.form! } }),
  },
  "office.questionnaires.$id_.question": {
    who: "staff",
    at: (ids) => ({ path: `/office/questionnaires/${ids.form}/question?key=q7`, params: { id: ids.form! } }),
  },
  // A client's conversation as the office reads it (issue 39): the walk's client, whose agent is the walk's agent.
  "office.clients.$id.messages": {
    who: "staff",
    at: (ids) => ({ path: `/office/clients/${ids.client}/messages`, params: { id: ids.client! } }),
  },
  "office.bookings": { who: "staff", at: () => ({ path: "/office/bookings" }) },
  "office.messages": { who: "staff", at: () => ({ path: "/office/messages" }) },
  "office.outbox": { who: "staff", at: () => ({ path: "/office/outbox" }) },
  "office.messaging": { who: "staff", at: () => ({ path: "/office/messaging" }) },
  "office.outbox_.previews": { who: "staff", at: () => ({ path: "/office/outbox/previews?lang=ar&n=2" }) },
  "office.outbox_.preview": { who: "staff", at: () => ({ path: "/office/outbox/preview?lang=es&n=1" }) },
  "office.orders._index": { who: "staff", at: () => ({ path: "/office/orders" }) },
  "office.orders[.]csv": { who: "staff", at: () => ({ path: "/office/orders.csv" }) },
  "office.orders.$id": { who: "staff", at: (ids) => ({ path: `/office/orders/${ids.order}`, params: { id: ids.order! } }) },
  "office.jobs._index": { who: "staff", at: () => ({ path: "/office/jobs" }) },
  "office.jobs.new": { who: "staff", at: () => ({ path: "/office/jobs/new" }) },
  "office.jobs.$id": { who: "staff", at: (ids) => ({ path: `/office/jobs/${ids.job}`, params: { id: ids.job! } }) },
  "office.mentors._index": { who: "staff", at: () => ({ path: "/office/mentors" }) },
  "office.mentors.new": { who: "staff", at: () => ({ path: "/office/mentors/new" }) },
  "office.mentors.$id": { who: "staff", at: (ids) => ({ path: `/office/mentors/${ids.mentor}`, params: { id: ids.mentor! } }) },
  "office.mentors.$id_.statement": {
    who: "staff",
    at: (ids) => ({ path: `/office/mentors/${ids.mentor}/statement`, params: { id: ids.mentor! } }),
  },
  "office.mentors.$id_.statement[.]csv": {
    who: "staff",
    at: (ids) => ({ path: `/office/mentors/${ids.mentor}/statement.csv`, params: { id: ids.mentor! } }),
  },
  "office.mentors.$id_.invite": {
    who: "staff",
    at: (ids) => ({ path: `/office/mentors/${ids.mentor}/invite`, params: { id: ids.mentor! } }),
  },
  "office.plans._index": { who: "staff", at: () => ({ path: "/office/plans" }) },
  "office.plans.new": { who: "staff", at: () => ({ path: "/office/plans/new" }) },
  "office.plans.$id": { who: "staff", at: (ids) => ({ path: `/office/plans/${ids.plan}`, params: { id: ids.plan! } }) },
  "office.relocations._index": { who: "staff", at: () => ({ path: "/office/relocations" }) },
  "office.relocations.new": { who: "staff", at: () => ({ path: "/office/relocations/new" }) },
  "office.agents.$id_.email": {
    who: "staff",
    at: (ids) => ({ path: `/office/agents/${ids.agent}/email`, params: { id: ids.agent! } }),
  },
  "office.agents.$id_.hand-over": {
    who: "staff",
    at: (ids) => ({ path: `/office/agents/${ids.agent}/hand-over`, params: { id: ids.agent! } }),
  },
  "office.mentors.$id_.email": {
    who: "staff",
    at: (ids) => ({ path: `/office/mentors/${ids.mentor}/email`, params: { id: ids.mentor! } }),
  },
  // The staff accounts: an owner's (another staff member: Not found).
  "office.staff._index": { who: "owner", at: () => ({ path: "/office/staff" }) },
  "office.staff.new": { who: "owner", at: () => ({ path: "/office/staff/new" }) },
  "office.staff.$id": { who: "owner", at: () => ({ path: "/office/staff/1", params: { id: "1" } }) },
  "office.settings": { who: "owner", at: () => ({ path: "/office/settings" }) },
  "office.settings_.logo": { who: "owner", at: () => ({ path: "/office/settings/logo" }) },
  "brand.logo.$file": {
    who: "public",
    at: () => ({ path: `/brand/logo/${"0".repeat(64)}.png`, params: { file: `${"0".repeat(64)}.png` } }),
    ok: 404,
  },
  "office.settings_.texts.$lang": { who: "owner", at: () => ({ path: "/office/settings/texts/es", params: { lang: "es" } }) },
  "office.staff.$id_.email": { who: "owner", at: () => ({ path: "/office/staff/1/email", params: { id: "1" } }) },
  // A made-up link: a page that says it can no longer be used.
  "confirm-email": { who: "public", at: () => ({ path: `/confirm-email?token=${"z".repeat(43)}` }) },
  // Session packs and commissions (issue 41): the demo's pack, the walk's agent.
  "office.session-packs._index": { who: "staff", at: () => ({ path: "/office/session-packs" }) },
  "office.session-packs.new": { who: "staff", at: () => ({ path: "/office/session-packs/new" }) },
  "office.session-packs.$id": { who: "staff", at: () => ({ path: "/office/session-packs/1", params: { id: "1" } }) },
  "office.commissions._index": { who: "staff", at: () => ({ path: "/office/commissions" }) },
  "office.commissions.$agentId": {
    who: "staff",
    at: (ids) => ({ path: `/office/commissions/${ids.agent}`, params: { agentId: ids.agent! } }),
  },
  commissions: { who: "agent", at: () => ({ path: "/commissions" }) },
  "commissions[.]csv": { who: "agent", at: () => ({ path: "/commissions.csv" }) },
  "office.relocations.$id": {
    who: "staff",
    at: (ids) => ({ path: `/office/relocations/${ids.relocation}`, params: { id: ids.relocation! } }),
  },
};
