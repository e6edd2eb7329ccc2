/**
 * What a reminder says by phone (issue 42, point 2): from the facts of the e-mail it goes with, a short text in the
 * reader's language (an SMS, `phone.*` in the catalogues) and the three variables of its WhatsApp template. Kept in
 * the phone's own outbox row (`PhoneFacts`), without the e-mail's one-time sign-in link: a phone's message links to
 * the page, where the person signs in as always.
 */
import type { PhonePurpose } from "../../lib/contract.js";
import { translator } from "../../lib/i18n/index.js";
import { intlLocale, isLang, type Lang } from "../../lib/i18n/languages.js";
import { when } from "../mail/compose.js";
import type { Facts } from "../mail/facts.js";

/** Who a message by phone is for: the account whose consents say where it goes. */
export type PhonePerson = { kind: "agent" | "mentor" | "client"; id: number };

export type PhoneFacts = {
  purpose: PhonePurpose;
  person: PhonePerson;
  lang: Lang;
  /** The person's first name */
  name: string;
  /** The page it links to, under the portal's address */
  path: string;
  /** What it is about, by purpose */
  session?: { booking_id: number; start_at: string; zone: string; with: string };
  count?: number;
  title?: string;
  from?: string;
  /** The code that confirms a number (purpose phone_code) */
  code?: string;
};

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The reminder by phone an e-mail's facts call for, or null (the e-mail alone). */
export function phoneFacts(facts: Facts, person: PhonePerson): PhoneFacts | null {
  const base = (to: { name: string; lang?: string }) => ({
    person,
    lang: (isLang(to.lang) ? to.lang : "en") as Lang,
    name: firstName(to.name),
  });
  switch (facts.kind) {
    case "booking.reminder": {
      const { to, session: s } = facts;
      const path = to.role === "client" ? "/my" : to.role === "mentor" ? "/mentoring" : "/bookings";
      const other = to.role === "mentor" ? (s.client_short ?? s.client_name) : s.mentor_name;
      return {
        ...base(to),
        purpose: "session_reminder",
        path,
        session: { booking_id: s.booking_id, start_at: s.start_at, zone: to.zone, with: other },
      };
    }
    case "client.documents_requested":
      return { ...base(facts.to), purpose: "documents_waiting", path: "/my", count: facts.items.length };
    case "client.questionnaire": {
      if (facts.event === "returned" && !facts.link) return null;
      const lang = base(facts.to).lang;
      const title = (lang !== "en" && facts.title[lang]) || facts.title.en;
      return { ...base(facts.to), purpose: "questionnaire_waiting", path: "/my", title };
    }
    case "client.new_messages":
      return { ...base(facts.to), purpose: "unread_messages", path: "/my/messages", count: facts.count, from: facts.agent.name };
    case "agent.client_messages":
      return {
        ...base(facts.to),
        purpose: "unread_messages",
        path: `/clients/${facts.client.id}/messages`,
        count: facts.count,
        from: facts.client.name,
      };
    default:
      return null;
  }
}

/** The SMS's text, and the WhatsApp template's {{1}} name, {{2}} what it is about, {{3}} the link. */
export function phoneText(f: PhoneFacts, ctx: { publicUrl: string; company: string }) {
  const t = translator(f.lang);
  const link = `${ctx.publicUrl.replace(/\/$/, "")}${f.path}`;
  const detail = (() => {
    switch (f.purpose) {
      case "session_reminder":
        return t("phone.aboutSession", {
          who: f.session!.with,
          when: when(f.session!.start_at, f.session!.zone, intlLocale(f.lang)),
        });
      case "documents_waiting":
        return t("phone.aboutDocuments", { count: f.count ?? 1 });
      case "questionnaire_waiting":
        return t("phone.aboutQuestionnaire", { title: f.title ?? "" });
      case "unread_messages":
        return t("phone.aboutMessages", { count: f.count ?? 1, from: f.from ?? "" });
      case "phone_code":
        return t("phone.codeDetail", { code: f.code ?? "" });
    }
  })();
  // A code is its own short message: no link to open, nothing to stop (no reminder goes before it is typed back).
  if (f.purpose === "phone_code") {
    return {
      body: t("phone.code", { company: ctx.company, code: f.code ?? "" }),
      variables: { "1": f.name, "2": detail, "3": link },
    };
  }
  const body = t("phone.message", { company: ctx.company, name: f.name, detail, link });
  return { body: `${body} ${t("phone.stop")}`, variables: { "1": f.name, "2": detail, "3": link } };
}

/** What each template's variables hold (the office's page says it beside each reminder). */
export const templateVariables: [string, string, string] = [
  "the person's first name",
  "what it is about (the session and its time, the documents, the questionnaire, the messages)",
  "the link to their page",
];
