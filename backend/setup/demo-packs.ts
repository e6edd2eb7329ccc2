/** The demo's session pack (issue 41): three one-hour sessions with any mentor, published, in the four languages. */
import type { Kysely } from "kysely";
import { CATALOGUE_CURRENCY } from "../../lib/money.js";
import type { Database } from "../db/schema.js";

export async function seedDemoPack(db: Kysely<Database>, now: Date) {
  if (await db.selectFrom("session_packs").select("id").limit(1).executeTakeFirst()) return;
  const stamp = now.toISOString();
  await db
    .insertInto("session_packs")
    .values({
      name: "Career kick-off",
      description:
        "Three one-hour sessions with a mentor of the client's choosing: a plan, a CV review and an interview rehearsal.",
      texts: JSON.stringify({
        ar: {
          name: "انطلاقة مهنية",
          description: "ثلاث جلسات مدة كل منها ساعة مع مرشد يختاره العميل: خطة، ومراجعة للسيرة الذاتية، وتدريب على المقابلة.",
        },
        es: {
          name: "Arranque profesional",
          description:
            "Tres sesiones de una hora con el mentor que elija el cliente: un plan, una revisión del currículum y un ensayo de entrevista.",
        },
        fr: {
          name: "Démarrage de carrière",
          description:
            "Trois séances d’une heure avec le mentor choisi par le client : un plan, une relecture du CV et une répétition d’entretien.",
        },
      }),
      sessions: 3,
      session_minutes: 60,
      all_mentors: 1,
      price_minor: 45_000,
      currency: CATALOGUE_CURRENCY,
      valid_days: 90,
      published: 1,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
}
