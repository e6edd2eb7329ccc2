/** The benchmark's database (scripts/bench.ts), also what `npm run profile` can profile against. */
import { hashPassword } from "../backend/accounts/passwords.js";
import { openDatabase } from "../backend/db/connection.js";
import { migrateToLatest } from "../backend/db/migrate.js";
import { seedDemoData, seedReferenceData } from "../backend/setup/seed.js";
import { clientSearchText } from "../lib/search.js";

/** 50 agents (three of them with 100, 1,000 and 10,000 clients), 2,000 jobs, 200 mentors, bookings and orders. */
export async function seedBenchDatabase(dbFile: string) {
  const database = openDatabase({ kind: "sqlite", file: dbFile });
  await migrateToLatest(database);
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const raw = (database.raw as { client: import("better-sqlite3").Database }).client;
  const hash = await hashPassword("bench-password");
  const now = new Date().toISOString();
  const countries = (raw.prepare("select code from countries").all() as Array<{ code: string }>).map((c) => c.code);
  const sizes = new Map([
    [1, 100],
    [2, 1000],
    [3, 10000],
  ]);
  raw.transaction(() => {
    const agent = raw.prepare(
      "insert into agents (email, name, password_hash, phone, time_zone, created_at) values (?, ?, ?, null, 'Europe/London', ?)",
    );
    const client = raw.prepare(
      // With the folded search text the portal writes with every client (lib/search.ts), so a search reads it as it does
      // in production rather than folding each row's name as it goes.
      "insert into clients (agent_id, first_name, last_name, email, search_text, phone, nationality, current_country, destination_country, status, created_at, updated_at) values (?, ?, ?, ?, ?, '+44 20 7946 0000', ?, ?, ?, 'active', ?, ?)",
    );
    for (let a = 1; a <= 50; a++) {
      const id = Number(agent.run(`agent${a}@bench.test`, `Bench Agent ${a}`, hash, now).lastInsertRowid);
      const n = sizes.get(a) ?? 20;
      for (let c = 0; c < n; c++) {
        const at = new Date(Date.now() - c * 60_000).toISOString();
        const person = { first_name: `Given${c}`, last_name: `Family${a}x${c}`, email: `c${c}.a${a}@bench.test` };
        client.run(
          id,
          person.first_name,
          person.last_name,
          person.email,
          clientSearchText(person),
          countries[c % countries.length],
          countries[(c + 1) % countries.length],
          countries[(c + 2) % countries.length],
          at,
          at,
        );
      }
    }
    const job = raw.prepare(
      "insert into jobs (title, company, country_code, city, employment_type, description, salary_min_minor, salary_max_minor, salary_currency, placement_fee_minor, currency, posted_at) values (?, ?, ?, 'City', 'Full-time', 'A role.', 5000000, 7000000, 'EUR', 90000, 'USD', ?)",
    );
    for (let j = 0; j < 2000; j++) job.run(`Engineer ${j}`, `Company ${j % 97}`, countries[j % countries.length], now);
    const mentor = raw.prepare(
      "insert into mentors (name, title, bio, expertise, languages, country_code, time_zone, rate_minor, currency, photo_url) values (?, 'Mentor', 'Bio.', '[\"Interviews\"]', '[\"English\"]', 'GB', 'Europe/London', 9000, 'USD', null)",
    );
    const hours = raw.prepare(
      "insert into mentor_availability (mentor_id, weekday, start_minute, end_minute) values (?, ?, 540, 1020)",
    );
    for (let m = 0; m < 200; m++) {
      const id = Number(mentor.run(`Mentor ${m}`).lastInsertRowid);
      for (let d = 1; d <= 5; d++) hours.run(id, d);
    }
    // Each agent: a few cart items, a paid order, and a booking.
    const cart = raw.prepare(
      "insert into cart_items (agent_id, client_id, item_type, item_id, description, price_minor, currency, created_at) values (?, ?, 'service_plan', ?, 'Plan', 29000, 'USD', ?)",
    );
    const order = raw.prepare(
      "insert into orders (agent_id, status, mode, amount_minor, currency, created_at, updated_at, paid_at) values (?, 'paid', 'demo', 29000, 'USD', ?, ?, ?)",
    );
    const agents = raw
      .prepare("select a.id, min(c.id) as client from agents a join clients c on c.agent_id = a.id group by a.id")
      .all() as Array<{ id: number; client: number }>;
    agents.forEach((a, i) => {
      for (let p = 1; p <= 3; p++) cart.run(a.id, a.client, p, now);
      order.run(a.id, now, now, now);
      const start = new Date(Date.UTC(2030, 0, 7 + (i % 5), 9 + (i % 8))).toISOString();
      raw
        .prepare(
          "insert into mentor_bookings (agent_id, client_id, mentor_id, start_at, end_at, topic, status, held_until, price_minor, currency, order_id, refund_status, created_at, updated_at) values (?, ?, ?, ?, ?, 'Bench', 'confirmed', null, 9000, 'USD', null, null, ?, ?)",
        )
        .run(a.id, a.client, 1 + i, start, new Date(Date.parse(start) + 3600_000).toISOString(), now, now);
    });
  })();
  const ids = raw
    .prepare(
      "select id, email from agents where email like 'agent_@bench.test' or email in ('agent1@bench.test','agent2@bench.test','agent3@bench.test')",
    )
    .all() as Array<{ id: number; email: string }>;
  await database.close();
  return ids;
}
