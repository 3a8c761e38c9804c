// Vitest configuration for mutation testing only (docs/mutation-testing.md): the engine tests and the
// importer tests, in Node, no browser project. Stryker runs each mutant against the tests that cover it.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["test/engine/**/*.test.ts", "test/import/**/*.test.ts"],
    // Hostile-input and fuzz tests exercise time budgets, not numbers: they only slow every mutant down.
    exclude: ["test/import/adversarial.test.ts", "test/import/fuzz.test.ts", "test/import/hostile.test.ts", "node_modules/**"],
    testTimeout: 30000,
  },
});
