/**
 * `npm run mutation` (issue 68, point 6): Stryker changes the rules, the money, the slots, the session credits and the
 * commissions one mutant at a time and tries each against the tests that run its line (vitest.mutation.config.ts).
 * Outside `npm test`: it takes many minutes. Its scores and the mutants left alive are in docs/testing.md.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  coverageAnalysis: "perTest",
  mutate: (process.env.MUTATE ?? "")
    .split(",")
    .filter(Boolean)
    .concat(
      process.env.MUTATE
        ? []
        : [
            "lib/rules.ts",
            "lib/money.ts",
            "backend/bookings/slots.ts",
            "backend/bookings/credits.ts",
            "backend/commissions/rules.ts",
            "backend/commissions/ledger.ts",
          ],
    ),
  thresholds: { high: 90, low: 80, break: 80 },
  concurrency: 2,
  timeoutMS: 60_000,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "test-results/mutation.json" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  ignorePatterns: ["data", "test-results", "build", "public/build", "server-build", ".stryker-tmp"],
};
