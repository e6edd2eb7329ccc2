/**
 * One line of a PDF's text as the runs it is drawn in (issue 40; numbers, phones and addresses inside right-to-left
 * text, issue 66). bidi-js (the Unicode Bidirectional Algorithm, UAX #9) gives each character its level. Before it
 * does, what a reader reads left to right whatever the text around it is set apart as a left-to-right isolate
 * (U+2066 … U+2069): a number with its separators (`٢٠٢١–٢٠٢٦`, `+971 50 123 4567`, `(12)`), an e-mail address, a
 * web address. Left to the algorithm alone, an en dash between two numbers or the spaces of a phone number turn the
 * groups around (`4567 123 50 971+`).
 *
 * Each run has one level, one script and no space inside a right-to-left word, so that it can be written to the
 * page in reading order (what a PDF's text layer and `pdftotext -raw` give back) while it is placed where the
 * visual order (rule L2) puts it.
 */
import bidiFactory from "bidi-js";

const bidi = bidiFactory();

/** Arabic letters and marks; not its digits and their separators (U+0660–066C, U+06F0–06F9), which read left to right. */
const ARABIC = /[\u0600-\u065f\u066d-\u06ef\u06fa-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
/** A character of the Arabic script that a shaper would turn around although it reads left to right: its digits. */
export const ARABIC_DIGIT = /[\u0660-\u066c\u06f0-\u06f9]/;
const DIGIT = "0-9\u0660-\u0669\u06f0-\u06f9";
/** Left-to-right isolate and override, then their ends: outside, the island is one neutral; inside, all left to right. */
const OPEN = "\u2066\u202d";
const CLOSE = "\u202c\u2069";
const CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * What reads left to right inside any text: web addresses, e-mail addresses, and numbers with the separators
 * between their groups (one space, a hyphen or dash, a dot, a comma, a slash or a colon), a leading `+`, and the
 * brackets around them when both are there.
 */
const LEFT_TO_RIGHT = new RegExp(
  [
    String.raw`https?:\/\/[^\s]+[^\s.,;:!?،؛)\]]`,
    String.raw`[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+`,
    `\\(?\\+?[${DIGIT}]+(?:[ \\-\u2010-\u2015.,/:\u066b\u066c][${DIGIT}]+)*\\)?`,
  ].join("|"),
  "gu",
);

/** The line with each left-to-right island set apart (a bracket kept only where its pair is in the same island). */
export function isolateIslands(line: string): string {
  return line.replace(LEFT_TO_RIGHT, (island) => {
    const open = island.startsWith("(");
    const close = island.endsWith(")");
    if (open === close) return `${OPEN}${island}${CLOSE}`;
    return open ? `(${OPEN}${island.slice(1)}${CLOSE}` : `${OPEN}${island.slice(0, -1)}${CLOSE})`;
  });
}

/** The spaces inside islands, made unbreakable for wrapping (and given back by `spaces`). */
export function joinIslands(text: string): string {
  return text.replace(LEFT_TO_RIGHT, (island) => island.replace(/ /g, "\ue000"));
}
export const spaces = (text: string) => text.replace(/\ue000/g, " ");

/** The direction of a text: its first strong letter's outside the islands, else the document's (rule P2). */
export function directionOf(text: string, fallback: "ltr" | "rtl"): "ltr" | "rtl" {
  for (const c of text.replace(LEFT_TO_RIGHT, "")) {
    if (ARABIC.test(c)) return "rtl";
    if (/\p{L}/u.test(c)) return "ltr";
  }
  return fallback;
}

/**
 * A run: `text` in reading order; `rtl` if its level is odd; `arabic` if it holds Arabic letters (the shaper joins
 * and turns them); `order`, its place in reading order.
 */
export type Run = { text: string; rtl: boolean; arabic: boolean; order: number };

/** The runs of one line in visual order (left to right), each with its place in reading order. */
export function visualRuns(line: string, dir: "ltr" | "rtl"): Run[] {
  const isolated = isolateIslands(line);
  const { levels } = bidi.getEmbeddingLevels(isolated, dir);
  const runs: Array<Run & { level: number }> = [];
  let unit = 0;
  for (const c of isolated) {
    // Levels are per UTF-16 unit: each character takes its first unit's.
    const level = levels[unit]!;
    unit += c.length;
    if (CONTROLS.test(c)) continue;
    const arabic = ARABIC.test(c);
    const strong = /[\p{L}\p{N}]/u.test(c);
    const last = runs.at(-1);
    // A bracket is a run of its own, mirrored in a right-to-left run; a right-to-left word ends at a space.
    const bracket = bidi.getMirroredCharacter(c) !== null;
    const lastChar = last?.text.at(-1) ?? "";
    const lastBracket = bidi.getMirroredCharacter(lastChar) !== null;
    const wordEnd = last?.rtl === true && lastChar === " " && c !== " ";
    if (
      last &&
      !bracket &&
      !lastBracket &&
      !wordEnd &&
      last.level === level &&
      (!strong || last.arabic === arabic || last.text.trim() === "")
    ) {
      last.text += c;
      if (strong) last.arabic = arabic;
    } else {
      runs.push({ text: c, level, rtl: level % 2 === 1, arabic, order: runs.length });
    }
  }
  // Rule L2: from the highest level to the lowest odd one, reverse every sequence of runs at that level or above.
  const max = Math.max(0, ...runs.map((r) => r.level));
  const minOdd = Math.min(...runs.map((r) => r.level).filter((l) => l % 2 === 1), max + 1);
  for (let level = max; level >= minOdd && level > 0; level--) {
    for (let i = 0; i < runs.length;) {
      if (runs[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j]!.level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs;
}

/**
 * The glyphs a run is drawn as, left to right, each with the character it stands for. An Arabic run is one piece
 * (the shaper joins its letters and turns it). Any other right-to-left run is drawn a character at a time, turned
 * around, a bracket as its mirror image but standing for itself; a left-to-right run holding Arabic digits is drawn
 * a character at a time too, as a shaper would turn them (they are of the Arabic script); any other, in one piece.
 */
export function piecesOf(run: Run): Array<{ draw: string; means: string }> {
  if (run.arabic || (!run.rtl && !ARABIC_DIGIT.test(run.text))) return [{ draw: run.text, means: run.text }];
  const chars = [...run.text].map((c) => ({ draw: run.rtl ? (bidi.getMirroredCharacter(c) ?? c) : c, means: c }));
  return run.rtl ? chars.reverse() : chars;
}
