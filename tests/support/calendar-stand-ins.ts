/**
 * Local stand-ins of Google's and Microsoft's OAuth and calendar APIs (issue 69), on a port of this machine, for
 * the parts the portal calls (backend/calendars/oauth.ts): the authorization endpoint (which consents at once and
 * sends the browser back with a code), the token endpoint (the code with its PKCE verifier, and refresh tokens, which
 * a test can revoke: `invalid_grant`), the calendar list, events in a window (Google's already expanded, as
 * `singleEvents=true` gives them; Microsoft's calendarView), and events written, replaced and deleted. Access tokens
 * can be made to expire at once, to see the portal refresh them. The settings that point the portal here are the
 * ones an operator leaves at their defaults (docs/operations.md).
 */
import { createHash, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import type { OAuthProviderSettings } from "../../lib/settings.js";

type Name = "google" | "microsoft";
export type StandInEvent = Record<string, unknown> & { id: string };

export type CalendarStandIns = {
  settings: Record<Name, OAuthProviderSettings>;
  /** Every access token stops working now (the portal must refresh) */
  expireAccessTokens(): void;
  /** Every refresh token is revoked (the portal's next refresh: invalid_grant) */
  revoke(name: Name): void;
  addEvent(name: Name, calendarId: string, event: StandInEvent): void;
  events(name: Name, calendarId: string): StandInEvent[];
  /** How many token refreshes each service answered */
  refreshes: Record<Name, number>;
  close(): Promise<void>;
};

export const googleCalendars = [
  { id: "mentor@gmail.test", summary: "mentor@gmail.test", primary: true },
  { id: "family@group.test", summary: "Family" },
];
export const microsoftCalendars = [
  { id: "AAMk-calendar", name: "Calendar" },
  { id: "AAMk-birthdays", name: "Birthdays" },
];

export async function startCalendarStandIns(): Promise<CalendarStandIns> {
  const app = express();
  app.use(express.urlencoded({ extended: false }));
  app.use(express.json());
  const codes = new Map<string, { name: Name; challenge: string; redirect: string }>();
  const access = new Map<string, Name>();
  const refreshTokens = new Map<string, Name>();
  const revoked = new Set<Name>();
  const calendars = new Map<string, StandInEvent[]>();
  const refreshes: Record<Name, number> = { google: 0, microsoft: 0 };
  const list = (name: Name, id: string) => {
    const key = `${name}|${id}`;
    if (!calendars.has(key)) calendars.set(key, []);
    return calendars.get(key)!;
  };
  const tokens = (name: Name) => {
    const token = `at-${name}-${randomBytes(8).toString("hex")}`;
    access.set(token, name);
    return token;
  };

  for (const name of ["google", "microsoft"] as const) {
    app.get(`/${name}/auth`, (req, res) => {
      const q = req.query as Record<string, string>;
      if (q.client_id !== `${name}-client` || q.code_challenge_method !== "S256") return res.status(400).send("bad request");
      const code = `code-${randomBytes(8).toString("hex")}`;
      codes.set(code, { name, challenge: q.code_challenge!, redirect: q.redirect_uri! });
      const back = new URL(q.redirect_uri!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", q.state!);
      res.redirect(302, back.toString());
    });
    app.post(`/${name}/token`, (req, res) => {
      const b = req.body as Record<string, string>;
      if (b.client_id !== `${name}-client` || b.client_secret !== `${name}-secret`)
        return res.status(401).json({ error: "invalid_client" });
      if (b.grant_type === "authorization_code") {
        const found = codes.get(b.code ?? "");
        codes.delete(b.code ?? "");
        const challenge = createHash("sha256")
          .update(b.code_verifier ?? "")
          .digest("base64url");
        if (!found || found.name !== name || found.challenge !== challenge || found.redirect !== b.redirect_uri)
          return res.status(400).json({ error: "invalid_grant" });
        const refresh = `rt-${name}-${randomBytes(8).toString("hex")}`;
        refreshTokens.set(refresh, name);
        return res.json({ access_token: tokens(name), refresh_token: refresh, expires_in: 3600, token_type: "Bearer" });
      }
      if (b.grant_type === "refresh_token") {
        if (revoked.has(name) || refreshTokens.get(b.refresh_token ?? "") !== name)
          return res.status(400).json({ error: "invalid_grant", error_description: "Token has been expired or revoked." });
        refreshes[name]++;
        return res.json({ access_token: tokens(name), expires_in: 3600, token_type: "Bearer" });
      }
      res.status(400).json({ error: "unsupported_grant_type" });
    });
    // Every API call needs a live access token.
    app.use(`/${name}/api`, (req, res, next) => {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (!token || access.get(token) !== name)
        return res.status(401).json({ error: { code: 401, message: "Invalid Credentials" } });
      next();
    });
  }

  const overlaps = (
    e: StandInEvent,
    from: number,
    to: number,
    start: (e: StandInEvent) => number,
    end: (e: StandInEvent) => number,
  ) => start(e) < to && end(e) > from;

  // Google Calendar API v3
  const gStart = (e: StandInEvent) => {
    const s = e.start as { date?: string; dateTime?: string };
    return Date.parse(s.dateTime ?? `${s.date}T00:00:00Z`);
  };
  const gEnd = (e: StandInEvent) => {
    const s = e.end as { date?: string; dateTime?: string };
    return Date.parse(s.dateTime ?? `${s.date}T00:00:00Z`);
  };
  app.get("/google/api/users/me/calendarList", (_req, res) => res.json({ items: googleCalendars }));
  app.get("/google/api/calendars/:id/events", (req, res) => {
    const q = req.query as Record<string, string>;
    if (q.singleEvents !== "true") return res.status(400).json({ error: "the portal asks for single events" });
    const from = Date.parse(q.timeMin!);
    const to = Date.parse(q.timeMax!);
    res.json({ items: list("google", req.params.id).filter((e) => overlaps(e, from, to, gStart, gEnd)) });
  });
  app.post("/google/api/calendars/:id/events", (req, res) => {
    const events = list("google", req.params.id);
    const body = req.body as StandInEvent;
    if (!/^[a-v0-9]{5,1024}$/.test(body.id)) return res.status(400).json({ error: "Invalid resource id value." });
    if (events.some((e) => e.id === body.id))
      return res.status(409).json({ error: { code: 409, message: "The requested identifier already exists." } });
    events.push(body);
    res.json(body);
  });
  app.put("/google/api/calendars/:id/events/:eventId", (req, res) => {
    const events = list("google", req.params.id);
    const i = events.findIndex((e) => e.id === req.params.eventId);
    if (i < 0) return res.status(404).json({ error: "Not Found" });
    events[i] = { ...(req.body as StandInEvent), id: req.params.eventId };
    res.json(events[i]);
  });
  app.delete("/google/api/calendars/:id/events/:eventId", (req, res) => {
    const events = list("google", req.params.id);
    const i = events.findIndex((e) => e.id === req.params.eventId);
    if (i < 0) return res.status(410).json({ error: "Resource has been deleted" });
    events.splice(i, 1);
    res.status(204).end();
  });

  // Microsoft Graph v1.0 (the times in UTC, as the portal's Prefer header asks)
  const mTime = (v: unknown) => Date.parse(`${String((v as { dateTime: string }).dateTime).replace(/Z$/, "")}Z`);
  app.get("/microsoft/api/me", (_req, res) =>
    res.json({ mail: "mentor@outlook.test", userPrincipalName: "mentor@outlook.test" }),
  );
  app.get("/microsoft/api/me/calendars", (_req, res) => res.json({ value: microsoftCalendars }));
  app.get("/microsoft/api/me/calendars/:id/calendarView", (req, res) => {
    const q = req.query as Record<string, string>;
    const from = Date.parse(q.startDateTime!);
    const to = Date.parse(q.endDateTime!);
    const found = list("microsoft", req.params.id).filter((e) =>
      overlaps(
        e,
        from,
        to,
        (x) => mTime(x.start),
        (x) => mTime(x.end),
      ),
    );
    res.json({ value: found });
  });
  app.post("/microsoft/api/me/calendars/:id/events", (req, res) => {
    const events = list("microsoft", req.params.id);
    const body = req.body as Record<string, unknown>;
    // Graph's transactionId: a create sent again with the same one is the same event.
    const same = events.find((e) => body.transactionId && e.transactionId === body.transactionId);
    if (same) return res.status(201).json(same);
    const made = { ...body, id: `AAMk-event-${randomBytes(6).toString("hex")}` };
    events.push(made);
    res.status(201).json(made);
  });
  const findEvent = (id: string) => {
    for (const [key, events] of calendars) {
      if (!key.startsWith("microsoft|")) continue;
      const i = events.findIndex((e) => e.id === id);
      if (i >= 0) return { events, i };
    }
    return null;
  };
  app.patch("/microsoft/api/me/events/:id", (req, res) => {
    const found = findEvent(req.params.id);
    if (!found) return res.status(404).json({ error: { code: "ErrorItemNotFound" } });
    found.events[found.i] = { ...found.events[found.i]!, ...(req.body as object), id: req.params.id };
    res.json(found.events[found.i]);
  });
  app.delete("/microsoft/api/me/events/:id", (req, res) => {
    const found = findEvent(req.params.id);
    if (!found) return res.status(404).json({ error: { code: "ErrorItemNotFound" } });
    found.events.splice(found.i, 1);
    res.status(204).end();
  });

  const server = await new Promise<import("node:http").Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const settingsOf = (name: Name): OAuthProviderSettings => ({
    clientId: `${name}-client`,
    clientSecret: `${name}-secret`,
    authUrl: `${base}/${name}/auth`,
    tokenUrl: `${base}/${name}/token`,
    apiUrl: `${base}/${name}/api`,
  });
  return {
    settings: { google: settingsOf("google"), microsoft: settingsOf("microsoft") },
    expireAccessTokens: () => access.clear(),
    revoke: (name) => revoked.add(name),
    addEvent: (name, calendarId, event) => list(name, calendarId).push(event),
    events: (name, calendarId) => list(name, calendarId),
    refreshes,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
