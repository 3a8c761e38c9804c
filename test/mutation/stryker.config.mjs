// Stryker configuration (docs/mutation-testing.md). Run through `npm run test:mutation`, which installs
// Stryker and a Node 22 binary into scripts/mutation/ and writes test/mutation/RESULTS.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "test/mutation/vitest.config.ts", related: false },
  coverageAnalysis: "perTest",
  mutate: [
    "src/engine/**/*.ts",
    "!src/engine/**/*messages.ts",
    "!src/engine/formula/messages.ts",
    "src/import/per-request.ts",
    "src/import/repeats.ts",
    "src/import/aliases.ts",
    "src/import/formats/common-json.ts",
  ],
  // TypeScript 7 has no JavaScript API: Stryker must not rewrite tsconfig files (this file does not exist on purpose).
  tsconfigFile: "test/mutation/no-tsconfig.json",
  checkers: [],
  reporters: ["json", "clear-text", "progress"],
  jsonReporter: { fileName: "test/mutation/out/mutation.json" },
  tempDirName: ".stryker-tmp",
  ignorePatterns: [
    "dist",
    "dist-cli",
    "test/e2e",
    "test/bench/out",
    "scripts/mutation/node_modules",
    ".cache",
    "test-results",
    "playwright-report",
  ],
  concurrency: 2,
  // A mutant times out (counted as killed) after its tests' time × 1.5 + this margin: generous, so that a
  // slow run on a loaded machine is not taken for an infinite loop (Stryker's hit counter catches those).
  timeoutMS: 120000,
  // The initial run of every test, on a shared machine under load, can take many minutes.
  dryRunTimeoutMinutes: 30,
  cleanTempDir: "always",
};
