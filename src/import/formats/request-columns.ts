/**
 * The columns of a per-request table (src/import/formats/generic-requests.ts) by role: load,
 * label/model/GPU, ok/error, and the value columns with the record slot each fills and the factor
 * to milliseconds; and the errors of a table without a load or a latency column.
 */
import type { MetricKey } from "../../engine/base/types";
import type { Problem } from "../../engine/base/problems";
import { toMsFactor, type Field, type HeaderMapping, type TimeUnit } from "../aliases";
import type { RequestRecord } from "../per-request";
import type { ImportIssue } from "../types";
import { issueOf } from "../messages/issue";
import { tableMessages as M } from "../messages/table";
import type { RowSource } from "./generic-source";
import { columnWarnings, type TableOptions } from "./generic-table";

export type Slot =
  | "ttftMs"
  | "e2eMs"
  | "tpotMs"
  | "ntpotMs"
  | "itl"
  | "inputTokens"
  | "outputTokens"
  | "startMs"
  | "endMs";

const METRIC_SLOT: Record<MetricKey, Slot> = {
  ttft: "ttftMs",
  e2e: "e2eMs",
  tpot: "tpotMs",
  ntpot: "ntpotMs",
  itl: "itl",
};

/** Guess a timestamp unit from a value when the header states none (epoch s vs epoch ms). */
export function guessTimeUnit(v: number): TimeUnit {
  if (v >= 1e11) return "ms";
  if (v >= 1e8) return "s";
  return null;
}

/** `rec[slot] = v` as a named store per slot (a store under a computed key is several times slower per row). */
export function setSlot(rec: RequestRecord, slot: Slot, v: number): void {
  switch (slot) {
    case "ttftMs":
      rec.ttftMs = v;
      break;
    case "e2eMs":
      rec.e2eMs = v;
      break;
    case "tpotMs":
      rec.tpotMs = v;
      break;
    case "ntpotMs":
      rec.ntpotMs = v;
      break;
    case "inputTokens":
      rec.inputTokens = v;
      break;
    case "outputTokens":
      rec.outputTokens = v;
      break;
    case "startMs":
      rec.startMs = v;
      break;
    case "endMs":
      rec.endMs = v;
      break;
    case "itl":
      break;
  }
}

/** A column whose value per request goes into one slot of the record. */
export interface ValueCol {
  i: number;
  slot: Slot;
  factor: number;
  unit: TimeUnit;
  header: string;
  isItl?: boolean;
}

/** Where the columns of a per-request table are, by role (-1: none). */
export interface RequestColumns {
  values: ValueCol[];
  concIdx: number;
  rateIdx: number;
  okIdx: number;
  errIdx: number;
  metaIdx: { i: number; key: "label" | "model" | "engine" | "gpu" | "gpuCount" }[];
  /** A TPOT column per request: then an ITL column's scalars are not taken as TPOT. */
  hasTpot: boolean;
}

/** The columns of the header mapping by role; notes on units and ITL go to `warnings`. */
export function requestColumns(
  src: RowSource,
  hm: HeaderMapping,
  opts: TableOptions,
  warnings: Problem[],
): RequestColumns {
  const c: RequestColumns = {
    values: [],
    concIdx: -1,
    rateIdx: -1,
    okIdx: -1,
    errIdx: -1,
    metaIdx: [],
    hasTpot: hm.mapping.some((f) => f?.kind === "metric" && f.stat == null && f.metric === "tpot"),
  };
  const used = (f: Field): boolean =>
    f.kind === "load" ||
    f.kind === "meta" ||
    f.kind === "request" ||
    (f.kind === "metric" && f.stat == null) ||
    (f.kind === "value" && (f.key === "meanInputTokens" || f.key === "meanOutputTokens"));
  for (const x of columnWarnings(src, hm, used)) warnings.push(x);
  hm.mapping.forEach((f, i) => {
    if (!f) return;
    const header = src.headers[i]!;
    if (f.kind === "load") {
      if (f.key === "concurrency") c.concIdx = i;
      else c.rateIdx = i;
    } else if (f.kind === "meta") c.metaIdx.push({ i, key: f.key });
    else if (f.kind === "request") {
      if (f.key === "ok") c.okIdx = i;
      else if (f.key === "error") c.errIdx = i;
      else if (f.key === "start" || f.key === "end")
        c.values.push({
          i,
          slot: f.key === "start" ? "startMs" : "endMs",
          factor: toMsFactor(f.unit),
          unit: f.unit,
          header,
        });
    } else if (f.kind === "value") {
      if (f.key === "meanInputTokens")
        c.values.push({ i, slot: "inputTokens", factor: 1, unit: "ms", header });
      else if (f.key === "meanOutputTokens")
        c.values.push({ i, slot: "outputTokens", factor: 1, unit: "ms", header });
    } else if (f.kind === "metric" && f.stat == null) {
      let slot = METRIC_SLOT[f.metric];
      if (slot === "itl") {
        // One value per request is that request's mean gap, i.e. TPOT (docs/metrics.md); lists stay gaps.
        if (c.hasTpot) warnings.push(M.problem("itlListsOnly", { column: header }));
        else slot = "tpotMs";
      }
      if (f.unit == null && !opts.msByConvention)
        warnings.push(M.problem("unitAssumedMs", { column: header }));
      c.values.push({
        i,
        slot,
        factor: toMsFactor(f.unit),
        unit: f.unit ?? "ms",
        header,
        isItl: f.metric === "itl",
      });
    }
  });
  return c;
}

/** The errors of a table without a load column or without any latency column. */
export function missingColumns(src: RowSource, c: RequestColumns): ImportIssue[] {
  const errors: ImportIssue[] = [];
  const columns = src.headers.length;
  if (c.concIdx < 0 && c.rateIdx < 0) {
    errors.push(
      issueOf(src.file, "missing-column", M.problem("noLoadColumn", { columns }), {
        line: src.headerLine,
        column: "concurrency",
      }),
    );
  }
  const latency = (v: ValueCol) =>
    /Ms$|^itl$/.test(v.slot) && v.slot !== "startMs" && v.slot !== "endMs";
  if (!c.values.some(latency)) {
    errors.push(
      issueOf(src.file, "missing-column", M.problem("noLatencyColumn", { columns }), {
        line: src.headerLine,
        column: "ttft",
      }),
    );
  }
  return errors;
}
