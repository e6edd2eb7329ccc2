/** Signing in, tokens, one's own account and the set-password links, for every kind of account. */
import { z } from "zod";
import { fieldLimits } from "../client-fields.js";
import { isTimeZone } from "../intl.js";
import type { ClientPublic } from "./client-area.js";
import { phoneField } from "./clients.js";
import { accountKinds, answer, endpoint, type AccountKind, type PasswordKind } from "./endpoint.js";
import { emailField, oneLineText, timeZoneField } from "./fields.js";

export const passwordLoginBody = z.object({
  email: emailField,
  password: z
    .string({ required_error: "Password is required", invalid_type_error: "Password must be text" })
    .min(1, "Password is required")
    .max(fieldLimits.password, "Password is too long"),
  /** The browser's zone (sent by the sign-in form with JavaScript): it becomes the agent's own until one is chosen */
  time_zone: z
    .string()
    .max(64)
    .optional()
    .catch(undefined)
    .transform((tz) => (tz && isTimeZone(tz) ? tz : undefined)),
});

/**
 * The sign-in's second step (issue 67): the challenge a right password was answered with (`mfa.required`), and a
 * code from an authenticator (six digits) or a recovery code.
 */
export const secondStepBody = z.object({
  challenge: z
    .string({
      required_error: "This sign-in has expired: sign in again",
      invalid_type_error: "This sign-in has expired: sign in again",
    })
    .regex(/^[A-Za-z0-9_-]{43}$/, "This sign-in has expired: sign in again"),
  code: z
    .string({ required_error: "Type a code", invalid_type_error: "Type a code" })
    .trim()
    .min(1, "Type a code")
    .max(20, "A code is at most 20 characters"),
});

const PASSKEY_UNREAD = "This passkey's answer could not be read: try again";
/**
 * What the browser answers a passkey's ceremony with (WebAuthn's JSON, as @simplewebauthn/browser gives it): its
 * shape checked here, its signature by the API.
 */
export const passkeyResponse = z
  .object(
    {
      id: z.string({ required_error: PASSKEY_UNREAD, invalid_type_error: PASSKEY_UNREAD }).min(1, PASSKEY_UNREAD).max(1400),
      rawId: z.string({ required_error: PASSKEY_UNREAD, invalid_type_error: PASSKEY_UNREAD }).max(1400),
      type: z.literal("public-key", { errorMap: () => ({ message: PASSKEY_UNREAD }) }),
      // Strings (base64url), a number (the key's algorithm) and a list (the transports), as browsers send them.
      response: z.record(
        z.union([z.string().max(16_000), z.number().int().min(-65_535).max(65_535), z.array(z.string().max(40)).max(10)]),
      ),
      clientExtensionResults: z.record(z.unknown()).default({}),
      authenticatorAttachment: z.string().max(40).optional(),
    },
    { required_error: PASSKEY_UNREAD, invalid_type_error: PASSKEY_UNREAD },
  )
  .strip();

/** The second step with a passkey instead of a code: the challenge, and the passkey's signature over the API's. */
export const passkeyStepBody = z.object({ challenge: secondStepBody.shape.challenge, passkey: passkeyResponse });
/** A sign-in with a passkey alone (discoverable, the person verified by the device): no e-mail, no password. */
export const passkeyLoginBody = z.object({ passkey: passkeyResponse });

type LoginStep =
  | z.output<typeof passwordLoginBody>
  | z.output<typeof secondStepBody>
  | z.output<typeof passkeyStepBody>
  | z.output<typeof passkeyLoginBody>;

/**
 * A sign-in: the email and the password, or a passkey alone; for an account with a second factor, the same call
 * again with the challenge and a code or a passkey. A body with `challenge` is the second step.
 */
export const loginBody = z.any().transform((v: unknown, ctx): LoginStep => {
  const has = (key: string) => Boolean(v && typeof v === "object" && key in v);
  const step = has("challenge")
    ? has("passkey")
      ? passkeyStepBody
      : secondStepBody
    : has("passkey")
      ? passkeyLoginBody
      : passwordLoginBody;
  const parsed = (step as z.ZodType<LoginStep>).safeParse(v);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue(issue);
  return z.NEVER;
});
export type LoginBody =
  | z.input<typeof passwordLoginBody>
  | z.input<typeof secondStepBody>
  | z.input<typeof passkeyStepBody>
  | z.input<typeof passkeyLoginBody>;

export const tokencheckBody = z.object({ token: z.string().max(200).optional() }).passthrough();

export type AgentPublic = { id: number; name: string; email: string; time_zone: string };

export type LoginData = { token: string; expires_at: string; agent: AgentPublic };
/** `cart_count`: how many items the agent's cart holds, for the badge every signed-in page shows (no second call) */
export type TokencheckData = { agent: AgentPublic; expires_at: string; cart_count: number };

/** The agent's own settings: the zone every time in the portal is shown in. */
export const agentSettingsBody = z.object({ time_zone: timeZoneField });
export type AgentSettingsBody = z.input<typeof agentSettingsBody>;

/** `time_zone`: the staff member's own, in which the back office shows times and days */
/** `role`: owner (the staff accounts and business settings too) or staff (the rest) */
export type StaffPublic = { id: number; name: string; email: string; time_zone: string; role: "owner" | "staff" };
export type StaffLoginData = { token: string; expires_at: string; staff: StaffPublic };

/** A signed-in mentor: `time_zone` is the mentor's own, in which their agenda is shown */
export type MentorPublic = { id: number; name: string; email: string; time_zone: string };
export type MentorLoginData = { token: string; expires_at: string; mentor: MentorPublic };

/** A password someone chooses: the rules the set-password page states (`passwordRules`, lib/client-fields.ts). */
export const newPasswordField = z
  .string({ required_error: "Choose a password", invalid_type_error: "Password must be text" })
  .min(10, "A password needs at least 10 characters")
  .max(fieldLimits.password, "Password is too long")
  .refine((p) => new Set(p).size >= 4, { message: "Use more different characters", params: { code: "password.varied" } });

export const setPasswordBody = z.object({
  token: z
    .string({ required_error: "This link is not valid" })
    .min(20, "This link is not valid")
    .max(200, "This link is not valid"),
  password: newPasswordField,
});
export const passwordLinkBody = z.object({
  token: z
    .string({ required_error: "This link is not valid" })
    .min(20, "This link is not valid")
    .max(200, "This link is not valid"),
});
// ---- one's own account (every kind alike) -------------------------------

/** What /account shows and edits: the time zone is used for every time the portal shows and sends. */
export type AccountData = {
  kind: PasswordKind;
  id: number;
  name: string;
  email: string;
  phone: string | null;
  time_zone: string;
};
export const accountBody = z.object({
  name: oneLineText(fieldLimits.name, "Name"),
  phone: phoneField,
  time_zone: timeZoneField,
});
export const passwordChangeBody = z.object({
  current_password: z
    .string({ required_error: "Enter your current password", invalid_type_error: "Password must be text" })
    .min(1, "Enter your current password")
    .max(fieldLimits.password, "Password is too long"),
  new_password: newPasswordField,
});
/** /forgot-password: the answer is the same whether an account has this email or not. */
export const forgotPasswordBody = z.object({ email: emailField });

/** Whose link it is: the set-password page greets them. */
export type PasswordLinkInfo = {
  kind: PasswordKind;
  name: string;
  email: string;
  expires_at: string;
  /** set: from the back office; reset: asked for on /forgot-password */
  purpose: "set" | "reset";
};

/** Who each kind of account is, as its calls and the portal's session know it. */
export type PersonOf = { agent: AgentPublic; staff: StaffPublic; mentor: MentorPublic; client: ClientPublic };

/**
 * A sign-in of any kind, in one shape: which kind the API found, its token and who it is. The answer of
 * `account/login` (the portal's one sign-in) and of a set-password link.
 */
export type SignedInData = {
  [K in AccountKind]: {
    kind: K;
    token: string;
    expires_at: string;
    person: PersonOf[K];
    /** The owner asks this kind for a second factor and the account has none: only its security page is open (issue 67) */
    factor_required?: true;
  };
}[AccountKind];

/** Whoever a token is, of any kind: `cart_count` for an agent's badge (null for the other kinds). */
export type WhoAmIData = {
  [K in AccountKind]: {
    kind: K;
    person: PersonOf[K];
    expires_at: string;
    cart_count: number | null;
    /** The owner's rule holds this account to its security page until it has a second factor (issue 67) */
    factor_required?: true;
  };
}[AccountKind];

/** Using a set-password link signs its person in. */
export type PasswordSet = SignedInData;

// ---- endpoints ------------------------------------------------------------------

/** One's own account, the same calls for each kind under its own prefix (`agent/…`, `office/…`). */
function ownAccountEndpoints<const P extends string, const K extends AccountKind>(prefix: P, kind: K) {
  const auth = [kind] as const;
  return {
    read: endpoint({
      method: "GET",
      path: `${prefix}/account`,
      auth,
      summary: "One's own account",
      answer: answer<AccountData>(),
    }),
    save: endpoint({
      method: "POST",
      path: `${prefix}/account`,
      auth,
      summary: "Saves one's own name, phone and zone",
      body: accountBody,
      answer: answer<AccountData>(),
    }),
    password: endpoint({
      method: "POST",
      path: `${prefix}/password`,
      auth,
      summary: "Changes one's password (every other session ends)",
      body: passwordChangeBody,
      answer: answer<{ changed: true; signed_out: number }>(),
    }),
    signOutOthers: endpoint({
      method: "POST",
      path: `${prefix}/sign-out-others`,
      auth,
      summary: "Ends every other session of one's account",
      answer: answer<{ signed_out: number }>(),
    }),
  };
}

export const accountEndpoints = {
  // One sign-in, one "who am I" and one sign-out for every kind: the portal's. The kinds' own below stay for other
  // API clients.
  signIn: endpoint({
    method: "POST",
    path: "account/login",
    auth: "public",
    summary: "Signs in whoever has this email and password, of any kind that signs in with a password",
    body: loginBody,
    answer: answer<SignedInData>(),
  }),
  whoAmI: endpoint({
    method: "POST",
    path: "account/me",
    auth: accountKinds,
    setup: true,
    summary: "Who the token is, of any kind (an agent's cart count with it)",
    answer: answer<WhoAmIData>(),
  }),
  signOut: endpoint({
    method: "POST",
    path: "account/logout",
    auth: accountKinds,
    setup: true,
    summary: "Ends the session of the token, of any kind",
    answer: answer<{ signed_out: true }>(),
  }),
  login: endpoint({
    method: "POST",
    path: "agent/login",
    auth: "public",
    summary: "An agent signs in",
    body: loginBody,
    answer: answer<LoginData>(),
  }),
  // Public in the table: the token may come as the bearer header or, as the old client sent it, in the body.
  tokencheck: endpoint({
    method: "POST",
    path: "agent/tokencheck",
    auth: "public",
    summary: "Whether an agent's token is live (401 when not)",
    body: tokencheckBody,
    answer: answer<TokencheckData>(),
  }),
  logout: endpoint({
    method: "POST",
    path: "agent/logout",
    auth: ["agent"],
    setup: true,
    summary: "Ends the agent's session",
    answer: answer<{ signed_out: true }>(),
  }),
  saveSettings: endpoint({
    method: "POST",
    path: "agent/settings",
    auth: ["agent"],
    summary: "The agent's time zone",
    body: agentSettingsBody,
    answer: answer<AgentPublic>(),
  }),
  forgotPassword: endpoint({
    method: "POST",
    path: "agent/forgot-password",
    auth: "public",
    summary: "A reset link to the address, if an account has it (the same answer either way)",
    body: forgotPasswordBody,
    answer: answer<{ sent: true }>(),
  }),
  officeLogin: endpoint({
    method: "POST",
    path: "office/login",
    auth: "public",
    summary: "A staff member signs in",
    body: loginBody,
    answer: answer<StaffLoginData>(),
  }),
  officeMe: endpoint({
    method: "POST",
    path: "office/me",
    auth: ["staff"],
    setup: true,
    summary: "The signed-in staff member",
    answer: answer<{ staff: StaffPublic }>(),
  }),
  officeLogout: endpoint({
    method: "POST",
    path: "office/logout",
    auth: ["staff"],
    setup: true,
    summary: "Ends the staff member's session",
    answer: answer<{ signed_out: true }>(),
  }),
  mentorLogin: endpoint({
    method: "POST",
    path: "mentor/login",
    auth: "public",
    summary: "A mentor signs in",
    body: loginBody,
    answer: answer<MentorLoginData>(),
  }),
  mentorMe: endpoint({
    method: "POST",
    path: "mentor/me",
    auth: ["mentor"],
    setup: true,
    summary: "The signed-in mentor",
    answer: answer<{ mentor: MentorPublic }>(),
  }),
  mentorLogout: endpoint({
    method: "POST",
    path: "mentor/logout",
    auth: ["mentor"],
    setup: true,
    summary: "Ends the mentor's session",
    answer: answer<{ signed_out: true }>(),
  }),
  passwordCheck: endpoint({
    method: "POST",
    path: "password/check",
    auth: "public",
    summary: "Whose a set-password link is",
    body: passwordLinkBody,
    answer: answer<PasswordLinkInfo>(),
  }),
  passwordSet: endpoint({
    method: "POST",
    path: "password/set",
    auth: "public",
    summary: "Sets the password of a link and signs its person in",
    body: setPasswordBody,
    answer: answer<PasswordSet>(),
  }),
};

/** Each kind's own-account calls. */
export const ownAccount = {
  agent: ownAccountEndpoints("agent", "agent"),
  staff: ownAccountEndpoints("office", "staff"),
  mentor: ownAccountEndpoints("mentor", "mentor"),
};
