/**
 * The shapes of a lineage (docs/lineage.md): its nodes, what it reads and its answer. Their own
 * module so that lineage.ts and the modules it delegates to (lineage-kv.ts) share them without
 * importing each other.
 */
import type { PlanFile, PointSource } from "../base/types";
import type { PlanResult } from "./plan-result";
import type { ResolvedPlan } from "./resolved-plan-types";

/** What a node of the chain is. */
export type LineageKind =
  | "computed" // a step with a formula over its inputs
  | "cell" // a named cell of the plan (a value or a formula over other cells)
  | "field" // a field of the plan file (a value or a formula over cells)
  | "sweepPoint" // a value read from one load level of a sweep
  | "sweep" // a property of a whole sweep (its files, its number of points, its analysis)
  | "catalogue" // an entry of the GPU catalogue
  | "constant"; // a fixed number of the method (24 hours, 730 hours per month, 1e6)

/** Where a sweep value was read: the sweep's files, the load level and the key. */
export interface SweepSource {
  /** The sweep's label and files (as written in the plan, relative to it; or as imported). */
  label: string;
  files: string[];
  format: string;
  /** Index into the sweep's points (0-based), and the point's load. */
  pointIndex?: number;
  load?: string | undefined;
  /** The key of the point that holds the value (`outputTokensPerSec`, `ttftMs.p99`). */
  key?: string;
  /** Where the importer read the point (its files, with the row's line when the format has rows). */
  points?: PointSource[];
  /** The file and 1-based line where the value is written: the point's row, or found by the CLI in the point's file. */
  file?: string;
  line?: number;
  /** The value is written in the file's path, not in its content (a run's folder `…-concurrency16/`). */
  inPath?: boolean;
}

/** One node of a lineage tree. */
export interface LineageNode {
  /** A result path (`skus[0].replicas`), a plan path (`cells.peak_rps`) or a name. */
  path: string;
  kind: LineageKind;
  value: number | null;
  /** The formula in names (`replicasBase × elasticity + spare`), for computed steps and formulas. */
  formula?: string;
  /** The formula in Chinese where it has words (the app's 中文 view); else `formula` is used. */
  formulaZh?: string;
  /** The same with the numbers plugged in and the result (`33.33 × 1.2 + 1 = 41`). */
  plugged?: string;
  /** A plan field or cell as written (`=h100_hour`, `2.99`). */
  raw?: string;
  /** A sweep value's source. */
  source?: SweepSource;
  /** A catalogue entry (`h100-sxm`). */
  catalogue?: string;
  /** The value recomputed from the inputs (computed steps); equals `value` up to rounding. */
  recomputed?: number | null;
  inputs: LineageNode[];
}

/** What lineage reads. `plan` is the file as written (formulas as text). */
export interface LineageContext {
  plan: PlanFile;
  resolved: ResolvedPlan;
  result: PlanResult;
}

export type LineageAnswer = { ok: true; node: LineageNode } | { ok: false; error: string };
