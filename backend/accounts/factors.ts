/**
 * A second factor (issue 67) for the accounts that sign in with a password: an authenticator app's codes (TOTP, RFC
 * 6238: SHA-1, six digits, 30 s, one step of drift either way, each code taken once) and ten recovery codes, stored
 * hashed, each used once. An authenticator counts once a first code confirms it; the first one set up brings the
 * recovery codes, shown once.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { audit } from "../audit.js";
import type { Database } from "../db/schema.js";
import { Invalid, NotFound } from "../errors.js";
import { securityChanged } from "./notices.js";
import { seal, unseal } from "./sealed.js";

type Db = Kysely<Database>;
export type FactorKind = "agent" | "staff" | "mentor";
export const isFactorKind = (kind: string): kind is FactorKind => kind === "agent" || kind === "staff" || kind === "mentor";
export type Who = { kind: FactorKind; id: number };

const PERIOD = 30;
export const RECOVERY_CODES = 10;

const totpOf = (secret: Secret, label?: { issuer: string; account: string }) =>
  new TOTP({
    secret,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    ...(label ? { issuer: label.issuer, label: label.account } : {}),
  });

/** The person's factors, as their security page lists them, and how many recovery codes are left. */
export async function securityState(db: Db, who: Who) {
  const [factors, codes] = await Promise.all([
    db
      .selectFrom("account_factors")
      .select(["id", "kind", "name", "created_at", "confirmed_at", "last_used_at"])
      .where("account_kind", "=", who.kind)
      .where("account_id", "=", who.id)
      .where("confirmed_at", "is not", null)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("recovery_codes")
      .select("id")
      .where("account_kind", "=", who.kind)
      .where("account_id", "=", who.id)
      .where("used_at", "is", null)
      .execute(),
  ]);
  const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
  return {
    factors: factors.map((f) => ({
      id: f.id,
      kind: f.kind,
      name: f.name,
      created_at: iso(f.created_at)!,
      last_used_at: iso(f.last_used_at),
    })),
    recovery_codes_left: codes.length,
  };
}

/** Whether the account has a factor that counts (its second step is asked for after the password). */
export async function hasFactor(db: Db, who: Who): Promise<boolean> {
  const row = await db
    .selectFrom("account_factors")
    .select("id")
    .where("account_kind", "=", who.kind)
    .where("account_id", "=", who.id)
    .where("confirmed_at", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The owner's rule (issue 67): whether this account must set up a second factor before anything else, its kind being
 * asked for one (`required`, from the business settings) and it having none. Any other kind of account: never.
 */
export async function factorMissing(
  db: Db,
  who: { kind: string; id: number },
  required: (kind: FactorKind) => boolean,
): Promise<boolean> {
  return isFactorKind(who.kind) && required(who.kind) && !(await hasFactor(db, { kind: who.kind, id: who.id }));
}

/** The key written out for typing: base32 in groups of four. */
export const grouped = (base32: string) => base32.replace(/(.{4})/g, "$1 ").trim();

/**
 * A new authenticator, not yet counting: its key sealed and kept, and what the page shows to set it up (the key in
 * groups of four, the otpauth:// address and its QR code as SVG, drawn here). An earlier one left unconfirmed goes.
 */
export async function startTotp(
  db: Db,
  who: Who,
  key: Buffer,
  label: { issuer: string; account: string },
  name: string,
  now = new Date(),
) {
  const secret = new Secret({ size: 20 });
  await db
    .deleteFrom("account_factors")
    .where("account_kind", "=", who.kind)
    .where("account_id", "=", who.id)
    .where("kind", "=", "totp")
    .where("confirmed_at", "is", null)
    .execute();
  const row = await db
    .insertInto("account_factors")
    .values({
      account_kind: who.kind,
      account_id: who.id,
      kind: "totp",
      name,
      secret: seal(key, secret.base32),
      last_step: null,
      credential_id: null,
      public_key: null,
      transports: null,
      created_at: now.toISOString(),
      confirmed_at: null,
      last_used_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return setupOf(row.id, secret, label);
}

async function setupOf(id: number, secret: Secret, label: { issuer: string; account: string }) {
  const uri = totpOf(secret, label).toString();
  return { id, key: grouped(secret.base32), uri, qr_svg: await QRCode.toString(uri, { type: "svg", margin: 1 }) };
}

/** The person's authenticators, confirmed or waiting for their first code, newest first: their ids and sealed keys. */
const authenticators = (db: Db, who: Who, confirmed: boolean) =>
  db
    .selectFrom("account_factors")
    .select(["id", "secret"])
    .where("account_kind", "=", who.kind)
    .where("account_id", "=", who.id)
    .where("kind", "=", "totp")
    .where("confirmed_at", confirmed ? "is not" : "is", null)
    .orderBy("id", "desc");

/** The authenticator still waiting for its first code, to show its set-up again (a refused code keeps the page). */
export async function pendingTotp(db: Db, who: Who, key: Buffer, label: { issuer: string; account: string }) {
  const row = await authenticators(db, who, false).executeTakeFirst();
  const base32 = row?.secret ? unseal(key, row.secret) : null;
  return row && base32 ? setupOf(row.id, Secret.fromBase32(base32), label) : null;
}

/** The time step a code is good for (within one step either way), or null. */
function stepOf(key: Buffer, sealed: string | null, code: string, now: Date): number | null {
  const base32 = sealed ? unseal(key, sealed) : null;
  if (!base32 || !/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(base32),
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    timestamp: now.getTime(),
    window: 1,
  });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

/**
 * Takes the code for the step it is good for, once: a guarded update moves `last_step` forward only past the step
 * taken last, so a code used (or two at once) is refused the second time.
 */
async function takeStep(db: Db, id: number, step: number, now: Date): Promise<boolean> {
  const r = await db
    .updateTable("account_factors")
    .set({ last_step: step, last_used_at: now.toISOString() })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

const invalidCode = (message = "That code is not right, or it was used already.") =>
  new Invalid("mfa.code_wrong", message, { code: [{ code: "mfa.code_wrong", message }] });

/**
 * The first code confirms the authenticator: it counts from now. The first factor of an account brings its ten
 * recovery codes, returned here once (only their hashes are kept).
 */
export async function confirmTotp(db: Db, who: Who, key: Buffer, id: number, code: string, now = new Date()) {
  const row = await db
    .selectFrom("account_factors")
    .select(["id", "secret", "confirmed_at", "name"])
    .where("id", "=", id)
    .where("account_kind", "=", who.kind)
    .where("account_id", "=", who.id)
    .where("kind", "=", "totp")
    .executeTakeFirst();
  if (!row || row.confirmed_at) throw new NotFound("mfa.factor_not_found", "No authenticator is waiting to be set up.");
  const step = stepOf(key, row.secret, code.replace(/\s/g, ""), now);
  if (step === null || !(await takeStep(db, id, step, now))) throw invalidCode();
  const first = !(await hasFactor(db, who));
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("account_factors").set({ confirmed_at: now.toISOString() }).where("id", "=", id).execute();
    await securityChanged(trx, who, "factor_added", row.name, now);
  });
  return { recovery_codes: first ? await newRecoveryCodes(db, who, now) : null };
}

const codeHash = (code: string) => createHash("sha256").update(code.toLowerCase().replace(/[\s-]/g, "")).digest("hex");
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten new recovery codes (`xxxx-xxxx`), returned once; the set before ends. */
export async function newRecoveryCodes(db: Db, who: Who, now = new Date()): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const bytes = randomBytes(8);
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("recovery_codes").where("account_kind", "=", who.kind).where("account_id", "=", who.id).execute();
    await trx
      .insertInto("recovery_codes")
      .values(
        codes.map((c) => ({
          account_kind: who.kind,
          account_id: who.id,
          code_hash: codeHash(c),
          created_at: now.toISOString(),
          used_at: null,
        })),
      )
      .execute();
  });
  return codes;
}

/**
 * A second step's code: an authenticator's (six digits, taken once) or a recovery code (used once). What it was, or
 * null when it is neither.
 */
export async function checkSecondFactor(
  db: Db,
  who: Who,
  key: Buffer,
  typed: string,
  now = new Date(),
): Promise<"totp" | "recovery" | null> {
  const code = typed.trim();
  if (/^\d{3}\s?\d{3}$/.test(code)) {
    const digits = code.replace(/\s/g, "");
    const factors = await authenticators(db, who, true).execute();
    for (const f of factors) {
      const step = stepOf(key, f.secret, digits, now);
      if (step !== null && (await takeStep(db, f.id, step, now))) return "totp";
    }
    return null;
  }
  const hash = codeHash(code);
  const rows = await db
    .selectFrom("recovery_codes")
    .select(["id", "code_hash"])
    .where("account_kind", "=", who.kind)
    .where("account_id", "=", who.id)
    .where("used_at", "is", null)
    .execute();
  const match = rows.find((r) => timingSafeEqual(Buffer.from(r.code_hash), Buffer.from(hash)));
  if (!match) return null;
  const used = await db
    .updateTable("recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("id", "=", match.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) return null;
  await securityChanged(db, who, "recovery_used", null, now);
  return "recovery";
}

/**
 * The office ends every factor and recovery code of an account (its phone lost, its codes gone): the password alone
 * signs in again until a new factor is set up. Audited, and the person is told. How many factors there were.
 */
export async function resetFactors(db: Db, staffId: number, who: Who, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom("account_factors")
      .where("account_kind", "=", who.kind)
      .where("account_id", "=", who.id)
      .returning("confirmed_at")
      .execute();
    await trx.deleteFrom("recovery_codes").where("account_kind", "=", who.kind).where("account_id", "=", who.id).execute();
    const counted = gone.filter((g) => g.confirmed_at).length;
    await audit(
      trx,
      { staffId, kind: "account.factors_reset", subject: `${who.kind}:${who.id}`, after: { factors: counted } },
      now,
    );
    if (counted) await securityChanged(trx, who, "factors_reset", null, now);
    return counted;
  });
}

/** Removes one of the person's factors; with the last one go the recovery codes (nothing is asked after the password). */
export async function removeFactor(db: Db, who: Who, id: number, now = new Date()) {
  await db.transaction().execute(async (trx) => {
    const r = await trx
      .deleteFrom("account_factors")
      .where("id", "=", id)
      .where("account_kind", "=", who.kind)
      .where("account_id", "=", who.id)
      .returning(["name", "confirmed_at"])
      .executeTakeFirst();
    if (!r) throw new NotFound("mfa.factor_not_found", "No such factor.");
    if (r.confirmed_at) await securityChanged(trx, who, "factor_removed", r.name, now);
    if (!(await hasFactor(trx, who))) {
      await trx.deleteFrom("recovery_codes").where("account_kind", "=", who.kind).where("account_id", "=", who.id).execute();
    }
  });
}
