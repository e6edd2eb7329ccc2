/** The mentor's own area (lib/contract/mentoring.ts). */
import type { Kysely } from "kysely";
import { endpoints } from "../../lib/contract.js";
import { requestMove } from "../bookings/moves.js";
import type { WeekRules } from "../bookings/week-change.js";
import type { Database } from "../db/schema.js";
import type { Server } from "../serve.js";
import { markOutcome, mentorAgenda, mentorSession, ownProfile, saveOwnHours, saveOwnProfile } from "./area.js";
import { mentorStatement } from "./statement.js";

export function mentoringRoutes(serve: Server, { db, week }: { db: Kysely<Database>; week: WeekRules }) {
  serve(endpoints.mentorAgenda, async ({ caller }) => mentorAgenda(db, caller.id));
  serve(endpoints.mentorStatement, async ({ caller, query }) => mentorStatement(db, caller.id, query.month));
  serve(endpoints.officeMentorStatement, async ({ params, query }) => mentorStatement(db, params.id, query.month));
  serve(endpoints.markOutcome, async ({ caller, params, body }) => markOutcome(db, caller.id, params.id, body));
  serve(endpoints.requestMove, async ({ caller, params, body }) => {
    await requestMove(db, caller.id, params.id, body.reason);
    return mentorSession(db, caller.id, params.id);
  });
  serve(endpoints.mentorProfile, async ({ caller }) => ownProfile(db, caller.id));
  serve(endpoints.saveMentorProfile, async ({ caller, body }) => saveOwnProfile(db, caller.id, body, week));
  serve(endpoints.saveMentorHours, async ({ caller, body }) => saveOwnHours(db, caller.id, body, week));
}
