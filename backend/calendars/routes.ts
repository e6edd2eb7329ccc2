/** Mentors' own calendars (lib/contract/calendars.ts; issue 69). */
import type { Kysely } from "kysely";
import { endpoints } from "../../lib/contract.js";
import { fieldError } from "../../lib/field-errors.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import type { Database } from "../db/schema.js";
import { Invalid, NotFound } from "../errors.js";
import type { Server } from "../serve.js";
import { chooseCalendars, connectCaldav, disconnect, mentorCalendars, officeCalendars, reconnectCaldav } from "./connections.js";
import type { CalendarDeps } from "./deps.js";
import { finishOAuth, startOAuth } from "./oauth-connect.js";
import { refreshMentor } from "./sync.js";
import { queueUpcoming } from "./writes.js";

export function calendarRoutes(serve: Server, { db, deps }: { db: Kysely<Database>; deps: CalendarDeps | null }) {
  const offered = (provider: "caldav" | "google" | "microsoft"): CalendarDeps => {
    if (!deps || !deps.providers.includes(provider)) {
      throw new NotFound("calendar.not_offered", "Mentors' calendars are not set up on this server");
    }
    return deps;
  };
  const view = (mentorId: number) => mentorCalendars(db, { providers: deps?.providers ?? [] }, mentorId);
  /** A new or mended connection: read at once (within a short wait), and the sessions to come written to it. */
  const settle = async (d: CalendarDeps, mentorId: number) => {
    await refreshMentor(db, d, mentorId, { freshMs: 0, budgetMs: 4000 });
    await queueUpcoming(db, mentorId);
  };
  const receiving = async (mentorId: number) =>
    (
      await db
        .selectFrom("calendar_sources")
        .select("id")
        .where("mentor_id", "=", mentorId)
        .where("receives", "=", 1)
        .executeTakeFirst()
    )?.id ?? null;

  serve(endpoints.mentorCalendars, async ({ caller }) => view(caller.id));
  serve(endpoints.connectCaldav, async ({ caller, body }) => {
    const d = offered("caldav");
    if (body.server_url.startsWith("http:") && !d.allowPlainHttp) {
      throw new Invalid("validation.failed", FIX_FIELDS, {
        server_url: [fieldError("calendar.https_needed", "The address must start with https:// (a password travels to it)")],
      });
    }
    await connectCaldav(db, d, caller.id, body);
    await settle(d, caller.id);
    return view(caller.id);
  });
  serve(endpoints.reconnectCaldav, async ({ caller, params, body }) => {
    const d = offered("caldav");
    await reconnectCaldav(db, d, caller.id, params.id, body.password);
    await settle(d, caller.id);
    return view(caller.id);
  });
  serve(endpoints.chooseCalendars, async ({ caller, body }) => {
    const before = await receiving(caller.id);
    await chooseCalendars(db, caller.id, body);
    if (deps && (await receiving(caller.id)) !== before) await queueUpcoming(db, caller.id);
    if (deps) await refreshMentor(db, deps, caller.id, { freshMs: 0, budgetMs: 4000 });
    return view(caller.id);
  });
  serve(endpoints.disconnectCalendar, async ({ caller, params }) => {
    await disconnect(db, caller.id, params.id);
    return view(caller.id);
  });
  serve(endpoints.startCalendarOAuth, async ({ caller, params, body }) =>
    startOAuth(db, offered(params.provider), caller.id, params.provider, body.connection_id),
  );
  serve(endpoints.finishCalendarOAuth, async ({ caller, params, body }) => {
    const d = offered(params.provider);
    await finishOAuth(db, d, caller.id, params.provider, body);
    await settle(d, caller.id);
    return view(caller.id);
  });
  serve(endpoints.officeCalendars, async () => officeCalendars(db));
}
