/**
 * A PDF of words in any of the portal's languages (issue 40): a questionnaire's answers, a signed agreement. PDFKit
 * writes the PDF and, through fontkit, shapes each run of text with its font's OpenType tables (Arabic letters take
 * their joined forms there); bidi-js (the Unicode Bidirectional Algorithm, UAX #9) gives each character its level,
 * so each line is cut into runs of one direction and one script, put in visual order (rule L2) and drawn run by run.
 * Lines are wrapped here, by words, in the text's logical order; each run is written in reading order (pdf-lines.ts).
 * Everything is set in DejaVu Sans (free, from npm's dejavu-fonts-ttf).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import type PDFKit from "pdfkit";
import type { Lang } from "../../lib/i18n/languages.js";
import { directionOf, joinIslands, piecesOf, spaces, visualRuns } from "./pdf-lines.js";

const require = createRequire(import.meta.url);
/** DejaVu Sans: Latin and Arabic in one face, each Arabic letter's forms whole glyphs of their own; read once a process. */
let fonts: Record<"regular" | "bold", Buffer> | undefined;
const fontFiles = () =>
  (fonts ??= {
    regular: fs.readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    bold: fs.readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  });

export type PdfBlock =
  { h1: string } | { h2: string } | { p: string; muted?: boolean; bold?: boolean } | { pair: [string, string] } | { rule: true };

const MARGIN = 56;
const PAGE = { width: 595.28, height: 841.89 };

type Doc = InstanceType<typeof PDFKit>;

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

function widthOf(doc: Doc, text: string, size: number, bold: boolean) {
  return withFace(doc, bold).fontSize(size).widthOfString(text, { features: [] });
}

/**
 * The text cut into lines that fit `width`, by words, each paragraph (a line break in the text) on its own; a
 * number, a phone number or an address is never cut.
 */
function wrap(doc: Doc, text: string, width: number, size: number, bold: boolean): string[] {
  const out: string[] = [];
  for (const paragraph of joinIslands(text.replace(/\r\n/g, "\n")).split("\n")) {
    let line = "";
    for (const word of paragraph.split(/ +/)) {
      const next = line ? `${line} ${word}` : word;
      if (line && widthOf(doc, spaces(next), size, bold) > width) {
        out.push(spaces(line));
        line = word;
      } else line = next;
    }
    out.push(spaces(line));
  }
  return out;
}

export type PdfInput = { lang: Lang; title: string; blocks: PdfBlock[]; footer?: string };

/**
 * Writes the blocks as A4 pages: headings, paragraphs, label and value pairs, rules; right-aligned in Arabic. It
 * runs for some 0.2 s on the thread that calls it: the portal calls it in its workers (`renderPdf`, pdf-pool.ts).
 */
export async function drawPdf(opts: PdfInput): Promise<Buffer> {
  const base: "ltr" | "rtl" = opts.lang === "ar" ? "rtl" : "ltr";
  // PDFKit (some 20 MiB once loaded) is imported when the first PDF is written, not when the server starts.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, info: { Title: opts.title }, lang: opts.lang, autoFirstPage: true });
  for (const [name, file] of Object.entries(fontFiles())) doc.registerFont(name, file);
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
  /**
   * One line at `y`, from the side `align` says (its own direction's unless told). Each run is placed where the
   * visual order puts it but written in reading order, so that the text layer reads as typed; a mirrored bracket
   * says which bracket it is (ActualText).
   */
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
    const placed = visualRuns(line, dir).map((run) => ({
      run,
      pieces: piecesOf(run).map((p) => ({ ...p, x: 0, w: widthOf(doc, p.draw, size, bold) })),
    }));
    const total = placed.reduce((sum, r) => sum + r.pieces.reduce((a, p) => a + p.w, 0), 0);
    let x = align === "rtl" ? x0 + w - total : x0;
    for (const piece of placed.flatMap((r) => r.pieces)) {
      piece.x = x;
      x += piece.w;
    }
    for (const { run, pieces } of placed.sort((a, b) => a.run.order - b.run.order)) {
      for (const piece of run.rtl ? [...pieces].reverse() : pieces) {
        const mirrored = piece.draw !== piece.means;
        if (mirrored) doc.markContent("Span", { actual: piece.means });
        withFace(doc, bold)
          .fontSize(size)
          .fillColor(color)
          .text(piece.draw, piece.x, y + size * 1.1, { lineBreak: false, features: [], baseline: "alphabetic" });
        if (mirrored) doc.endMarkedContent();
      }
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
    for (const line of wrap(doc, text, w, size, bold)) {
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
      paragraph(block.pair[1], 11, false, "#111111", MARGIN, width, 8, base);
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
