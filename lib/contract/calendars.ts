/**
 * Mentors' own calendars (issue 69): connected on /mentoring/calendars (CalDAV by address, user and app password;
 * Google and Microsoft by OAuth where the server offers them), read for busy times, written with sessions. A password
 * or token given is never answered back.
 */
import { z } from "zod";
import { answer, endpoint } from "./endpoint.js";
import { idParam, MAX_ID, requiredText } from "./fields.js";

export const calendarProviders = ["caldav", "google", "microsoft"] as const;
export type CalendarProviderName = (typeof calendarProviders)[number];
export const oauthProviders = ["google", "microsoft"] as const;

/** A CalDAV account: the server's address (or the account's own, for iCloud and Fastmail), the user and an app password. */
export const caldavConnectBody = z.object({
  server_url: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ required_error: "Enter the server's address", invalid_type_error: "Enter the server's address" })
      .min(1, "Enter the server's address")
      .max(500, "An address has at most 500 characters")
      .refine((v) => {
        try {
          const url = new URL(v);
          return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
        } catch {
          return false;
        }
      }, "Enter the server's address, https://…"),
  ),
  username: requiredText(200, "User name"),
  password: z
    .string({ required_error: "Enter the app password", invalid_type_error: "Enter the app password" })
    .min(1, "Enter the app password")
    .max(500, "A password has at most 500 characters"),
});
export type CaldavConnectBody = z.output<typeof caldavConnectBody>;

export const calendarPasswordBody = caldavConnectBody.pick({ password: true });

const sourceIds = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.coerce.number({ invalid_type_error: "Choose from the list" }).int().min(1).max(MAX_ID)).max(200),
);

/** Which calendars count as busy (those listed), and the one that receives sessions ("" or absent: none). */
export const calendarChoiceBody = z.object({
  busy: sourceIds,
  receives: z.preprocess(
    (v) => (v === "" || v === undefined || v === "none" ? null : v),
    z.coerce.number({ invalid_type_error: "Choose from the list" }).int().min(1).max(MAX_ID).nullable(),
  ),
});

export const oauthProviderParam = z.enum(oauthProviders, { errorMap: () => ({ message: "No such calendar service" }) });

export const oauthStartBody = z.object({
  /** Reconnecting this connection (its tokens replaced); absent: a new one */
  connection_id: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(MAX_ID).optional()),
});

export const oauthFinishBody = z.object({
  code: requiredText(4000, "Code"),
  state: requiredText(200, "State"),
});

export type CalendarConnectionView = {
  id: number;
  provider: CalendarProviderName;
  /** The user and server, or the account's address */
  label: string;
  /** working; broken (the service refused the portal: reconnect); unanswered (the last read failed, it is tried again) */
  status: "working" | "broken" | "unanswered";
  broken_since: string | null;
  broken_code: string | null;
  /** A broken connection's busy times count until then (a day after it broke) */
  busy_counts_until: string | null;
  busy_counting: boolean;
  read_at: string | null;
  calendars: Array<{ id: number; name: string; busy: boolean; receives: boolean }>;
};

export type CalendarsView = {
  /** The services a mentor may connect on this server */
  providers: CalendarProviderName[];
  connections: CalendarConnectionView[];
};

export type OfficeCalendarRow = {
  id: number;
  mentor_id: number;
  mentor_name: string;
  provider: CalendarProviderName;
  status: "working" | "broken" | "unanswered";
  broken_since: string | null;
  broken_code: string | null;
  read_at: string | null;
};

export const calendarEndpoints = {
  mentorCalendars: endpoint({
    method: "GET",
    path: "mentor/calendars",
    auth: ["mentor"],
    summary: "The signed-in mentor's calendar connections, their calendars and whether each works (never a password)",
    answer: answer<CalendarsView>(),
  }),
  connectCaldav: endpoint({
    method: "POST",
    path: "mentor/calendars/caldav",
    auth: ["mentor"],
    summary: "Connects a CalDAV account (address, user, app password): its calendars are found and listed, each counting as busy",
    body: caldavConnectBody,
    created: true,
    answer: answer<CalendarsView>(),
  }),
  reconnectCaldav: endpoint({
    method: "POST",
    path: "mentor/calendars/:id/password",
    auth: ["mentor"],
    summary: "A CalDAV connection's new app password, checked against its server: the connection works again",
    params: { id: idParam },
    body: calendarPasswordBody,
    answer: answer<CalendarsView>(),
  }),
  chooseCalendars: endpoint({
    method: "POST",
    path: "mentor/calendars/choice",
    auth: ["mentor"],
    summary: "Which of the mentor's calendars count as busy, and the one that receives sessions",
    body: calendarChoiceBody,
    answer: answer<CalendarsView>(),
  }),
  disconnectCalendar: endpoint({
    method: "POST",
    path: "mentor/calendars/:id/disconnect",
    auth: ["mentor"],
    summary: "Ends a calendar connection: its busy times stop counting, its credentials are deleted",
    params: { id: idParam },
    answer: answer<CalendarsView>(),
  }),
  startCalendarOAuth: endpoint({
    method: "POST",
    path: "mentor/calendars/oauth/:provider/start",
    auth: ["mentor"],
    summary: "Starts signing in to Google or Microsoft for a calendar: the address to send the mentor to",
    params: { provider: oauthProviderParam },
    body: oauthStartBody,
    answer: answer<{ url: string }>(),
  }),
  finishCalendarOAuth: endpoint({
    method: "POST",
    path: "mentor/calendars/oauth/:provider/finish",
    auth: ["mentor"],
    summary: "Completes the OAuth sign-in with the code the service sent back: the connection made (or mended)",
    params: { provider: oauthProviderParam },
    body: oauthFinishBody,
    answer: answer<CalendarsView>(),
  }),
  officeCalendars: endpoint({
    method: "GET",
    path: "office/calendars",
    auth: ["staff"],
    summary: "Which mentors have a calendar connected, and whether each connection works",
    answer: answer<OfficeCalendarRow[]>(),
  }),
};
