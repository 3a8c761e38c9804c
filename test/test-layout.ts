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
  "import/browser.ts": { kind: "gap" },
  "import/formats/generic-source.ts": { kind: "gap" },
  "import/formats/generic-table.ts": { kind: "gap" },
  "import/formats/guidellm-common.ts": { kind: "gap" },
  "import/formats/guidellm-messages.ts": { kind: "gap", note: "message catalogue" },
  "import/formats/index.ts": { kind: "gap" },
  "import/formats/inference-perf-messages.ts": { kind: "gap", note: "message catalogue" },
  "import/formats/inferencex-messages.ts": { kind: "gap", note: "message catalogue" },
  "import/formats/llm-load-test-messages.ts": { kind: "gap", note: "message catalogue" },
  "import/formats/llmperf-messages.ts": { kind: "gap", note: "message catalogue" },
  "import/formats/locust-common.ts": { kind: "gap" },
  "import/formats/locust-messages.ts": { kind: "gap", note: "message catalogue" },
  "import/formats/markdown-report-messages.ts": { kind: "gap", note: "message catalogue" },
  "import/formats/nv-aiperf-records.ts": { kind: "gap" },
  "import/formats/nv-aiperf-sweep.ts": { kind: "gap" },
  "import/formats/nv-csv.ts": { kind: "gap" },
  "import/formats/nv-json.ts": { kind: "gap" },
  "import/formats/nv-messages.ts": { kind: "gap", note: "message catalogue" },
  "import/formats/nv-metrics.ts": { kind: "gap" },
  "import/formats/nv-path.ts": { kind: "gap" },
  "import/formats/trtllm-bench-messages.ts": { kind: "gap", note: "message catalogue" },
  "import/formats/vllm-csv.ts": { kind: "gap" },
  "import/formats/vllm-detailed.ts": { kind: "gap" },
  "import/formats/vllm-group.ts": { kind: "gap" },
  "import/formats/vllm-json.ts": { kind: "gap" },
  "import/formats/vllm-messages.ts": { kind: "gap", note: "message catalogue" },
  "import/formats/vllm-meta.ts": { kind: "gap" },
  "import/formats/vllm-record.ts": { kind: "gap" },
  "import/input.ts": { kind: "gap" },
  "import/messages/index.ts": { kind: "gap" },
  "import/messages/issue.ts": { kind: "gap" },
  "import/messages/pipeline.ts": { kind: "gap" },
  "import/messages/sweep.ts": { kind: "gap" },
  "import/messages/table.ts": { kind: "gap" },
  "import/messages/tools.ts": { kind: "gap" },
  "import/messages/usage.ts": { kind: "gap" },
  "import/trace-browser.ts": { kind: "gap" },
  "import/trace-worker.ts": { kind: "gap" },
  "import/types.ts": { kind: "gap" },
  "import/worker.ts": { kind: "gap" },

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

  // ── src/share ──
  "share/migrate.ts": { kind: "gap" },

  // ── src/ui ──
  "ui/charts/bands.ts": { kind: "gap" },
  "ui/charts/chartjs.ts": { kind: "gap" },
  "ui/charts/load-chart.ts": { kind: "gap" },
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
  "import/adversarial.test.ts": "to sort",
  "import/fuzz.test.ts": "to sort",
  "import/hostile.test.ts": "to sort",
  "import/malformed.test.ts": "to sort",
  "import/mapping.test.ts": "to sort",
  "import/messages-table.test.ts": "to sort",
  "import/pipeline-messages.test.ts": "to sort",
  "import/property.test.ts": "to sort",
  "import/real-samples.test.ts": "to sort",
  "import/tools-messages.test.ts": "to sort",
  "import/trace-duckdb.test.ts": "to sort",

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
  "ui/build-fixtures.test.ts":
    "tests vite.config.ts (the build, outside src/): the fixtures bundled are those the example plans reference",
};
