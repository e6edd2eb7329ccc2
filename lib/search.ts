/**
 * Names as they are searched (issue 21, point 9): the same letters whatever their case, accents or script's
 * optional marks, on both databases. SQLite's lower() folds only ASCII, so "Ñúñez" found nothing; the app folds
 * once, in JavaScript, into a `search_text` column it keeps beside the name, and folds what is searched for alike.
 *
 * - Unicode compatibility decomposition (NFKD), then the combining marks dropped: é→e, Ñ→n, Ö→o, İ→i.
 * - Letters that do not decompose: ß→ss, Ø/ø→o, Æ/æ→ae, Œ/œ→oe, Ł/ł→l, Đ/đ→d, Þ/þ→th, ı→i.
 * - Arabic: the short vowels and other marks (harakat, tatweel) dropped; alef with hamza or madda → alef, alef
 *   maqsura → ya, ta marbuta → ha, so a name is found however fully it was written.
 * - Lower case without a locale (Turkish İ and I behave like the others).
 */
const LETTERS: Record<string, string> = {
  ß: "ss",
  ẞ: "ss",
  ø: "o",
  Ø: "o",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  ł: "l",
  Ł: "l",
  đ: "d",
  Đ: "d",
  þ: "th",
  Þ: "th",
  ı: "i",
  ħ: "h",
  Ħ: "h",
  // Arabic letter forms written either way
  أ: "ا",
  إ: "ا",
  آ: "ا",
  ٱ: "ا",
  ى: "ي",
  ة: "ه",
};
const SPECIAL = new RegExp(`[${Object.keys(LETTERS).join("")}]`, "g");
/** Combining marks (Latin accents and the like), Arabic harakat and Quranic marks, and the tatweel. */
const MARKS = /[\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;

export function foldForSearch(text: string): string {
  return text
    .replace(SPECIAL, (c) => LETTERS[c]!)
    .normalize("NFKD")
    .replace(MARKS, "")
    .replace(SPECIAL, (c) => LETTERS[c]!)
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** What a client is found by: first and last name and e-mail, folded. */
export const clientSearchText = (c: { first_name: string; last_name: string; email: string }) =>
  foldForSearch(`${c.first_name} ${c.last_name} ${c.email}`);

/** What an agent is found by in the back office: name and e-mail, folded. */
export const agentSearchText = (a: { name: string; email: string }) => foldForSearch(`${a.name} ${a.email}`);
