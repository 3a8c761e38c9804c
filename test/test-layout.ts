/**
 * Where each module's tests live, for test/architecture.test.ts ("tests a newcomer finds by name").
 *
 * The rule: `src/a/b/c.ts` is tested in `test/a/b/c.test.ts` (or `.test.tsx`), and nowhere else
 * under its own name. The two lists below are the written exceptions:
 * - NO_OWN_TEST: modules without a mirror test file, each with its kind. `types` is checked (the
 *   module compiles to no JavaScript); `entry` and `view` name the test that exercises them
 *   (`by`) and say why that is the right place; `gap` marks a module that still needs its test
 *   file (architecture.test.ts fails while one is listed).
 * - CROSS_CUTTING: test files that test no single module (property and fuzz runs, CLI end to end,
 *   golden plans), each with the reason it spans modules.
 */

export type NoOwnTest =
  | { kind: "types" }
  | { kind: "entry" | "view" | "catalogue"; by: string; why: string }
  | { kind: "gap"; note?: string };

/** Keys are paths under src/. */
export const NO_OWN_TEST: Record<string, NoOwnTest> = {
  // ── src/cli ──
  "cli/sweep/locust-template.ts": {
    kind: "catalogue",
    by: "cli/sweep/locust.test.ts",
    why: "the Python of the locustfile, a text; that test runs the generated file on Locust",
  },

  // ── src/engine ──
  "engine/base/traffic-types.ts": { kind: "types" },
  "engine/catalog/catalog-types.ts": { kind: "types" },
  "engine/chain/schedule-messages.ts": {
    kind: "catalogue",
    by: "engine/chain/schedule.test.ts",
    why: "sentences only: rendered in English and Chinese where the schedule gives its problems",
  },
  "engine/demand/trace-messages.ts": {
    kind: "catalogue",
    by: "engine/demand/workload-trace.test.ts",
    why: "sentences only: rendered in English and Chinese where a workload trace gives its problems",
  },
  "engine/demand/traffic-messages.ts": {
    kind: "catalogue",
    by: "report/messages.test.ts",
    why: "sentences only: the trace readers' notes and errors rendered in English and Chinese, index for index",
  },
  "engine/finops/allocation-types.ts": { kind: "types" },
  "engine/finops/messages.ts": {
    kind: "catalogue",
    by: "engine/finops/allocation.test.ts",
    why: "sentences only: in English where allocation gives its problems, in both languages for every example plan in report/messages-coverage.test.ts",
  },
  "engine/fleet/messages.ts": {
    kind: "catalogue",
    by: "report/fleet-section.test.ts",
    why: "sentences only: the fleet run's problems rendered in English and Chinese in its report section",
  },
  "engine/formula/index.ts": {
    kind: "entry",
    by: "engine/formula/formula.test.ts",
    why: "re-exports only: formula.test.ts and sheet.test.ts import the folder through it",
  },
  "engine/plan/interval-messages.ts": {
    kind: "catalogue",
    by: "engine/plan/interval.test.ts",
    why: "its two messages are rendered in English and Chinese where interval.ts raises them",
  },
  "engine/plan/kv-messages.ts": {
    kind: "catalogue",
    by: "engine/plan/plan-kv.test.ts",
    why: "the kv.* problems are rendered in English and Chinese where plan-kv.ts raises them",
  },
  "engine/plan/lineage-messages.ts": {
    kind: "catalogue",
    by: "engine/plan/lineage.test.ts",
    why: "every formula word and constant is checked for its Chinese and reached by the explanations",
  },
  "engine/plan/lineage-tenant-host.ts": { kind: "types" },
  "engine/plan/lineage-types.ts": { kind: "types" },
  "engine/plan/messages.ts": {
    kind: "catalogue",
    by: "engine/messages-engine.test.ts",
    why: "plan.* texts in English and Chinese, beside the other engine catalogues they share words with",
  },
  "engine/plan/optimize-messages.ts": {
    kind: "catalogue",
    by: "engine/plan/optimize.test.ts",
    why: "the optimiser's reasons are asserted by code and in the English `capplan optimize --json` writes",
  },
  "engine/plan/plan-file-messages.ts": {
    kind: "catalogue",
    by: "engine/messages-engine.test.ts",
    why: "planFile.* and json.* texts in English and Chinese (expectedZh) for every validation problem",
  },
  "engine/plan/resolved-plan-types.ts": { kind: "types" },
  "engine/whatif/messages.ts": {
    kind: "catalogue",
    by: "engine/whatif/solve.test.ts",
    why: "sentences only: rendered in English and Chinese where solve gives its problems",
  },

  // ── src/import ──
  "import/formats/guidellm-messages.ts": {
    kind: "catalogue",
    by: "import/messages/tools.test.ts",
    why: "its codes are all reached and rendered in English and Chinese there, with the other per-tool catalogues",
  },
  "import/formats/inference-perf-messages.ts": {
    kind: "catalogue",
    by: "import/messages/tools.test.ts",
    why: "its codes are all reached and rendered in English and Chinese there, with the other per-tool catalogues",
  },
  "import/formats/inferencex-messages.ts": {
    kind: "catalogue",
    by: "import/messages/tools.test.ts",
    why: "its codes are all reached and rendered in English and Chinese there, with the other per-tool catalogues",
  },
  "import/formats/llm-load-test-messages.ts": {
    kind: "catalogue",
    by: "import/messages/table.test.ts",
    why: "its codes are all reached and rendered in English and Chinese there, with the other table and NVIDIA catalogues",
  },
  "import/formats/llmperf-messages.ts": {
    kind: "catalogue",
    by: "import/messages/tools.test.ts",
    why: "its codes are all reached and rendered in English and Chinese there, with the other per-tool catalogues",
  },
  "import/formats/locust-messages.ts": {
    kind: "catalogue",
    by: "import/messages/tools.test.ts",
    why: "its codes are all reached and rendered in English and Chinese there, with the other per-tool catalogues",
  },
  "import/formats/markdown-report-messages.ts": {
    kind: "catalogue",
    by: "import/messages/table.test.ts",
    why: "its codes are all reached and rendered in English and Chinese there, with the other table and NVIDIA catalogues",
  },
  "import/formats/nv-messages.ts": {
    kind: "catalogue",
    by: "import/messages/table.test.ts",
    why: "its codes are all reached and rendered in English and Chinese there, with the other table and NVIDIA catalogues",
  },
  "import/formats/trtllm-bench-messages.ts": {
    kind: "catalogue",
    by: "import/messages/tools.test.ts",
    why: "its codes are all reached and rendered in English and Chinese there, with the other per-tool catalogues",
  },
  "import/formats/vllm-messages.ts": {
    kind: "catalogue",
    by: "import/messages/tools.test.ts",
    why: "its codes are all reached and rendered in English and Chinese there, with the other per-tool catalogues",
  },
  "import/messages/sweep.ts": {
    kind: "catalogue",
    by: "cli/sweep/preflight.test.ts",
    why: "the messages of `capplan sweep`: its runner's faults are met and rendered (English and Chinese) there and in cli/sweep/{client,run,body}.test.ts",
  },
  "import/messages/usage.ts": {
    kind: "catalogue",
    by: "import/usage.test.ts",
    why: "usage.* is rendered in both languages there; actuals.* and cliFile.* by their users (report/actuals, cli/file-messages-zh)",
  },
  "import/trace-worker.ts": {
    kind: "entry",
    by: "e2e/traffic.spec.ts",
    why: "a Web Worker's message loop: a trace dropped on the Traffic sheet is read in it",
  },
  "import/worker.ts": {
    kind: "entry",
    by: "e2e/workbook.spec.ts",
    why: "a Web Worker's message loop: files and folders picked in the workbook are imported in it",
  },

  // ── src/main.tsx ──
  "main.tsx": {
    kind: "entry",
    by: "e2e/smoke.spec.ts",
    why: "mounts the app in the page; only a browser runs it",
  },

  // ── src/report ──
  "report/plan-words.ts": {
    kind: "catalogue",
    by: "report/plan-output.test.ts",
    why: "the words of the plan's text in English and Chinese, read back in that test's outputs",
  },
  "report/xlsx-export.ts": {
    kind: "entry",
    by: "cli/commands/plan.test.ts",
    why: "the lazy entry of `plan --xlsx` and the app's Excel button; that test writes a workbook with it",
  },
  "report/xlsx-labels.ts": {
    kind: "catalogue",
    by: "report/xlsx-model.test.ts",
    why: "the workbook's words; the Chinese workbook there is read back with its labels",
  },
  "report/xlsx-write.ts": {
    kind: "entry",
    by: "report/xlsx-model.test.ts",
    why: "exceljs behind one call; every workbook there is written with it and read back by openpyxl",
  },

  // ── src/ui ──
  "ui/charts/chartjs.ts": {
    kind: "entry",
    by: "ui/charts/load-chart.test.ts",
    why: "registers Chart.js's parts; that test loads it and finds each part registered",
  },
  "ui/components/App.tsx": {
    kind: "view",
    by: "e2e/smoke.spec.ts",
    why: "the app shell: start-up fetches an example, autosaves to IndexedDB and lazy-loads its sheets and Chart.js, so it needs a browser; smoke.spec starts it (content, no error) and the other e2e specs drive its tabs, top bar and status bar",
  },
  "ui/components/comparison/context.ts": { kind: "types" },
  "ui/components/grid/GridCell.tsx": {
    kind: "view",
    by: "ui/components/Grid.test.tsx",
    why: "a cell needs its grid's context (selection, editor, mouse); Grid's test shows an error code in a cell and edits one",
  },
  "ui/components/grid/types.ts": { kind: "types" },
  "ui/i18n/assumptions.ts": {
    kind: "catalogue",
    by: "ui/i18n.test.ts",
    why: "UI words; that test checks every area's keys, languages and placeholders",
  },
  "ui/i18n/benchmarks.ts": {
    kind: "catalogue",
    by: "ui/i18n.test.ts",
    why: "UI words; that test checks every area's keys, languages and placeholders",
  },
  "ui/i18n/common.ts": {
    kind: "catalogue",
    by: "ui/i18n.test.ts",
    why: "UI words; that test checks every area's keys, languages and placeholders",
  },
  "ui/i18n/comparison.ts": {
    kind: "catalogue",
    by: "ui/i18n.test.ts",
    why: "UI words; that test checks every area's keys, languages and placeholders",
  },
  "ui/i18n/files.ts": {
    kind: "catalogue",
    by: "ui/i18n.test.ts",
    why: "UI words; that test checks every area's keys, languages and placeholders",
  },
  "ui/i18n/fleet.ts": {
    kind: "catalogue",
    by: "ui/i18n.test.ts",
    why: "UI words; that test checks every area's keys, languages and placeholders",
  },
  "ui/i18n/report.ts": {
    kind: "catalogue",
    by: "ui/i18n.test.ts",
    why: "UI words; that test checks every area's keys, languages and placeholders",
  },
  "ui/i18n/schedule.ts": {
    kind: "catalogue",
    by: "ui/i18n.test.ts",
    why: "UI words; that test checks every area's keys, languages and placeholders",
  },
  "ui/i18n/teams.ts": {
    kind: "catalogue",
    by: "ui/i18n.test.ts",
    why: "UI words; that test checks every area's keys, languages and placeholders",
  },
  "ui/i18n/traffic.ts": {
    kind: "catalogue",
    by: "ui/i18n.test.ts",
    why: "UI words; that test checks every area's keys, languages and placeholders",
  },
  "ui/state/edits/context.ts": { kind: "types" },
  "ui/state/fixture-files.ts": {
    kind: "catalogue",
    by: "ui/state/examples.test.ts",
    why: "the bundled fixtures' loaders, built by vite.config.ts; loadExample reads the examples' files through it",
  },
  "ui/state/fleet-worker.ts": {
    kind: "entry",
    by: "e2e/fleet.spec.ts",
    why: "the worker's entry around runFleetJob (test/ui/state/fleet-run.test.ts); only a browser starts workers",
  },
  "ui/state/kept-store.ts": {
    kind: "entry",
    by: "e2e/persistence.spec.ts",
    why: "IndexedDB behind the KeptStore interface; Node has none, so unit tests use test/ui/state/memory-stores.ts",
  },
  "ui/state/solver.ts": {
    kind: "entry",
    by: "e2e/fleet-mix.spec.ts",
    why: "fetches HiGHS's WebAssembly on first use; the solver itself is tested in test/engine/plan",
  },
};

/** Keys are paths under test/; values say why the file spans modules. */
export const CROSS_CUTTING: Record<string, string> = {
  // ── test/architecture.test.ts ──
  "architecture.test.ts": "the layering of src/ and the layout of test/, over every module",

  // ── test/bench ──
  "bench/import-fast-paths.test.ts":
    "the importers' fast paths give the plain code's results, over several formats and modules",

  // ── test/cli ──
  "cli/allocation-bases.test.ts":
    "docs/allocation.md's worked example end to end: plan --json, explain and plan text",
  "cli/bad-values.test.ts":
    "hostile values in a plan end to end: validation, exit code and message of the CLI",
  "cli/conventions.test.ts": "Unix conventions over every command: pipes, `-`, `--`, -o, --quiet",
  "cli/fuzz.test.ts":
    "random plans through `capplan plan`: exit 0 or 2 with plain messages, never a crash or a hang",
  "cli/hostile.test.ts":
    "hostile plans and files through the CLI: confinement, links, special files, no echo, no hang",
  "cli/huge-line.test.ts":
    "a 150 MB one-line CSV through the real CLI: refused at once with bounded memory",
  "cli/many-rows.test.ts":
    "large inputs on the CLI path: many usage rows and SKUs, no stack overflow",
  "cli/operating-point.test.ts":
    "a real vLLM sweep imported and planned end to end (docs/operating-point.md)",

  // ── test/engine ──
  "engine/many-items.test.ts":
    "scale: over 125,000 items through allocation, the whole plan and the incremental engine",
  "engine/messages-engine.test.ts":
    "plan-wide messages: the plan's catalogues, SLO labels in its reasons and formula errors as plan errors",
  "engine/properties.test.ts":
    "property runs over random sweeps and plans: operating point, plan and incremental engine",

  // ── test/golden ──
  "golden/golden.test.ts":
    "golden plans: `plan --json` of every example and 200 seeded plans against recorded outputs",

  // ── test/import ──
  "import/adversarial.test.ts":
    "every importer on 100 KB adversarial lines, in a worker with a time budget",
  "import/fuzz.test.ts":
    "random input through detection and every importer, in a worker with a time budget",
  "import/hostile.test.ts":
    "corrupt files in folders, limits, encodings and line endings, through the whole import",
  "import/malformed.test.ts":
    "every file of fixtures/malformed through the import library and the CLI",
  "import/mapping.test.ts":
    "the app's column-mapping step (ui/state/column-map) feeding the import library",
  "import/property.test.ts":
    "importFiles never throws on random bytes, truncated fixtures and noisy CSVs of any format",
  "import/real-samples.test.ts":
    "every real sample of every tool, through detection, the library and the CLI",
  "import/trace-duckdb.test.ts": "the README's DuckDB recipe against the CLI's trace reader",

  // ── test/package ──
  "package/docs.test.ts":
    "the shipped docs: the docs/ index and links, the CLI reference against the command table",
  "package/lint.test.ts":
    "the lint configuration: the code passes it and it still catches what it should",
  "package/no-outside-docs.test.ts": "no file cites documents outside the repository by section",
  "package/package.test.ts": "the published package: what it ships and what installing it pulls in",

  // ── test/ui ──
  "ui/build-fixtures.test.ts":
    "tests vite.config.ts (the build, outside src/): the fixtures bundled are those the example plans reference",
};
