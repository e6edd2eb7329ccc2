/**
 * Connecting Google or Microsoft (issue 69, point 1): the sign-in started (its state and PKCE verifier kept hashed,
 * ten minutes, the mentor's own), finished with the code the service sends back (the state used once), and the
 * connection made, or mended when it was broken. Tokens are sealed; refreshed ones are kept as they come.
 */
import type { Kysely } from "kysely";
import { fieldError } from "../../lib/field-errors.js";
import { seal } from "../accounts/sealed.js";
import type { Database } from "../db/schema.js";
import { Conflict, Invalid, NotFound } from "../errors.js";
import { addSources, newConnection, ownConnection, working, type ConnectionRow } from "./connections.js";
import type { CalendarDeps } from "./deps.js";
import { authorization, exchangeCode, hashState, oauthService, type OAuthName, type Tokens } from "./oauth.js";
import type { CalendarService } from "./provider.js";

const STATE_MS = 10 * 60_000;

export const redirectUri = (publicUrl: string, provider: OAuthName) => `${publicUrl}/mentoring/calendars/oauth/${provider}`;

function settingsOf(deps: CalendarDeps, provider: OAuthName) {
  const settings = deps.oauthSettings[provider];
  if (!settings) throw new NotFound("calendar.not_offered", "This calendar service is not offered here");
  return settings;
}

/** The service of an OAuth connection, keeping each refreshed token (sealed) for the next call on any instance. */
export function oauthServices(db: Kysely<Database>, deps: Omit<CalendarDeps, "oauth">) {
  return {
    service(row: ConnectionRow, secret: string): CalendarService | null {
      if (row.provider === "caldav") return null;
      const settings = deps.oauthSettings[row.provider];
      if (!settings) return null;
      let tokens: Tokens;
      try {
        tokens = JSON.parse(secret) as Tokens;
      } catch {
        return null;
      }
      return oauthService(row.provider, settings, deps.serviceFetch, tokens, async (fresh) => {
        await db
          .updateTable("calendar_connections")
          .set({ secret: seal(deps.key, JSON.stringify(fresh)) })
          .where("id", "=", row.id)
          .execute();
      });
    },
  };
}

export async function startOAuth(
  db: Kysely<Database>,
  deps: CalendarDeps,
  mentorId: number,
  provider: OAuthName,
  connectionId: number | undefined,
  now = new Date(),
) {
  const settings = settingsOf(deps, provider);
  if (connectionId !== undefined) {
    const row = await ownConnection(db, mentorId, connectionId);
    if (row.provider !== provider) throw new Conflict("calendar.not_found", "That connection is of another service");
  }
  const { state, verifier, url } = authorization(provider, settings, redirectUri(deps.publicUrl, provider));
  await db.deleteFrom("calendar_oauth_states").where("expires_at", "<", now.toISOString()).execute();
  await db
    .insertInto("calendar_oauth_states")
    .values({
      state_hash: hashState(state),
      mentor_id: mentorId,
      provider,
      connection_id: connectionId ?? null,
      verifier,
      expires_at: new Date(now.getTime() + STATE_MS).toISOString(),
    })
    .execute();
  return { url };
}

const failed = (message: string) =>
  new Invalid("calendar.oauth_failed", message, { code: [fieldError("calendar.oauth_failed", message)] });

export async function finishOAuth(
  db: Kysely<Database>,
  deps: CalendarDeps,
  mentorId: number,
  provider: OAuthName,
  input: { code: string; state: string },
  now = new Date(),
): Promise<number> {
  const settings = settingsOf(deps, provider);
  // Used once: the row is taken by the delete that finds it.
  const taken = await db
    .deleteFrom("calendar_oauth_states")
    .where("state_hash", "=", hashState(input.state))
    .where("mentor_id", "=", mentorId)
    .where("provider", "=", provider)
    .where("expires_at", ">", now.toISOString())
    .returning(["verifier", "connection_id"])
    .executeTakeFirst();
  if (!taken) throw failed("This sign-in has expired or was already used: start again");
  let tokens: Tokens;
  try {
    tokens = await exchangeCode(settings, deps.serviceFetch, {
      code: input.code,
      verifier: taken.verifier,
      redirectUri: redirectUri(deps.publicUrl, provider),
    });
  } catch {
    throw failed("The service did not accept the sign-in: start again");
  }
  const service = oauthService(provider, settings, deps.serviceFetch, tokens, async (fresh) => {
    tokens = fresh;
  });
  let label: string;
  let found;
  try {
    label = await service.account();
    found = await service.calendars();
  } catch {
    throw failed("The service did not list your calendars: start again");
  }
  return db.transaction().execute(async (trx) => {
    let id = taken.connection_id;
    if (id !== null) {
      await trx
        .updateTable("calendar_connections")
        .set({ secret: seal(deps.key, JSON.stringify(tokens)), label: label.slice(0, 200), ...working(now) })
        .where("id", "=", id)
        .where("mentor_id", "=", mentorId)
        .execute();
    } else {
      ({ id } = await trx
        .insertInto("calendar_connections")
        .values(
          newConnection(
            {
              mentor_id: mentorId,
              provider,
              label: label.slice(0, 200),
              server_url: null,
              username: null,
              secret: seal(deps.key, JSON.stringify(tokens)),
            },
            now,
          ),
        )
        .returning("id")
        .executeTakeFirstOrThrow());
    }
    await addSources(trx, mentorId, id, found);
    return id;
  });
}
