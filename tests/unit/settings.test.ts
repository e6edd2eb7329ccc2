import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { parseSettings, SettingsError } from "../../lib/env.server.js";

const secret = "s".repeat(40);

describe("settings", () => {
  it("needs nothing for the quick start, generating and keeping a session secret in the data folder", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "settings-"));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const first = parseSettings({ DATA_DIR: dir });
      expect(first.port).toBe(3000);
      expect(first.database).toEqual({ kind: "sqlite", file: path.join(dir, "portal.sqlite") });
      expect(first.demoData).toBe(true);
      expect(first.apiBaseUrl).toBeNull();
      expect(first.site).toEqual({ phone: "+1 555 010 0100", chatUrl: "https://wa.me/15550100100", copyrightYear: null });
      expect(first.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain("SESSION_SECRET is not set");
      // The same secret on the next start, so sessions survive restarts.
      expect(parseSettings({ DATA_DIR: dir }).sessionSecret).toBe(first.sessionSecret);
      expect(fs.statSync(path.join(dir, "session-secret")).mode & 0o777).toBe(0o600);
    } finally {
      warn.mockRestore();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("in production requires SESSION_SECRET and the Stripe keys, naming each", () => {
    expect(() => parseSettings({ NODE_ENV: "production" })).toThrow(SettingsError);
    expect(() => parseSettings({ NODE_ENV: "production" })).toThrow(
      "Missing settings required with NODE_ENV=production: SESSION_SECRET, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET (or PAYMENTS_MODE=demo for the demo payment page)",
    );
    const s = parseSettings({
      NODE_ENV: "production",
      SESSION_SECRET: secret,
      STRIPE_SECRET_KEY: "sk_test_abc123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc123",
      PUBLIC_URL: "https://portal.example.com/",
      SMTP_URL: "smtps://portal:secret@mail.example.com:465",
    });
    expect(s.isProduction).toBe(true);
    expect(s.mail).toMatchObject({ mode: "smtp", smtpUrl: "smtps://portal:secret@mail.example.com:465" });
    expect(s.demoData).toBe(false);
    expect(s.payments).toMatchObject({ mode: "stripe", secretKey: "sk_test_abc123", checkoutExpiryMinutes: 30 });
    expect(s.publicUrl).toBe("https://portal.example.com");
  });

  it("meets on a public Jitsi room by default; MEETING_URL_TEMPLATE must be an https address with {room}", () => {
    const base = { SESSION_SECRET: secret, DATA_DIR: "/tmp/portal-data" };
    expect(parseSettings(base).bookings.meetingUrlTemplate).toBe("https://meet.jit.si/{room}");
    expect(
      parseSettings({ ...base, MEETING_URL_TEMPLATE: "https://video.example.com/r/{room}" }).bookings.meetingUrlTemplate,
    ).toBe("https://video.example.com/r/{room}");
    for (const bad of ["https://video.example.com/r/fixed", "http://video.example.com/{room}", "{room}", "https:// x/{room}"]) {
      expect(() => parseSettings({ ...base, MEETING_URL_TEMPLATE: bad }), bad).toThrow(/MEETING_URL_TEMPLATE/);
    }
  });

  it("sends e-mail over SMTP_URL; without it writes files outside production, and in production only when MAIL_MODE=log says so", () => {
    const dev = parseSettings({ SESSION_SECRET: secret, DATA_DIR: "/tmp/portal-data" });
    expect(dev.mail).toMatchObject({
      mode: "log",
      smtpUrl: null,
      outboxDir: "/tmp/portal-data/outbox",
      from: "Waypoint Consultancy <no-reply@waypoint.example>",
      staffInbox: "no-reply@waypoint.example",
      maxAttempts: 8,
      retrySeconds: 60,
    });
    const prod = { NODE_ENV: "production", SESSION_SECRET: secret, PAYMENTS_MODE: "demo" };
    expect(() => parseSettings(prod)).toThrow(
      "Missing settings required with NODE_ENV=production: SMTP_URL (or MAIL_MODE=log to write e-mail to files)",
    );
    expect(parseSettings({ ...prod, MAIL_MODE: "log" }).mail.mode).toBe("log");
    expect(() => parseSettings({ SESSION_SECRET: secret, MAIL_MODE: "smtp" })).toThrow("with MAIL_MODE=smtp: SMTP_URL");
    expect(() => parseSettings({ SESSION_SECRET: secret, SMTP_URL: "mail.example.com" })).toThrow(/SMTP_URL: must be smtp:/);
    expect(parseSettings({ ...prod, SMTP_URL: "smtp://mail:25", STAFF_INBOX: "team@example.com" }).mail).toMatchObject({
      mode: "smtp",
      staffInbox: "team@example.com",
    });
  });

  it("keeps documents in DATA_DIR/documents, or in an S3 bucket when one is named", () => {
    expect(parseSettings({ SESSION_SECRET: secret, DATA_DIR: "/tmp/portal-data" }).files).toEqual({
      driver: "folder",
      dir: "/tmp/portal-data/documents",
    });
    expect(
      parseSettings({ SESSION_SECRET: secret, S3_BUCKET: "docs", S3_ENDPOINT: "http://minio:9000", S3_PREFIX: "/portal" }).files,
    ).toEqual({
      driver: "s3",
      bucket: "docs",
      region: "us-east-1",
      endpoint: "http://minio:9000",
      prefix: "portal",
      forcePathStyle: true,
      credentials: null,
    });
    expect(parseSettings({ SESSION_SECRET: secret, S3_BUCKET: "docs", S3_REGION: "eu-west-1" }).files).toMatchObject({
      endpoint: null,
      forcePathStyle: false,
    });
    expect(() => parseSettings({ SESSION_SECRET: secret, FILE_STORAGE: "s3" })).toThrow("with FILE_STORAGE=s3: S3_BUCKET");
    expect(() => parseSettings({ SESSION_SECRET: secret, S3_BUCKET: "docs", S3_ACCESS_KEY_ID: "AKIA" })).toThrow(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
    );
    expect(() => parseSettings({ SESSION_SECRET: secret, FILE_STORAGE: "disk" })).toThrow(/FILE_STORAGE/);
  });

  it("uses the demo payment mode without keys outside production, and in production only when asked", () => {
    expect(parseSettings({ SESSION_SECRET: secret }).payments.mode).toBe("demo");
    expect(
      parseSettings({ NODE_ENV: "production", SESSION_SECRET: secret, PAYMENTS_MODE: "demo", MAIL_MODE: "log" }).payments.mode,
    ).toBe("demo");
    expect(() => parseSettings({ SESSION_SECRET: secret, PAYMENTS_MODE: "stripe" })).toThrow(
      "Missing settings required with PAYMENTS_MODE=stripe: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET",
    );
    expect(() => parseSettings({ SESSION_SECRET: secret, STRIPE_SECRET_KEY: "pk_test_x" })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret/,
    );
  });

  it("names each malformed setting", () => {
    try {
      parseSettings({ PORT: "eighty", DATABASE_URL: "mysql://x", SESSION_SECRET: "short", COPYRIGHT_YEAR: "soon" });
      expect.unreachable();
    } catch (e) {
      const msg = (e as Error).message;
      expect(msg).toMatch(/PORT:/);
      expect(msg).toMatch(/DATABASE_URL: must start with postgres/);
      expect(msg).toMatch(/SESSION_SECRET: must be at least 32 characters/);
      expect(msg).toMatch(/COPYRIGHT_YEAR:/);
    }
  });

  it("trusts no proxy unless TRUST_PROXY says which, and refuses a value Express would misread", () => {
    expect(parseSettings({ SESSION_SECRET: secret }).trustProxy).toBe(false);
    expect(parseSettings({ SESSION_SECRET: secret, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(parseSettings({ SESSION_SECRET: secret, TRUST_PROXY: "loopback" }).trustProxy).toBe("loopback");
    expect(parseSettings({ SESSION_SECRET: secret, TRUST_PROXY: "10.0.0.0/8, 192.0.2.1" }).trustProxy).toBe(
      "10.0.0.0/8, 192.0.2.1",
    );
    expect(() => parseSettings({ SESSION_SECRET: secret, TRUST_PROXY: "my-proxy" })).toThrow(/TRUST_PROXY: must be false, true/);
    // The address-signing secret is derived from the session secret unless given, and never equal to it.
    const derived = parseSettings({ SESSION_SECRET: secret }).clientIpSecret;
    expect(derived).toHaveLength(64);
    expect(derived).not.toBe(secret);
    expect(parseSettings({ SESSION_SECRET: secret, PORTAL_API_SECRET: "p".repeat(32) }).clientIpSecret).toBe("p".repeat(32));
  });

  it("switches to PostgreSQL with DATABASE_URL, and reads the other settings", () => {
    const s = parseSettings({
      SESSION_SECRET: secret,
      DATABASE_URL: "postgres://u@db:5432/portal",
      API_BASE_URL: "https://api.example.com/backend",
      EMBEDDED_API: "off",
      COPYRIGHT_YEAR: "2026",
      SITE_PHONE: "+44 20 7946 0000",
      TOKEN_TTL_DAYS: "3",
    });
    expect(s.database).toEqual({ kind: "postgres", url: "postgres://u@db:5432/portal" });
    expect(s.apiBaseUrl).toBe("https://api.example.com/backend/");
    expect(s.embeddedApi).toBe(false);
    expect(s.site.copyrightYear).toBe(2026);
    expect(s.site.chatUrl).toBe("https://wa.me/442079460000");
    expect(s.tokenTtlDays).toBe(3);
  });

  it("refuses EMBEDDED_API=off without an API to talk to", () => {
    expect(() => parseSettings({ SESSION_SECRET: secret, EMBEDDED_API: "off" })).toThrow(/API_BASE_URL/);
  });
});
