// Vitest configuration for mutation testing only (docs/mutation-testing.md): the Node tests (engine,
// importers, CLI, report, share), no browser project. Stryker runs each mutant against the tests that
// cover it. Left out: the UI tests (they need the app's Vite plugins), the golden test and the CLI
// conventions test (they call process.chdir, which Stryker's worker threads do not allow; the forks
// pool allows it but makes every mutant 3.5x slower), benchmarks, the package test and the browser tests.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    // `npm run test:mutation -- --tests <globs>` narrows the set (scripts/mutation.mjs passes it here).
    include: process.env.CAPPLAN_MUTATION_TESTS
      ? process.env.CAPPLAN_MUTATION_TESTS.split(",")
          .map((g) => g.trim())
          .filter(Boolean)
      : ["test/**/*.test.ts"],
    // Hostile-input and fuzz tests exercise time budgets, not numbers: they only slow every mutant down.
    exclude: [
      "test/import/adversarial.test.ts",
      "test/import/fuzz.test.ts",
      "test/import/hostile.test.ts",
      "test/e2e/**",
      "test/ui/**",
      "test/golden/**",
      "test/cli/conventions.test.ts",
      "test/bench/**",
      "test/package/**",
      "node_modules/**",
    ],
    // Generous: on a shared machine under load a random-edit property test can take minutes.
    testTimeout: 180000,
  },
});
