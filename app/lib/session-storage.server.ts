/**
 * Server-side sessions: the cookie carries only a signed random id; the data (the API token, the agent, flash
 * messages) lives in the database and can be revoked. This module only makes the storage; session.server.ts
 * makes the portal's own, and tests make sessions through the same code (tests/support/fixtures.ts).
 */
import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import type { AccountKind, AgentPublic, ClientPublic, MentorPublic, PersonOf, StaffPublic } from "../../lib/contract.js";
import type { SessionTable } from "../../lib/session-table.js";
import type { ToastMessage } from "./toast.js";

/** Who a session is signed in as, of any kind: its kind, the API's token, and who it is (for the header). */
export type SessionAccount = { [K in AccountKind]: { kind: K; token: string; person: PersonOf[K] } }[AccountKind];

/**
 * A session holds `account`. Sessions made before one shape served every kind (issue 38) held a kind's own pair of
 * keys instead, read once by `accountOf` (session.server.ts) and written anew as `account`.
 */
export type SessionData = {
  account: SessionAccount;
  /**
   * A sign-in waiting for its second step (issue 67): the API's challenge, where the person was going, and the ways
   * the account can answer ("passkey totp recovery")
   */
  secondStep: { challenge: string; redirectTo: string | null; methods?: string };
  /** How long the cookie lasts (session.server.ts): until the browser closes, or this many seconds; else the default */
  lifetime: "browser" | number;
  token: string;
  agent: AgentPublic;
  staffToken: string;
  staff: StaffPublic;
  mentorToken: string;
  mentor: MentorPublic;
  clientToken: string;
  client: ClientPublic;
};
export type SessionFlash = { toast: ToastMessage };
export type PortalSession = Session<SessionData, SessionFlash>;

/**
 * The portal's session storage over its table: server.ts makes it over the process's database handle; tests make
 * sessions through the same code over theirs (tests/support/fixtures.ts), never with raw SQL.
 */
export function createPortalSessionStorage(
  table: SessionTable,
  options: { secret: string; secure: boolean; maxAgeSeconds: number },
) {
  const cookie = createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    path: "/",
    secrets: [options.secret],
    maxAge: options.maxAgeSeconds,
  });

  /** A session's data, or null for none or an expired one (which is deleted). */
  async function readSession(id: string) {
    const row = await table.read(id);
    if (!row) return null;
    if (row.expires_at && row.expires_at <= new Date().toISOString()) {
      await table.remove(id);
      return null;
    }
    try {
      return JSON.parse(row.data);
    } catch {
      return null;
    }
  }

  const storage = createSessionStorage<SessionData, SessionFlash>({
    cookie,
    createData: (data, expires) =>
      orBusy(async () => {
        // Sessions nobody comes back to would stay forever: sweep the expired ones as new ones start.
        await table.removeExpired(new Date().toISOString());
        const id = randomBytes(32).toString("base64url");
        await table.write(id, JSON.stringify(data), expires?.toISOString() ?? null);
        return id;
      }),
    readData: (id) => orBusy(() => readSession(id)),
    updateData: (id, data, expires) =>
      orBusy(async () => {
        await table.write(id, JSON.stringify(data), expires?.toISOString() ?? null);
      }),
    deleteData: (id) =>
      orBusy(async () => {
        await table.remove(id);
      }),
  });
  return { cookie, ...storage };
}

export type PortalSessions = ReturnType<typeof createPortalSessionStorage>;

/** A database that cannot be reached is "Server busy" for the page, not a crash. */
async function orBusy<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch {
    throw new Response("Server busy", { status: 503 });
  }
}
