/**
 * A client asks their agent to move a session (issue 39, point 4): a reason, once per request (a new request once
 * the last is answered); the agent is e-mailed and the client's timeline says it. The agent answers by moving the
 * session (moves.ts marks the request answered) or by keeping its time with a word, which the client is e-mailed in
 * their language. Each is one guarded update: two at once, one wins.
 */
import type { Kysely } from "kysely";
import { utcStamp } from "../../lib/utc-stamp.js";
import { clientEvent } from "../clients/case-file.js";
import { clientAddressed, clientsWithAgent } from "../clients/people.js";
import type { Database } from "../db/schema.js";
import { Conflict, NotFound } from "../errors.js";
import { enqueue } from "../mail/outbox.js";

type Db = Kysely<Database>;

export async function askMoveAsClient(db: Db, clientId: number, id: number, reason: string, now = new Date()) {
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const asked = await trx
      .updateTable("mentor_bookings")
      .set({
        client_move_reason: reason,
        client_move_requested_at: stamp,
        client_move_answer: null,
        client_move_answered_at: null,
        updated_at: stamp,
      })
      .where("id", "=", id)
      .where("client_id", "=", clientId)
      .where("status", "=", "confirmed")
      .where("start_at", ">", stamp)
      .where((eb) => eb.or([eb("client_move_requested_at", "is", null), eb("client_move_answered_at", "is not", null)]))
      .returning(["agent_id", "start_at", "mentor_id"])
      .executeTakeFirst();
    if (!asked) {
      const row = await trx
        .selectFrom("mentor_bookings")
        .select(["client_move_requested_at", "client_move_answered_at", "status", "start_at"])
        .where("id", "=", id)
        .where("client_id", "=", clientId)
        .executeTakeFirst();
      if (row?.status === "confirmed" && row.client_move_requested_at && !row.client_move_answered_at)
        throw new Conflict("session.client_move_asked", "You have asked to move this session already: your agent will answer.");
      throw new Conflict("session.client_move_closed", "This session can no longer be moved here: write to your agent.");
    }
    const people = await clientsWithAgent(trx)
      .select(["agents.time_zone as agent_zone"])
      .where("clients.id", "=", clientId)
      .executeTakeFirstOrThrow();
    const mentor = await trx.selectFrom("mentors").select("name").where("id", "=", asked.mentor_id).executeTakeFirstOrThrow();
    const clientName = `${people.first_name} ${people.last_name}`;
    await enqueue(
      trx,
      {
        dedupeKey: `booking.client_move_requested:${id}:${stamp}`,
        to: people.agent_email,
        facts: {
          kind: "booking.client_move_requested",
          to: { email: people.agent_email, name: people.agent_name, zone: people.agent_zone, role: "agent" },
          booking_id: id,
          client_name: clientName,
          mentor_name: mentor.name,
          start_at: new Date(asked.start_at).toISOString(),
          reason,
        },
      },
      now,
    );
    await clientEvent(
      trx,
      {
        agentId: asked.agent_id,
        clientId,
        kind: "session.client_move_requested",
        summary: `The client asked to move the session with ${mentor.name} of ${utcStamp(asked.start_at)}: “${reason}”`,
        ref: `booking:${id}`,
      },
      now,
    );
  });
  return { asked: true as const };
}

/** The agent keeps the session's time, with a word for the client (only an open request of their own client's). */
export async function keepSessionTime(db: Db, agentId: number, id: number, answer: string, now = new Date()) {
  const stamp = now.toISOString();
  const own = await db
    .selectFrom("mentor_bookings")
    .select("id")
    .where("id", "=", id)
    .where("agent_id", "=", agentId)
    .executeTakeFirst();
  if (!own) throw new NotFound("booking.not_found", "No such booking.");
  await db.transaction().execute(async (trx) => {
    const kept = await trx
      .updateTable("mentor_bookings")
      .set({ client_move_answer: answer, client_move_answered_at: stamp, updated_at: stamp })
      .where("id", "=", id)
      .where("agent_id", "=", agentId)
      .where("status", "=", "confirmed")
      .where("client_move_requested_at", "is not", null)
      .where("client_move_answered_at", "is", null)
      .returning(["client_id", "start_at", "mentor_id"])
      .executeTakeFirst();
    if (!kept) throw new Conflict("session.client_move_none", "The client has no request to move this session waiting.");
    const people = clientAddressed(
      await clientsWithAgent(trx).where("clients.id", "=", kept.client_id).executeTakeFirstOrThrow(),
    );
    const mentor = await trx.selectFrom("mentors").select("name").where("id", "=", kept.mentor_id).executeTakeFirstOrThrow();
    if (people) {
      await enqueue(
        trx,
        {
          dedupeKey: `client.move_kept:${id}:${stamp}`,
          to: people.to.email,
          replyTo: people.agent.email,
          facts: {
            kind: "client.move_kept",
            ...people,
            mentor_name: mentor.name,
            start_at: new Date(kept.start_at).toISOString(),
            answer,
          },
        },
        now,
      );
    }
    await clientEvent(
      trx,
      {
        agentId,
        clientId: kept.client_id,
        kind: "session.client_move_kept",
        summary: `You kept the time of the session with ${mentor.name} of ${utcStamp(kept.start_at)}: “${answer}”`,
        ref: `booking:${id}`,
      },
      now,
    );
  });
  return { kept: true as const };
}
