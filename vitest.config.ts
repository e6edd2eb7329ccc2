import { defineConfig } from "vitest/config";
import { LongestFirst } from "./tests/support/sequencer";

// Argon2id at its minimal cost for the thousands of accounts the suite makes and signs in (backend/accounts/
// passwords.ts): set here, so the template databases, every worker and every server a test starts inherit it.
process.env.PASSWORD_HASH_COST ??= "minimal";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    setupFiles: ["tests/support/setup.ts"],
    // The seeded template databases the tests copy (SQLite, and PostgreSQL with TEST_DATABASE_URL).
    globalSetup: ["tests/support/global-setup.ts"],
    pool: "forks",
    // Each worker runs its files one after another in one process: a fresh process a file spent some 3 s importing
    // the same modules again, 80 times over (about a fifth of the suite's time on two cores). Each file starts its
    // own databases, servers and browsers and closes them after; one that sets the process's settings puts the
    // environment back (tests/support/route-context.ts).
    isolate: false,
    // Both cores. One worker (vitest's default on two cores) took 12 to 13 minutes when the suite was smaller; three
    // were measured on a fresh clone and lost: a load of 9 to 11, every file slower, the whole no faster, and the
    // money races' 30 s steps timed out.
    maxWorkers: 2,
    minWorkers: 1,
    // Longest files first (measured seconds in tests/support/durations.json), so the two workers finish together.
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default"],
  },
});
