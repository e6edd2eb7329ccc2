/**
 * Google's and Microsoft's calendars by OAuth 2.0 (issue 69, point 1): a small client of ours over their REST APIs
 * (Google Calendar API v3, Microsoft Graph v1.0), so the same guarded fetch, deadline and error handling hold as for
 * CalDAV, and tests run against local stand-ins (tests/support/calendar-stand-ins.ts) named by the settings'
 * addresses (docs/operations.md).
 *
 * - Sign-in: the authorization code flow with PKCE (S256) and a state kept hashed for ten minutes, used once;
 *   `offline_access`/`access_type=offline` for a refresh token.
 * - Tokens: sealed with CALENDAR_KEY; an access token within a minute of its end is refreshed on the server first,
 *   and one refused (401) is refreshed once and the call tried again. A refresh refused with `invalid_grant` (expired
 *   or revoked) is `CalendarRefused`: the connection breaks (sync.ts) and the mentor is told.
 * - Busy: Google's events expanded by Google (`singleEvents=true`), less cancelled and `transparency: transparent`;
 *   Microsoft's calendarView (expanded by Graph), less cancelled and `showAs` free or working elsewhere. All-day
 *   events are their days in the mentor's zone. The portal's own events (its sessions) are left out by the UID it
 *   wrote them with.
 * - Sessions: Google's event id made from the invite's UID (base32hex), inserted or, when it is there, replaced;
 *   Microsoft's `transactionId` is the UID, so a create retried after a lost answer is one event.
 */
import { createHash, randomBytes } from "node:crypto";
import { DateTime } from "luxon";
import type { OAuthProviderSettings } from "../../lib/settings.js";
import type { Busy } from "./busy-ics.js";
import { merge } from "./busy-ics.js";
import { CalendarRefused, type CalendarService, type FoundCalendar, type SessionEvent } from "./provider.js";

export type OAuthName = "google" | "microsoft";
export type Tokens = { access_token: string; refresh_token: string; expires_at: number };

const SCOPES: Record<OAuthName, string> = {
  google: "https://www.googleapis.com/auth/calendar.readonly https://www.googleapis.com/auth/calendar.events openid email",
  microsoft: "offline_access Calendars.ReadWrite User.Read",
};

/** A random state and PKCE verifier, with the address to send the mentor to. */
export function authorization(name: OAuthName, settings: OAuthProviderSettings, redirectUri: string) {
  const state = randomBytes(24).toString("base64url");
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const url = new URL(settings.authUrl);
  url.search = new URLSearchParams({
    client_id: settings.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: SCOPES[name],
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...(name === "google" ? { access_type: "offline", prompt: "consent", include_granted_scopes: "true" } : {}),
  }).toString();
  return { state, verifier, url: url.toString() };
}

export const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

/** The token endpoint's answer, or why it refused. */
async function tokenCall(settings: OAuthProviderSettings, fetch: typeof globalThis.fetch, form: Record<string, string>) {
  const answer = await fetch(settings.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({ client_id: settings.clientId, client_secret: settings.clientSecret, ...form }).toString(),
  });
  const body = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
  if (!answer.ok) {
    const error = typeof body.error === "string" ? body.error : `status ${answer.status}`;
    if (error === "invalid_grant")
      throw new CalendarRefused("calendar.token_revoked", "The service refused the token (invalid_grant)");
    throw new Error(`The token endpoint answered ${error}`);
  }
  if (typeof body.access_token !== "string") throw new Error("The token endpoint gave no access token");
  return body as { access_token: string; refresh_token?: string; expires_in?: number };
}

/** The code the service sent back, exchanged for tokens. */
export async function exchangeCode(
  settings: OAuthProviderSettings,
  fetch: typeof globalThis.fetch,
  input: { code: string; verifier: string; redirectUri: string },
  now = Date.now(),
): Promise<Tokens> {
  const t = await tokenCall(settings, fetch, {
    grant_type: "authorization_code",
    code: input.code,
    code_verifier: input.verifier,
    redirect_uri: input.redirectUri,
  });
  if (!t.refresh_token) throw new Error("The service gave no refresh token: the portal could not read the calendar later");
  return { access_token: t.access_token, refresh_token: t.refresh_token, expires_at: now + (t.expires_in ?? 3600) * 1000 };
}

/**
 * A Google or Microsoft calendar account. `save` keeps tokens refreshed on the way (sealed by the caller), so that
 * the next call, on any instance, starts from them.
 */
export function oauthService(
  name: OAuthName,
  settings: OAuthProviderSettings,
  fetch: typeof globalThis.fetch,
  tokens: Tokens,
  save: (tokens: Tokens) => Promise<void>,
): CalendarService & { account(): Promise<string> } {
  let current = tokens;
  const refresh = async () => {
    const t = await tokenCall(settings, fetch, { grant_type: "refresh_token", refresh_token: current.refresh_token });
    current = {
      access_token: t.access_token,
      refresh_token: t.refresh_token ?? current.refresh_token,
      expires_at: Date.now() + (t.expires_in ?? 3600) * 1000,
    };
    await save(current);
  };
  /** A call to the API: JSON back, or null for 404/410 (gone). */
  const call = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
    if (current.expires_at < Date.now() + 60_000) await refresh();
    const send = () =>
      fetch(path.startsWith("http") ? path : `${settings.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${current.access_token}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...extra,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    let answer = await send();
    if (answer.status === 401) {
      await answer.body?.cancel().catch(() => undefined);
      await refresh();
      answer = await send();
      if (answer.status === 401) throw new CalendarRefused("calendar.token_revoked", "The service refused a fresh token");
    }
    if (answer.status === 404 || answer.status === 410) {
      await answer.body?.cancel().catch(() => undefined);
      return { status: answer.status, json: null };
    }
    const json = (await answer.json().catch(() => null)) as ApiAnswer | null;
    if (!answer.ok && answer.status !== 409)
      throw new Error(`${name} answered ${answer.status} to ${method} ${path.split("?")[0]}`);
    return { status: answer.status, json };
  };
  return name === "google" ? googleCalendars(call) : microsoftCalendars(call);
}

/** The parts of the services' answers read here (read defensively: anything may be missing). */
type ApiAnswer = {
  id?: string;
  mail?: string;
  userPrincipalName?: string;
  items?: ApiItem[];
  value?: ApiItem[];
  nextPageToken?: string;
  "@odata.nextLink"?: string;
};
type ApiTime = { date?: string; dateTime?: string; timeZone?: string };
type ApiItem = {
  id?: string;
  summary?: string;
  summaryOverride?: string;
  name?: string;
  primary?: boolean;
  status?: string;
  transparency?: string;
  iCalUID?: string;
  extendedProperties?: { private?: { portalUid?: string } };
  start?: ApiTime;
  end?: ApiTime;
  isCancelled?: boolean;
  isAllDay?: boolean;
  showAs?: string;
  transactionId?: string;
};

type Call = (
  method: string,
  path: string,
  body?: unknown,
  extra?: Record<string, string>,
) => Promise<{ status: number; json: ApiAnswer | null }>;

const MAX_PAGES = 20;

/** A date-only value (YYYY-MM-DD) as whole days in the mentor's zone, to `endDate` (exclusive) or one day. */
function days(startDate: string, endDate: string | null, zone: string): Busy {
  const from = DateTime.fromISO(startDate, { zone }).startOf("day");
  const to = endDate ? DateTime.fromISO(endDate, { zone }).startOf("day") : from.plus({ days: 1 });
  return { start: from.toMillis(), end: Math.max(to.toMillis(), from.plus({ days: 1 }).toMillis()) };
}

/** Google's event id for the portal's UID: base32hex (a–v, 0–9), as Google asks of ids chosen by the caller. */
export const googleEventId = (uid: string) => createHash("sha256").update(uid).digest("hex").slice(0, 40);

function googleCalendars(call: Call): CalendarService & { account(): Promise<string> } {
  const eventBody = (event: SessionEvent) => ({
    id: googleEventId(event.uid),
    status: "confirmed",
    summary: event.summary,
    description: `${event.description}\n${event.url}`,
    ...(event.location ? { location: event.location } : {}),
    start: { dateTime: event.start, timeZone: "UTC" },
    end: { dateTime: event.end, timeZone: "UTC" },
    sequence: event.sequence,
    transparency: "opaque",
    extendedProperties: { private: { portalUid: event.uid } },
  });
  const list = async () => {
    const out: ApiItem[] = [];
    let page: string | undefined;
    for (let n = 0; n < MAX_PAGES; n++) {
      const q = new URLSearchParams({ minAccessRole: "reader", ...(page ? { pageToken: page } : {}) });
      const { json } = await call("GET", `/users/me/calendarList?${q}`);
      out.push(...(json?.items ?? []));
      page = json?.nextPageToken;
      if (!page) break;
    }
    return out;
  };
  return {
    async account() {
      const primary = (await list()).find((c) => c.primary);
      return String(primary?.id ?? "Google");
    },
    async calendars(): Promise<FoundCalendar[]> {
      return (await list()).map((c) => ({
        remote_id: String(c.id),
        name: String(c.summaryOverride ?? c.summary ?? c.id),
        tag: null,
      }));
    },
    async busy(remoteId, window, opts) {
      const found: Busy[] = [];
      let page: string | undefined;
      for (let n = 0; n < MAX_PAGES; n++) {
        const q = new URLSearchParams({
          timeMin: new Date(window.from).toISOString(),
          timeMax: new Date(window.to).toISOString(),
          singleEvents: "true",
          showDeleted: "false",
          maxResults: "2500",
          ...(page ? { pageToken: page } : {}),
        });
        const { json } = await call("GET", `/calendars/${encodeURIComponent(remoteId)}/events?${q}`);
        for (const e of json?.items ?? []) {
          if (e.status === "cancelled" || e.transparency === "transparent") continue;
          const uid = e.extendedProperties?.private?.portalUid ?? e.iCalUID;
          if (typeof uid === "string" && opts.own(uid)) continue;
          if (e.start?.date) found.push(days(e.start.date, e.end?.date ?? null, opts.zone));
          else if (e.start?.dateTime && e.end?.dateTime) {
            const span = { start: Date.parse(e.start.dateTime), end: Date.parse(e.end.dateTime) };
            if (span.end > span.start) found.push(span);
          }
        }
        page = json?.nextPageToken;
        if (!page) break;
      }
      return { busy: merge(found.filter((b) => b.end > window.from && b.start < window.to)), tag: null };
    },
    async put(remoteId, event) {
      const calendar = `/calendars/${encodeURIComponent(remoteId)}/events`;
      const id = googleEventId(event.uid);
      const inserted = await call("POST", calendar, eventBody(event));
      // Already there (written before, or cancelled then booked again): replaced whole.
      if (inserted.status === 409) await call("PUT", `${calendar}/${id}`, eventBody(event));
      return id;
    },
    async remove(remoteId, ref) {
      await call("DELETE", `/calendars/${encodeURIComponent(remoteId)}/events/${encodeURIComponent(ref)}`);
    },
  };
}

function microsoftCalendars(call: Call): CalendarService & { account(): Promise<string> } {
  const eventBody = (event: SessionEvent) => ({
    subject: event.summary,
    body: { contentType: "text", content: `${event.description}\n${event.url}` },
    start: { dateTime: event.start.replace(/Z$/, ""), timeZone: "UTC" },
    end: { dateTime: event.end.replace(/Z$/, ""), timeZone: "UTC" },
    ...(event.location ? { location: { displayName: event.location } } : {}),
    showAs: "busy",
  });
  const utc = (v: string) => Date.parse(/Z|[+-]\d\d:\d\d$/.test(v) ? v : `${v}Z`);
  return {
    async account() {
      const { json } = await call("GET", "/me");
      return String(json?.mail ?? json?.userPrincipalName ?? "Microsoft");
    },
    async calendars(): Promise<FoundCalendar[]> {
      const { json } = await call("GET", "/me/calendars?$top=100");
      return (json?.value ?? []).map((c) => ({
        remote_id: String(c.id),
        name: String(c.name ?? c.id),
        tag: null,
      }));
    },
    async busy(remoteId, window, opts) {
      const found: Busy[] = [];
      const q = new URLSearchParams({
        startDateTime: new Date(window.from).toISOString(),
        endDateTime: new Date(window.to).toISOString(),
        $top: "500",
        $select: "showAs,isCancelled,isAllDay,start,end,transactionId",
      });
      let next: string | undefined = `/me/calendars/${encodeURIComponent(remoteId)}/calendarView?${q}`;
      for (let n = 0; n < MAX_PAGES && next; n++) {
        const { json }: { json: ApiAnswer | null } = await call("GET", next, undefined, {
          prefer: 'outlook.timezone="UTC"',
        });
        for (const e of json?.value ?? []) {
          if (e.isCancelled || e.showAs === "free" || e.showAs === "workingElsewhere") continue;
          if (typeof e.transactionId === "string" && opts.own(e.transactionId)) continue;
          if (!e.start?.dateTime || !e.end?.dateTime) continue;
          if (e.isAllDay) found.push(days(e.start.dateTime.slice(0, 10), e.end.dateTime.slice(0, 10), opts.zone));
          else {
            const span = { start: utc(e.start.dateTime), end: utc(e.end.dateTime) };
            if (span.end > span.start) found.push(span);
          }
        }
        next = json?.["@odata.nextLink"];
      }
      return { busy: merge(found.filter((b) => b.end > window.from && b.start < window.to)), tag: null };
    },
    async put(remoteId, event, ref) {
      if (ref) {
        const updated = await call("PATCH", `/me/events/${encodeURIComponent(ref)}`, eventBody(event));
        if (updated.json) return ref;
      }
      // The UID as the transaction id: a create sent twice (its answer lost) is one event.
      const made = await call("POST", `/me/calendars/${encodeURIComponent(remoteId)}/events`, {
        ...eventBody(event),
        transactionId: event.uid,
      });
      if (!made.json?.id) throw new Error("Microsoft gave no id for the session's event");
      return String(made.json.id);
    },
    async remove(_remoteId, ref) {
      await call("DELETE", `/me/events/${encodeURIComponent(ref)}`);
    },
  };
}
