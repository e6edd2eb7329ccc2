/**
 * A form checked in the browser with the very schema its action checks it with (decision 017): fetched the first time
 * the form takes the focus (./form.tsx), with zod and Conform's zod reader, so no page's first load carries them.
 * It reads the fields as the action does (`textFields`: only the names it reads, each as text, a missing one empty)
 * and says each issue by its code, as the server would in the page's language (lib/field-errors.ts,
 * ../../lib/field-words.ts).
 */
import { parseWithZod } from "@conform-to/zod";
import type { ZodIssue, ZodTypeAny } from "zod";
import { issueCode } from "../../../lib/field-errors";
import { FIX_FIELDS } from "../../../lib/messages";
import { fieldLabelKey, type FieldWords } from "../../lib/field-words";

/** The page's words (app/lib/page-words.tsx): its language, a key's words with their values, whether it has a key. */
export type PageWords = {
  lang: string;
  t: (key: string, values?: Record<string, string | number>) => string;
  has: (key: string) => boolean;
};

/** Conform's control fields, which the check must see (a field's validation asked again as it changes). */
const CONTROLS = ["__intent__", "__state__"];

/**
 * The check of one form: a Conform submission for what the form holds, or null where the browser cannot say an
 * issue in the page's language (a code, or a key, the page's words lack): the server then checks the post itself.
 * `table` is the words' keys, handed over by the page (../../lib/field-words.ts `fieldWords`).
 */
export function formCheck(schema: ZodTypeAny, names: readonly string[], words: () => PageWords, table: FieldWords) {
  const say = (page: PageWords, issue: ZodIssue): string | null => {
    if (page.lang === "en") return issue.message;
    const { code, params } = issueCode(issue);
    const field = String(issue.path[0] ?? "");
    const key = table.fieldKeys[field]?.[code] ?? table.codeKeys[code];
    const label = fieldLabelKey(field);
    return key && page.has(key) && page.has(label) ? page.t(key, { ...params, field: page.t(label) }) : null;
  };
  return (formData: FormData) => {
    const page = words();
    const payload = new URLSearchParams(names.map((name) => [name, String(formData.get(name) ?? "")]));
    for (const control of CONTROLS) {
      const value = formData.get(control);
      if (typeof value === "string") payload.set(control, value);
    }
    let unsaid = false;
    const submission = parseWithZod(payload, {
      schema,
      disableAutoCoercion: true,
      formatError: (issues: ZodIssue[]) =>
        issues.map((issue) => {
          const said = say(page, issue);
          if (said === null) unsaid = true;
          return said ?? issue.message;
        }),
    });
    if (unsaid) return null;
    const fieldsRefused = Object.keys((submission.status === "error" && submission.error) || {}).some((name) => name !== "");
    if (submission.status === "success" || !fieldsRefused || formData.has(CONTROLS[0]!)) return submission;
    // A post refused here reads as the server's refusal would: the summary above, each field's words beside it.
    const fix = table.codeKeys["validation.failed"];
    const summary = page.lang === "en" || !fix || !page.has(fix) ? FIX_FIELDS : page.t(fix);
    return {
      ...submission,
      reply: (options?: Parameters<typeof submission.reply>[0]) => submission.reply({ formErrors: [summary], ...options }),
    };
  };
}
