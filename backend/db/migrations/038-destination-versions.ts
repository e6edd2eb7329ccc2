import { sql, type Kysely } from "kysely";
import type { DbKind } from "../connection.js";

/**
 * Issue 38: a version number for each agent's destinations, kept as the mentors' directory is (migration 037).
 *
 * The clients list offers, as a filter, every destination among the agent's clients: some 250 countries for an agent
 * with clients everywhere, a read of the agent's whole client index on every page. The API keeps that read in memory
 * per agent (backend/db/kept-reads.ts) and reads it again only when `data_versions`' row `destinations:<agent id>`
 * has moved. Triggers move it on every change to what the read holds: a client added or deleted, their destination
 * changed, archived or brought back, handed to another agent (both agents' rows move). Whatever makes the change (a
 * page, the erase script, another server), every server sees the new number at its next read.
 *
 * A row is made by the first change after this migration (a missing row is a version of its own, "none yet").
 * Only added: no row of before is changed or dropped.
 */
export function destinationVersions(kind: DbKind) {
  return {
    async up(db: Kysely<any>) {
      if (kind === "postgres") {
        await sql`create function destinations_version_bump(agent bigint) returns void language sql as $$
          insert into data_versions (name, version) values ('destinations:' || agent, 1)
          on conflict (name) do update set version = data_versions.version + 1
        $$`.execute(db);
        await sql`create function clients_destinations_changed() returns trigger language plpgsql as $$
          begin
            if tg_op <> 'INSERT' then perform destinations_version_bump(old.agent_id); end if;
            if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.agent_id is distinct from old.agent_id) then
              perform destinations_version_bump(new.agent_id);
            end if;
            return null;
          end
        $$`.execute(db);
        await sql`create trigger clients_destinations_version
          after insert or delete or update of agent_id, destination_country, archived_at
          on clients for each row execute procedure clients_destinations_changed()`.execute(db);
        return;
      }
      // SQLite: a trigger for each kind of change; a row made when missing, then moved.
      const bump = (who: "new" | "old") =>
        `insert or ignore into data_versions (name, version) values ('destinations:' || ${who}.agent_id, 0);
         update data_versions set version = version + 1 where name = 'destinations:' || ${who}.agent_id;`;
      for (const [name, event, body] of [
        ["clients_destinations_insert", "insert", bump("new")],
        ["clients_destinations_delete", "delete", bump("old")],
        ["clients_destinations_update", "update of agent_id, destination_country, archived_at", bump("old")],
        // Handed to another agent: the new agent's choices change too.
        ["clients_destinations_handed", "update of agent_id on clients when new.agent_id is not old.agent_id", bump("new")],
      ] as const) {
        const on = event.includes(" on clients") ? event : `${event} on clients`;
        await sql.raw(`create trigger ${name} after ${on} begin ${body} end`).execute(db);
      }
    },
    async down(db: Kysely<any>) {
      if (kind === "postgres") {
        await sql`drop trigger clients_destinations_version on clients`.execute(db);
        await sql`drop function clients_destinations_changed()`.execute(db);
        await sql`drop function destinations_version_bump(bigint)`.execute(db);
      } else {
        for (const name of [
          "clients_destinations_insert",
          "clients_destinations_delete",
          "clients_destinations_update",
          "clients_destinations_handed",
        ]) {
          await sql.raw(`drop trigger ${name}`).execute(db);
        }
      }
      await db.deleteFrom("data_versions").where("name", "like", "destinations:%").execute();
    },
  };
}
