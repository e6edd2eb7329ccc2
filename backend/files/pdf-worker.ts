/**
 * A PDF worker (pdf-pool.ts): draws each PDF it is sent and posts back its bytes, or the error's message. PDFKit and
 * the fonts are loaded once, by the first PDF, and kept for the worker's life.
 */
import { parentPort } from "node:worker_threads";
import { drawPdf, type PdfInput } from "./pdf.js";

parentPort?.on("message", (job: { id: number; input: PdfInput }) => {
  drawPdf(job.input).then(
    (bytes) => parentPort!.postMessage({ id: job.id, bytes }, [bytes.buffer as ArrayBuffer]),
    (err: unknown) => parentPort!.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
