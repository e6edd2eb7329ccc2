/**
 * What a client is written, in the client's language (issue 26): their sessions (confirmed, reminded, cancelled,
 * moved), the documents their agent asks for or could not accept, and their sign-in link. The words are the
 * catalogue's (`mail.*` in lib/i18n), the dates as the language writes them in the client's zone (named), the
 * invite's title and text in the language too; Arabic is laid out right to left. A message written before clients
 * had a language (no `lang` in its facts) is English.
 */
import { localizeDocumentTitle } from "../../lib/i18n/document-titles.js";
import { translator } from "../../lib/i18n/index.js";
import { asLang, intlLocale } from "../../lib/i18n/languages.js";
import { wordsIn } from "../../lib/intake.js";
import { stageName } from "../../lib/stage-name.js";
import {
  calendarBlocks,
  compose,
  sessionInvite,
  when,
  type MailContext,
  type Recipient,
  type Rendered,
  type SessionFacts,
} from "./compose.js";
import type { Facts, SessionKind, StageNames } from "./facts.js";

export type ClientFacts = Extract<
  Facts,
  {
    kind:
      | SessionKind
      | "client.documents_requested"
      | "client.document_rejected"
      | "client.sign_in_link"
      | "client.new_messages"
      | "client.case_moved"
      | "client.move_kept"
      | "client.questionnaire"
      | "client.agreement"
      | "credits.expiring";
  }
>;

const clientKinds = new Set<Facts["kind"]>([
  "booking.confirmed",
  "booking.reminder",
  "booking.cancelled",
  "booking.moved",
  "client.documents_requested",
  "client.document_rejected",
  "client.sign_in_link",
  "client.new_messages",
  "client.case_moved",
  "client.move_kept",
  "client.questionnaire",
  "client.agreement",
  "credits.expiring",
]);

/** Whether this message goes to a client, to be written by clientMessage. */
export function isClientMessage(facts: Facts): boolean {
  return clientKinds.has(facts.kind) && "to" in facts && facts.to.role === "client";
}

/**
 * A client's session as a calendar file in their language: the e-mailed invite (REQUEST, CANCEL), or the file their
 * page offers to download (PUBLISH: an event to add, not an invitation to answer).
 */
export function clientInvite<M extends "REQUEST" | "CANCEL" | "PUBLISH">(
  ctx: MailContext,
  to: Recipient,
  s: SessionFacts,
  method: M,
) {
  const t = translator(asLang(to.lang));
  return sessionInvite(ctx, to, s, method, {
    summary: t("mail.inviteSummary", { mentor: s.mentor_name, client: s.client_name }),
    description: t("mail.inviteDescription", { topic: s.topic, agent: s.agent_name, company: ctx.company.name }),
  });
}

export function clientMessage(facts: ClientFacts, ctx: MailContext): Rendered {
  const { to } = facts;
  const lang = asLang(to.lang);
  const t = translator(lang);
  const at = (iso: string) => when(iso, to.zone, intlLocale(lang));
  const hello = t("mail.hello", { name: to.name });
  // The page a link opens is in the same language (the root reads `lang` on the client's link page).
  const inLang = (link: string) => (lang === "en" ? link : `${link}${link.includes("?") ? "&" : "?"}lang=${lang}`);
  const company = ctx.company.name;
  const write = (subject: string, blocks: Parameters<typeof compose>[3], why: string) =>
    compose(ctx, subject, hello, blocks, why, lang);

  const sessionRows = (s: SessionFacts): Array<[string, string]> => {
    const rows: Array<[string, string]> = [
      [t("mail.mentor"), s.mentor_name],
      [t("mail.client"), s.client_name],
      [t("mail.topic"), s.topic],
      [t("mail.starts"), at(s.start_at)],
      [t("mail.ends"), at(s.end_at)],
    ];
    if (s.mentor_zone !== to.zone) rows.push([t("mail.mentorZone"), when(s.start_at, s.mentor_zone, intlLocale(lang))]);
    if (s.join_url) rows.push([t("mail.join"), s.join_url]);
    return rows;
  };
  const invite = (s: SessionFacts, method: "REQUEST" | "CANCEL") => clientInvite(ctx, to, s, method);
  /** An invite to add, with the web calendars' links beside it (issue 42, point 3) */
  const adding = (s: SessionFacts) => {
    const ics = invite(s, "REQUEST");
    return { ics, blocks: calendarBlocks(ics.links, { google: t("mail.addToGoogle"), outlook: t("mail.addToOutlook") }) };
  };

  switch (facts.kind) {
    case "booking.confirmed": {
      const s = facts.session;
      const added = adding(s);
      const r = write(
        t("mail.confirmedSubject", { mentor: s.mentor_name, when: at(s.start_at) }),
        [
          { p: t("mail.confirmed", { mentor: s.mentor_name }) },
          { rows: sessionRows(s) },
          { p: t("mail.askAgent", { agent: s.agent_name, email: s.agent_email }) },
          ...added.blocks,
        ],
        t("mail.whyBooked", { agent: s.agent_name }),
      );
      return { ...r, ics: added.ics };
    }
    case "booking.reminder": {
      const s = facts.session;
      const cutoff = at(new Date(Date.parse(s.start_at) - ctx.cancelCutoffHours * 3_600_000).toISOString());
      const added = adding(s);
      const r = write(
        t("mail.reminderSubject", { mentor: s.mentor_name, when: at(s.start_at) }),
        [
          { p: t("mail.reminder", { mentor: s.mentor_name }) },
          { rows: sessionRows(s) },
          { p: t("mail.cannotCome", { agent: s.agent_name, email: s.agent_email, cutoff }) },
          ...added.blocks,
        ],
        t("mail.whyBooked", { agent: s.agent_name }),
      );
      return { ...r, ics: added.ics };
    }
    case "booking.cancelled": {
      const s = facts.session;
      const key = {
        mentor: "mail.cancelledByMentor",
        mentor_change: "mail.cancelledMentorChange",
        staff: "mail.cancelledByStaff",
        agent: "mail.cancelled",
      }[facts.by];
      const r = write(
        t("mail.cancelledSubject", { mentor: s.mentor_name, when: at(s.start_at) }),
        [{ p: t(key, { mentor: s.mentor_name }) }, { rows: sessionRows(s) }],
        t("mail.whyBooked", { agent: s.agent_name }),
      );
      return { ...r, ics: invite(s, "CANCEL") };
    }
    case "booking.moved": {
      const s = facts.session;
      const added = adding(s);
      const r = write(
        t("mail.movedSubject", { mentor: s.mentor_name, when: at(s.start_at) }),
        [
          { p: t("mail.moved", { mentor: s.mentor_name, from: at(facts.from.start_at), to: at(s.start_at) }) },
          { rows: sessionRows(s) },
          { p: t("mail.askAgainAgent", { agent: s.agent_name, email: s.agent_email }) },
          ...added.blocks,
        ],
        t("mail.whyBooked", { agent: s.agent_name }),
      );
      return { ...r, ics: added.ics };
    }
    case "client.documents_requested": {
      const { agent } = facts;
      const list = new Intl.ListFormat(intlLocale(lang), { type: "conjunction" }).format(
        facts.items.map((title) => localizeDocumentTitle(t, title)),
      );
      return write(
        facts.reminder
          ? t("mail.documentsReminderSubject", { agent: agent.name })
          : t("mail.documentsSubject", { agent: agent.name }),
        [
          { p: t(facts.reminder ? "mail.documentsReminder" : "mail.documents", { agent: agent.name, company, list }) },
          ...(facts.message ? [{ p: t("mail.agentWrites", { agent: agent.name, message: facts.message }) }] : []),
          { p: t("mail.howToSend") },
          { link: { text: t("mail.sendDocuments"), href: inLang(facts.link) } },
          { p: t("mail.linkOnceLater", { until: at(facts.expires_at), url: inLang(`${ctx.publicUrl}/my/sign-in`) }) },
          { p: t("mail.questions", { agent: agent.name, email: agent.email }) },
        ],
        t("mail.whyDocuments", { agent: agent.name }),
      );
    }
    case "client.document_rejected": {
      const { agent } = facts;
      const title = localizeDocumentTitle(t, facts.title);
      return write(
        t("mail.rejectedSubject", { title }),
        [
          { p: t("mail.rejected", { agent: agent.name, company, title }) },
          { rows: [[t("mail.why"), facts.reason]] },
          { p: t("mail.sendAgainText") },
          { link: { text: t("mail.sendAgain"), href: inLang(facts.link) } },
          { p: t("mail.linkOnce", { until: at(facts.expires_at) }) },
          { p: t("mail.questions", { agent: agent.name, email: agent.email }) },
        ],
        t("mail.whyRejected", { agent: agent.name }),
      );
    }
    case "client.new_messages": {
      const { agent } = facts;
      return write(
        t("mail.newMessagesSubject"),
        [
          { p: t("mail.newMessages", { agent: agent.name, company, count: facts.count }) },
          { link: { text: t("mail.readMessages"), href: inLang(facts.link) } },
          { p: t("mail.linkOnceLater", { until: at(facts.expires_at), url: inLang(`${ctx.publicUrl}/my/sign-in`) }) },
        ],
        t("mail.whyMessages", { company }),
      );
    }
    case "client.case_moved": {
      const { agent } = facts;
      const named = (s: StageNames) => stageName(s, lang);
      const service = t(`services.s${facts.service_id}.name`);
      const stage = named(facts.stage);
      return write(
        t("mail.caseMovedSubject", { service, stage }),
        [
          { p: t("mail.caseMoved", { agent: agent.name, service, stage }) },
          ...(facts.next ? [{ p: t("mail.caseNext", { stage: named(facts.next) }) }] : []),
          ...(facts.note ? [{ p: t("mail.agentWrites", { agent: agent.name, message: facts.note }) }] : []),
          ...(facts.link
            ? [
                { link: { text: t("mail.seeCase"), href: inLang(facts.link) } },
                { p: t("mail.linkOnceLater", { until: at(facts.expires_at!), url: inLang(`${ctx.publicUrl}/my/sign-in`) }) },
              ]
            : []),
          { p: t("mail.questions", { agent: agent.name, email: agent.email }) },
        ],
        t("mail.whyCase", { company }),
      );
    }
    case "client.move_kept": {
      const { agent } = facts;
      return write(
        t("mail.moveKeptSubject", { mentor: facts.mentor_name }),
        [
          { p: t("mail.moveKept", { mentor: facts.mentor_name, when: at(facts.start_at), agent: agent.name }) },
          { p: t("mail.agentWrites", { agent: agent.name, message: facts.answer }) },
          { p: t("mail.questions", { agent: agent.name, email: agent.email }) },
        ],
        t("mail.whyBooked", { agent: agent.name }),
      );
    }
    case "client.questionnaire": {
      const { agent } = facts;
      const title = wordsIn(facts.title, lang);
      const lead =
        facts.event === "returned"
          ? t("mail.questionnaireReturned", { agent: agent.name, title })
          : facts.event === "reminder"
            ? t("mail.questionnaireReminder", { title })
            : t("mail.questionnaireSent", { agent: agent.name, title, company });
      return write(
        t(
          `mail.questionnaire${facts.event === "returned" ? "Returned" : facts.event === "reminder" ? "Reminder" : "Sent"}Subject`,
          { title },
        ),
        [
          { p: lead },
          ...(facts.note ? [{ p: t("mail.agentWrites", { agent: agent.name, message: facts.note }) }] : []),
          { p: t("mail.questionnaireSaved") },
          ...(facts.link
            ? [
                { link: { text: t("mail.questionnaireOpen"), href: inLang(facts.link) } },
                { p: t("mail.linkOnceLater", { until: at(facts.expires_at!), url: inLang(`${ctx.publicUrl}/my/sign-in`) }) },
              ]
            : []),
          { p: t("mail.questions", { agent: agent.name, email: agent.email }) },
        ],
        t("mail.whyQuestionnaire", { agent: agent.name }),
      );
    }
    case "client.agreement": {
      const { agent } = facts;
      const service = t(`services.s${facts.service_id}.name`);
      return write(
        t(facts.event === "reminder" ? "mail.agreementReminderSubject" : "mail.agreementSubject", { service }),
        [
          {
            p: t(facts.event === "reminder" ? "mail.agreementReminder" : "mail.agreementSent", {
              agent: agent.name,
              service,
              company,
            }),
          },
          { link: { text: t("mail.agreementOpen"), href: inLang(facts.link) } },
          { p: t("mail.linkOnceLater", { until: at(facts.expires_at), url: inLang(`${ctx.publicUrl}/my/sign-in`) }) },
          { p: t("mail.questions", { agent: agent.name, email: agent.email }) },
        ],
        t("mail.whyAgreement", { agent: agent.name }),
      );
    }
    case "credits.expiring": {
      const { agent } = facts;
      return write(
        t("mail.creditsSubject", { pack: facts.pack_name, day: at(facts.expires_at) }),
        [
          {
            p: t("mail.creditsEnding", {
              left: facts.left,
              count: facts.sessions,
              pack: facts.pack_name,
              day: at(facts.expires_at),
            }),
          },
          { p: t("mail.questions", { agent: agent.name, email: agent.email }) },
        ],
        t("mail.whyCredits", { agent: agent.name }),
      );
    }
    case "client.sign_in_link": {
      const { agent } = facts;
      return write(
        t("mail.linkSubject", { company }),
        [
          { p: t("mail.link", { company, agent: agent.name }) },
          { link: { text: t("mail.openPage"), href: inLang(facts.link) } },
          { p: t("mail.linkOnceIgnore", { until: at(facts.expires_at) }) },
        ],
        t("mail.whyLink"),
      );
    }
  }
}
