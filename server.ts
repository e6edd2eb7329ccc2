/**
 * One Node process: security headers, static assets, the API at /backend, the Remix portal,
 * health checks, one JSON log line per request, and a graceful shutdown.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import pino from "pino";
import { pinoHttp } from "pino-http";
import { createPortalSessionStorage } from "./app/lib/session-storage.server.js";
import { createApi } from "./backend/app.js";
import { openDatabase } from "./backend/db/connection.js";
import { sessionTable } from "./backend/db/session-table.js";
import { closePdfWorkers } from "./backend/files/pdf-pool.js";
import { createFileStore } from "./backend/files/store.js";
import { inProcessTransport } from "./backend/in-process.js";
import { fileMailer, smtpMailer } from "./backend/mail/transport.js";
import { startMailWorker } from "./backend/mail/worker.js";
import { prepareDatabase } from "./backend/setup/prepare.js";
import { isDropping, portalBodyLimits } from "./lib/body-limit.js";
import { getSettings, SettingsError, type Settings } from "./lib/env.server.js";
import { httpTransport } from "./lib/http-transport.js";
import { remixHandler } from "./lib/remix-handler.js";
import { redactUrl, wellFormedHeaders } from "./lib/request-guards.js";
import { securityHeaders } from "./lib/security-headers.js";

installGlobals({ nativeFetch: true });

let settings: Settings;
try {
  settings = getSettings();
} catch (error) {
  if (error instanceof SettingsError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = pino({ level: settings.logLevel });
if (settings.passwordHashCost === "minimal") {
  logger.warn("PASSWORD_HASH_COST=minimal: new passwords are hashed at a test suite's cost, never to be used in production");
}
const BUILD_PATH = path.resolve("build/index.js");
const isDev = settings.nodeEnv === "development" && process.env.npm_lifecycle_event === "dev";

async function loadBuild(): Promise<ServerBuild> {
  const stamp = isDev ? `?t=${fs.statSync(BUILD_PATH).mtimeMs}` : "";
  return import(pathToFileURL(BUILD_PATH).href + stamp);
}

async function main() {
  // The database: schema first, then reference data, then (outside production by default) demo data.
  // Under one lock, so that instances started together each find the work done (backend/setup/prepare.ts).
  const database = openDatabase(settings.database);
  const { applied, demo } = await prepareDatabase(database, { demo: settings.demoData });
  if (applied.length) logger.info({ applied }, "migrations applied");

  const app = express();
  let closing = false;
  app.disable("x-powered-by");
  // While shutting down, every response closes its connection, so keep-alive clients move on.
  app.use((_req, res, next) => {
    if (closing) res.set("Connection", "close");
    next();
  });
  // Which proxies' X-Forwarded-For to believe: none unless TRUST_PROXY says so (README, "Client addresses").
  app.set("trust proxy", settings.trustProxy);

  app.use(
    pinoHttp({
      logger,
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
      serializers: {
        // Never a one-time token, and never a header (Authorization, Cookie) at all.
        req: (req) => ({ method: req.method, url: redactUrl(req.url), ip: req.remoteAddress }),
        res: (res) => ({ status: res.statusCode }),
      },
      quietReqLogger: true,
    }),
  );

  // A Host or Referer that cannot be read is a 400, before anything builds a URL from it.
  app.use(wellFormedHeaders());

  // A nonce for each page's scripts, and the CSP and security headers that name it (lib/security-headers.ts).
  app.use(
    securityHeaders({
      isDev,
      stripeCheckout: settings.payments.mode === "stripe",
      hsts: settings.isProduction,
      formTargets: [settings.calendars.google, settings.calendars.microsoft].flatMap((p) =>
        p ? [new URL(p.authUrl).origin] : [],
      ),
    }),
  );
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  // Ready means the database and the file store both answer, each within 3 s (a hung one is not ready either).
  const files = createFileStore(settings.files);
  const answers = (what: () => Promise<void>) =>
    Promise.race([
      what().then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000).unref()),
    ]).catch(() => false);
  app.get("/readyz", async (_req, res) => {
    // A load balancer stops sending work here as soon as shutdown begins.
    if (closing) {
      res.status(503).json({ status: "stopping", database: database.kind });
      return;
    }
    const [db, store] = await Promise.all([
      answers(() => database.ping()),
      settings.embeddedApi ? answers(() => files.ping()) : Promise.resolve(true),
    ]);
    if (db && store) {
      res.json({ status: "ready", database: database.kind, files: files.driver });
      return;
    }
    const message = !db ? "Database unreachable" : "File store unreachable";
    res.status(503).json({ status: "unavailable", database: database.kind, files: files.driver, message });
  });

  // Fingerprinted build assets never change; everything else in public/ may. Their Brotli and gzip copies are made
  // once by the build (scripts/precompress.js) and sent as they are: `compression` leaves an encoded answer alone.
  app.use(
    "/build",
    expressStaticGzip("public/build", {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      serveStatic: { immutable: true, maxAge: "1y" },
    }),
  );
  // The few files beside the build (the favicon): looked up by name, so a page's request does not ask the disk
  // for a file of its path first (a stat on every page, measured).
  const publicFiles = new Set(
    fs
      .readdirSync("public", { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const servePublic = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));

  let api: Awaited<ReturnType<typeof createApi>> | null = null;
  const mailer = settings.embeddedApi
    ? settings.mail.mode === "smtp"
      ? smtpMailer(settings.mail.smtpUrl!)
      : fileMailer(settings.mail.outboxDir)
    : null;
  if (mailer) {
    logger.info(
      settings.mail.mode === "smtp" ? { mail: "smtp" } : { mail: "files", outbox: settings.mail.outboxDir },
      settings.mail.mode === "smtp" ? "e-mail goes out over SMTP" : "e-mail is written to files (no SMTP_URL)",
    );
  }
  if (settings.embeddedApi) {
    logger.info(
      settings.files.driver === "s3"
        ? { files: "s3", bucket: settings.files.bucket, endpoint: settings.files.endpoint ?? "AWS" }
        : { files: "folder", dir: settings.files.dir },
      "clients' documents are kept here",
    );
    api = await createApi({
      database,
      tokenTtlDays: settings.tokenTtlDays,
      loginLimit: settings.loginLimit,
      contactLimitPerHour: settings.contactLimitPerHour,
      payments: settings.payments,
      bookings: settings.bookings,
      site: settings.site,
      publicUrl: settings.publicUrl,
      messageNotifyDelaySeconds: settings.messageNotifyDelaySeconds,
      clientIpSecret: settings.clientIpSecret,
      factorKey: settings.factorKey,
      calendars: settings.calendars,
      logger,
      files,
      phone: settings.phone,
      mail: {
        mailer: mailer!,
        from: settings.mail.from,
        staffInbox: settings.mail.staffInbox,
        company: settings.mail.company,
        retrySeconds: settings.mail.retrySeconds,
        maxAttempts: settings.mail.maxAttempts,
      },
    });
    app.use("/backend", api);
  }
  // The mail worker (backend/mail/worker.ts): one round of reminders and the outbox every few seconds.
  const mailWorker = api
    ? startMailWorker({
        round: () => api!.mailTick(),
        intervalMs: settings.mail.intervalMs,
        onError: (err) => logger.warn({ err }, "mail round failed"),
      })
    : null;

  // Mentors' own calendars (issue 69): the connections due read again, one round at a time, each claimed by one instance.
  const calendarWorker = api
    ? startMailWorker({
        round: () => api!.calendarTick(),
        intervalMs: 15_000,
        onError: (err) => logger.warn({ err }, "calendar round failed"),
      })
    : null;

  // Lapsed mentor holds are released on every read that shows them, and by this sweep as well; open
  // checkouts past their end with no news from the payment provider are settled by asking it.
  const sweep = setInterval(() => {
    api?.sweep().catch((err) => logger.warn({ err }, "background sweep failed"));
  }, 60_000);
  sweep.unref();

  if (settings.benchBaselines) {
    // The benchmark's bare-Express baseline: the home page's bytes, fetched once, sent as they are.
    let home: Buffer | null = null;
    app.get("/bench/express-baseline", async (req, res) => {
      home ??= Buffer.from(await (await fetch(`http://127.0.0.1:${req.socket.localPort ?? settings.port}/`)).arrayBuffer());
      res.type("html").send(home);
    });
  }

  // Pages answer GET, HEAD and POST; anything else (TRACE, PUT, PATCH, DELETE, OPTIONS) is 405.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "POST") return next();
    res.status(405).set("Allow", "GET, HEAD, POST").type("text/plain").send("Method not allowed.");
  });

  // A form post from another site: Remix refuses it by throwing (a 500); the same rule answered as a 403.
  app.use((req, res, next) => {
    if (req.method !== "POST") return next();
    const origin = req.get("origin");
    if (!origin) return next();
    const host = req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host");
    let from: string | null = null;
    try {
      from = origin === "null" ? null : new URL(origin).host;
    } catch {
      from = null;
    }
    if (from && host && from === host) return next();
    res.status(403).type("text/plain").send("Form posts from other sites are refused.");
  });

  // A browser's own random id, kept two years: the API e-mails a sign-in from a browser it has not seen for the account
  // (issue 67). Given on a form post (every sign-in is one), so that no page a cache keeps carries a cookie.
  app.use((req, res, next) => {
    const had = /(?:^|;\s*)browser=([A-Za-z0-9_-]{22})(?:;|$)/.exec(req.get("cookie") ?? "")?.[1];
    if (had) res.locals.browserId = had;
    else if (req.method === "POST") {
      res.locals.browserId = randomBytes(16).toString("base64url");
      res.append(
        "Set-Cookie",
        `browser=${res.locals.browserId}; Path=/; Max-Age=${2 * 365 * 24 * 3600}; HttpOnly; SameSite=Lax${settings.isProduction ? "; Secure" : ""}`,
      );
    }
    next();
  });

  // Every page's body is bounded before and while it is read; uploads take a slot (lib/body-limit.ts).
  app.use(portalBodyLimits());

  // The portal calls the embedded API in process, unless told to talk to another one (API_BASE_URL).
  const apiTransport = settings.apiBaseUrl
    ? httpTransport(settings.apiBaseUrl, settings.apiTimeoutMs)
    : api
      ? inProcessTransport(api)
      : null;
  if (!apiTransport) throw new SettingsError("No API for the portal: set API_BASE_URL, or leave EMBEDDED_API on.");
  // The portal's sessions, kept in this process's database (the portal opens none of its own).
  const sessions = createPortalSessionStorage(sessionTable(database.db), {
    secret: settings.sessionSecret,
    secure: settings.isProduction,
    maxAgeSeconds: settings.tokenTtlDays * 24 * 3600,
  });
  // The sign-in page shows the demo account only when this server seeded it and serves the API itself.
  const demoSignIn = demo && settings.embeddedApi && !settings.apiBaseUrl ? { email: demo.email, password: demo.password } : null;
  const build = await loadBuild();
  app.all(
    "*",
    remixHandler({
      build: isDev ? loadBuild : build,
      // Always "production" for errors: no stack trace is ever sent to a browser, in development either.
      mode: "production",
      // One context per request, handed to every loader and action of it (app/lib/context.server.ts).
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        clientIp: req.ip ?? "",
        userAgent: req.get("user-agent") ?? null,
        browserId: (res.locals.browserId as string | undefined) ?? null,
        demoSignIn,
        apiTransport,
        sessions,
        memo: new Map(),
      }),
    }),
  );

  // The last word on anything that failed outside the API and the portal: a plain message, never a stack.
  app.use((err: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const status = typeof (err as { status?: unknown })?.status === "number" ? (err as { status: number }).status : 500;
    if (status >= 500) logger.error({ err, path: req.path }, "request failed");
    if (res.headersSent) return;
    res
      .status(status >= 400 && status < 600 ? status : 500)
      .type("text/plain")
      .send(status < 500 ? "Bad request." : "Something went wrong on our side. Please try again.");
  });

  const server = app.listen(settings.port, settings.host, () => {
    const { port } = server.address() as AddressInfo;
    const url = `http://localhost:${port}`;
    // The heap limit says whether the memory setting (README, "Memory") reached this process.
    const heapLimitMib = Math.round(v8.getHeapStatistics().heap_size_limit / 1048576);
    logger.info({ url, database: database.kind, api: settings.apiBaseUrl ?? "in process", heapLimitMib }, "portal listening");
    // Said on stdout plainly, for the person who just typed `npm start`.
    console.log(`\nPortal running at ${url}`);
    if (demo) {
      console.log(`Demo sign-in: ${demo.email} / ${demo.password}`);
      console.log(`Demo staff sign-in: ${demo.staff.email} / ${demo.staff.password}`);
      console.log(`Demo mentor sign-in: ${demo.mentor.email} / ${demo.mentor.password}\n`);
    }
    if (isDev) broadcastDevReady(build).catch((err) => logger.warn({ err }, "dev reload failed"));
  });
  server.keepAliveTimeout = 65_000;

  // Each connection's requests under way, counted from the request to its answer's end. Node's own idea of an idle
  // connection missed some whose answers were sent in full (seen after the hostile form posts, whose bodies the
  // pages did not all read): each held a shutdown until its 10 s cut. A shutdown closes every connection with none.
  const underWay = new Map<Socket, number>();
  server.on("connection", (socket: Socket) => {
    underWay.set(socket, 0);
    socket.once("close", () => underWay.delete(socket));
  });
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    underWay.set(socket, (underWay.get(socket) ?? 0) + 1);
    res.once("close", () => {
      const requests = underWay.get(socket);
      if (requests !== undefined) underWay.set(socket, requests - 1);
    });
  });
  /** Closes the connections with nothing under way, but those whose refused body is still being dropped. */
  const closeAnswered = () => {
    for (const [socket, requests] of underWay) if (requests === 0 && !isDropping(socket)) socket.destroy();
  };

  if (isDev) {
    fs.watch(path.dirname(BUILD_PATH), async () => {
      try {
        await broadcastDevReady(await loadBuild());
      } catch {
        // a half-written build: the next event will have it whole
      }
    });
  }

  // Graceful shutdown: stop accepting, let requests in flight finish, close the database.
  // A connection accepted just before the signal may not have sent its request yet, so idle
  // keep-alive connections are closed only after a grace period; the rest close after their response.
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    // No mail round starts from now on; the one under way ends before the database and the mailer close.
    const mailStopped = Promise.all([mailWorker?.stop(), calendarWorker?.stop()]);
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    let idle: NodeJS.Timeout | undefined;
    const grace = setTimeout(() => {
      closeAnswered();
      idle = setInterval(closeAnswered, 100);
    }, 500);
    server.close(async () => {
      clearTimeout(grace);
      clearInterval(idle);
      await mailStopped;
      mailer?.close();
      await closePdfWorkers();
      await database.close().catch(() => undefined);
      logger.info("stopped");
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  logger.fatal({ err: error }, "start-up failed");
  console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
