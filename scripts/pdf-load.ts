/**
 * `npm run load:pdf` (issue 66, point 6a): how the server answers while PDFs are drawn. Against the production build
 * with demo data, a client's Arabic answers are asked for as a PDF by PDF_LOAD_AT_ONCE (30) requests at once,
 * PDF_LOAD_ROUNDS (3) times, while one connection asks /healthz over and over. It prints /healthz's times (p50, p99,
 * max) and what the PDFs were answered (200, or 503 with Retry-After past the queue), and fails when /healthz's p99
 * is 100 ms or more or a PDF failed otherwise. `PDF_WORKERS=0` draws them on the thread that serves requests, as
 * before the workers, for comparison.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { issueClientLink, openAccess } from "../backend/clients/links.js";
import { openDatabase } from "../backend/db/connection.js";
import { startBuiltServer } from "./built-server.js";

const AT_ONCE = Number(process.env.PDF_LOAD_AT_ONCE ?? 30);
const ROUNDS = Number(process.env.PDF_LOAD_ROUNDS ?? 3);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-pdf-load-"));
const { child: server, base } = await startBuiltServer({
  dataDir,
  sessionSecret: randomBytes(32).toString("hex"),
  env: {
    DEMO_DATA: "on",
    LOG_LEVEL: "error",
    LOGIN_LIMIT_PER_IP: "1000000",
    ...(process.env.PDF_WORKERS ? { PDF_WORKERS: process.env.PDF_WORKERS } : {}),
  },
});

async function api(p: string, token: string | null, body?: unknown) {
  const res = await fetch(`${base}/backend/${p}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: any };
  if (res.status >= 300) throw new Error(`${p}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

try {
  // An Arabic client of the demo agent's, with the demo questionnaire answered.
  const agent = (await api("agent/login", null, { email: "demo@example.com", password: "demo-password" })).token as string;
  const client = await api("agent/addclient", agent, {
    first_name: "ليلى",
    last_name: "الحسيني",
    email: `pdf-load-${Date.now()}@example.com`,
    language: "ar",
  });
  const sendable = (await api(`api/clients/${client.id}/questionnaires`, agent)).can_send[0].id;
  const copy = (await api(`agent/clients/${client.id}/questionnaires`, agent, { questionnaire_id: sendable })).id;
  const db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "portal.sqlite") });
  const link = await db.db.transaction().execute(async (trx) => {
    await openAccess(trx, client.id);
    return issueClientLink(trx, client.id, "sign_in", null, base);
  });
  await db.close();
  const me = (await api("my/link", null, { token: link.token })).token as string;
  const full = await api(`my/questionnaires/${copy}`, me);
  for (const section of full.content.sections as Array<{ key: string; questions: Array<{ key: string; kind: string }> }>) {
    const answers: Record<string, unknown> = {};
    for (const q of section.questions) {
      if (q.kind === "date") answers[q.key] = "1990-02-20";
      else if (q.kind === "long_text" || q.kind === "short_text")
        answers[q.key] = "شارع الملك فهد ١٢، دبي (٢٠٢١–٢٠٢٦) +971 50 123 4567";
      else if (q.kind === "country") answers[q.key] = "AE";
      else if (q.kind === "yes_no") answers[q.key] = "no";
    }
    await api(`my/questionnaires/${copy}/answers`, me, { section: section.key, answers });
  }

  const pdf = `${base}/backend/api/clients/${client.id}/questionnaires/${copy}/pdf?lang=ar`;
  // Warm: the workers started and their fonts read, as on a server that has drawn a PDF before.
  await fetch(pdf, { headers: { Authorization: `Bearer ${agent}` } }).then((r) => r.arrayBuffer());

  const health: number[] = [];
  const answered: Record<string, number> = {};
  let done = false;
  const probe = (async () => {
    while (!done) {
      const t = performance.now();
      const res = await fetch(`${base}/healthz`);
      await res.arrayBuffer();
      health.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    const results = await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        const res = await fetch(pdf, { headers: { Authorization: `Bearer ${agent}` } });
        const bytes = Buffer.from(await res.arrayBuffer());
        if (res.status === 200 && bytes.subarray(0, 5).toString() !== "%PDF-") return "200 but not a PDF";
        return res.status === 503 ? `503 (Retry-After ${res.headers.get("retry-after")})` : String(res.status);
      }),
    );
    for (const r of results) answered[r] = (answered[r] ?? 0) + 1;
  }
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await probe;
  const sorted = [...health].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  console.log(
    JSON.stringify(
      {
        pdf_workers: process.env.PDF_WORKERS ?? "default",
        pdfs: { asked: AT_ONCE * ROUNDS, at_once: AT_ONCE, seconds: Number(seconds.toFixed(2)), answered },
        healthz_ms: {
          count: sorted.length,
          p50: Number(percentile(sorted, 50).toFixed(1)),
          p99: Number(p99.toFixed(1)),
          max: Number(sorted.at(-1)!.toFixed(1)),
        },
      },
      null,
      2,
    ),
  );
  const failed = Object.keys(answered).filter((k) => k !== "200" && !k.startsWith("503 (Retry-After "));
  if (p99 >= 100 || failed.length) {
    console.error(
      `load:pdf failed: /healthz p99 ${p99.toFixed(1)} ms${failed.length ? `; PDFs answered ${failed.join(", ")}` : ""}`,
    );
    process.exitCode = 1;
  }
} finally {
  server.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
}
