import { translator } from "../../lib/i18n/index.js";
import { asLang, intlLocale, pathInLang } from "../../lib/i18n/languages.js";
import { compose, when, type Block, type MailContext, type Rendered } from "./compose.js";
import type { Facts } from "./facts.js";

/**
 * An account's password and address e-mails, from the catalogue's `accountMail`: in a mentor's language (issue 26),
 * in English for agents and staff (no `lang`). The pages their links open are in the same language.
 */
export function accountMessage(
  facts: Extract<
    Facts,
    {
      kind:
        | "account.password_link"
        | "account.password_changed"
        | "account.email_change"
        | "account.email_changed"
        | "account.security";
    }
  >,
  ctx: MailContext,
): Rendered {
  const { to } = facts;
  const lang = asLang(to.lang);
  const t = translator(lang);
  const at = (iso: string) => when(iso, to.zone, intlLocale(lang));
  const company = ctx.company.name;
  const inLang = (href: string) => {
    const url = new URL(href);
    url.pathname = pathInLang(url.pathname, lang);
    return url.toString();
  };
  const write = (subject: string, blocks: Block[], why: string) =>
    compose(ctx, subject, t("mail.hello", { name: to.name }), blocks, why, lang);
  switch (facts.kind) {
    case "account.password_link": {
      const reset = facts.purpose === "reset";
      return write(
        t(reset ? "accountMail.resetSubject" : "accountMail.setSubject", { company }),
        [
          { p: t(reset ? "accountMail.reset" : "accountMail.set", { company }) },
          { link: { text: t(reset ? "accountMail.resetLink" : "accountMail.setLink"), href: inLang(facts.link) } },
          { p: t("accountMail.linkOnce", { until: at(facts.expires_at) }) },
        ],
        t(reset ? "accountMail.whyReset" : "accountMail.whySet"),
      );
    }
    case "account.password_changed":
      return write(
        t("accountMail.changedSubject", { company }),
        [
          { p: t(facts.how === "reset" ? "accountMail.changedByReset" : "accountMail.changed", { when: at(facts.at) }) },
          { p: t("accountMail.notYou") },
          { link: { text: t("accountMail.resetLink"), href: inLang(`${ctx.publicUrl}/forgot-password`) } },
        ],
        t("accountMail.whyChanged"),
      );
    case "account.email_change":
      return write(
        t("accountMail.emailChangeSubject", { company }),
        [
          { p: t("accountMail.emailChange", { company, old: facts.old_email }) },
          { link: { text: t("accountMail.confirmAddress"), href: facts.link } },
          { p: t("accountMail.emailChangeLinkOnce", { until: at(facts.expires_at) }) },
        ],
        t("accountMail.whyEmailChange"),
      );
    case "account.security": {
      const security = inLang(`${ctx.publicUrl}/account/security`);
      return write(
        t(`accountMail.security.${facts.event}Subject`, { company }),
        [
          { p: t(`accountMail.security.${facts.event}`, { when: at(facts.at), name: facts.name ?? "" }) },
          { p: t("accountMail.security.notYou") },
          { link: { text: t("accountMail.security.link"), href: security } },
        ],
        t("accountMail.security.why"),
      );
    }
    case "account.email_changed":
      return write(
        t("accountMail.emailChangedSubject", { company }),
        [
          { p: t("accountMail.emailChanged", { when: at(facts.at), new: facts.new_email }) },
          { p: t("accountMail.emailChangedNotYou") },
        ],
        t("accountMail.whyEmailChanged"),
      );
  }
}
