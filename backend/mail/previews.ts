/**
 * Every kind of e-mail as it is sent, from made-up facts (samples.ts): the office's previews (issue 42, point 1).
 * Each one's words are cheap; its HTML (the layout, drawn by react-email) is drawn only for the one asked for.
 */
import type { MailPreview } from "../../lib/contract.js";
import type { Lang } from "../../lib/i18n/languages.js";
import { brandedHtml } from "./layout.js";
import { write, type MailContext } from "./messages.js";
import { sampleFacts } from "./samples.js";

export async function mailPreviews(
  lang: Lang,
  publicUrl: string,
  company: MailContext["company"],
  cancelCutoffHours: number,
  /** The one whose HTML is drawn (the others' is null; -1: none) */
  drawn: number,
): Promise<MailPreview[]> {
  const ctx = { publicUrl, company, cancelCutoffHours };
  return Promise.all(
    sampleFacts(lang, publicUrl).map(async (facts, n) => {
      const m = write(facts, ctx);
      const to = "to" in facts ? facts.to : null;
      return {
        n,
        kind: facts.kind,
        reader: to?.role ?? "staff",
        lang: to?.lang ?? "en",
        subject: m.subject,
        text: m.text,
        html: n !== drawn ? null : m.layout ? await brandedHtml(m.layout, ctx) : m.html,
      };
    }),
  );
}
