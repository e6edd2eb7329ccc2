/**
 * A second factor (issue 67), for every kind that signs in with a password: one's own authenticators (and, later,
 * passkeys) on `/account/security`, the recovery codes, and the sign-in's second step (`account/login` and each
 * kind's own login, called again with the challenge and a code).
 */
import { z } from "zod";
import { passkeyResponse, secondStepBody } from "./account.js";
import { answer, endpoint } from "./endpoint.js";
import { idParam } from "./fields.js";

/** One of one's factors, as the security page lists it (never its key). */
export type Factor = { id: number; kind: "totp" | "passkey"; name: string; created_at: string; last_used_at: string | null };

/** An authenticator being set up: its key in groups of four, its otpauth:// address, and that address as a QR code (SVG). */
export type TotpSetup = { id: number; key: string; uri: string; qr_svg: string };

export type SecurityState = {
  factors: Factor[];
  /** Recovery codes not used yet (0 without a factor) */
  recovery_codes_left: number;
  /** An authenticator waiting for its first code, if one was started */
  pending: TotpSetup | null;
};

/** Ten codes, each used once instead of an authenticator's: shown once, never again. */
export type RecoveryCodes = { recovery_codes: string[] };

const who = ["agent", "staff", "mentor"] as const;

export const totpStartBody = z.object({
  name: z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? v.trim() : "Authenticator app"),
    z.string().max(60, "A name is at most 60 characters"),
  ),
});

/** Six digits, as an authenticator shows them (a space in the middle is taken out). */
export const sixDigits = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/\s/g, "") : v),
  z
    .string({ required_error: "Type the six digits your app shows", invalid_type_error: "Type the six digits your app shows" })
    .refine((v) => /^\d{6}$/.test(v), { message: "Type the six digits your app shows", params: { code: "validation.format" } }),
);

export const totpConfirmBody = z.object({ id: idParam, code: sixDigits });

/**
 * WebAuthn's options for the browser (`navigator.credentials.create` or `.get`, as @simplewebauthn/browser takes
 * them): the challenge in them is the API's, kept five minutes and taken once.
 */
export type PasskeyOptions = { challenge: string } & Record<string, unknown>;

export const passkeyAddBody = z.object({
  name: z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? v.trim() : "Passkey"),
    z.string().max(60, "A name is at most 60 characters"),
  ),
  response: passkeyResponse,
});

/** A passkey to sign with: any of one's own (a sign-in with a passkey alone), or, with a challenge, the second step's. */
export const passkeySignInBody = z.object({ challenge: secondStepBody.shape.challenge.optional() });

export const securityEndpoints = {
  resetAgentFactors: endpoint({
    method: "POST",
    path: "office/agents/:id/reset-factors",
    auth: ["staff"],
    summary: "Ends an agent's second factors and recovery codes (a lost phone): audited, the agent e-mailed",
    params: { id: idParam },
    answer: answer<{ reset: number }>(),
  }),
  resetMentorFactors: endpoint({
    method: "POST",
    path: "office/mentors/:id/reset-factors",
    auth: ["staff"],
    summary: "Ends a mentor's second factors and recovery codes: audited, the mentor e-mailed",
    params: { id: idParam },
    answer: answer<{ reset: number }>(),
  }),
  resetStaffFactors: endpoint({
    method: "POST",
    path: "office/staff/:id/reset-factors",
    auth: ["staff"],
    owner: true,
    summary: "Ends a staff member's second factors (owners only; an owner's own, only another owner): audited, e-mailed",
    params: { id: idParam },
    answer: answer<{ reset: number }>(),
  }),
  security: endpoint({
    setup: true,
    method: "GET",
    path: "account/security",
    auth: who,
    summary: "One's own second factors, the recovery codes left, and an authenticator waiting for its first code",
    answer: answer<SecurityState>(),
  }),
  startTotp: endpoint({
    setup: true,
    method: "POST",
    path: "account/security/totp",
    auth: who,
    summary: "Starts setting up an authenticator app: its key, otpauth:// address and QR code (it counts once confirmed)",
    body: totpStartBody,
    answer: answer<TotpSetup>(),
  }),
  confirmTotp: endpoint({
    setup: true,
    method: "POST",
    path: "account/security/totp/confirm",
    auth: who,
    summary: "Confirms an authenticator with its first code; the first factor brings ten recovery codes, shown once",
    body: totpConfirmBody,
    answer: answer<SecurityState & { recovery_codes: string[] | null }>(),
  }),
  removeFactor: endpoint({
    setup: true,
    method: "POST",
    path: "account/security/factors/:id/remove",
    auth: who,
    summary: "Removes one of one's factors (with the last, the recovery codes go: the password alone signs in again)",
    params: { id: idParam },
    answer: answer<SecurityState>(),
  }),
  newRecoveryCodes: endpoint({
    setup: true,
    method: "POST",
    path: "account/security/recovery-codes",
    auth: who,
    summary: "Ten new recovery codes, shown once; the set before stops working",
    answer: answer<RecoveryCodes>(),
  }),
  passkeyOptions: endpoint({
    setup: true,
    method: "POST",
    path: "account/security/passkeys/options",
    auth: who,
    summary: "WebAuthn's options to create a passkey (discoverable; the ones kept already are excluded)",
    answer: answer<PasskeyOptions>(),
  }),
  addPasskey: endpoint({
    setup: true,
    method: "POST",
    path: "account/security/passkeys",
    auth: who,
    summary: "Keeps the passkey the browser created, named; the first factor brings ten recovery codes, shown once",
    body: passkeyAddBody,
    answer: answer<SecurityState & { recovery_codes: string[] | null }>(),
  }),
  passkeySignIn: endpoint({
    method: "POST",
    path: "account/passkey/options",
    auth: "public",
    summary: "WebAuthn's options to sign in with a passkey alone, or (with the second step's challenge) as the second factor",
    body: passkeySignInBody,
    answer: answer<PasskeyOptions>(),
  }),
};
