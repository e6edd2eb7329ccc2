/**
 * A questionnaire's answers taken away (issue 40, point 4), on SQLite and PostgreSQL: the client's PDF in Arabic and
 * the agent's in English, read back with poppler's `pdftotext` (the Arabic words in reading order, once the
 * presentation forms are folded back, NFKC) and drawn with `pdftoppm` (the Arabic title's ink on the right of the
 * page, the English one's on the left); the office's rows of every client's answers, a column per question; other
 * agents and other clients refused.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { clientToken } from "../support/client-area.js";
import { testDatabases, useSeededApi } from "../support/databases.js";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "intake-pdf-"));

/**
 * The PDF's text as poppler reads it, the presentation forms folded back into letters: by default as poppler puts
 * the page's glyphs back into reading order; `raw`, in the order the PDF writes them (its text layer), each
 * right-to-left word turned by poppler, with the direction marks poppler adds taken out.
 */
function textOf(pdf: Buffer, name: string, raw = false) {
  const file = path.join(tmp, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  const text = execFileSync("pdftotext", [...(raw ? ["-raw"] : []), "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  return raw ? text.normalize("NFKC").replace(/[\u202a-\u202e]/g, "") : text.normalize("NFKC");
}

/** The first page drawn in grey (PGM) at 40 dpi: where the ink of the first line of text lies, as shares of the width. */
function firstLineInk(pdf: Buffer, name: string) {
  const file = path.join(tmp, `${name}-draw.pdf`);
  fs.writeFileSync(file, pdf);
  execFileSync("pdftoppm", ["-gray", "-r", "40", "-f", "1", "-l", "1", file, path.join(tmp, name)]);
  const drawn = fs.readdirSync(tmp).find((f) => f.startsWith(`${name}-`) && f.endsWith(".pgm"))!;
  const pgm = fs.readFileSync(path.join(tmp, drawn));
  // P5 <width> <height> <max>\n then one byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString("latin1"))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(header[0].length);
  const inkAt = (x: number, y: number) => pixels[y * width + x]! < 128;
  const first = Array.from({ length: height }, (_, y) => y).find((y) =>
    Array.from({ length: width }, (_, x) => x).some((x) => inkAt(x, y)),
  )!;
  const xs = Array.from({ length: width }, (_, x) => x).filter((x) => inkAt(x, first + 2));
  return { left: Math.min(...xs) / width, right: Math.max(...xs) / width };
}

describe.each(testDatabases)("a questionnaire's answers as PDF and rows on $name", (target) => {
  const ctx = useSeededApi(target);
  let agent: { id: number; token: string };
  let staff: { id: number; token: string };
  let client: { id: number; token: string; copy: number };
  const post = (token: string, p: string, body: unknown) => ctx.api.call("POST", p, { token, body });
  const get = (token: string, p: string) => ctx.api.call("GET", p, { token });

  beforeAll(async () => {
    agent = await ctx.api.newAgent("exports-agent@example.com");
    staff = await ctx.api.newStaff("exports-staff@example.com");
    const made = await post(agent.token, "agent/addclient", {
      first_name: "هدى",
      last_name: "الحلبي",
      email: "exports-client@example.com",
      language: "ar",
    });
    const clientId = made.json.data.id as number;
    const form = (await get(agent.token, `api/clients/${clientId}/questionnaires`)).json.data.can_send[0].id;
    const copy = (await post(agent.token, `agent/clients/${clientId}/questionnaires`, { questionnaire_id: form })).json.data.id;
    const token = await clientToken(ctx, clientId);
    client = { id: clientId, token, copy };
    // The demo questionnaire: about you (birth, country, addresses), family (moving with you, their names, languages).
    const saved1 = await post(token, `my/questionnaires/${copy}/answers`, {
      section: "s1",
      answers: {
        q3: "1990-02-20",
        q4: "SY",
        q5: "دمشق، شارع بغداد 12 (2019–2023)\nعمان، جبل اللويبدة\nشارع الملك فهد ١٢، دبي (٢٠٢١–٢٠٢٦)\nهاتفي +971 50 123 4567",
      },
    });
    expect(saved1.status, JSON.stringify(saved1.json)).toBe(200);
    const saved2 = await post(token, `my/questionnaires/${copy}/answers`, {
      section: "s2",
      answers: { q6: "yes", q7: "سارة الحلبي 2015-06-01", q8: ["Arabic", "English"] },
    });
    expect(saved2.status, JSON.stringify(saved2.json)).toBe(200);
    expect((await post(token, `my/questionnaires/${copy}/submit`, {})).status).toBe(200);
  });

  it("gives the client their answers as a PDF in Arabic, read back in reading order and set from the right", async () => {
    const res = await get(client.token, `my/questionnaires/${client.copy}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.bytes!.subarray(0, 5).toString()).toBe("%PDF-");
    const text = textOf(res.bytes!, `client-${target.name}`);
    for (const words of [
      "قبل انتقالك",
      "هدى الحلبي",
      "تاريخ الميلاد",
      "1990-02-20",
      "سوريا",
      "دمشق",
      "شارع بغداد",
      "جبل اللويبدة",
      "هل ينتقل معك أفراد من عائلتك؟",
      "نعم",
      "سارة الحلبي",
      "العربية",
      "الإنجليزية",
    ]) {
      expect(text, words).toContain(words);
    }
    const ink = firstLineInk(res.bytes!, `client-${target.name}`);
    expect(ink.right).toBeGreaterThan(0.85);
    expect(ink.left).toBeGreaterThan(0.4);
  });

  it("keeps numbers, ranges and phone numbers in their order inside the Arabic answers (issue 66)", async () => {
    const res = await get(client.token, `my/questionnaires/${client.copy}/pdf`);
    // Poppler's reading order: the digits of a number and a phone number each in their order, the + first.
    const read = textOf(res.bytes!, `client-numbers-${target.name}`).replace(/[\u202a-\u202e]/g, "");
    expect(read).toContain("١٢");
    expect(read).not.toContain("٢١،");
    expect(read).toContain("+971 50 123 4567");
    // The text layer, in the order written: everything as typed, the range with its brackets.
    const layer = textOf(res.bytes!, `client-numbers-${target.name}`, true);
    for (const typed of ["١٢", "(٢٠٢١–٢٠٢٦)", "+971 50 123 4567", "(2019–2023)", "1990-02-20"]) {
      expect(layer, typed).toContain(typed);
    }
    expect(layer).not.toMatch(/٢١٠٢|٦٢٠٢|4567 123 50 971/);
    // Each word of a line in reading order: the street before the city.
    const lines = layer.split("\n").map((l) => l.trim());
    expect(lines.indexOf("فهد")).toBeGreaterThan(lines.indexOf("الملك"));
    expect(lines.indexOf("دبي")).toBeGreaterThan(lines.indexOf("١٢"));
  });

  it("gives the agent the same in English, or in the client's language, and nobody else's", async () => {
    const res = await get(agent.token, `api/clients/${client.id}/questionnaires/${client.copy}/pdf`);
    expect(res.status).toBe(200);
    const text = textOf(res.bytes!, `agent-${target.name}`);
    for (const words of ["Before you move", "Date of birth", "Syria", "Yes", "Arabic", "English", "دمشق", "سارة الحلبي"]) {
      expect(text, words).toContain(words);
    }
    const ink = firstLineInk(res.bytes!, `agent-${target.name}`);
    expect(ink.left).toBeLessThan(0.15);
    const inArabic = await get(agent.token, `api/clients/${client.id}/questionnaires/${client.copy}/pdf?lang=ar`);
    expect(textOf(inArabic.bytes!, `agent-ar-${target.name}`)).toContain("تاريخ الميلاد");
    expect((await get(agent.token, `api/clients/${client.id}/questionnaires/${client.copy}/pdf?lang=de`)).status).toBe(400);
    const stranger = await ctx.api.newAgent("exports-stranger@example.com");
    expect((await get(stranger.token, `api/clients/${client.id}/questionnaires/${client.copy}/pdf`)).status).toBe(404);
  });

  it("gives the office every client's answers to a questionnaire, in English, a column per question", async () => {
    const form = (await get(staff.token, "office/questionnaires")).json.data.find(
      (q: { name: string }) => q.name === "Relocation intake",
    );
    const res = await get(staff.token, `office/questionnaires/${form.id}/answers`);
    expect(res.status).toBe(200);
    const data = res.json.data;
    expect(data.questions.map((q: { label: string }) => q.label)).toContain("Country of birth");
    const row = data.rows.find((r: { client_id: number }) => r.client_id === client.id);
    expect(row).toMatchObject({ status: "submitted", agent_name: expect.any(String), version: 1 });
    expect(row.answers).toMatchObject({ q3: "1990-02-20", q4: "Syria", q6: "Yes", q8: "English\nArabic" });
    expect((await get(agent.token, `office/questionnaires/${form.id}/answers`)).status).toBe(403);
  });
});
