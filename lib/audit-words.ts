/**
 * The audit log in words (issue 25, point 4): each row's kind, subject and before/after as a sentence staff can
 * read ("Rate changed from $95.00 to $105.00", "Hours on Tuesdays: 9:00–17:00"), never raw JSON. Plain values: the
 * API writes the sentence into each entry it answers.
 */
import { describeSetting } from "./business.js";
import { clientLanguageLabels } from "./client-fields.js";
import { isLang } from "./i18n/languages.js";

const weekdays = ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"];
const roles: Record<string, string> = { owner: "Owner", staff: "Staff" };

type Range = { weekday: number; start_minute: number; end_minute: number };
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const clock = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}`;
const dollars = (minor: unknown) =>
  typeof minor === "number" ? new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(minor / 100) : "none";
const quoted = (v: unknown) => (v === null || v === undefined || v === "" ? "nothing" : `“${String(v)}”`);

/** A week's hours, day by day, for the days whose hours changed: "Hours on Tuesdays: 9:00–17:00". */
function hoursChanges(before: unknown, after: unknown): string[] {
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
    said.push(`Hours on ${weekdays[d]}: ${now.get(d) ?? "none"}`);
  }
  return said;
}

const languageName = (v: unknown) => (isLang(v) ? clientLanguageLabels[v] : typeof v === "string" && v ? v : "English");

const fieldNames: Record<string, string> = {
  rate_minor: "Rate",
  price_minor: "Price",
  placement_fee_minor: "Placement fee",
  salary_min_minor: "Salary from",
  salary_max_minor: "Salary to",
  time_zone: "Time zone",
  meeting_url: "Meeting link",
  email: "E-mail",
  name: "Name",
  title: "Title",
  city: "City",
  country_code: "Country",
  expertise: "Expertise",
  bio: "Bio",
  description: "Description",
  duration_days: "Duration (days)",
  employment_type: "Employment type",
  company: "Company",
  includes: "What it includes",
  languages: "Languages",
  language: "Language",
};

/** Each field that differs between two records, in words. */
function fieldChanges(before: Obj, after: Obj): string[] {
  const said: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [b, a] = [before[key], after[key]];
    if (JSON.stringify(b ?? null) === JSON.stringify(a ?? null)) continue;
    if (key === "hours") said.push(...hoursChanges(b, a));
    else if (key === "time_off") said.push("Days off changed");
    else if (key === "sessions") said.push(`Sessions outside the new hours: ${Object.keys(isObj(a) ? a : {}).length}`);
    else if (key === "language") said.push(`Writes in ${languageName(a)} (was ${languageName(b)})`);
    else if (key.endsWith("_minor")) said.push(`${fieldNames[key] ?? key} changed from ${dollars(b)} to ${dollars(a)}`);
    else if (key === "bio" || key === "description") said.push(`${fieldNames[key]} rewritten`);
    else if (Array.isArray(a) || Array.isArray(b)) {
      const list = (v: unknown) => (Array.isArray(v) && v.length ? v.join(", ") : "none");
      said.push(`${fieldNames[key] ?? key}: ${list(a)} (was ${list(b)})`);
    } else said.push(`${fieldNames[key] ?? key.replaceAll("_", " ")} changed from ${quoted(b)} to ${quoted(a)}`);
  }
  return said;
}

/** What a newly made record is: its name and the few facts that identify it. */
function made(what: string, after: Obj): string {
  const name = after.name ?? after.title;
  const extra = [
    after.email,
    after.role ? roles[String(after.role)] : null,
    typeof after.price_minor === "number" ? dollars(after.price_minor) : null,
  ]
    .filter(Boolean)
    .join(", ");
  return `${what}${name ? ` ${quoted(name)}` : ""}${extra ? ` (${extra})` : ""}`;
}

export function describeAudit(e: { kind: string; subject: string | null; before: unknown; after: unknown }): string {
  const before = isObj(e.before) ? e.before : {};
  const after = isObj(e.after) ? e.after : {};
  const [area, act] = e.kind.split(".") as [string, string | undefined];
  switch (e.kind) {
    case "staff.sign_in":
      return "Signed in";
    case "staff.password_set":
      return "Set their password through a link";
    case "staff.role":
      return `Role changed from ${roles[String(before.role)] ?? before.role} to ${roles[String(after.role)] ?? after.role}`;
    case "account.email_change_asked":
      return `Asked ${String(after.email)} to confirm it as the new address (now ${String(before.email)})`;
    case "account.email_changed":
      return `E-mail changed from ${String(before.email)} to ${String(after.email)} (confirmed by the new address)`;
    case "agent.clients_handed_over": {
      const clients = Array.isArray(after.clients) ? (after.clients as string[]) : [];
      return `Handed ${clients.length} client${clients.length === 1 ? "" : "s"} from ${String(before.agent)} to ${String(after.agent)}: ${clients.join(", ")}`;
    }
    case "settings.changed":
      return describeSetting((e.subject ?? "").replace(/^setting:/, ""), e.before, e.after);
    case "message.handled":
      return "Marked a contact message handled";
    case "message.reply":
      return `Replied to a contact message: ${quoted(after.reply)}`;
    case "mail.retry":
      return "Sent a failed e-mail again";
    case "order.review":
      return `Reviewed the flagged order: ${quoted(after.note)}`;
    case "order.refund": {
      const lines = Array.isArray(after.lines) ? after.lines.length : 0;
      return `Refunded ${lines} line${lines === 1 ? "" : "s"} (${dollars(after.amount_minor)}): ${quoted(after.note)}`;
    }
    case "order.refund_retry":
      return "Retried the refunds due";
    case "booking.mentor_no_show":
      return `Marked the mentor absent: ${quoted(after.note)}`;
    case "booking.cancel":
      return "Cancelled the session for its agent";
    case "client.erased":
      return `Erased a client's records (${String(after.files_removed ?? 0)} files removed; paid lines kept)`;
  }
  if (act === "create") {
    const what =
      {
        staff: "Invited staff member",
        agent: "Added agent",
        mentor: "Added mentor",
        job: "Added job",
        relocation: "Added package",
        plan: "Added plan",
      }[area] ?? `Added ${area}`;
    return made(what, after);
  }
  if (act === "edit" || act === "profile" || act === "hours") {
    const changes = fieldChanges(before, after);
    return changes.length ? changes.join("; ") : "Saved with no change";
  }
  if (act === "deactivate") return "Deactivated (sessions ended)";
  if (act === "reactivate" || act === "activate") return "Reactivated";
  if (act === "publish") return "Published";
  if (act === "unpublish") return "Unpublished";
  if (act === "password_link") return "Sent a new set-password link";
  const changes = fieldChanges(before, after);
  return `${e.kind.replaceAll("_", " ")}${changes.length ? `: ${changes.join("; ")}` : ""}`;
}

/** The record an entry is about, as the office names it and where it is ("agent:3" → Agent 3, /office/agents/3). */
export function auditSubject(subject: string | null): { label: string; href: string | null } | null {
  if (!subject) return null;
  const [kind, id] = subject.split(":") as [string, string | undefined];
  const places: Record<string, [string, string | null]> = {
    agent: ["Agent", "/office/agents/"],
    mentor: ["Mentor", "/office/mentors/"],
    staff: ["Staff member", "/office/staff/"],
    order: ["Order", "/office/orders/"],
    job: ["Job", "/office/jobs/"],
    relocation: ["Package", "/office/relocations/"],
    plan: ["Plan", "/office/plans/"],
    booking: ["Session", null],
    message: ["Message", null],
    outbox: ["E-mail", null],
    client: ["Client", null],
    setting: ["Settings", "/office/settings"],
  };
  const place = places[kind];
  if (!place) return { label: subject, href: null };
  if (kind === "setting") return { label: "Business settings", href: place[1] };
  return { label: `${place[0]} ${id ?? ""}`.trim(), href: place[1] && id ? `${place[1]}${id}` : null };
}
