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
  "cli/io.ts": { kind: "gap" },
  "cli/messages.ts": { kind: "gap", note: "message catalogue" },
  "cli/plan-loader.ts": { kind: "gap" },
  "cli/sweep/body.ts": { kind: "gap" },
  "cli/sweep/client.ts": { kind: "gap" },
  "cli/sweep/locust-template.ts": { kind: "gap" },
  "cli/sweep/preflight.ts": { kind: "gap" },
  "cli/sweep/run.ts": { kind: "gap" },

  // ── src/engine ──
  "engine/base/append.ts": { kind: "gap" },
  "engine/base/traffic-types.ts": { kind: "types" },
  "engine/base/units.ts": { kind: "gap" },
  "engine/catalog/catalog-types.ts": { kind: "types" },
  "engine/chain/capacity-messages.ts": { kind: "gap", note: "message catalogue" },
  "engine/chain/quantity-types.ts": { kind: "gap" },
  "engine/chain/schedule-messages.ts": { kind: "gap", note: "message catalogue" },
  "engine/curve/messages.ts": { kind: "gap", note: "message catalogue" },
  "engine/demand/trace-messages.ts": { kind: "gap", note: "message catalogue" },
  "engine/demand/traffic-messages.ts": { kind: "gap", note: "message catalogue" },
  "engine/finops/allocation-types.ts": { kind: "types" },
  "engine/finops/messages.ts": { kind: "gap", note: "message catalogue" },
  "engine/fleet/messages.ts": { kind: "gap", note: "message catalogue" },
  "engine/formula/index.ts": { kind: "gap" },
  "engine/formula/mathjs-kernel.ts": { kind: "gap" },
  "engine/formula/messages.ts": { kind: "gap", note: "message catalogue" },
  "engine/plan/interval-messages.ts": { kind: "gap", note: "message catalogue" },
  "engine/plan/kv-messages.ts": { kind: "gap", note: "message catalogue" },
  "engine/plan/lineage-messages.ts": { kind: "gap", note: "message catalogue" },
  "engine/plan/lineage-team-totals.ts": { kind: "gap" },
  "engine/plan/lineage-tenant-host.ts": { kind: "types" },
  "engine/plan/lineage-types.ts": { kind: "types" },
  "engine/plan/lineage-util.ts": { kind: "gap" },
  "engine/plan/messages.ts": { kind: "gap", note: "message catalogue" },
  "engine/plan/milp-highs.ts": { kind: "gap" },
  "engine/plan/optimize-messages.ts": { kind: "gap", note: "message catalogue" },
  "engine/plan/plan-field-registry.ts": { kind: "gap" },
  "engine/plan/plan-file-messages.ts": { kind: "gap", note: "message catalogue" },
  "engine/plan/resolved-plan-types.ts": { kind: "types" },
  "engine/whatif/messages.ts": { kind: "gap", note: "message catalogue" },
  "engine/whatif/model.ts": { kind: "gap" },

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
    by: "cli/sweep-faults.test.ts",
    why: "the messages of `capplan sweep`: its runner's faults are met and rendered there",
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
  "main.tsx": { kind: "gap", note: "view" },

  // ── src/report ──
  "report/actuals.ts": { kind: "gap" },
  "report/compare-table.ts": { kind: "gap" },
  "report/fleet-output.ts": { kind: "gap" },
  "report/i18n.ts": { kind: "gap" },
  "report/messages.ts": { kind: "gap", note: "message catalogue" },
  "report/money.ts": { kind: "gap" },
  "report/plan-words.ts": { kind: "gap" },
  "report/schedule-section.ts": { kind: "gap" },
  "report/simulate-text.ts": { kind: "gap" },
  "report/traffic-table.ts": { kind: "gap" },
  "report/whatif-output.ts": { kind: "gap" },
  "report/xlsx-cells.ts": { kind: "gap" },
  "report/xlsx-export.ts": { kind: "gap" },
  "report/xlsx-labels.ts": { kind: "gap" },
  "report/xlsx-teams.ts": { kind: "gap" },
  "report/xlsx-write.ts": { kind: "gap" },

  // ── src/ui ──
  "ui/charts/alloc-charts.ts": { kind: "gap" },
  "ui/charts/bands.ts": { kind: "gap" },
  "ui/charts/chartjs.ts": { kind: "gap" },
  "ui/charts/load-chart.ts": { kind: "gap" },
  "ui/charts/schedule-chart.ts": { kind: "gap" },
  "ui/charts/sweep-charts.ts": { kind: "gap" },
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
  "ui/i18n/assumptions.ts": { kind: "gap", note: "message catalogue" },
  "ui/i18n/benchmarks.ts": { kind: "gap", note: "message catalogue" },
  "ui/i18n/common.ts": { kind: "gap", note: "message catalogue" },
  "ui/i18n/comparison.ts": { kind: "gap", note: "message catalogue" },
  "ui/i18n/files.ts": { kind: "gap", note: "message catalogue" },
  "ui/i18n/fleet.ts": { kind: "gap", note: "message catalogue" },
  "ui/i18n/report.ts": { kind: "gap", note: "message catalogue" },
  "ui/i18n/schedule.ts": { kind: "gap", note: "message catalogue" },
  "ui/i18n/teams.ts": { kind: "gap", note: "message catalogue" },
  "ui/i18n/traffic.ts": { kind: "gap", note: "message catalogue" },
  "ui/state/edits/context.ts": { kind: "types" },
  "ui/state/fixture-files.ts": { kind: "gap" },
  "ui/state/fleet-worker.ts": { kind: "gap" },
  "ui/state/fleet.ts": { kind: "gap" },
  "ui/state/kept-store.ts": { kind: "gap" },
  "ui/state/solver.ts": { kind: "gap" },
};

/** Keys are paths under test/; values say why the file spans modules. */
export const CROSS_CUTTING: Record<string, string> = {
  // ── test/architecture.test.ts ──
  "architecture.test.ts": "to sort",

  // ── test/bench ──
  "bench/import-fast-paths.test.ts": "to sort",

  // ── test/cli ──
  "cli/allocation-bases.test.ts": "to sort",
  "cli/bad-values.test.ts": "to sort",
  "cli/conventions.test.ts": "to sort",
  "cli/file-messages-zh.test.ts": "to sort",
  "cli/fuzz.test.ts": "to sort",
  "cli/hostile.test.ts": "to sort",
  "cli/huge-line.test.ts": "to sort",
  "cli/import-read-problems.test.ts": "to sort",
  "cli/lang-messages.test.ts": "to sort",
  "cli/many-rows.test.ts": "to sort",
  "cli/operating-point.test.ts": "to sort",
  "cli/plan-trace.test.ts": "to sort",
  "cli/sweep-faults.test.ts": "to sort",

  // ── test/engine ──
  "engine/fast-paths.test.ts": "to sort",
  "engine/many-items.test.ts": "to sort",
  "engine/messages-engine.test.ts": "to sort",
  "engine/plan/lineage-bounds.test.ts": "to sort",
  "engine/plan/lineage-edges.test.ts": "to sort",
  "engine/plan/lineage-entry.test.ts": "to sort",
  "engine/plan/lineage-steps.test.ts": "to sort",
  "engine/plan/lineage-whole.test.ts": "to sort",
  "engine/properties.test.ts": "to sort",

  // ── test/golden ──
  "golden/golden.test.ts": "to sort",

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
  "package/docs.test.ts": "to sort",
  "package/lint.test.ts": "to sort",
  "package/no-outside-docs.test.ts": "to sort",
  "package/package.test.ts": "to sort",

  // ── test/report ──
  "report/actuals-problems.test.ts": "to sort",
  "report/messages-coverage.test.ts": "to sort",
  "report/roundtrip.test.ts": "to sort",
  "report/traffic-messages.test.ts": "to sort",

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
