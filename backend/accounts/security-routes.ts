/**
 * One's own second factors (issue 67), for every kind that signs in with a password: passkeys, the authenticators
 * (set up with a key and a QR code and confirmed by a first code), and the recovery codes.
 */
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Kysely } from "kysely";
import { endpoints, type PasskeyOptions, type SecurityState } from "../../lib/contract.js";
import type { Database } from "../db/schema.js";
import { Conflict, NotFound } from "../errors.js";
import type { Server } from "../serve.js";
import {
  confirmTotp,
  hasFactor,
  newRecoveryCodes,
  pendingTotp,
  removeFactor,
  resetFactors,
  securityState,
  startTotp,
  type FactorKind,
} from "./factors.js";
import { kinds } from "./kinds.js";
import { securityChanged } from "./notices.js";
import { addPasskey, registrationOptions, relyingParty } from "./passkeys.js";

type Deps = { db: Kysely<Database>; factorKey: Buffer; company: () => string; publicUrl: string };

export function securityRoutes(serve: Server, deps: Deps) {
  const { db, factorKey } = deps;
  const whoOf = (caller: { kind: FactorKind; id: number }) => ({ kind: caller.kind, id: caller.id });
  /** How an authenticator app names the account: the firm, and the person's e-mail address. */
  const labelOf = (caller: { person: { email: string } }) => ({ issuer: deps.company(), account: caller.person.email });
  const stateOf = async (caller: { kind: FactorKind; id: number; person: { email: string } }): Promise<SecurityState> => ({
    ...(await securityState(db, whoOf(caller))),
    pending: await pendingTotp(db, whoOf(caller), factorKey, labelOf(caller)),
  });

  serve(endpoints.security, async ({ caller }) => stateOf(caller));

  // The office: a lost phone's factors ended, for an agent or a mentor by any staff, for staff by an owner only, and
  // an owner's own never through this (another owner does it).
  const exists = async (kind: FactorKind, id: number) => {
    const row = await db.selectFrom(kinds[kind].accounts).select("id").where("id", "=", id).executeTakeFirst();
    if (!row) throw new NotFound(`${kind}.not_found`, `No such ${kind}.`);
  };
  serve(endpoints.resetAgentFactors, async ({ caller, params }) => {
    await exists("agent", params.id);
    return { reset: await resetFactors(db, caller.id, { kind: "agent", id: params.id }) };
  });
  serve(endpoints.resetMentorFactors, async ({ caller, params }) => {
    await exists("mentor", params.id);
    return { reset: await resetFactors(db, caller.id, { kind: "mentor", id: params.id }) };
  });
  serve(endpoints.resetStaffFactors, async ({ caller, params }) => {
    if (params.id === caller.id) {
      throw new Conflict(
        "mfa.reset_self",
        "Your own factors are yours to change on your security page, or another owner's to reset.",
      );
    }
    await exists("staff", params.id);
    return { reset: await resetFactors(db, caller.id, { kind: "staff", id: params.id }) };
  });
  serve(endpoints.startTotp, async ({ caller, body }) => startTotp(db, whoOf(caller), factorKey, labelOf(caller), body.name));
  serve(endpoints.confirmTotp, async ({ caller, body }) => {
    const { recovery_codes } = await confirmTotp(db, whoOf(caller), factorKey, body.id, body.code);
    return { ...(await stateOf(caller)), recovery_codes };
  });
  // Passkeys: the browser is given options, creates one, and sends it back to be kept under its name.
  const rp = () => relyingParty(deps.publicUrl, deps.company());
  serve(
    endpoints.passkeyOptions,
    async ({ caller }) =>
      (await registrationOptions(db, rp(), factorKey, whoOf(caller), {
        email: caller.person.email,
        name: caller.person.name,
      })) as unknown as PasskeyOptions,
  );
  serve(endpoints.addPasskey, async ({ caller, body }) => {
    const { recovery_codes } = await addPasskey(
      db,
      rp(),
      whoOf(caller),
      body.name,
      body.response as unknown as RegistrationResponseJSON,
    );
    return { ...(await stateOf(caller)), recovery_codes };
  });
  serve(endpoints.removeFactor, async ({ caller, params }) => {
    await removeFactor(db, whoOf(caller), params.id);
    return stateOf(caller);
  });
  serve(endpoints.newRecoveryCodes, async ({ caller }) => {
    if (!(await hasFactor(db, whoOf(caller)))) {
      throw new Conflict("mfa.factor_not_found", "Set up an authenticator first: recovery codes go with a second factor.");
    }
    const codes = await newRecoveryCodes(db, whoOf(caller));
    await securityChanged(db, whoOf(caller), "recovery_renewed", null);
    return { recovery_codes: codes };
  });
}
