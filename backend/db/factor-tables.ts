/** Table types for the second factor (issue 67): authenticators and passkeys, recovery codes, the second step's proofs. */
import type { Generated } from "kysely";

type Owner = { account_kind: "agent" | "staff" | "mentor"; account_id: number };

export interface AccountFactorsTable extends Owner {
  id: Generated<number>;
  kind: "totp" | "passkey";
  /** What the person called it ("Phone", "YubiKey") */
  name: string;
  /** TOTP: the key, sealed with the portal's key (backend/accounts/sealed.ts) */
  secret: string | null;
  /** TOTP: the last time step a code was taken for (a code is taken once) */
  last_step: number | null;
  /** Passkey: the credential's id (base64url), its public key (base64url COSE), its signature counter */
  credential_id: string | null;
  public_key: string | null;
  counter: Generated<number>;
  transports: string | null;
  created_at: string;
  /** TOTP: when a first code confirmed it (it counts from then); a passkey: when it was registered */
  confirmed_at: string | null;
  last_used_at: string | null;
}

export interface RecoveryCodesTable extends Owner {
  id: Generated<number>;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface MfaChallengesTable extends Owner {
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A passkey's challenge, used once (issue 67): to add one, to sign in with one alone, or as the second step. */
export interface PasskeyChallengesTable {
  challenge: string;
  purpose: "register" | "sign_in" | "second_step";
  /** Whose it is: the account adding a passkey, or whose password was right; null for a sign-in with a passkey alone */
  account_kind: "agent" | "staff" | "mentor" | null;
  account_id: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A browser an account has signed in from (its cookie's hash): a sign-in from one not seen before is e-mailed. */
export interface KnownBrowsersTable extends Owner {
  id: Generated<number>;
  browser_hash: string;
  first_seen_at: string;
  last_seen_at: string;
}

export interface FactorTables {
  account_factors: AccountFactorsTable;
  recovery_codes: RecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
  passkey_challenges: PasskeyChallengesTable;
  known_browsers: KnownBrowsersTable;
}
