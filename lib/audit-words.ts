/**
 * The audit log in words (issue 25, point 4): each row's kind, subject and before/after as a sentence staff can
 * read ("Rate changed from $95.00 to $105.00", "Hours on Tuesdays: 9:00–17:00"), never raw JSON. The words are the
 * workspace catalogue's (`office.auditWords`), through the translator the caller passes: the API's (English, in
 * each entry it answers) or the office page's own.
 */
import type { Say } from "./business.js";
import { isLang } from "./i18n/languages.js";
import { CATALOGUE_CURRENCY, formatMoney } from "./money.js";
import { describeSetting } from "./setting-words.js";

type Range = { weekday: number; start_minute: number; end_minute: number };
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const clock = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}`;
const w = (t: Say, key: string, values?: Record<string, unknown>) => t(`office.auditWords.${key}`, values);
const dollars = (t: Say, minor: unknown) => (typeof minor === "number" ? formatMoney(minor, CATALOGUE_CURRENCY) : w(t, "none"));
const quoted = (t: Say, v: unknown) =>
  v === null || v === undefined || v === "" ? w(t, "nothing") : w(t, "quoted", { value: String(v) });
const role = (t: Say, v: unknown) => (v === "owner" || v === "staff" ? t(`office.staff.roles.${v}`) : String(v));

/** A week's hours, day by day, for the days whose hours changed: "Hours on Tuesdays: 9:00–17:00". */
function hoursChanges(t: Say, before: unknown, after: unknown): string[] {
  const byDay = (v: unknown) => {
    const days = new Map<number, string>();
    for (const r of Array.isArray(v) ? (v as Range[]) : []) {
      if (typeof r?.weekday !== "number") continue;
      const text = `${clock(r.start_minute)}–${clock(r.end_minute)}`;
      days.set(r.weekday, days.has(r.weekday) ? `${days.get(r.weekday)}, ${text}` : text);
    }
    return days;
  };
  const [was, now] = [byDay(before), byDay(after)];
  const said: string[] = [];
  for (let d = 0; d < 7; d++) {
    if (was.get(d) === now.get(d)) continue;
    said.push(w(t, "hours", { day: w(t, `weekdays.${d}`), hours: now.get(d) ?? w(t, "none") }));
  }
  return said;
}

const languageName = (t: Say, v: unknown) =>
  isLang(v) ? t(`work.languageNames.${v}`) : typeof v === "string" && v ? v : w(t, "english");

/** A field's name: the catalogue's, or the stored key with its underscores as spaces. */
const fieldName = (t: Say, key: string) =>
  (auditFields as readonly string[]).includes(key) ? w(t, `fields.${key}`) : key.replaceAll("_", " ");
const auditFields = [
  "rate_minor",
  "price_minor",
  "placement_fee_minor",
  "salary_min_minor",
  "salary_max_minor",
  "time_zone",
  "meeting_url",
  "email",
  "name",
  "title",
  "city",
  "country_code",
  "expertise",
  "bio",
  "description",
  "duration_days",
  "employment_type",
  "company",
  "includes",
  "languages",
  "language",
] as const;

/** Each field that differs between two records, in words. */
function fieldChanges(t: Say, before: Obj, after: Obj): string[] {
  const said: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [b, a] = [before[key], after[key]];
    if (JSON.stringify(b ?? null) === JSON.stringify(a ?? null)) continue;
    const field = fieldName(t, key);
    if (key === "hours") said.push(...hoursChanges(t, b, a));
    else if (key === "time_off") said.push(w(t, "daysOff"));
    else if (key === "sessions") said.push(w(t, "sessionsOutside", { count: Object.keys(isObj(a) ? a : {}).length }));
    else if (key === "language") said.push(w(t, "writesIn", { now: languageName(t, a), was: languageName(t, b) }));
    else if (key.endsWith("_minor")) said.push(w(t, "changed", { field, from: dollars(t, b), to: dollars(t, a) }));
    else if (key === "bio" || key === "description") said.push(w(t, "rewritten", { field }));
    else if (Array.isArray(a) || Array.isArray(b)) {
      const list = (v: unknown) => (Array.isArray(v) && v.length ? v.join(", ") : w(t, "none"));
      said.push(w(t, "list", { field, now: list(a), was: list(b) }));
    } else said.push(w(t, "changed", { field, from: quoted(t, b), to: quoted(t, a) }));
  }
  return said;
}

/** What a newly made record is: its name and the few facts that identify it. */
function made(t: Say, what: string, after: Obj): string {
  const name = after.name ?? after.title;
  const facts = [
    after.email,
    after.role ? role(t, after.role) : null,
    typeof after.price_minor === "number" ? dollars(t, after.price_minor) : null,
  ]
    .filter(Boolean)
    .join(", ");
  if (!name) return facts ? w(t, "madeNameless", { what, facts }) : what;
  return w(t, facts ? "madeWith" : "made", { what, name: quoted(t, name), facts });
}

const addedAreas = ["staff", "agent", "mentor", "job", "relocation", "plan", "pack"];

/** A commission rule's rate and target as its audit row keeps them (issue 41). */
function ruleWords(t: Say, r: Record<string, unknown>) {
  const rate = typeof r.percent_bp === "number" ? `${r.percent_bp / 100} %` : dollars(t, r.amount_minor);
  const target =
    r.target_id === null || r.target_id === undefined ? String(r.target) : `${String(r.target)} ${String(r.target_id)}`;
  return { rate, target, day: String(r.starts_on ?? "") };
}

export function describeAudit(e: { kind: string; subject: string | null; before: unknown; after: unknown }, t: Say): string {
  const before = isObj(e.before) ? e.before : {};
  const after = isObj(e.after) ? e.after : {};
  const [area, act] = e.kind.split(".") as [string, string | undefined];
  switch (e.kind) {
    case "staff.sign_in":
      return w(t, "signedIn");
    case "staff.password_set":
      return w(t, "passwordSet");
    case "staff.role":
      return w(t, "role", { from: role(t, before.role), to: role(t, after.role) });
    case "account.email_change_asked":
      return w(t, "emailAsked", { email: String(after.email), was: String(before.email) });
    case "account.email_changed":
      return w(t, "emailChanged", { from: String(before.email), to: String(after.email) });
    case "account.factors_reset":
      return w(t, "factorsReset", { count: Number(after.factors ?? 0) });
    case "agent.clients_handed_over": {
      const clients = Array.isArray(after.clients) ? (after.clients as string[]) : [];
      return w(t, "handedOver", {
        count: clients.length,
        from: String(before.agent),
        to: String(after.agent),
        clients: clients.join(", "),
      });
    }
    case "settings.changed":
      return describeSetting((e.subject ?? "").replace(/^setting:/, ""), e.before, e.after, t);
    case "message.handled":
      return w(t, "messageHandled");
    case "message.reply":
      return w(t, "messageReply", { reply: quoted(t, after.reply) });
    case "mail.retry":
      return w(t, "mailRetry");
    case "order.review":
      return w(t, "orderReview", { note: quoted(t, after.note) });
    case "order.refund": {
      const count = Array.isArray(after.lines) ? after.lines.length : 0;
      return w(t, "refund", { count, amount: dollars(t, after.amount_minor), note: quoted(t, after.note) });
    }
    case "order.refund_retry":
      return w(t, "refundRetry");
    case "booking.mentor_no_show":
      return w(t, "mentorAbsent", { note: quoted(t, after.note) });
    case "booking.cancel":
      return w(t, "bookingCancel");
    case "client.erased":
      return w(t, "clientErased", { files: String(after.files_removed ?? 0) });
    case "commission_rule.add":
      return after.agent_id
        ? w(t, "ruleAddedFor", { ...ruleWords(t, after), agent: String(after.agent_id) })
        : w(t, "ruleAdded", ruleWords(t, after));
    case "commission_rule.remove":
      return w(t, "ruleRemoved", ruleWords(t, before));
    case "commission.payout":
      return w(t, "payout", { amount: dollars(t, after.amount_minor), reference: String(after.reference ?? "") });
    case "agent.connect_account":
      return after.account ? w(t, "connectSet", { account: String(after.account) }) : w(t, "connectCleared");
    case "whatsapp_template.saved":
    case "whatsapp_template.removed": {
      const [, purpose, lang] = (e.subject ?? "").split(":");
      const values = { purpose: t(`office.whatsapp.purposes.${purpose}`), lang: t(`office.languages.${lang}`) };
      return e.kind === "whatsapp_template.saved"
        ? w(t, "templateSaved", { ...values, name: String(after.name), sid: String(after.content_sid) })
        : w(t, "templateRemoved", values);
    }
  }
  if (act === "create") {
    const what = addedAreas.includes(area) ? w(t, `added.${area}`) : w(t, "added.other", { area });
    return made(t, what, after);
  }
  if (act === "edit" || act === "profile" || act === "hours") {
    const changes = fieldChanges(t, before, after);
    return changes.length ? changes.join("; ") : w(t, "noChange");
  }
  if (act === "deactivate") return w(t, "deactivated");
  if (act === "reactivate" || act === "activate") return w(t, "reactivated");
  if (act === "publish") return w(t, "published");
  if (act === "unpublish") return w(t, "unpublished");
  if (act === "password_link") return w(t, "passwordLink");
  const changes = fieldChanges(t, before, after);
  const kind = e.kind.replaceAll("_", " ");
  return changes.length ? w(t, "other", { kind, changes: changes.join("; ") }) : kind;
}

const places: Record<string, string | null> = {
  agent: "/office/agents/",
  mentor: "/office/mentors/",
  staff: "/office/staff/",
  order: "/office/orders/",
  job: "/office/jobs/",
  relocation: "/office/relocations/",
  plan: "/office/plans/",
  booking: null,
  message: null,
  outbox: null,
  client: null,
  setting: "/office/settings",
  questionnaire: "/office/questionnaires/",
  agreement: null,
  pack: "/office/session-packs/",
  commission_rule: null,
};

/** The record an entry is about, as the office names it and where it is ("agent:3" → Agent 3, /office/agents/3). */
export function auditSubject(subject: string | null, t: Say): { label: string; href: string | null } | null {
  if (!subject) return null;
  const [kind, id] = subject.split(":") as [string, string | undefined];
  if (!(kind in places)) return { label: subject, href: null };
  const label = w(t, `subjects.${kind}`, { id: id ?? "" }).trim();
  if (kind === "setting") return { label, href: places[kind]! };
  const place = places[kind];
  return { label, href: place && id ? `${place}${id}` : null };
}
