/**
 * What a mentor is told of the sessions they give: booked (with the invite), moved (the invite again, its SEQUENCE
 * one higher), cancelled (the invite's cancellation) and the reminder. In the mentor's language (issue 26: the
 * catalogue's `mentorMail`) and own zone, named; the client by first name and initial, the agent to write to; never
 * the price, nor anything of the client's papers.
 */
import { translator } from "../../lib/i18n/index.js";
import { asLang, intlLocale } from "../../lib/i18n/languages.js";
import { calendarBlocks, compose, sessionInvite, when, type Block, type MailContext, type Rendered } from "./compose.js";
import type { Facts, SessionKind } from "./facts.js";

/** A session's messages, as their facts are kept (a cancellation's refund is the agent's to hear of, not the mentor's). */
type SessionMail = Extract<Facts, { kind: SessionKind }>;

export function mentorSessionMessage(facts: SessionMail, ctx: MailContext): Rendered {
  const { to, session: s } = facts;
  const lang = asLang(to.lang);
  const t = translator(lang);
  const at = (iso: string) => when(iso, to.zone, intlLocale(lang));
  const client = s.client_short ?? s.client_name;
  const company = ctx.company.name;
  const rows: Array<[string, string]> = [
    [t("mail.client"), client],
    [t("mail.topic"), s.topic],
    [t("mail.starts"), at(s.start_at)],
    [t("mail.ends"), at(s.end_at)],
    [t("mentorMail.bookedBy"), `${s.agent_name} (${s.agent_email})`],
    ...(s.join_url ? ([[t("mail.join"), s.join_url]] as Array<[string, string]>) : []),
  ];
  const agenda: Block = { link: { text: t("mentorMail.agenda"), href: `${ctx.publicUrl}/mentoring` } };
  const write = (subject: string, blocks: Block[]) =>
    compose(ctx, subject, t("mail.hello", { name: to.name }), blocks, t("mentorMail.why", { company }), lang);
  const invite = (method: "REQUEST" | "CANCEL") =>
    sessionInvite(ctx, to, s, method, {
      summary: t("mentorMail.inviteSummary", { mentor: s.mentor_name, client }),
      description: t("mentorMail.inviteDescription", { topic: s.topic, agent: s.agent_name, company }),
    });
  const words = { client, when: at(s.start_at) };
  /** An invite to add, with the web calendars' links beside it (issue 42, point 3) */
  const adding = () => {
    const ics = invite("REQUEST");
    return { ics, blocks: calendarBlocks(ics.links, { google: t("mail.addToGoogle"), outlook: t("mail.addToOutlook") }) };
  };

  switch (facts.kind) {
    case "booking.confirmed": {
      const added = adding();
      return {
        ...write(t("mentorMail.confirmedSubject", words), [
          { p: t("mentorMail.confirmed") },
          { rows },
          { p: t("mentorMail.writeAgent", { agent: s.agent_name }) },
          agenda,
          ...added.blocks,
        ]),
        ics: added.ics,
      };
    }
    case "booking.reminder": {
      const added = adding();
      return {
        ...write(t("mentorMail.reminderSubject", words), [
          { p: t("mentorMail.reminder", { client }) },
          { rows },
          agenda,
          ...added.blocks,
        ]),
        ics: added.ics,
      };
    }
    case "booking.moved": {
      const added = adding();
      return {
        ...write(t("mentorMail.movedSubject", words), [
          { p: t("mentorMail.moved", { client, from: at(facts.from.start_at), to: at(s.start_at) }) },
          { rows },
          agenda,
          ...added.blocks,
        ]),
        ics: added.ics,
      };
    }
    case "booking.cancelled": {
      const why = {
        mentor: t("mentorMail.cancelledNoNewTime", { client }),
        mentor_change: t("mentorMail.cancelledNewHours", { client }),
        staff: t("mentorMail.cancelledByStaff", { client }),
        agent: t("mentorMail.cancelledByAgent", { client, agent: s.agent_name }),
      }[facts.by];
      return {
        ...write(t("mentorMail.cancelledSubject", words), [{ p: why }, { rows }, agenda]),
        ics: invite("CANCEL"),
      };
    }
  }
}

/** A mentor's calendar stopped answering the portal (issue 69, point 4): why, until when its busy times count, and the way back. */
export function mentorCalendarMessage(facts: Extract<Facts, { kind: "calendar.broken" }>, ctx: MailContext): Rendered {
  const { to } = facts;
  const lang = asLang(to.lang);
  const t = translator(lang);
  const at = (iso: string) => when(iso, to.zone, intlLocale(lang));
  const why =
    facts.calendar.code === "calendar.token_revoked"
      ? t("mentorMail.calendarBrokenToken")
      : facts.calendar.code === "calendar.key_changed"
        ? t("mentorMail.calendarBrokenKey")
        : t("mentorMail.calendarBrokenPassword");
  const calendar = facts.calendar.label;
  return compose(
    ctx,
    t("mentorMail.calendarBrokenSubject", { calendar }),
    t("mail.hello", { name: to.name }),
    [
      { p: t("mentorMail.calendarBroken", { calendar, when: at(facts.broken_since), why }) },
      { p: t("mentorMail.calendarBrokenCounts", { until: at(facts.counts_until) }) },
      { link: { text: t("mentorMail.calendarReconnect"), href: `${ctx.publicUrl}/mentoring/calendars` } },
    ],
    t("mentorMail.why", { company: ctx.company.name }),
    lang,
  );
}
