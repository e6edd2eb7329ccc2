/**
 * Passkeys (issue 67, WebAuthn with @simplewebauthn/server): added on one's security page, then used to sign in alone
 * (a discoverable credential, the person verified by the device: a fingerprint, a face, a PIN) or as the second step
 * after a password. The relying party is the portal's public address (`PUBLIC_URL`): its host name is the RP id and
 * its origin the only one accepted.
 *
 * Each ceremony's challenge is kept in `passkey_challenges` and taken once by a guarded update, whoever asks first;
 * the signature counter only moves forward (a guarded update too), so a cloned authenticator's older count is refused.
 * A removed passkey's row is gone: nothing signs in with it again.
 */
import { createHmac } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { ApiError } from "../http.js";
import { hasFactor, newRecoveryCodes, type FactorKind, type Who } from "./factors.js";
import { securityChanged } from "./notices.js";

type Db = Kysely<Database>;

/** The relying party: the portal's host name and origin, from its public address. */
export type RelyingParty = { id: string; origin: string; name: string };

export function relyingParty(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name };
}

const CHALLENGE_MINUTES = 5;
type Purpose = "register" | "sign_in" | "second_step";

const PASSKEY_FAILED = "This passkey could not be checked. Try again, or use another way to sign in.";
const PASSKEY_UNKNOWN = "This passkey is not known here (it may have been removed). Sign in with your password.";

/** A refusal of a passkey: said above the form (there is no field to correct). */
export const passkeyFailed = (message = PASSKEY_FAILED) => new ApiError(400, "passkey.failed", message);
const passkeyUnknown = () => new ApiError(401, "passkey.unknown", PASSKEY_UNKNOWN);

async function keepChallenge(db: Db, challenge: string, purpose: Purpose, who: Who | null, now: Date) {
  await db
    .insertInto("passkey_challenges")
    .values({
      challenge,
      purpose,
      account_kind: who?.kind ?? null,
      account_id: who?.id ?? null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000).toISOString(),
      used_at: null,
    })
    .execute();
}

/** The challenges past their five minutes, gone (the API's minute sweep): nothing reads them after. */
export async function sweepPasskeyChallenges(db: Db, now = new Date()) {
  await db.deleteFrom("passkey_challenges").where("expires_at", "<", now.toISOString()).execute();
}

/**
 * Takes the challenge the authenticator signed, once: it must be one this portal gave for this purpose (and this
 * account, when it names one), unused and within its minutes. Two answers signed over the same challenge: one wins.
 */
function takeChallenge(db: Db, purpose: Purpose, who: Who | null, now: Date) {
  return async (challenge: string): Promise<boolean> => {
    let q = db
      .updateTable("passkey_challenges")
      .set({ used_at: now.toISOString() })
      .where("challenge", "=", challenge)
      .where("purpose", "=", purpose)
      .where("used_at", "is", null)
      .where("expires_at", ">", now.toISOString());
    if (who) q = q.where("account_kind", "=", who.kind).where("account_id", "=", who.id);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  };
}

const passkeysOf = (db: Db, who: Who) =>
  db
    .selectFrom("account_factors")
    .select(["credential_id", "transports"])
    .where("account_kind", "=", who.kind)
    .where("account_id", "=", who.id)
    .where("kind", "=", "passkey")
    .where("confirmed_at", "is not", null)
    .execute();

const transportsOf = (t: string | null): AuthenticatorTransportFuture[] | undefined => {
  if (!t) return undefined;
  try {
    const list = JSON.parse(t) as unknown;
    return Array.isArray(list) ? (list.filter((x) => typeof x === "string") as AuthenticatorTransportFuture[]) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The user handle a passkey keeps for its account: opaque (no e-mail, no id in clear), the same for every passkey of
 * the account, so that a device holds one of ours per person and replaces it when added again.
 */
const userHandle = (key: Buffer, who: Who) =>
  new Uint8Array(createHmac("sha256", key).update(`passkey-user:${who.kind}:${who.id}`).digest().subarray(0, 32));

/** What the browser is asked to create a passkey with: resident (discoverable), not one the device has for us already. */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  key: Buffer,
  who: Who,
  person: { email: string; name: string },
  now = new Date(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await passkeysOf(db, who);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: person.email,
    userDisplayName: person.name,
    userID: userHandle(key, who),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credential_id!, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    timeout: CHALLENGE_MINUTES * 60_000,
  });
  await keepChallenge(db, options.challenge, "register", who, now);
  return options;
}

/**
 * Keeps the passkey the browser created, under the name the person gave it: it counts at once. The account's first
 * factor brings its ten recovery codes (returned once); the person is e-mailed.
 */
export async function addPasskey(
  db: Db,
  rp: RelyingParty,
  who: Who,
  name: string,
  response: RegistrationResponseJSON,
  now = new Date(),
): Promise<{ recovery_codes: string[] | null }> {
  let info;
  try {
    const checked = await verifyRegistrationResponse({
      response,
      expectedChallenge: takeChallenge(db, "register", who, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!checked.verified) throw passkeyFailed();
    info = checked.registrationInfo;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw passkeyFailed();
  }
  const { credential } = info;
  const first = !(await hasFactor(db, who));
  const added = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("account_factors")
      .values({
        account_kind: who.kind,
        account_id: who.id,
        kind: "passkey",
        name,
        secret: null,
        last_step: null,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports?.length ? JSON.stringify(credential.transports) : null,
        created_at: now.toISOString(),
        confirmed_at: now.toISOString(),
        last_used_at: null,
      })
      // The same credential twice (a second tab's answer): the one kept is the first.
      .onConflict((oc) => oc.column("credential_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (row) await securityChanged(trx, who, "factor_added", name, now);
    return Boolean(row);
  });
  if (!added) throw passkeyFailed("This passkey is kept here already.");
  return { recovery_codes: first ? await newRecoveryCodes(db, who, now) : null };
}

/**
 * What the browser is asked to sign with: for a sign-in with a passkey alone, any of ours the device holds (it
 * offers them, the person chooses, and is verified by the device); as the second step, one of the account's own.
 */
export async function authenticationOptions(
  db: Db,
  rp: RelyingParty,
  who: Who | null,
  now = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow = who ? await passkeysOf(db, who) : [];
  if (who && !allow.length) {
    throw new ApiError(
      409,
      "passkey.none",
      "This account has no passkey: use a code from your authenticator, or a recovery code.",
    );
  }
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allow.map((p) => ({ id: p.credential_id!, transports: transportsOf(p.transports) })),
    userVerification: who ? "preferred" : "required",
    timeout: CHALLENGE_MINUTES * 60_000,
  });
  await keepChallenge(db, options.challenge, who ? "second_step" : "sign_in", who, now);
  return options;
}

/**
 * Checks a passkey's signature: whose account it opens. Alone, the device must have verified its person (the passkey
 * is both factors); as the second step, it must be one of that account's. The counter moves forward or the passkey
 * is refused (a copy of it signing with an older count).
 */
export async function checkPasskey(
  db: Db,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  forAccount: Who | null,
  now = new Date(),
): Promise<Who> {
  const row = await db
    .selectFrom("account_factors")
    .select(["id", "account_kind", "account_id", "credential_id", "public_key", "counter", "transports"])
    .where("kind", "=", "passkey")
    .where("credential_id", "=", response.id)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  if (!row || !row.public_key) throw passkeyUnknown();
  const who: Who = { kind: row.account_kind as FactorKind, id: row.account_id };
  if (forAccount && (forAccount.kind !== who.kind || forAccount.id !== who.id)) throw passkeyUnknown();
  let newCounter: number;
  try {
    const checked = await verifyAuthenticationResponse({
      response,
      expectedChallenge: takeChallenge(db, forAccount ? "second_step" : "sign_in", forAccount, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.credential_id!,
        publicKey: new Uint8Array(Buffer.from(row.public_key, "base64url")),
        counter: Number(row.counter),
        transports: transportsOf(row.transports),
      },
      requireUserVerification: !forAccount,
    });
    if (!checked.verified) throw passkeyFailed();
    newCounter = checked.authenticationInfo.newCounter;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw passkeyFailed();
  }
  // Forward only: a device that counts (newCounter > 0) must pass the count kept; one that never counts stays at 0.
  const moved = await db
    .updateTable("account_factors")
    .set({ counter: newCounter, last_used_at: now.toISOString() })
    .where("id", "=", row.id)
    .where((eb) => (newCounter > 0 ? eb("counter", "<", newCounter) : eb("counter", "=", 0)))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw passkeyFailed();
  return who;
}
