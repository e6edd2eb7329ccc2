/**
 * The pieces every e-mail is built from: who it goes to, a session's facts, times with their zone named, money as
 * pages show it, the text and HTML bodies from blocks, and a session's calendar invite.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { calendarLinks } from "../../lib/calendar-links.js";
import type { AccountKind } from "../../lib/contract.js";
import { dateFormatter } from "../../lib/intl.js";
import { formatMoney } from "../../lib/money.js";

/** Where each kind sees its sessions: a calendar invite's link when the session has no room of its own. */
const sessionPages: Partial<Record<AccountKind, string>> = {
  mentor: "/mentoring",
  client: "/my",
  agent: "/bookings",
  staff: "/office",
};

export type Recipient = {
  email: string;
  name: string;
  zone: string;
  role: AccountKind;
  /** The language the recipient is written to in (a client's, from their record); absent: English (issue 26) */
  lang?: string;
};

export type SessionFacts = {
  booking_id: number;
  mentor_name: string;
  mentor_zone: string;
  client_name: string;
  /** The client's own zone when their agent set one (absent from messages written before agents were told it) */
  client_zone?: string | null;
  /** "Ana P.": what the mentor is told of the client (absent from messages written before mentors were told) */
  client_short?: string;
  agent_name: string;
  agent_email: string;
  topic: string;
  start_at: string;
  end_at: string;
  /** Where it meets (a confirmed session's; absent from messages written before sessions had one) */
  join_url?: string | null;
  /** How many times it has moved: the invite's SEQUENCE (absent, 0, from messages written before sessions moved) */
  sequence?: number;
};

export type Line = {
  description: string;
  client_name: string;
  price_minor: number;
  currency: string;
  reason?: string | null;
  /** A mentor session's line: told from its start, in the recipient's zone (the description has it in UTC) */
  session?: { mentor_name: string; start_at: string; topic: string } | null;
};

export type MailContext = {
  publicUrl: string;
  /** The firm: its name and address, and its colour and logo (absolute) when the office set them (issue 42) */
  company: { name: string; address: string; color?: string; logo?: { url: string; width: number; height: number } | null };
  /** A session cancelled up to this many hours before its start is refunded (Terms §4) */
  cancelCutoffHours: number;
};

export type Rendered = {
  subject: string;
  text: string;
  html: string;
  /** An iCalendar file to attach (METHOD:REQUEST or METHOD:CANCEL) */
  ics?: { method: "REQUEST" | "CANCEL"; content: string };
  /** What the firm's HTML layout draws (issue 42, point 1: backend/mail/layout.tsx, at sending) */
  layout?: Layout;
};

/** A message's parts as the firm's layout draws them. */
export type Layout = { lang: string; subject: string; greeting: string; blocks: Block[]; why: string };

/** "Tue 10 Mar 2026, 14:00 (Europe/Lisbon)"; in another locale as its readers write it ("mar, 10 mar 2026, 14:00"). */
export function when(iso: string, zone: string, locale = "en-GB") {
  const text = dateFormatter(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: zone,
  }).format(new Date(iso));
  return `${text} (${zone})`;
}

/** Money as every page shows it (lib/money.ts). */
export const money = formatMoney;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** An order line as a message names it: a session with its mentor, time (in the reader's zone) and topic. */
export function lineLabel(l: Line, zone: string): string {
  return l.session
    ? `Mentor session: ${l.session.mentor_name}, ${when(l.session.start_at, zone)} (${l.session.topic})`
    : l.description;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?،؛)\]]/g;

/**
 * A paragraph cut into its words and the web addresses in it (issue 66): an address inside Arabic words is set left
 * to right on its own (a link of its own in HTML, isolated in plain text), or the words around it turn it inside out.
 */
export function withAddresses(text: string): Array<{ words: string } | { url: string }> {
  const parts: Array<{ words: string } | { url: string }> = [];
  let at = 0;
  for (const m of text.matchAll(URL_IN_TEXT)) {
    if (m.index! > at) parts.push({ words: text.slice(at, m.index) });
    parts.push({ url: m[0] });
    at = m.index! + m[0].length;
  }
  if (at < text.length) parts.push({ words: text.slice(at) });
  return parts;
}

/**
 * The plain-text paragraph: each address between a left-to-right isolate and its end (U+2066 … U+2069), a space
 * before the end, so that a mail program that makes links of addresses ends the link at the address.
 */
const isolatedAddresses = (text: string) => text.replace(URL_IN_TEXT, (url) => `\u2066${url} \u2069`);

/** One piece of a message: a paragraph, a list of label/value rows, a link, or a table of lines. */
export type Block =
  | { p: string }
  | { rows: Array<[string, string]> }
  | { link: { text: string; href: string } }
  | { lines: Line[]; total?: string; zone: string };

/**
 * A message from its blocks, as plain text and HTML. `lang` is the language it is written in: the HTML says so, and
 * a right-to-left one (Arabic) is laid out right to left, labels on the right.
 */
export function compose(
  ctx: MailContext,
  subject: string,
  greeting: string,
  blocks: Block[],
  why: string,
  lang = "en",
): Rendered {
  const rtl = lang === "ar";
  const start = rtl ? "right" : "left";
  const end = rtl ? "left" : "right";
  const text: string[] = [greeting, ""];
  const html: string[] = [`<p>${escape(greeting)}</p>`];
  for (const b of blocks) {
    if ("p" in b) {
      text.push(rtl ? isolatedAddresses(b.p) : b.p, "");
      html.push(
        `<p>${withAddresses(b.p)
          .map((part) => ("url" in part ? `<a href="${escape(part.url)}" dir="ltr">${escape(part.url)}</a>` : escape(part.words)))
          .join("")}</p>`,
      );
    } else if ("rows" in b) {
      text.push(...b.rows.map(([k, v]) => `${k}: ${v}`), "");
      html.push(
        `<table role="presentation" cellpadding="4">${b.rows
          .map(([k, v]) => `<tr><th align="${start}" valign="top">${escape(k)}</th><td>${escape(v)}</td></tr>`)
          .join("")}</table>`,
      );
    } else if ("link" in b) {
      text.push(`${b.link.text}: ${rtl ? isolatedAddresses(b.link.href) : b.link.href}`, "");
      html.push(`<p><a href="${escape(b.link.href)}">${escape(b.link.text)}</a></p>`);
    } else {
      const label = (l: Line) => lineLabel(l, b.zone);
      for (const l of b.lines) {
        text.push(`- ${label(l)}, for ${l.client_name}: ${money(l.price_minor, l.currency)}${l.reason ? ` (${l.reason})` : ""}`);
      }
      if (b.total) text.push(`Total: ${b.total}`);
      text.push("");
      html.push(
        `<table cellpadding="6" style="border-collapse:collapse"><thead><tr><th align="${start}">Item</th><th align="${start}">Client</th><th align="${end}">Amount</th></tr></thead><tbody>${b.lines
          .map(
            (l) =>
              `<tr><td>${escape(label(l))}${l.reason ? `<br><small>${escape(l.reason)}</small>` : ""}</td><td>${escape(
                l.client_name,
              )}</td><td align="${end}">${escape(money(l.price_minor, l.currency))}</td></tr>`,
          )
          .join(
            "",
          )}</tbody>${b.total ? `<tfoot><tr><th align="${start}" colspan="2">Total</th><th align="${end}">${escape(b.total)}</th></tr></tfoot>` : ""}</table>`,
      );
    }
  }
  const footer = `${why} ${ctx.company.name} · ${ctx.company.address} · ${ctx.publicUrl}`;
  text.push("--", footer);
  html.push(`<hr><p style="color:#555;font-size:12px">${escape(footer)}</p>`);
  return {
    subject,
    text: text.join("\n"),
    layout: { lang, subject, greeting, blocks, why },
    html: `<!doctype html><html lang="${escape(lang)}" dir="${rtl ? "rtl" : "ltr"}"><head><meta charset="utf-8"><title>${escape(subject)}</title></head><body dir="${rtl ? "rtl" : "ltr"}" style="font-family:sans-serif;line-height:1.5;text-align:${start}">${html.join("\n")}</body></html>`,
    ics: undefined,
  };
}

/**
 * A session's invite, or its cancellation: the same UID, so calendars update the one event, and a SEQUENCE that
 * grows with each move (a cancellation's is one more than the last invite's), so the newest one wins.
 */
export function sessionInvite<M extends "REQUEST" | "CANCEL" | "PUBLISH">(
  ctx: MailContext,
  to: Recipient,
  s: SessionFacts,
  /** REQUEST and CANCEL are e-mailed invitations; PUBLISH is a file to add to one's own calendar (no attendees) */
  method: M,
  /** The invite's words in the recipient's language (a client's; the others' are English) */
  words?: { summary: string; description: string },
) {
  const host = new URL(ctx.publicUrl).hostname || "portal";
  const summary =
    words?.summary ??
    `Mentor session: ${s.mentor_name} with ${to.role === "mentor" ? (s.client_short ?? s.client_name) : s.client_name}`;
  const description = words?.description ?? `Topic: ${s.topic}\nBooked by ${s.agent_name} through ${ctx.company.name}.`;
  const cal = ical({
    prodId: { company: oneLine(ctx.company.name), product: "portal", language: "EN" },
    method: ICalCalendarMethod[method],
    name: oneLine(ctx.company.name),
  });
  cal.createEvent({
    id: `booking-${s.booking_id}@${host}`,
    sequence: (s.sequence ?? 0) + (method === "CANCEL" ? 1 : 0),
    start: new Date(s.start_at),
    end: new Date(s.end_at),
    summary,
    description,
    status: method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: icsName(ctx.company.name), email: s.agent_email },
    ...(method === "PUBLISH" ? {} : { attendees: [{ name: icsName(to.name), email: to.email }] }),
    // Where it meets: the place a calendar shows and the link it opens. A session without one (written before
    // sessions had rooms) links to the portal's page of sessions.
    ...(s.join_url && method !== "CANCEL" ? { location: s.join_url } : {}),
    url: s.join_url ?? `${ctx.publicUrl}${sessionPages[to.role] ?? "/"}`,
  });
  // The same event for the web calendars (issue 42, point 3): their links go beside the file.
  const links = calendarLinks({ title: summary, start: s.start_at, end: s.end_at, details: description, location: s.join_url });
  return { method, content: cal.toString(), links };
}

/** "Add to Google Calendar" and "Add to Outlook" as an e-mail's links, in the reader's words. */
export function calendarBlocks(links: { google: string; outlook: string }, words: { google: string; outlook: string }): Block[] {
  return [{ link: { text: words.google, href: links.google } }, { link: { text: words.outlook, href: links.outlook } }];
}

/**
 * A person's name as an invite's ORGANIZER or ATTENDEE parameter (CN="…"): a quote would end the value early and
 * the rest of the name would be read as the address; control characters would break the line. Both go.
 */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f]/g;

export function icsName(name: string): string {
  return oneLine(name.replace(/"/g, "'"));
}

/**
 * A text on one line: what a calendar's own property (X-WR-CALNAME) or a header is given. Names are refused with a
 * line break now (oneLineText), but a record saved before that may hold one.
 */
export function oneLine(text: string): string {
  return text.replace(CONTROLS, " ").replace(/ {2,}/g, " ").trim();
}
