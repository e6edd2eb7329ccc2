/**
 * The tests' one way to make agents and portal sessions: through the app's own code (the password hasher,
 * the portal's session storage), never with raw SQL copies of its formats.
 */
import type { Kysely } from "kysely";
import { hashPassword } from "../../backend/accounts/passwords.js";
import type { Database } from "../../backend/db/schema.js";
import type { AgentPublic, MentorInput, OfficeMentor } from "../../lib/contract.js";
import { portalSessionCookie } from "../../scripts/sign-ins.js";

export async function createAgent(
  db: Kysely<Database>,
  {
    email,
    password = "agent-password",
    name = "Test Agent",
    timeZone = "UTC",
  }: { email: string; password?: string; name?: string; timeZone?: string },
) {
  const row = await db
    .insertInto("agents")
    .values({
      email,
      name,
      password_hash: await hashPassword(password),
      phone: null,
      time_zone: timeZone,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password };
}

/** A signed-in portal session holding this API token, as the portal makes one; its cookie's name and value. */
export async function createPortalSession(db: Kysely<Database>, secret: string, signedIn: { token: string; agent: AgentPublic }) {
  return createSession(db, secret, { token: signedIn.token, agent: signedIn.agent });
}

/**
 * What a portal session stores for a sign-in, given as a kind's token and person the way the API answers it
 * (`{ token, agent }`, `{ staffToken, staff }`, `{ mentorToken, mentor }`, `{ clientToken, client }`): one
 * `account` of that kind, as the portal stores it. `legacy` keeps the pair as sessions of before issue 38 held it.
 */
export function sessionValues(values: Record<string, unknown>, legacy = false): Record<string, unknown> {
  if (legacy) return values;
  const pairs = [
    ["agent", "token", "agent"],
    ["staff", "staffToken", "staff"],
    ["mentor", "mentorToken", "mentor"],
    ["client", "clientToken", "client"],
  ] as const;
  for (const [kind, tokenKey, personKey] of pairs) {
    if (values[tokenKey] && values[personKey]) {
      const { [tokenKey]: token, [personKey]: person, ...rest } = values;
      return { ...rest, account: { kind, token, person } };
    }
  }
  return values;
}

/** A portal session holding `values` (see sessionValues: a kind's token and person become its `account`). */
export async function createSession(
  db: Kysely<Database>,
  secret: string,
  values: Record<string, unknown>,
  opts: { legacy?: boolean } = {},
) {
  const [name, ...value] = (await portalSessionCookie(db, secret, sessionValues(values, opts.legacy))).split("=");
  return { name: name!, value: value.join("=") };
}

/** Gives a catalogue mentor an address and a password, as the invitation's link would (tests of the mentor's area). */
export async function createMentorAccount(
  db: Kysely<Database>,
  { mentorId, email, password = "mentor-password" }: { mentorId: number; email: string; password?: string },
) {
  await db
    .updateTable("mentors")
    .set({ email, password_hash: await hashPassword(password) })
    .where("id", "=", mentorId)
    .execute();
  return { id: mentorId, email, password };
}

/** A mentor as the office's form sends it back (for an edit of one field or two through the API). */
export function officeMentorBody(m: OfficeMentor, changes: Partial<MentorInput> = {}): MentorInput {
  return {
    name: m.name,
    email: m.email,
    title: m.title,
    bio: m.bio,
    expertise: m.expertise,
    languages: m.languages,
    country_code: m.country_code,
    time_zone: m.time_zone,
    rate_minor: m.rate_minor,
    photo_url: m.photo_url,
    meeting_url: m.meeting_url,
    time_off: m.time_off,
    hours: m.availability,
    language: m.language,
    ...changes,
  };
}

/** An error envelope's field errors as their English messages, field by field (tests that read what is said). */
export function messagesOf(errors: Record<string, Array<{ message: string }>> | undefined): Record<string, string[]> {
  if (!errors) return errors as unknown as Record<string, string[]>;
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map((e) => e.message)]));
}
