/**
 * `npm run bench`'s part for issue 69: the directory and a mentor's page with 50 mentors' calendars connected against
 * none, side by side on the same server and database. Each connected mentor has two calendars and a busy week (three
 * spans a weekday, kept with each calendar as the portal keeps them, up to the booking horizon); the mentors on the directory's
 * first page are among them. The rows are put in and taken out between slices (the server reads the same SQLite
 * file), so both sides run on the same machine minutes: the median of six pairs' ratios.
 */
import autocannon from "autocannon";
import { encodeSpans } from "../backend/calendars/busy-ics.js";
import { openDatabase } from "../backend/db/connection.js";

export const CONNECTED_MENTORS = 50;

export async function setCalendars(dbFile: string, on: boolean) {
  const database = openDatabase({ kind: "sqlite", file: dbFile });
  const { db } = database;
  try {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("calendar_sources").execute();
      await trx.deleteFrom("calendar_connections").execute();
      if (!on) return;
      const firstPage = await trx
        .selectFrom("mentors")
        .select("id")
        .where("active", "=", 1)
        .orderBy("name")
        .orderBy("id")
        .limit(12)
        .execute();
      const rest = await trx.selectFrom("mentors").select("id").orderBy("id").limit(CONNECTED_MENTORS).execute();
      const ids = [...new Set([1, ...firstPage.map((m) => m.id), ...rest.map((m) => m.id)])].slice(0, CONNECTED_MENTORS);
      const stamp = new Date().toISOString();
      for (const mentorId of ids) {
        const { id: connectionId } = await trx
          .insertInto("calendar_connections")
          .values({
            mentor_id: mentorId,
            provider: "caldav",
            label: `mentor${mentorId} · caldav.example.com`,
            server_url: "https://caldav.example.com/",
            username: `mentor${mentorId}`,
            secret: "v1.bench.not-read.x",
            broken_since: null,
            broken_code: null,
            read_at: stamp,
            // Never due: the bench measures reading the kept spans, not calling a server.
            next_read_at: "2100-01-01T00:00:00.000Z",
            claimed_until: null,
            last_error: null,
            created_at: stamp,
            updated_at: stamp,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const spans: Array<Array<[number, number]>> = [[], []];
        const day0 = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
        for (let d = 0; d < 97; d++) {
          const day = day0 + d * 86_400_000;
          if ([0, 6].includes(new Date(day).getUTCDay())) continue;
          for (const [hour, hours] of [
            [8, 1],
            [12, 1],
            [15 + (mentorId % 3), 2],
          ] as const) {
            spans[(d + hour) % 2]!.push([day + hour * 3_600_000, day + (hour + hours) * 3_600_000]);
          }
        }
        for (const [i, name] of ["Work", "Home"].entries()) {
          await trx
            .insertInto("calendar_sources")
            .values({
              connection_id: connectionId,
              mentor_id: mentorId,
              remote_id: `https://caldav.example.com/${mentorId}/${name}/`,
              name,
              busy: 1,
              receives: i === 0 ? 1 : 0,
              tag: "1",
              read_at: stamp,
              busy_spans: encodeSpans(spans[i]!.map(([start, end]) => ({ start, end }))),
            })
            .execute();
        }
      }
    });
  } finally {
    await database.close();
  }
}

/** Requests per second with 50 calendars connected as a share of those with none: the median of six pairs. */
export async function calendarsSideBySide(dbFile: string, url: string, headers: Record<string, string>) {
  const slice = () => autocannon({ url, connections: 10, duration: 1, headers }).then((r) => r.requests.total);
  const ratios: number[] = [];
  for (let i = 0; i < 6; i++) {
    const order = i % 2 === 0 ? [false, true] : [true, false];
    const got: Record<string, number> = {};
    for (const on of order) {
      await setCalendars(dbFile, on);
      await autocannon({ url, connections: 10, duration: 0.3, headers });
      got[String(on)] = await slice();
    }
    ratios.push(got.true! / got.false!);
  }
  await setCalendars(dbFile, false);
  ratios.sort((a, b) => a - b);
  return (ratios[2]! + ratios[3]!) / 2;
}
