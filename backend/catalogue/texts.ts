/**
 * A plan's or a mentor's words in Arabic, Spanish and French (issue 37, point 4): kept one row a field in
 * `catalogue_texts`, saved with the English in the same transaction, and read back either as the office edits them
 * (every language) or as a page in one language shows them (each field in it, or in English when not written).
 */
import type { Kysely } from "kysely";
import type { Translations } from "../../lib/catalogue-texts.js";
import { textLangs } from "../../lib/i18n/languages.js";
import type { Lang, TextLang } from "../../lib/i18n/languages.js";
import type { Database } from "../db/schema.js";

type Kind = "plan" | "mentor";
type Written = Record<string, string | string[] | null | undefined>;

/**
 * Replaces what is written of one plan or mentor in each language the input names (a field left out, blank or an
 * empty list is not written: English is shown). Languages the input leaves out keep their words.
 */
export async function saveTexts(
  trx: Kysely<Database>,
  kind: Kind,
  refId: number,
  texts: Translations<Written> | undefined,
  now: Date,
) {
  if (!texts) return;
  for (const lang of textLangs) {
    const fields = texts[lang];
    if (fields === undefined) continue;
    await trx
      .deleteFrom("catalogue_texts")
      .where("kind", "=", kind)
      .where("ref_id", "=", refId)
      .where("lang", "=", lang)
      .execute();
    const rows = Object.entries(fields ?? {})
      .filter(([, value]) => (Array.isArray(value) ? value.length > 0 : Boolean(value?.trim())))
      .map(([field, value]) => ({
        kind,
        ref_id: refId,
        lang,
        field,
        text: Array.isArray(value) ? JSON.stringify(value) : value!.trim(),
        updated_at: now.toISOString(),
      }));
    if (rows.length) await trx.insertInto("catalogue_texts").values(rows).execute();
  }
}

/** Every language's words of these plans or mentors, by id: what the office's forms show. */
export async function textsOf<T>(db: Kysely<Database>, kind: Kind, refIds: number[], lists: readonly string[]) {
  const found = new Map<number, Translations<T>>();
  if (!refIds.length) return found;
  const rows = await db
    .selectFrom("catalogue_texts")
    .select(["ref_id", "lang", "field", "text"])
    .where("kind", "=", kind)
    .where("ref_id", "in", refIds)
    .execute();
  for (const row of rows) {
    const texts = found.get(row.ref_id) ?? {};
    const lang = row.lang as TextLang;
    const fields = (texts[lang] ?? {}) as Record<string, unknown>;
    fields[row.field] = lists.includes(row.field) ? (JSON.parse(row.text) as string[]) : row.text;
    texts[lang] = fields as T;
    found.set(row.ref_id, texts);
  }
  return found;
}

/**
 * Rows as a page in `lang` shows them: each of `fields` in that language where the office wrote it, else the
 * English, named in `english` (the page marks it `lang="en"`). English pages read the rows as they are.
 */
export async function inLanguage<R extends { id: number }, F extends string>(
  db: Kysely<Database>,
  kind: Kind,
  rows: R[],
  lang: Lang,
  fields: readonly F[],
  lists: readonly string[],
): Promise<Array<R & { english: F[] }>> {
  if (lang === "en") return rows.map((row) => ({ ...row, english: [] }));
  const texts = await textsOf<Partial<Record<F, unknown>>>(
    db,
    kind,
    rows.map((r) => r.id),
    lists,
  );
  return rows.map((row) => {
    const written: Partial<Record<F, unknown>> = texts.get(row.id)?.[lang as TextLang] ?? {};
    const english = fields.filter((f) => written[f] === undefined);
    return { ...row, ...written, english };
  });
}
