/**
 * Where each module's tests live, for test/architecture.test.ts ("tests a newcomer finds by name").
 *
 * The rule: `src/a/b/c.ts` is tested in `test/a/b/c.test.ts` (or `.test.tsx`), and nowhere else
 * under its own name. The two lists below are the written exceptions:
 * - NO_OWN_TEST: modules without a mirror test file, each with its kind. `types` is checked (the
 *   module compiles to no JavaScript); `entry` and `view` name the test that exercises them
 *   (`by`) and say why that is the right place; `gap` is a module that still needs its test file.
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
  "report/xlsx-teams.ts": {
    kind: "view",
    by: "report/xlsx-model.test.ts",
    why: "one sheet of the workbook; its cells are checked against the allocation after openpyxl reads the file back",
  },
  "report/xlsx-write.ts": {
    kind: "entry",
    by: "report/xlsx-model.test.ts",
    why: "exceljs behind one call; every workbook there is written with it and read back by openpyxl",
  },

  // ── src/ui ──
  "ui/charts/alloc-charts.ts": { kind: "gap", note: "tested in test/ui/teams-helpers.test.ts" },
  "ui/charts/chartjs.ts": {
    kind: "entry",
    by: "ui/charts/load-chart.test.ts",
    why: "registers Chart.js's parts; that test loads it and finds each part registered",
  },
  "ui/charts/schedule-chart.ts": { kind: "gap", note: "tested in test/ui/schedule-chart.test.ts" },
  "ui/charts/sweep-charts.ts": {
    kind: "gap",
    note: "tested in test/ui/legend.test.ts and test/ui/ui-pure.test.ts",
  },
  "ui/components/AllocationResults.tsx": { kind: "gap", note: "view" },
  "ui/components/App.tsx": { kind: "gap", note: "view" },
  "ui/components/AssumptionsSheet.tsx": { kind: "gap", note: "view" },
  "ui/components/AttachFiles.tsx": { kind: "gap", note: "view" },
  "ui/components/BenchmarksSheet.tsx": { kind: "gap", note: "view" },
  "ui/components/ChartCanvas.tsx": { kind: "gap", note: "view" },
  "ui/components/ComparisonSheet.tsx": { kind: "gap", note: "view" },
  "ui/components/ConfirmDialog.tsx": { kind: "gap", note: "view" },
  "ui/components/FieldInput.tsx": { kind: "gap", note: "view" },
  "ui/components/FilePicker.tsx": { kind: "gap", note: "view" },
  "ui/components/FleetMix.tsx": { kind: "gap", note: "view" },
  "ui/components/FleetSheet.tsx": { kind: "gap", note: "view" },
  "ui/components/Grid.tsx": { kind: "gap", note: "view" },
  "ui/components/ImportPanel.tsx": { kind: "gap", note: "view" },
  "ui/components/LineagePanel.tsx": { kind: "gap", note: "view" },
  "ui/components/MarkdownView.tsx": { kind: "gap", note: "view" },
  "ui/components/PersistPanels.tsx": { kind: "gap", note: "view" },
  "ui/components/ReportSheet.tsx": { kind: "gap", note: "view" },
  "ui/components/RunHistory.tsx": { kind: "gap", note: "view" },
  "ui/components/ScheduleSection.tsx": { kind: "gap", note: "view" },
  "ui/components/SheetTabs.tsx": { kind: "gap", note: "view" },
  "ui/components/SweepCard.tsx": { kind: "gap", note: "view" },
  "ui/components/SweepCharts.tsx": { kind: "gap", note: "view" },
  "ui/components/TeamsSheet.tsx": { kind: "gap", note: "view" },
  "ui/components/TrafficSheet.tsx": { kind: "gap", note: "view" },
  "ui/components/TrustStatus.tsx": { kind: "gap", note: "view" },
  "ui/components/WhatIfPanel.tsx": { kind: "gap", note: "view" },
  "ui/components/allocation/AllocationChart.tsx": { kind: "gap", note: "view" },
  "ui/components/allocation/FinanceExports.tsx": { kind: "gap", note: "view" },
  "ui/components/allocation/PlanVsActual.tsx": { kind: "gap", note: "view" },
  "ui/components/allocation/PoolResult.tsx": { kind: "gap", note: "view" },
  "ui/components/allocation/TeamTotals.tsx": { kind: "gap", note: "view" },
  "ui/components/app/Banners.tsx": { kind: "gap", note: "view" },
  "ui/components/app/SheetView.tsx": { kind: "gap", note: "view" },
  "ui/components/app/Topbar.tsx": { kind: "gap", note: "view" },
  "ui/components/assumptions/DerivedCells.tsx": { kind: "gap", note: "view" },
  "ui/components/assumptions/FactorsCard.tsx": { kind: "gap", note: "view" },
  "ui/components/assumptions/InputCards.tsx": { kind: "gap", note: "view" },
  "ui/components/comparison/CostBars.tsx": { kind: "gap", note: "view" },
  "ui/components/comparison/context.ts": { kind: "types" },
  "ui/components/fleet/ArrivalsFieldset.tsx": { kind: "gap", note: "view" },
  "ui/components/fleet/FleetResult.tsx": { kind: "gap", note: "view" },
  "ui/components/fleet/FleetRunForm.tsx": { kind: "gap", note: "view" },
  "ui/components/fleet/SeriesTable.tsx": { kind: "gap", note: "view" },
  "ui/components/grid/CellEditor.tsx": { kind: "gap", note: "view" },
  "ui/components/grid/GridBars.tsx": { kind: "gap", note: "view" },
  "ui/components/grid/GridCell.tsx": { kind: "gap", note: "view" },
  "ui/components/grid/GridTable.tsx": { kind: "gap", note: "view" },
  "ui/components/grid/cell-text.ts": { kind: "gap" },
  "ui/components/grid/clipboard.ts": { kind: "gap" },
  "ui/components/grid/editor.ts": { kind: "gap" },
  "ui/components/grid/keyboard.ts": { kind: "gap" },
  "ui/components/grid/mouse.ts": { kind: "gap" },
  "ui/components/grid/selection.ts": { kind: "gap" },
  "ui/components/grid/types.ts": { kind: "types" },
  "ui/components/grid/virtual.ts": { kind: "gap" },
  "ui/components/report/BeforeAfter.tsx": { kind: "gap", note: "view" },
  "ui/components/report/ReportToolbar.tsx": { kind: "gap", note: "view" },
  "ui/components/schedule/ScheduleChartPanel.tsx": { kind: "gap", note: "view" },
  "ui/components/schedule/ScheduleCostTable.tsx": { kind: "gap", note: "view" },
  "ui/components/schedule/ScheduleEditor.tsx": { kind: "gap", note: "view" },
  "ui/components/sweep-columns.ts": { kind: "gap" },
  "ui/components/sweep/SkuHeader.tsx": { kind: "gap", note: "view" },
  "ui/components/sweep/SweepMeta.tsx": { kind: "gap", note: "view" },
  "ui/components/teams/AllocationMethodCard.tsx": { kind: "gap", note: "view" },
  "ui/components/teams/PoolsCard.tsx": { kind: "gap", note: "view" },
  "ui/components/teams/SharedCostsCard.tsx": { kind: "gap", note: "view" },
  "ui/components/teams/UsageCard.tsx": { kind: "gap", note: "view" },
  "ui/components/teams/UsageImportMessage.tsx": { kind: "gap", note: "view" },
  "ui/components/teams/UsagePoolStep.tsx": { kind: "gap", note: "view" },
  "ui/components/traffic/GroupTable.tsx": { kind: "gap", note: "view" },
  "ui/components/traffic/LengthTable.tsx": { kind: "gap", note: "view" },
  "ui/components/traffic/PlanActions.tsx": { kind: "gap", note: "view" },
  "ui/components/traffic/TraceCharts.tsx": { kind: "gap", note: "view" },
  "ui/components/traffic/TraceImportPanel.tsx": { kind: "gap", note: "view" },
  "ui/components/traffic/TraceNotes.tsx": { kind: "gap", note: "view" },
  "ui/components/traffic/TraceSummaryCard.tsx": { kind: "gap", note: "view" },
  "ui/components/traffic/trace-charts.ts": { kind: "gap" },
  "ui/components/virtual-rows.ts": { kind: "gap" },
  "ui/components/whatif/GoalSeekDialog.tsx": { kind: "gap", note: "view" },
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
  "ui/build-fixtures.test.ts": "to sort",
  "ui/file-picker.test.tsx": "to sort",
  "ui/grid-virtual.test.ts": "to sort",
  "ui/grid/GridTable.test.tsx": "to sort",
  "ui/grid/cell-text.test.ts": "to sort",
  "ui/grid/clipboard.test.ts": "to sort",
  "ui/grid/editor.test.ts": "to sort",
  "ui/grid/keyboard.test.ts": "to sort",
  "ui/grid/mouse.test.ts": "to sort",
  "ui/grid/selection.test.ts": "to sort",
  "ui/grid/virtual.test.ts": "to sort",
  "ui/legend.test.ts": "to sort",
  "ui/markdown-view.test.ts": "to sort",
  "ui/schedule-chart.test.ts": "to sort",
  "ui/sheet-tabs.test.tsx": "to sort",
  "ui/teams-helpers.test.ts": "to sort",
  "ui/ui-pure.test.ts": "to sort",
};
