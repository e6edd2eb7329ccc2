/**
 * PDFs drawn off the main thread (issue 66, point 6a). Drawing one takes some 0.2 s of a core; 30 asked at once on
 * the thread that serves requests stalled every other request for seconds. Here they go to a few worker threads,
 * one PDF each at a time: one fewer than the machine has cores (at least 1, at most 4, or `PDF_WORKERS`), started when the first PDF
 * is asked for and ended after a minute with nothing to do. Past `PDF_QUEUE` PDFs waiting (default 60) a request
 * is refused at once with 503 `server.busy` and `Retry-After`; a PDF that takes longer than 30 s ends its worker.
 *
 * The built server runs `pdf-worker.js` beside it (scripts/build-server.js); from the sources (tests, `npm run
 * dev`) the worker loads `pdf-worker.ts` through tsx.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { Busy } from "../errors.js";
import type { PdfInput } from "./pdf.js";

export type { PdfBlock } from "./pdf.js";

const IDLE_MS = 60_000;
const DEADLINE_MS = 30_000;

type Job = { id: number; input: PdfInput; resolve: (b: Buffer) => void; reject: (e: Error) => void };
type Slot = { worker: Worker; job: Job | null; idle: NodeJS.Timeout | null; deadline: NodeJS.Timeout | null };

/**
 * One core fewer than the machine has (at least one, at most four): a worker per core left the thread that serves
 * requests competing for a core, and /healthz's p99 at 102 ms under 30 PDFs at once on two cores, against 18 ms with
 * one worker (`npm run load:pdf`).
 */
const size = () => Math.max(1, Number(process.env.PDF_WORKERS) || Math.min(4, os.availableParallelism() - 1));
const queueLimit = () => Math.max(1, Number(process.env.PDF_QUEUE) || 60);

const slots = new Set<Slot>();
const waiting: Job[] = [];
let nextId = 1;

function startWorker(): Worker {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, "pdf-worker.js");
  if (fs.existsSync(built)) return new Worker(built);
  // tsx's ESM entry (a require.resolve would give its CommonJS one).
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const tsx = pathToFileURL(path.join(tsxDir, "dist/esm/api/index.mjs")).href;
  const source = pathToFileURL(path.join(here, "pdf-worker.ts")).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(source)}); });`, {
    eval: true,
  });
}

function stop(slot: Slot, why: Error | null) {
  slots.delete(slot);
  if (slot.idle) clearTimeout(slot.idle);
  if (slot.deadline) clearTimeout(slot.deadline);
  if (slot.job && why) slot.job.reject(why);
  slot.job = null;
  void slot.worker.terminate().catch(() => undefined);
  pump();
}

function give(slot: Slot, job: Job) {
  if (slot.idle) clearTimeout(slot.idle);
  slot.idle = null;
  slot.job = job;
  slot.deadline = setTimeout(() => stop(slot, new Error("The PDF took too long to draw.")), DEADLINE_MS);
  slot.deadline.unref();
  slot.worker.postMessage({ id: job.id, input: job.input });
}

function addSlot(): Slot {
  const slot: Slot = { worker: startWorker(), job: null, idle: null, deadline: null };
  slot.worker.unref();
  slot.worker.on("message", (m: { id: number; bytes?: Uint8Array; error?: string }) => {
    const job = slot.job;
    if (!job || job.id !== m.id) return;
    if (slot.deadline) clearTimeout(slot.deadline);
    slot.job = null;
    if (m.bytes) job.resolve(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
    else job.reject(new Error(m.error ?? "The PDF could not be drawn."));
    pump();
  });
  slot.worker.on("error", (err) => stop(slot, err));
  slot.worker.on("exit", () => stop(slot, new Error("The PDF worker stopped.")));
  slots.add(slot);
  return slot;
}

/** Gives waiting PDFs to free workers, starting workers up to the pool's size; a worker idle for a minute ends. */
function pump() {
  while (waiting.length) {
    const free = [...slots].find((s) => !s.job) ?? (slots.size < size() ? addSlot() : null);
    if (!free) return;
    give(free, waiting.shift()!);
  }
  for (const slot of slots) {
    if (slot.job || slot.idle) continue;
    slot.idle = setTimeout(() => stop(slot, null), IDLE_MS);
    slot.idle.unref();
  }
}

/**
 * The PDF of `input`, drawn by a worker; `Busy` (503) when too many are waiting already. `PDF_WORKERS=0` draws it
 * on the calling thread, as before the workers (only to measure the difference: `npm run load:pdf`).
 */
export function renderPdf(input: PdfInput): Promise<Buffer> {
  if (process.env.PDF_WORKERS === "0") return import("./pdf.js").then((m) => m.drawPdf(input));
  if (waiting.length >= queueLimit()) {
    return Promise.reject(new Busy("server.busy", "Too many PDFs are being made right now. Please try again in a few seconds."));
  }
  return new Promise<Buffer>((resolve, reject) => {
    waiting.push({ id: nextId++, input, resolve, reject });
    pump();
  });
}

/** Ends every worker (a shutdown; the tests): what is waiting is refused. */
export async function closePdfWorkers() {
  for (const job of waiting.splice(0)) job.reject(new Error("The server is stopping."));
  await Promise.all([...slots].map((slot) => slot.worker.terminate().catch(() => undefined)));
  slots.clear();
}
