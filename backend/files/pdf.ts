/**
 * A PDF of words in any of the portal's languages (issue 40): a questionnaire's answers, a signed agreement. PDFKit
 * writes the PDF and, through fontkit, shapes each run of text with its font's OpenType tables (Arabic letters take
 * their joined forms there); bidi-js (the Unicode Bidirectional Algorithm, UAX #9) gives each character its level,
 * so each line is cut into runs of one direction and one script, put in visual order (rule L2) and drawn run by run.
 * Lines are wrapped here, by words, in the text's logical order. Everything is set in DejaVu Sans (free, from npm's dejavu-fonts-ttf).
 */
import { createRequire } from "node:module";
import bidiFactory from "bidi-js";
import type PDFKit from "pdfkit";
import type { Lang } from "../../lib/i18n/languages.js";

const require = createRequire(import.meta.url);
/** DejaVu Sans: Latin and Arabic in one face, each Arabic letter's forms whole glyphs of their own. */
const fonts = {
  regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
};
const bidi = bidiFactory();

export type PdfBlock =
  { h1: string } | { h2: string } | { p: string; muted?: boolean; bold?: boolean } | { pair: [string, string] } | { rule: true };

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const STRONG = /[\p{L}]/u;
const MARGIN = 56;
const PAGE = { width: 595.28, height: 841.89 };

type Doc = InstanceType<typeof PDFKit>;
type Run = { text: string; rtl: boolean; arabic: boolean };

/** The runs of one line in visual order: one direction and one script each. */
function visualRuns(line: string, dir: "ltr" | "rtl"): Run[] {
  const { levels } = bidi.getEmbeddingLevels(line, dir);
  const chars = [...line];
  // Levels are per UTF-16 unit: map each character to its first unit's level.
  const charLevels: number[] = [];
  let unit = 0;
  for (const c of chars) {
    charLevels.push(levels[unit]!);
    unit += c.length;
  }
  // Runs in logical order: a new run where the level changes, or where a letter changes script (neutrals join the
  // run they are in).
  const runs: Array<Run & { level: number }> = [];
  for (const [i, c] of chars.entries()) {
    const level = charLevels[i]!;
    const arabic = ARABIC.test(c);
    const last = runs.at(-1);
    const strong = STRONG.test(c) || /\d/.test(c);
    // A bracket is a run of its own: mirrored here in a right-to-left run, never left to a font to mirror.
    const bracket = bidi.getMirroredCharacter(c) !== null;
    const lastBracket = last ? bidi.getMirroredCharacter(last.text.at(-1) ?? "") !== null : false;
    if (
      last &&
      !bracket &&
      !lastBracket &&
      last.level === level &&
      (!strong || last.arabic === arabic || last.text.trim() === "")
    ) {
      last.text += c;
      if (strong) last.arabic = arabic;
    } else {
      runs.push({ text: c, level, rtl: level % 2 === 1, arabic });
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
  // A right-to-left run is shaped and turned by fontkit when it is Arabic; any other (spaces, punctuation) is turned
  // here, its brackets mirrored.
  return runs.map((r) =>
    r.rtl && !r.arabic
      ? {
          ...r,
          text: [...r.text]
            .reverse()
            .map((c) => bidi.getMirroredCharacter(c) ?? c)
            .join(""),
        }
      : r,
  );
}

type Face = { hasGlyphForCodePoint(cp: number): boolean; glyphForCodePoint(cp: number): unknown };
const faithful = new WeakSet<object>();

/**
 * The face set for a run. Each glyph is named in the PDF's text layer (its ToUnicode map) by the code point it was
 * first made for; fontkit keeps one glyph object per glyph, so the face's Arabic presentation forms (U+FB50–U+FDFF,
 * U+FE70–U+FEFF) are made first, each for its own code point: an Arabic letter's initial, medial or final form, or
 * the lam-alef ligature, is then one character in reading order, which readers turn back into the letters (NFKC).
 * Named by the letters it was shaped from, a ligature's two letters come out of a right-to-left line in the wrong
 * order. fontkit's face is reached through PDFKit's current font (`_font.font`).
 */
function withFace(doc: Doc, bold: boolean) {
  doc.font(bold ? "bold" : "regular");
  const face = (doc as unknown as { _font?: { font?: Face } })._font?.font;
  if (face && !faithful.has(face)) {
    faithful.add(face);
    for (const [from, to] of [
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
    ] as const) {
      for (let cp = from; cp <= to; cp++) if (face.hasGlyphForCodePoint(cp)) face.glyphForCodePoint(cp);
    }
  }
  return doc;
}

function widthOf(doc: Doc, text: string, dir: "ltr" | "rtl", size: number, bold: boolean) {
  return visualRuns(text, dir).reduce(
    (w, r) => w + withFace(doc, bold).fontSize(size).widthOfString(r.text, { features: [] }),
    0,
  );
}

/** The text cut into lines that fit `width`, by words, each paragraph (a line break in the text) on its own. */
function wrap(doc: Doc, text: string, width: number, dir: "ltr" | "rtl", size: number, bold: boolean): string[] {
  const out: string[] = [];
  for (const paragraph of text.replace(/\r\n/g, "\n").split("\n")) {
    let line = "";
    for (const word of paragraph.split(/ +/)) {
      const next = line ? `${line} ${word}` : word;
      if (line && widthOf(doc, next, dir, size, bold) > width) {
        out.push(line);
        line = word;
      } else line = next;
    }
    out.push(line);
  }
  return out;
}

/** The direction of a text: its first strong letter's, else the document's. */
function directionOf(text: string, fallback: "ltr" | "rtl"): "ltr" | "rtl" {
  for (const c of text) {
    if (ARABIC.test(c)) return "rtl";
    if (/\p{L}/u.test(c)) return "ltr";
  }
  return fallback;
}

/** Writes the blocks as A4 pages: headings, paragraphs, label and value pairs, rules; right-aligned in Arabic. */
export async function renderPdf(opts: { lang: Lang; title: string; blocks: PdfBlock[]; footer?: string }): Promise<Buffer> {
  const base: "ltr" | "rtl" = opts.lang === "ar" ? "rtl" : "ltr";
  // PDFKit (some 20 MiB once loaded) is imported when the first PDF is written, not when the server starts.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, info: { Title: opts.title }, lang: opts.lang, autoFirstPage: true });
  for (const [name, file] of Object.entries(fonts)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = PAGE.width - 2 * MARGIN;
  let y = MARGIN;
  const room = (h: number) => {
    if (y + h > PAGE.height - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
  };
  /** One line at `y`, its runs left to right, from the side `align` says (its own direction's unless told). */
  const drawLine = (
    line: string,
    dir: "ltr" | "rtl",
    x0: number,
    w: number,
    size: number,
    bold: boolean,
    color: string,
    align = dir,
  ) => {
    const runs = visualRuns(line, dir);
    const widths = runs.map((r) => withFace(doc, bold).fontSize(size).widthOfString(r.text, { features: [] }));
    const total = widths.reduce((a, b) => a + b, 0);
    let x = align === "rtl" ? x0 + w - total : x0;
    for (const [i, r] of runs.entries()) {
      withFace(doc, bold)
        .fontSize(size)
        .fillColor(color)
        .text(r.text, x, y + size * 1.1, { lineBreak: false, features: [], baseline: "alphabetic" });
      x += widths[i]!;
    }
  };
  /** A paragraph, each line ordered by its own direction; set from that direction's side, or from `align`'s. */
  const paragraph = (
    text: string,
    size: number,
    bold = false,
    color = "#111111",
    x0 = MARGIN,
    w = width,
    after = 6,
    align?: "ltr" | "rtl",
  ) => {
    const dir = directionOf(text, base);
    const lineHeight = size * 1.6;
    for (const line of wrap(doc, text, w, dir, size, bold)) {
      room(lineHeight);
      drawLine(line, dir, x0, w, size, bold, color, align ?? dir);
      y += lineHeight;
    }
    y += after;
  };
  for (const block of opts.blocks) {
    if ("h1" in block) paragraph(block.h1, 20, true, "#0b3b4a", MARGIN, width, 10);
    else if ("h2" in block) {
      y += 6;
      paragraph(block.h2, 14, true, "#0b3b4a", MARGIN, width, 4);
    } else if ("p" in block) paragraph(block.p, 11, Boolean(block.bold), block.muted ? "#555555" : "#111111");
    else if ("pair" in block) {
      // A value stands under its label, on the document's side, whatever its own direction.
      paragraph(block.pair[0], 10, true, "#333333", MARGIN, width, 0, base);
      paragraph(block.pair[1] || "—", 11, false, "#111111", MARGIN, width, 8, base);
    } else {
      room(12);
      doc
        .moveTo(MARGIN, y + 4)
        .lineTo(PAGE.width - MARGIN, y + 4)
        .strokeColor("#cccccc")
        .stroke();
      y += 12;
    }
  }
  if (opts.footer) {
    y += 10;
    paragraph(opts.footer, 8, false, "#666666");
  }
  doc.end();
  return done;
}
