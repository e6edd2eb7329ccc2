import { defineConfig } from "vitest/config";
import { LongestFirst } from "./tests/support/sequencer";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    setupFiles: ["tests/support/setup.ts"],
    // The seeded template databases the tests copy (SQLite, and PostgreSQL with TEST_DATABASE_URL).
    globalSetup: ["tests/support/global-setup.ts"],
    pool: "forks",
    // Three on two cores: the files mostly wait on servers, browsers and databases. One worker (vitest's default on
    // two cores) took 12 to 13 minutes; two left the cores half idle (15 min of CPU in a 15-minute run).
    maxWorkers: 3,
    minWorkers: 1,
    // Longest files first (measured seconds in tests/support/durations.json), so the two workers finish together.
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default"],
  },
});
