/**
 * PDFs are drawn in worker threads (issue 66, point 6a): the thread that serves requests goes on answering while
 * they are drawn, a queue past its bound is refused with `Busy` (the API's 503 with `Retry-After`), and the runs of
 * a right-to-left line are placed in visual order but kept in reading order.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { Busy, statusOf } from "../../backend/errors.js";
import { directionOf, isolateIslands, visualRuns } from "../../backend/files/pdf-lines.js";
import { closePdfWorkers, renderPdf } from "../../backend/files/pdf-pool.js";

const input = (n: number) => ({
  lang: "ar" as const,
  title: "عنوان",
  blocks: Array.from({ length: n }, (_, i) => ({
    pair: [`سؤال ${i}`, "شارع الملك فهد ١٢، دبي (٢٠٢١–٢٠٢٦)"] as [string, string],
  })),
});

describe("the PDF workers", () => {
  const saved = { workers: process.env.PDF_WORKERS, queue: process.env.PDF_QUEUE };
  afterEach(async () => {
    await closePdfWorkers();
    for (const [key, value] of [
      ["PDF_WORKERS", saved.workers],
      ["PDF_QUEUE", saved.queue],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  afterAll(closePdfWorkers);

  it("draws PDFs off this thread, which keeps its turns while they are drawn", async () => {
    process.env.PDF_WORKERS = "2";
    await renderPdf(input(1)); // the workers started and their modules loaded
    let turns = 0;
    const ticker = setInterval(() => turns++, 5);
    const started = Date.now();
    const pdfs = await Promise.all(Array.from({ length: 8 }, () => renderPdf(input(30))));
    clearInterval(ticker);
    const elapsed = Date.now() - started;
    for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // Drawn here, eight PDFs would hold the thread for their whole time and the ticker would hardly have run.
    expect(turns).toBeGreaterThan(elapsed / 5 / 3);
  });

  it("refuses what is past the queue's bound as busy, and draws the rest", async () => {
    process.env.PDF_WORKERS = "1";
    process.env.PDF_QUEUE = "2";
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => renderPdf(input(5))));
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason);
    // One drawing, two waiting; the other three refused at once.
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(refused).toHaveLength(3);
    for (const err of refused) {
      expect(err).toBeInstanceOf(Busy);
      expect(statusOf(err as Busy)).toBe(503);
      expect((err as Busy).code).toBe("server.busy");
    }
  });
});

describe("a line's runs", () => {
  const shown = (line: string, dir: "ltr" | "rtl") => visualRuns(line, dir).map((r) => r.text);

  it("keeps numbers, ranges, phones and addresses left to right inside Arabic", () => {
    expect(isolateIslands("دبي (٢٠٢١–٢٠٢٦)")).toBe("دبي \u2066\u202d(٢٠٢١–٢٠٢٦)\u202c\u2069");
    expect(isolateIslands("رقم 12)")).toBe("رقم \u2066\u202d12\u202c\u2069)");
    expect(shown("+971 50 123 4567", "rtl")).toEqual(["+971 50 123 4567"]);
    // Left to right (a bracket a run of its own): the range, the city, then the street's number and name (the first word read is on the right).
    const runs = visualRuns("شارع ١٢، دبي (٢٠٢١–٢٠٢٦)", "rtl");
    expect(runs.map((r) => r.text.trim()).filter(Boolean)).toEqual(["(", "٢٠٢١–٢٠٢٦", ")", "دبي", "،", "١٢", "شارع"]);
    // Each run keeps its place in reading order.
    expect(
      [...runs]
        .sort((a, b) => a.order - b.order)
        .map((r) => r.text.trim())
        .filter(Boolean),
    ).toEqual(["شارع", "١٢", "،", "دبي", "(", "٢٠٢١–٢٠٢٦", ")"]);
    expect(shown("بريدي layla@example.com", "rtl").map((t) => t.trim())).toEqual(["layla@example.com", "بريدي"]);
  });

  it("reads a text's direction from its first letter outside numbers and addresses", () => {
    expect(directionOf("layla@example.com بريدي", "ltr")).toBe("rtl");
    expect(directionOf("+971 50 123 4567", "rtl")).toBe("rtl");
    expect(directionOf("12 Main Street", "rtl")).toBe("ltr");
  });
});
