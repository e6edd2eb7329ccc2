/**
 * The suite as Stryker runs it (`npm run mutation`, stryker.config.json): the tests that reach the rules, the money,
 * the slots, the session credits and the commissions, on SQLite (each mutant is tried against the tests that run
 * its line, so PostgreSQL's half of each integration file would only double the time: the races there hold the
 * database's constraints, not the code Stryker changes).
 */
import { defineConfig } from "vitest/config";
import base from "./vitest.config";

// Replaced, not merged: a merged list of files would be the whole suite's and these.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      "tests/unit/money.test.ts",
      "tests/unit/slots.test.ts",
      "tests/unit/rules.test.ts",
      "tests/integration/session-money.test.ts",
      "tests/integration/packs-commissions.test.ts",
      "tests/integration/pack-races.test.ts",
      "tests/integration/session-moves.test.ts",
      "tests/integration/booking-notice.test.ts",
      "tests/integration/commission-rules.test.ts",
    ],
    // Stryker's own runner orders and times the files.
    sequence: {},
  },
});
