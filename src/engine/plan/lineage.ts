/**
 * The lineage of a number (docs/lineage.md): for any numeric value of a plan result (a path of
 * `capplan plan --json`, e.g. `skus[1].replicas`), the chain of steps that produced it, each with
 * its formula and the numbers plugged in, down to its inputs: a cell (with its formula), a plan
 * field, a catalogue entry or a sweep point (its files and position). Pure: reads the plan file
 * as written, its resolved values and the result; finding a sweep point's line in its file is the
 * caller's (the CLI reads files, see `locateSweepLeaves` in src/cli/commands/explain.ts).
 *
 * Each computed step also recomputes its value from its inputs (`recomputed`), so a test can
 * check that the explanation is the arithmetic that gave the number, not a story beside it.
 */
import {
  evaluateSku,
  formulaText,
  pluggedText,
  recompute,
  type Step,
  type WorkloadLeaves,
} from "../chain/evaluate";
import {
  CONSTANTS,
  isConstant,
  QUANTITIES,
  SECONDS_PER_DAY,
  type ConstantId,
  type QuantityId,
} from "../chain/quantities";
import { CONSTANT_LABELS, nameOf } from "../chain/names";
import { lineageMessages, type LineageCode } from "./lineage-messages";
import { loadKind, loadValue } from "../curve/load";
import { fmtNum } from "../base/number-format";
import { fromMinor, minorUnitDigits, toMinor } from "../finops/money";
import type { LineageAnswer, LineageContext, LineageNode, SweepSource } from "./lineage-types";
import { kvLineage, workloadKvLineage, type KvLineageHost } from "./lineage-kv";
import type { SkuWorkloadResult } from "./plan-result";
import type { ResolvedPool } from "./resolved-plan-types";
import type { Sweep, SweepPoint } from "../base/types";

export type {
  LineageAnswer,
  LineageContext,
  LineageKind,
  LineageNode,
  SweepSource,
} from "./lineage-types";

/** The numbers of an operating point that lineage explains. */
type OpKey = "concurrency" | "requestRate" | "rps" | "outputTokensPerSec" | "totalTokensPerSec";

/** A number in the chain's plugged-in formulas: up to 4 decimals, small numbers in 4 significant digits. */
export function lineageNumber(x: number | null | undefined): string {
  // null, undefined and NaN go to fmtNum, which writes n/a (as ±Infinity, they are not below 0.01).
  if (typeof x === "number" && x !== 0 && Math.abs(x) < 0.01)
    return x.toPrecision(4).replace(/\.?0+e/, "e");
  return fmtNum(x ?? Number.NaN, 4);
}
const N = lineageNumber;

/** A finite number (Number.isFinite does not coerce: a string or null is not one). */
function num(v: unknown): v is number {
  return Number.isFinite(v);
}

/** Split `a.b[2].c` into keys and indices. */
export function parseLineagePath(path: string): (string | number)[] | null {
  const out: (string | number)[] = [];
  const re = /(?:^|\.)([A-Za-z_$][\w$]*)|\[(\d+)\]/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < path.length) {
    re.lastIndex = at;
    m = re.exec(path);
    if (!m) return null; // sticky (y): a match starts at `at`, or there is none
    out.push(m[1] !== undefined ? m[1] : Number(m[2]));
    at = re.lastIndex;
  }
  return out.length ? out : null;
}

function get(obj: unknown, keys: readonly (string | number)[]): unknown {
  let v = obj;
  for (const k of keys) {
    // Own keys only: `constructor` or `toString` is no value of the plan or the result.
    if (v === null || typeof v !== "object" || !Object.hasOwn(v, k)) return undefined;
    v = (v as Record<string | number, unknown>)[k];
  }
  return v;
}

/** Names a formula refers to (identifiers not called as functions). */
function namesIn(formula: string): string[] {
  const out = new Set<string>();
  const re = /[A-Za-z_][A-Za-z0-9_]*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(formula))) {
    const after = formula.slice(re.lastIndex).trimStart();
    const before = formula[m.index - 1];
    if (after.startsWith("(") || before === "." || before === '"' || before === "'") continue;
    out.add(m[0]);
  }
  return [...out];
}

/** A formula with its names replaced by values: `=peak * 0.8` → `50 * 0.8`. */
function plugNames(expr: string, values: Readonly<Record<string, number | null>>): string {
  return expr.replace(/[A-Za-z_][A-Za-z0-9_]*/g, (name, at: number) => {
    const after = expr.slice(at + name.length).trimStart();
    if (after.startsWith("(")) return name;
    // Own keys only: a name like `constructor` or `toString` is not a value of Object.prototype.
    return Object.hasOwn(values, name) ? N(values[name]) : name;
  });
}

/** The trace of one SKU's chain: its steps by result key, and per workload by `key:index`. */
interface SkuTrace {
  sku: Map<string, Step>;
  perWorkload: Map<string, Step>;
}

/** Result keys of a SKU that the chain computes, at `skus[i].<key>` of `plan --json`. */
const SKU_RESULT_KEYS: Readonly<Record<string, true>> = {
  replicasBase: true,
  replicasRaw: true,
  replicas: true,
  gpus: true,
  costPerHour: true,
  costPerDay: true,
  costPerMonth: true,
  replicaOutputTokensPerSec: true,
  costPerOutputToken: true,
  costPerMillionOutputTokens: true,
  costPerRequest: true,
  utilizationAtPeak: true,
};

/** The chain's keys that `plan --json` nests under `peak` and `forecast`. */
const NESTED_KEYS: Readonly<Record<string, string>> = {
  peakOutputTokensPerSec: "peak.outputTokensPerSec",
  peakCostPerOutputToken: "peak.costPerOutputToken",
  peakCostPerMillionOutputTokens: "peak.costPerMillionOutputTokens",
  forecastOutputTokensPerSec: "forecast.outputTokensPerSec",
  forecastCostPerOutputToken: "forecast.costPerOutputToken",
  forecastCostPerMillionOutputTokens: "forecast.costPerMillionOutputTokens",
  forecastUtilization: "forecast.utilization",
};

/** Where a chain key sits in a SKU's result (undefined: a step with no result of its own). */
const RESULT_PATH_OF_KEY: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.keys(SKU_RESULT_KEYS).map((k) => [k, k])),
  ...NESTED_KEYS,
};

/** The chain key of a nested result path (`peak.costPerOutputToken`). */
const CHAIN_KEY_OF_PATH: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(NESTED_KEYS).map(([k, v]) => [v, k]),
);

/**
 * A workload's forecast rate as capacity.ts reads it: avgRps, else the declaration `dailyRate`
 * of its daily requests; null when it has neither.
 */
function forecastRateOf(w: {
  avgRps?: number | null;
  dailyRequests?: number | null;
}): number | null {
  if (num(w.avgRps) && w.avgRps >= 0) return w.avgRps;
  if (num(w.dailyRequests) && w.dailyRequests >= 0)
    return QUANTITIES.dailyRate.compute(
      { dailyRequests: w.dailyRequests, secondsPerDay: CONSTANTS.secondsPerDay },
      {},
    );
  return null;
}

/** A step's words: its formula in English, and in Chinese where that differs. */
type Words = Pick<LineageNode, "formula" | "formulaZh">;

/** The words of lineage step `code` (lineage-messages.ts) in both languages. */
function words(code: LineageCode, params: Record<string, unknown> = {}): Words {
  const p = lineageMessages.problem(code, params as never);
  const en = lineageMessages.render(p, "en")!;
  const zh = lineageMessages.render(p, "zh")!;
  return zh === en ? { formula: en } : { formula: en, formulaZh: zh };
}

/** Builds lineage trees of one plan result. */
class Builder implements KvLineageHost {
  private cellsSeen = new Map<string, LineageNode>();
  /** Each SKU's chain with its trace, once evaluated (null: the SKU has no capacity). */
  private readonly chains = new Map<number, SkuTrace | null>();
  /** SKUs whose `<id>_tok_s` chain is being built (the cycle guard). */
  private readonly tokSOpen = new Set<number>();
  constructor(readonly ctx: LineageContext) {}

  /** A named cell, with its formula's cells as inputs (cycles end in a leaf). */
  cell(name: string, depth = 0): LineageNode {
    const hit = this.cellsSeen.get(name);
    if (hit) return hit;
    const raw = this.ctx.plan.cells?.[name];
    const value = this.ctx.resolved.cells[name] ?? null;
    const node: LineageNode = { path: `cells.${name}`, kind: "cell", value, inputs: [] };
    this.cellsSeen.set(name, node);
    if (raw !== undefined) node.raw = String(raw);
    if (typeof raw === "string" && raw.trim().startsWith("=") && depth < 50)
      this.formulaInputs(node, raw, depth);
    return node;
  }

  private formulaInputs(node: LineageNode, raw: string, depth: number): void {
    const expr = raw.trim().slice(1).trim();
    const cells = this.ctx.resolved.cells;
    const names = namesIn(expr);
    node.formula = expr;
    const values: Record<string, number | null> = {};
    for (const n of names) {
      if (Object.hasOwn(cells, n)) {
        node.inputs.push(this.cell(n, depth + 1));
        values[n] = cells[n] ?? null;
        continue;
      }
      // `<id>_tok_s`: a SKU's computed replica output tokens/s (docs/formulas.md), followed into
      // that SKU's own chain (operating point → sweep points → file lines).
      const si = this.tokSku(n);
      if (si === undefined) continue;
      const hop = this.tokS(n, si);
      node.inputs.push(hop);
      values[n] = hop.value;
    }
    node.plugged = `${plugNames(expr, values)} = ${N(node.value)}`;
  }

  /** The SKU whose `<id>_tok_s` a formula name reads (the first SKU with that id), if any. */
  private tokSku(name: string): number | undefined {
    if (!name.endsWith("_tok_s") || Object.hasOwn(this.ctx.plan.cells ?? {}, name))
      return undefined;
    const id = name.slice(0, -"_tok_s".length);
    const i = this.ctx.plan.skus.findIndex((s) => s.id === id);
    return i >= 0 ? i : undefined;
  }

  /** The `<id>_tok_s` hop: SKU si's replicaOutputTokensPerSec with its chain; a cycle ends in a leaf. */
  private tokS(name: string, si: number): LineageNode {
    const s = this.ctx.result.skus[si];
    const c = s?.capacity?.replicaOutputTokensPerSec;
    const value = num(c) ? c : null;
    const sku = s?.name ?? `SKU ${si + 1}`;
    const node: LineageNode = {
      path: name,
      kind: "computed",
      value,
      ...words("tokS", { si, name: sku }),
      plugged: `${N(value)} = ${N(value)}`,
      recomputed: value,
      inputs: [],
    };
    if (this.tokSOpen.has(si)) {
      Object.assign(node, words("tokSCycle", { si, name: sku }));
      return node;
    }
    this.tokSOpen.add(si);
    try {
      const inner = this.sku(si, "replicaOutputTokensPerSec", []);
      if (inner) {
        node.inputs = [inner];
        node.recomputed = inner.value;
      }
    } finally {
      this.tokSOpen.delete(si);
    }
    return node;
  }

  /** A field of the plan file (`skus[0].pricePerGpuHour`), its value as resolved. */
  field(path: string, value: number | null, rawPath: string = path): LineageNode {
    const keys = parseLineagePath(rawPath); // null for a name that is not a key (`sweeps.support-bot…`): the caller reads it
    let raw = keys ? get(this.ctx.plan, keys) : undefined;
    if (raw === undefined && keys?.[0] === "workloads")
      raw = get((this.ctx.plan as unknown as { workload?: unknown }).workload, keys.slice(2));
    const node: LineageNode = { path, kind: "field", value, inputs: [] };
    if (typeof raw === "number" || typeof raw === "string") {
      node.raw = String(raw);
      if (typeof raw === "string" && raw.trim().startsWith("=")) this.formulaInputs(node, raw, 0);
    }
    return node;
  }

  constant(name: string, value: number): LineageNode {
    return { path: name, kind: "constant", value, inputs: [] };
  }

  /**
   * A step of the declared chain (src/engine/chain/quantities.ts): its formula in English and
   * Chinese, the numbers plugged in and the recomputed value all come from declaration `id`.
   * `from` gives each input's node (or, for a constant, nothing: its number is the declaration's);
   * `names` renames inputs in the formula (one workload's `outputTokens` for the mean).
   */
  declared(
    path: string,
    value: number | null,
    id: QuantityId,
    from: Readonly<Record<string, LineageNode | number>>,
    inputs: LineageNode[],
    names: Readonly<Record<string, string>> = {},
  ): LineageNode {
    const step = {
      id,
      inputs: QUANTITIES[id].inputs.map((i) => {
        const f = from[i];
        const v =
          f === undefined
            ? (CONSTANTS[i as ConstantId] ?? null)
            : typeof f === "number"
              ? f
              : f.value;
        return { id: i, value: num(v) ? v : null };
      }),
      lists: [],
      value,
    };
    return this.traced(path, value, step, inputs, names);
  }

  /** A step of the chain as evaluated (`step`: its declaration and the numbers it read). */
  traced(
    path: string,
    value: number | null,
    step: Pick<Step, "id" | "inputs" | "lists" | "value">,
    inputs: LineageNode[],
    names: Readonly<Record<string, string>> = {},
  ): LineageNode {
    const node: LineageNode = {
      path,
      kind: "computed",
      value,
      formula: formulaText(step.id, "en", names),
      plugged: pluggedText(step, N),
      recomputed: recompute(step),
      inputs,
    };
    const zh = formulaText(step.id, "zh", names);
    if (zh !== node.formula) node.formulaZh = zh;
    return node;
  }

  /** A computed step. `parts` alternate text and inputs: ["ceil(", a, ")"]. */
  step(
    path: string,
    value: number | null,
    formula: Words,
    plugged: (string | LineageNode)[],
    inputs: LineageNode[],
    recomputed: number | null,
  ): LineageNode {
    const text = plugged.map((p) => (typeof p === "string" ? p : N(p.value))).join("");
    return {
      path,
      kind: "computed",
      value,
      ...formula,
      plugged: `${text} = ${N(value)}`,
      recomputed,
      inputs,
    };
  }

  /**
   * An end of an error bar (docs/uncertainty.md): the chain evaluated at the low or high end of
   * the operating point's 95 % t-interval of output tokens/s. Replicas and cost are high where
   * capacity is low, so `[0]` of replicas and cost comes from the capacity's high end.
   */
  interval(si: number, rest: readonly (string | number)[]): LineageNode | null {
    const s = this.ctx.result.skus[si];
    const [key, end] = rest;
    const iv = s?.interval;
    if (!iv || typeof key !== "string" || (end !== 0 && end !== 1) || rest.length !== 2)
      return null;
    const range = (iv as unknown as Record<string, readonly (number | null)[] | undefined>)[key];
    if (!range) return null;
    const path = `skus[${si}].interval.${key}[${end}]`;
    const capEnd = key === "outputTokensPerSec" ? end : 1 - end;
    const cap = iv.outputTokensPerSec[capEnd] ?? null;
    const inputs: LineageNode[] =
      key === "outputTokensPerSec"
        ? []
        : [
            {
              path: `skus[${si}].interval.outputTokensPerSec[${capEnd}]`,
              kind: "computed",
              value: cap,
              ...words("intervalEnd", { high: capEnd === 1 }),
              inputs: [],
            },
          ];
    if (key === "outputTokensPerSec")
      return { ...inputs[0], ...this.interval(si, ["replicas", 1 - end])!.inputs[0]!, path };
    return {
      path,
      kind: "computed",
      value: range[end] ?? null,
      ...words("intervalChain", { key, high: capEnd === 1 }),
      inputs,
    };
  }

  // ---- workloads --------------------------------------------------------------------------

  workloadField(
    i: number,
    key: "peakRps" | "avgRps" | "dailyRequests" | "inputTokens" | "outputTokens",
  ): LineageNode {
    const w = this.ctx.result.workloads[i]!;
    return this.field(`workloads[${i}].${key}`, w[key] ?? null);
  }

  workload(i: number, key: string): LineageNode | null {
    const w = this.ctx.result.workloads[i];
    if (!w) return null;
    switch (key) {
      case "peakRps":
      case "avgRps":
      case "dailyRequests":
      case "inputTokens":
      case "outputTokens":
        return this.workloadField(i, key);
      case "tokensPerRequest": {
        const a = this.workloadField(i, "inputTokens");
        const b = this.workloadField(i, "outputTokens");
        return this.declared(
          `workloads[${i}].tokensPerRequest`,
          w.tokensPerRequest,
          "tokensPerRequest",
          { inputTokens: a, outputTokens: b },
          [a, b],
        );
      }
      case "tokensPerSec": {
        const a = this.workloadField(i, "peakRps");
        const b = this.workload(i, "tokensPerRequest")!;
        const path = `workloads[${i}].tokensPerSec`;
        return this.declared(
          path,
          w.tokensPerSec,
          "tokensPerSec",
          { peakRps: a, tokensPerRequest: b },
          [a, b],
        );
      }
    }
    return null;
  }

  // ---- factors and SLOs --------------------------------------------------------------------

  elasticity(): LineageNode {
    return this.field("factors.elasticity", this.ctx.result.factors.elasticity);
  }

  redundancy(): LineageNode {
    const r = this.ctx.result.factors.redundancy;
    if ("spare" in r) return this.field("factors.redundancy.spare", r.spare);
    const raw = get(this.ctx.plan, ["factors", "redundancy"]);
    const node = this.field("factors.redundancy", r.factor);
    if (raw === undefined) node.raw = "1 (default)";
    return node;
  }

  // ---- sweeps ------------------------------------------------------------------------------

  private sweepSource(sweep: Sweep, index?: number, key?: string): SweepSource {
    const s: SweepSource = {
      label: sweep.label,
      files: sweep.source.files,
      format: sweep.source.format,
    };
    if (index !== undefined) {
      s.pointIndex = index;
      s.load = loadOfPoint(sweep.points[index]);
      const from = sweep.points[index]?.sources;
      if (from?.length) {
        s.points = from.map((x) => ({ ...x }));
        // One row read (a CSV row, a JSON-lines record): that is the line, wherever the key sits on it.
        if (from.length === 1 && from[0]!.line !== undefined) {
          s.file = from[0]!.file;
          s.line = from[0]!.line;
        }
      }
    }
    if (key !== undefined) s.key = key;
    return s;
  }

  /** A value of one point of a sweep. */
  sweepValue(path: string, sweep: Sweep, index: number, key: string): LineageNode {
    const v = get(sweep.points[index], key.split("."));
    return {
      path,
      kind: "sweepPoint",
      value: num(v) ? v : null,
      source: this.sweepSource(sweep, index, key),
      inputs: [],
    };
  }

  /** An operating-point value (`concurrency`, `requestRate`, `rps`, `outputTokensPerSec`, `totalTokensPerSec`). */
  opValue(si: number, wi: number, key: OpKey, path: string): LineageNode | null {
    // Callers pass a SKU of the result; `wi` may be past its workloads (a plan without workloads).
    const wl = this.ctx.result.skus[si]!.workloads[wi];
    if (!wl?.operatingPoint) return null;
    const op = wl.operatingPoint;
    // An open-loop point sent all at once has the request rate "inf": not a number, shown as written.
    const written = op[key];
    const value = written === "inf" ? null : written;
    if (op.basis === "given") {
      if (key !== "outputTokensPerSec") return null;
      const wname = this.ctx.result.workloads[wi]?.name;
      return this.givenCapacity(si, wname ?? "", value, path);
    }
    const sweep = wl.sweep;
    const d = wl.detail;
    if (!sweep || !d || d.pointIndex === null) return null;
    const at = d.pointIndex;
    if (op.basis === "measured") {
      const leaf = this.sweepValue(path, sweep, at, key);
      leaf.value = value;
      if (written === "inf") leaf.raw = "inf";
      return leaf;
    }
    // Interpolated: between the last passing point and the first failing one (`towardIndex`: the next
    // in load order, not always the next in the file), on the sweep's load axis (src/engine/curve/load.ts),
    // as the operating point was found (src/engine/curve/slo.ts).
    const next = d.towardIndex;
    if (next === null) return null;
    const a = this.sweepValue(`${sweep.label} · point ${at} · ${key}`, sweep, at, key);
    const b = this.sweepValue(`${sweep.label} · point ${next} · ${key}`, sweep, next, key);
    const axis = loadKind(sweep.points) ?? "concurrency";
    const load = (p: SweepPoint | undefined) => (p ? loadValue(p, axis) : null);
    const la = load(sweep.points[at]);
    const lb = load(sweep.points[next]);
    const lop = op[axis];
    // The load on the sweep's own axis is where the SLO crossing was found, not a value read at t (that would be circular).
    if (!num(la) || !num(lb) || !num(lop) || la === lb || key === "concurrency" || key === axis) {
      const node: LineageNode = {
        path,
        kind: "computed",
        value,
        ...words("interpolated"),
        plugged: `${N(a.value)} … ${N(b.value)} → ${N(value)}`,
        recomputed: value,
        inputs: [a, b],
      };
      return node;
    }
    const t = (lop - la) / (lb - la);
    const tNode: LineageNode = {
      path: "t",
      kind: "computed",
      value: t,
      ...words("interpolationT"),
      plugged: `(${N(lop)} − ${N(la)}) ÷ (${N(lb)} − ${N(la)}) = ${N(t)}`,
      recomputed: (lop - la) / (lb - la),
      inputs: [],
    };
    const re = num(a.value) && num(b.value) ? a.value + t * (b.value - a.value) : null;
    return this.step(
      path,
      value,
      words("interpolationValue"),
      [a, " + ", tNode, " × (", b, " − ", a, ")"],
      [a, b, tNode],
      re,
    );
  }

  /** A capacity typed into the plan (`replicaOutputTokensPerSec` of a SKU's sweep). */
  givenCapacity(si: number, workload: string, value: number | null, path: string): LineageNode {
    const sku = this.ctx.plan.skus?.[si];
    const rawPath =
      sku?.sweeps?.[workload] !== undefined
        ? `skus[${si}].sweeps.${workload}.replicaOutputTokensPerSec`
        : `skus[${si}].sweep.replicaOutputTokensPerSec`;
    const node = this.field(rawPath, value);
    if (node.raw === undefined) {
      const raw = sku?.sweeps?.[workload]?.replicaOutputTokensPerSec;
      if (raw !== undefined) {
        node.raw = String(raw);
        if (typeof raw === "string" && raw.trim().startsWith("=")) this.formulaInputs(node, raw, 0);
      }
    }
    // `path` is an operating point's (`…operatingPoint.outputTokensPerSec`), never the field's own: a step over the field.
    return {
      path,
      kind: "computed",
      value,
      ...words("givenCapacity"),
      plugged: `${N(node.value)} = ${N(value)}`,
      recomputed: node.value,
      inputs: [node],
    };
  }

  /** The output tokens/s one replica reaches for workload `wi` (the denominator of replicasBase). */
  capacityFor(si: number, wi: number): LineageNode | null {
    const s = this.ctx.result.skus[si]!;
    const wl = s.workloads[wi];
    const w = this.ctx.result.workloads[wi];
    if (!wl || !w || !num(wl.replicasBase)) return null;
    const cap =
      num(w.peakRps) && num(w.outputTokens) && wl.replicasBase > 0
        ? (w.peakRps * w.outputTokens) / wl.replicasBase
        : null;
    const op = wl.operatingPoint;
    if (op && num(op.outputTokensPerSec))
      return this.opValue(
        si,
        wi,
        "outputTokensPerSec",
        `skus[${si}].workloads[${wi}].operatingPoint.outputTokensPerSec`,
      );
    if (op && num(op.rps) && wl.sweep) {
      const rps = this.opValue(si, wi, "rps", `skus[${si}].workloads[${wi}].operatingPoint.rps`)!;
      const out = num(cap) && num(op.rps) && op.rps > 0 ? cap / op.rps : null;
      const outNode: LineageNode = {
        path: `${wl.sweep.label} · mean output tokens`,
        kind: "sweep",
        value: out,
        source: this.sweepSource(wl.sweep, undefined, "meanOutputTokens"),
        inputs: [],
      };
      return this.step(
        `skus[${si}].workloads[${wi}].capacity`,
        cap,
        words("capacityFromRps"),
        [rps, " × ", outNode],
        [rps, outNode],
        mul(rps.value, out),
      );
    }
    return null;
  }

  skuWorkload(
    si: number,
    wi: number,
    key: string,
    rest: readonly (string | number)[],
  ): LineageNode | null {
    // Callers pass a SKU of the result (sku() checks it).
    const wl = this.ctx.result.skus[si]!.workloads[wi];
    if (!wl) return null;
    const p = `skus[${si}].workloads[${wi}]`;
    if (key === "kv") return workloadKvLineage(this, si, wi, rest);
    if (key === "replicasBase" && rest.length === 0)
      return this.capacityFor(si, wi) ? this.workloadStep(si, "workloadReplicasBase", wi) : null;
    const opPath = `${p}.operatingPoint`;
    if (key === "operatingPoint") return this.operatingPoint(si, wi, rest, opPath);
    if (key === "kneeIndex" && rest.length === 0 && wl.sweep && num(wl.kneeIndex)) {
      const path = `${p}.kneeIndex`;
      return {
        path,
        kind: "sweep",
        value: wl.kneeIndex,
        ...words("knee"),
        source: this.sweepSource(wl.sweep, wl.kneeIndex),
        inputs: [],
      };
    }
    if (key === "findings" && wl.sweep) {
      const v = get(wl.findings, rest);
      if (!num(v)) return null;
      const isPoint = rest[rest.length - 2] === "pointIndices";
      const path = `${p}.findings${pathOf(rest)}`;
      return {
        path,
        kind: "sweep",
        value: v,
        ...words("finding"),
        source: this.sweepSource(wl.sweep, isPoint && v < wl.sweep.points.length ? v : undefined),
        inputs: [],
      };
    }
    if (key === "sweep" && wl.sweep) {
      const count = rest.length === 1 && rest[0] === "points";
      const v = count ? wl.sweep.points.length : get(wl.sweep, rest);
      if (!num(v)) return null;
      const path = `${p}.sweep${pathOf(rest)}`;
      return {
        path,
        kind: "sweep",
        value: v,
        ...(count ? words("pointCount") : words("recorded", { key: rest.join(".") })),
        source: this.sweepSource(wl.sweep),
        inputs: [],
      };
    }
    if (key === "zones" && wl.sweep) {
      const v = get(wl.zones, rest);
      if (!num(v)) return null;
      return {
        path: `${p}.zones${pathOf(rest)}`,
        kind: "sweep",
        value: v,
        ...words("zones"),
        source: this.sweepSource(wl.sweep),
        inputs: [],
      };
    }
    // "failure", "missing" and any other key: no number with a lineage.
    return null;
  }

  operatingPoint(
    si: number,
    wi: number,
    rest: readonly (string | number)[],
    path: string,
  ): LineageNode | null {
    const key = rest[0];
    if (
      key === "concurrency" ||
      key === "requestRate" ||
      key === "rps" ||
      key === "outputTokensPerSec" ||
      key === "totalTokensPerSec"
    ) {
      if (rest.length !== 1) return null;
      return this.opValue(si, wi, key, path + `.${key}`);
    }
    if (key === "bindingSlo" && rest[1] === "maxMs" && rest.length === 2) {
      const op = this.ctx.result.skus[si]!.workloads[wi]?.operatingPoint;
      const b = op?.bindingSlo;
      if (!b) return null;
      const k = this.ctx.result.slo.findIndex(
        (x) => x.metric === b.metric && x.stat === b.stat && x.maxMs === b.maxMs,
      );
      if (k < 0) return null;
      const f = this.field(`slo[${k}].maxMs`, this.ctx.result.slo[k]!.maxMs);
      return {
        path: `${path}.bindingSlo.maxMs`,
        kind: "computed",
        value: b.maxMs,
        ...words("bindingSlo", { k }),
        plugged: `${N(f.value)} = ${N(b.maxMs)}`,
        recomputed: f.value,
        inputs: [f],
      };
    }
    return null;
  }

  // ---- SKUs --------------------------------------------------------------------------------

  sku(si: number, key: string, rest: readonly (string | number)[]): LineageNode | null {
    const s = this.ctx.result.skus[si];
    if (!s) return null;
    const p = `skus[${si}]`;
    switch (key) {
      case "gpusPerReplica":
      case "pricePerGpuHour": {
        const node = this.field(`${p}.${key}`, s[key]);
        if (key === "pricePerGpuHour" && s.gpu && node.raw === undefined) node.catalogue = s.gpu;
        return node;
      }
      case "workloads":
        return typeof rest[0] === "number" && typeof rest[1] === "string"
          ? this.skuWorkload(si, rest[0], rest[1], rest.slice(2))
          : null;
      case "operatingPoint":
        return this.operatingPoint(si, 0, rest, `${p}.operatingPoint`);
      case "interval":
        return this.interval(si, rest);
      case "kv":
        return kvLineage(this, si, rest);
    }
    if (rest.length === 0 && Object.hasOwn(SKU_RESULT_KEYS, key)) return this.chainNode(si, key);
    if ((key === "peak" || key === "forecast") && rest.length === 1) {
      const chainKey = CHAIN_KEY_OF_PATH[`${key}.${String(rest[0])}`];
      return chainKey ? this.chainNode(si, chainKey) : null;
    }
    return null;
  }

  // ---- the SKU's chain, rendered from its evaluation's trace --------------------------------

  /**
   * SKU si's chain evaluated with its trace, from the numbers the result holds (the plan's
   * workloads, the SKU's fields and each workload's capacity as its operating point gives it);
   * null when the SKU has no capacity. Evaluated once per SKU per explanation.
   */
  private chainOf(si: number): SkuTrace | null {
    if (this.chains.has(si)) return this.chains.get(si)!;
    // A `<id>_tok_s` formula that leads back to this SKU while it is evaluated finds no chain.
    this.chains.set(si, null);
    const s = this.ctx.result.skus[si]!;
    const ws = this.ctx.result.workloads;
    const f = this.ctx.result.factors;
    if (!s.capacity || s.workloads.length !== ws.length || !num(f.elasticity)) return null;
    if (!num(s.gpusPerReplica) || !num(s.pricePerGpuHour)) return null;
    const forecasts = ws.map((w) => forecastRateOf(w));
    const anyForecast = forecasts.some((r) => r !== null);
    const workloads: WorkloadLeaves[] = [];
    for (let wi = 0; wi < ws.length; wi++) {
      const w = ws[wi]!;
      const cap = this.capacityFor(si, wi)?.value;
      if (!num(w.inputTokens) || !num(w.outputTokens) || !num(w.peakRps) || !num(cap)) return null;
      workloads.push({
        inputTokens: w.inputTokens,
        outputTokens: w.outputTokens,
        peakRps: w.peakRps,
        forecastRps: forecasts[wi] ?? (anyForecast ? w.peakRps : null),
        workloadCapacity: cap,
      });
    }
    const r = f.redundancy;
    if (!num("spare" in r ? r.spare : r.factor)) return null;
    const e = evaluateSku(
      {
        gpusPerReplica: s.gpusPerReplica,
        pricePerGpuHour: s.pricePerGpuHour,
        elasticity: f.elasticity,
        redundancy: "spare" in r ? { spare: Math.ceil(r.spare!) } : { factor: r.factor! },
        workloads,
      },
      { trace: true },
    );
    const trace: SkuTrace = { sku: new Map(), perWorkload: new Map() };
    for (const st of e.trace!)
      if (st.workload === undefined) trace.sku.set(st.key, st);
      else trace.perWorkload.set(`${st.key}:${st.workload}`, st);
    this.chains.set(si, trace);
    return trace;
  }

  /** Result key `key` of SKU si (`replicas`, `peakCostPerOutputToken`, …) with its chain. */
  private chainNode(si: number, key: string): LineageNode | null {
    const c = this.chainOf(si);
    const st = c?.sku.get(key);
    if (!c || !st) return null;
    const inputs: LineageNode[] = [];
    for (const i of st.inputs) {
      const n = c.sku.has(i.id) ? this.chainNode(si, i.id) : this.skuLeaf(si, i.id);
      if (!n) return null;
      inputs.push(n);
    }
    for (const l of st.lists)
      for (let wi = 0; wi < l.values.length; wi++)
        inputs.push(
          c.perWorkload.has(`${l.id}:${wi}`)
            ? this.workloadStep(si, l.id, wi)
            : this.workloadLeaf(si, l.id, wi),
        );
    const rel = RESULT_PATH_OF_KEY[key];
    const path = rel ? `skus[${si}].${rel}` : nameOf(key, "en");
    const written = rel ? get(this.ctx.result.skus[si]!.capacity, rel.split(".")) : undefined;
    const value = rel ? (num(written) ? written : null) : st.value;
    // A sum (or blend) over one workload is that workload's number: no step of its own.
    if (st.inputs.length === 0 && st.lists.length === 1 && inputs.length === 1)
      return { ...inputs[0]!, path, value };
    return this.traced(path, value, st, inputs);
  }

  /** A SKU-level leaf of the chain: a field of the SKU, a factor or a constant. */
  private skuLeaf(si: number, id: string): LineageNode | null {
    if (isConstant(id)) return this.constant(CONSTANT_LABELS[id], CONSTANTS[id]);
    if (id === "gpusPerReplica" || id === "pricePerGpuHour") return this.sku(si, id, []);
    if (id === "elasticity") return this.elasticity();
    if (id === "redundancy" || id === "spare") return this.redundancy();
    return null;
  }

  /** Per-workload step `id` of SKU si (a term of one of its sums), from the declaration. */
  private workloadStep(si: number, id: string, wi: number): LineageNode {
    const q = QUANTITIES[id as QuantityId];
    const from: Record<string, LineageNode> = {};
    for (const i of q.inputs)
      from[i] = isConstant(i)
        ? this.constant(CONSTANT_LABELS[i], CONSTANTS[i])
        : this.workloadLeaf(si, i, wi);
    const own = id === "workloadReplicasBase" ? this.ctx.result.skus[si]!.workloads[wi] : null;
    const value = own
      ? finite(own.replicasBase)
      : (this.chainOf(si)?.perWorkload.get(`${id}:${wi}`)?.value ?? null);
    const path = own
      ? `skus[${si}].workloads[${wi}].replicasBase`
      : `workloads[${wi}] · ${nameOf(id, "en")}`;
    return this.declared(path, value, id as QuantityId, from, Object.values(from));
  }

  /** A per-workload leaf of SKU si's chain: a workload field, its forecast rate or its capacity. */
  private workloadLeaf(si: number, id: string, wi: number): LineageNode {
    const w = this.ctx.result.workloads[wi]!;
    if (id === "workloadCapacity") return this.capacityFor(si, wi)!;
    if (id === "forecastRps") {
      if (forecastRateOf(w) === null) return this.workloadField(wi, "peakRps");
      if (num(w.avgRps) && w.avgRps >= 0) return this.workloadField(wi, "avgRps");
      const d = this.workloadField(wi, "dailyRequests");
      return this.declared(
        `workloads[${wi}] · ${nameOf("forecastRps", "en")}`,
        forecastRateOf(w),
        "dailyRate",
        { dailyRequests: d },
        [d, this.constant(CONSTANT_LABELS.secondsPerDay, CONSTANTS.secondsPerDay)],
      );
    }
    return this.workloadField(wi, id as "inputTokens" | "outputTokens" | "peakRps");
  }

  // ---- tenants -----------------------------------------------------------------------------

  private weights(): { wi: number; wo: number; inNode: LineageNode; outNode: LineageNode } {
    const t = this.ctx.resolved.tenants!;
    const method = t.method;
    const wi = method === "output" ? 0 : method === "weighted" ? (t.inputWeight ?? 1) : 1;
    const wo = method === "weighted" ? (t.outputWeight ?? 1) : 1;
    const mk = (k: "inputWeight" | "outputWeight", v: number) =>
      method === "weighted" && get(this.ctx.plan, ["tenants", k]) !== undefined
        ? this.field(`tenants.${k}`, v)
        : { path: `${k} (method ${method})`, kind: "constant" as const, value: v, inputs: [] };
    return { wi, wo, inNode: mk("inputWeight", wi), outNode: mk("outputWeight", wo) };
  }

  /** The usage rows of team `team` in pool `pool` summed (`inputTokens` or `outputTokens`). */
  private teamTokens(pi: number, ti: number, which: "inputTokens" | "outputTokens"): LineageNode {
    const tr = this.ctx.result.tenants!;
    const pool = tr.pools[pi]!;
    const team = pool.teams[ti]!;
    const t = this.ctx.resolved.tenants!;
    const single = tr.pools.length === 1;
    const rows = t.usage
      .map((u, i) => ({ u, i }))
      .filter(
        ({ u }) =>
          u.team === team.name &&
          (u.pool === pool.name || (u.pool === null && single)) &&
          num(u.inputTokens) &&
          num(u.outputTokens),
      );
    const nodes = rows.map(({ u, i }) => this.field(`tenants.usage[${i}].${which}`, u[which]));
    const value = team[which] ?? null;
    const path = `tenants.pools[${pi}].teams[${ti}].${which}`;
    if (nodes.length === 1)
      return {
        path,
        kind: "computed",
        value,
        ...words("usageRow", { which }),
        plugged: `${N(nodes[0]!.value)} = ${N(value)}`,
        recomputed: nodes[0]!.value,
        inputs: nodes,
      };
    return this.step(path, value, words("usageRows", { which }), plus(nodes), nodes, sumOf(nodes));
  }

  private teamWeighted(pi: number, ti: number): LineageNode {
    const team = this.ctx.result.tenants!.pools[pi]!.teams[ti]!;
    const { wi, wo, inNode, outNode } = this.weights();
    const i = this.teamTokens(pi, ti, "inputTokens");
    const o = this.teamTokens(pi, ti, "outputTokens");
    return this.step(
      `tenants.pools[${pi}].teams[${ti}].tokens`,
      team.tokens,
      words("weightedTokens"),
      [inNode, " × ", i, " + ", outNode, " × ", o],
      [inNode, i, outNode, o],
      wi * val(i) + wo * val(o),
    );
  }

  /**
   * The plan's pool behind result pool `pi`: of the pools with its name (a name repeats only in a
   * plan with errors), the one plan-tenants.ts kept, in order — a cost, or a SKU with a daily cost.
   */
  private poolDef(pi: number): { def: ResolvedPool | null; defIndex: number } {
    const pools = this.ctx.result.tenants!.pools;
    const name = pools[pi]!.name;
    const nth = pools.slice(0, pi).filter((p) => p.name === name).length;
    const kept = this.ctx.resolved
      .tenants!.pools.map((p, i) => ({ p, i }))
      .filter(
        ({ p }) =>
          p.name === name &&
          (num(p.costPerDay) ||
            num(this.ctx.result.skus.find((s) => s.name === p.sku)?.capacity?.costPerDay)),
      );
    const k = kept[nth];
    return k ? { def: k.p, defIndex: k.i } : { def: null, defIndex: -1 };
  }

  private poolCost(pi: number): LineageNode | null {
    const tr = this.ctx.result.tenants!;
    const pool = tr.pools[pi]!;
    const { def, defIndex } = this.poolDef(pi);
    if (def && num(def.costPerDay))
      return this.field(`tenants.pools[${defIndex}].costPerDay`, def.costPerDay);
    const skuName = def ? def.sku : this.ctx.result.cheapest;
    const si = this.ctx.result.skus.findIndex((s) => s.name === skuName);
    if (si < 0) return null;
    const c = this.sku(si, "costPerDay", [])!;
    return {
      path: `tenants.pools[${pi}].cost`,
      kind: "computed",
      value: pool.cost,
      ...(def
        ? words("poolSkuCost", { sku: skuName, index: defIndex })
        : words("poolRecommendedCost", { sku: skuName })),
      plugged: `${N(c.value)} = ${N(pool.cost)}`,
      recomputed: c.value,
      inputs: [c],
    };
  }

  private poolCapacity(pi: number): LineageNode | null {
    const tr = this.ctx.result.tenants!;
    const pool = tr.pools[pi]!;
    if (!num(pool.capacityTokens)) return null;
    const { def, defIndex } = this.poolDef(pi);
    if (def && num(def.capacityTokensPerDay))
      return this.field(
        `tenants.pools[${defIndex}].capacityTokensPerDay`,
        def.capacityTokensPerDay,
      );
    const skuName = def ? def.sku : this.ctx.result.cheapest;
    const si = this.ctx.result.skus.findIndex((s) => s.name === skuName);
    if (si < 0) return null;
    const { wi, wo, inNode, outNode } = this.weights();
    const ws = this.ctx.result.workloads;
    const pw = ws.reduce(
      (a, w) =>
        a + (w.peakRps ?? NaN) * (wi * (w.inputTokens ?? NaN) + wo * (w.outputTokens ?? NaN)),
      0,
    );
    const peakW: LineageNode = {
      path: "peak weighted tokens/s",
      kind: "computed",
      value: pw,
      ...words("weightedPeak"),
      plugged:
        ws
          .map(
            (w) =>
              `${N(w.peakRps)} × (${N(wi)} × ${N(w.inputTokens)} + ${N(wo)} × ${N(w.outputTokens)})`,
          )
          .join(" + ") + ` = ${N(pw)}`,
      recomputed: pw,
      inputs: [
        ...ws.flatMap((_, k) => [
          this.workloadField(k, "peakRps"),
          this.workloadField(k, "inputTokens"),
          this.workloadField(k, "outputTokens"),
        ]),
        inNode,
        outNode,
      ],
    };
    const rep = this.sku(si, "replicas", [])!;
    const base = this.sku(si, "replicasBase", [])!;
    return this.step(
      `tenants.pools[${pi}].capacityTokens`,
      pool.capacityTokens,
      words("poolCapacity", { day: N(SECONDS_PER_DAY) }),
      [peakW, " × (", rep, " ÷ ", base, `) × ${N(SECONDS_PER_DAY)}`],
      [peakW, rep, base],
      num(rep.value) && num(base.value) && base.value > 0
        ? pw * (rep.value / base.value) * SECONDS_PER_DAY
        : null,
    );
  }

  /** The pool's replicas: given (`tenants.pools[i].replicas`) or the SKU's. */
  private poolReplicas(pi: number): LineageNode | null {
    const pool = this.ctx.result.tenants!.pools[pi]!;
    if (!num(pool.replicas)) return null;
    const { def, defIndex } = this.poolDef(pi);
    if (def && num(def.replicas))
      return this.field(`tenants.pools[${defIndex}].replicas`, def.replicas);
    const skuName = def ? def.sku : this.ctx.result.cheapest;
    const si = this.ctx.result.skus.findIndex((s) => s.name === skuName);
    if (si < 0) return null;
    const r = this.sku(si, "replicas", [])!;
    return {
      path: `tenants.pools[${pi}].replicas`,
      kind: "computed",
      value: pool.replicas,
      ...words("poolReplicas", { sku: skuName }),
      plugged: `${N(r.value)} = ${N(pool.replicas)}`,
      recomputed: r.value,
      inputs: [r],
    };
  }

  /** Σ reservedReplicas of the team's usage rows in the pool; null when none gives one. */
  private teamReserved(pi: number, ti: number): LineageNode | null {
    const tr = this.ctx.result.tenants!;
    const pool = tr.pools[pi]!;
    const team = pool.teams[ti]!;
    if (!num(team.reservedReplicas)) return null;
    const single = tr.pools.length === 1;
    const rows = this.ctx.resolved
      .tenants!.usage.map((u, i) => ({ u, i }))
      .filter(
        ({ u }) =>
          u.team === team.name &&
          (u.pool === pool.name || (u.pool === null && single)) &&
          num(u.reservedReplicas),
      );
    const nodes = rows.map(({ u, i }) =>
      this.field(`tenants.usage[${i}].reservedReplicas`, u.reservedReplicas),
    );
    return this.step(
      `tenants.pools[${pi}].teams[${ti}].reservedReplicas`,
      team.reservedReplicas,
      words("reservedRows"),
      plus(nodes),
      nodes,
      sumOf(nodes),
    );
  }

  /** A cost per 1M input or output tokens: the method's weight × the cost per 1M weighted tokens. */
  private weighted(
    path: string,
    value: number | null,
    perMillion: LineageNode,
    which: "input" | "output",
  ): LineageNode {
    const { wi, wo, inNode, outNode } = this.weights();
    const w = which === "input" ? inNode : outNode;
    return this.step(
      path,
      value,
      words("weightedPrice", { which }),
      [w, " × ", perMillion],
      [w, perMillion],
      mul(which === "input" ? wi : wo, perMillion.value),
    );
  }

  /** A team's totals over pools and shared costs (`tenants.teams[i].…`). */
  private teamTotal(i0: number, k1: unknown): LineageNode | null {
    const tr = this.ctx.result.tenants!;
    const team = tr.teams[i0]!;
    const path = `tenants.teams[${i0}].${String(k1)}`;
    const digits = minorUnitDigits(this.ctx.result.currency);
    const round = (x: number) => fromMinor(toMinor(x, digits), digits);
    const sum = (parts: LineageNode[], what: Words, value: number | null, rounded: boolean) =>
      this.step(
        path,
        value,
        what,
        plus(parts),
        parts,
        rounded ? round(sumOf(parts)) : sumOf(parts),
      );
    const overPools = (k: string) => {
      const parts: LineageNode[] = [];
      tr.pools.forEach((pool, pi) => {
        // A pool without the team: index -1 names no team, so tenants() gives null.
        const n = this.tenants([
          "pools",
          pi,
          "teams",
          pool.teams.findIndex((t) => t.name === team.name),
          k,
        ]);
        if (n) parts.push(n);
      });
      return parts;
    };
    const overShared = (k: "cost" | "costRounded") => {
      const parts: LineageNode[] = [];
      tr.shared.forEach((s, si) => {
        // A shared cost without the team (split none, or no teams): index -1 names no team part.
        const n = this.sharedLine(si, ["teams", s.teams.findIndex((t) => t.name === team.name), k]);
        if (n) parts.push(n);
      });
      return parts;
    };
    switch (k1) {
      case "tokens":
      case "inputTokens":
      case "outputTokens":
        return sum(overPools(k1), words("overPools", { key: String(k1) }), team[k1], false);
      case "sharedCost":
        return sum(overShared("cost"), words("teamShared"), team.sharedCost, false);
      case "sharedCostRounded":
        return sum(
          overShared("costRounded"),
          words("teamSharedRounded"),
          team.sharedCostRounded,
          true,
        );
      case "total":
      case "totalRounded": {
        const r = k1 === "totalRounded";
        // Both are sums over the team's parts (the team exists: tenants() checked it), never null.
        const a = this.tenants(["teams", i0, r ? "costRounded" : "cost"])!;
        const b = this.teamTotal(i0, r ? "sharedCostRounded" : "sharedCost")!;
        return this.step(
          path,
          team[k1],
          words("ownPlusShared"),
          [a, " + ", b],
          [a, b],
          r ? round(val(a) + val(b)) : val(a) + val(b),
        );
      }
      case "costPerMillionTokens": {
        const c = this.tenants(["teams", i0, "cost"])!;
        const t = this.teamTotal(i0, "tokens")!;
        return this.step(
          path,
          team.costPerMillionTokens,
          words("ownPerMillion"),
          [c, " ÷ ", t, " × 1,000,000"],
          [c, t],
          val(t) > 0 ? (val(c) / val(t)) * 1e6 : null,
        );
      }
      case "costPerMillionInputTokens":
      case "costPerMillionOutputTokens": {
        const m = this.teamTotal(i0, "costPerMillionTokens");
        return m
          ? this.weighted(
              path,
              team[k1],
              m,
              k1 === "costPerMillionInputTokens" ? "input" : "output",
            )
          : null;
      }
    }
    return null;
  }

  /** A shared cost line (`tenants.shared[i].…`): its cost, what stays unallocated, each team's part. */
  private sharedLine(i0: number, rest: readonly (string | number)[]): LineageNode | null {
    const tr = this.ctx.result.tenants!;
    const line = tr.shared[i0];
    if (!line) return null;
    const path = `tenants.shared[${i0}]`;
    const defs = this.ctx.resolved.tenants!.shared;
    // Every shared line of the result comes from a definition of that name (plan-tenants.ts).
    const di = defs.findIndex((d) => d.name === line.name);
    const cost = this.field(`tenants.shared[${di}].costPerDay`, defs[di]!.costPerDay);
    const [k, ti, k2] = rest;
    if (rest.length === 1) {
      if (k === "cost") return cost;
      if (k === "costRounded") {
        const at = `${path}.costRounded`;
        return this.rounded(at, line.costRounded, cost, words("sharedRounded"));
      }
      if (k === "unallocated") {
        const whole = line.split === "none" || line.teams.length === 0;
        return {
          path: `${path}.unallocated`,
          kind: "computed",
          value: line.unallocated,
          ...(whole ? words("sharedWhole") : words("sharedNone")),
          plugged: `${N(line.unallocated)}`,
          recomputed: whole ? cost.value : 0,
          inputs: whole ? [cost] : [],
        };
      }
      if (k === "unallocatedRounded") {
        const u = this.sharedLine(i0, ["unallocated"])!;
        const at = `${path}.unallocatedRounded`;
        return this.rounded(at, line.unallocatedRounded, u, words("unallocatedRounded"));
      }
      return null;
    }
    if (k !== "teams" || typeof ti !== "number" || rest.length !== 3) return null;
    const team = line.teams[ti];
    if (!team) return null;
    const tp = `${path}.teams[${ti}]`;
    if (k2 === "costRounded") {
      const c = this.sharedLine(i0, ["teams", ti, "cost"]);
      return c
        ? this.rounded(`${tp}.costRounded`, team.costRounded, c, words("sharedPartsRounded"))
        : null;
    }
    if (k2 !== "cost") return null;
    const ownSum = tr.teams.reduce((a, t) => a + t.cost, 0);
    if (line.split === "even" || !(ownSum > 0)) {
      const n: LineageNode = {
        path: "teams",
        kind: "constant",
        value: line.teams.length,
        inputs: [],
      };
      return this.step(
        `${tp}.cost`,
        team.cost,
        words("sharedEven"),
        [cost, " ÷ ", n],
        [cost, n],
        num(cost.value) ? cost.value / line.teams.length : null,
      );
    }
    const ti2 = tr.teams.findIndex((t) => t.name === team.name);
    // The teams sharing a cost are the allocation's teams: ti2 is never -1, own never null.
    const own = this.tenants(["teams", ti2, "cost"])!;
    const all: LineageNode = {
      path: "Σ teams' own cost",
      kind: "computed",
      value: ownSum,
      ...words("sumPoolCosts"),
      plugged: `${N(ownSum)}`,
      recomputed: ownSum,
      inputs: [],
    };
    return this.step(
      `${tp}.cost`,
      team.cost,
      words("sharedWeighted"),
      [cost, " × ", own, " ÷ ", all],
      [cost, own, all],
      val(cost) * (val(own) / ownSum),
    );
  }

  private rounded(path: string, value: number | null, of: LineageNode, how: Words): LineageNode {
    const digits = minorUnitDigits(this.ctx.result.currency);
    return {
      path,
      kind: "computed",
      value,
      ...how,
      plugged: `round(${N(of.value)}, ${digits}) → ${N(value)}`,
      recomputed: value,
      inputs: [of],
    };
  }

  tenants(rest: readonly (string | number)[]): LineageNode | null {
    const tr = this.ctx.result.tenants;
    if (!tr || !this.ctx.resolved.tenants) return null;
    const [k0, i0, k1, i1, k2] = rest;
    if (k0 === "teams" && typeof i0 === "number" && rest.length === 3) {
      const team = tr.teams[i0];
      if (!team) return null;
      const parts: LineageNode[] = [];
      tr.pools.forEach((pool, pi) => {
        // A pool without the team: index -1 names no team, so tenants() gives null.
        const n = this.tenants([
          "pools",
          pi,
          "teams",
          pool.teams.findIndex((t) => t.name === team.name),
          k1 === "costRounded" ? "costRounded" : "cost",
        ]);
        if (n) parts.push(n);
      });
      if (k1 !== "cost" && k1 !== "costRounded") return this.teamTotal(i0, k1);
      const value = team[k1];
      const re = sumOf(parts);
      return this.step(
        `tenants.teams[${i0}].${k1}`,
        value,
        words("overPools", { key: String(k1) }),
        plus(parts),
        parts,
        k1 === "costRounded"
          ? fromMinor(
              toMinor(re, minorUnitDigits(this.ctx.result.currency)),
              minorUnitDigits(this.ctx.result.currency),
            )
          : re,
      );
    }
    if (k0 === "shared" && typeof i0 === "number") return this.sharedLine(i0, rest.slice(2));
    if (k0 !== "pools" || typeof i0 !== "number") return null;
    const pool = tr.pools[i0];
    if (!pool) return null;
    const pp = `tenants.pools[${i0}]`;
    if (rest.length === 3) {
      switch (k1) {
        case "cost":
          return this.poolCost(i0);
        case "costRounded": {
          const c = this.poolCost(i0)!;
          const at = `${pp}.costRounded`;
          return this.rounded(at, pool.costRounded, c, words("poolRounded"));
        }
        case "usedTokens": {
          const nodes = pool.teams.map((_, ti) => this.teamWeighted(i0, ti));
          return this.step(
            `${pp}.usedTokens`,
            pool.usedTokens,
            words("sumWeighted"),
            plus(nodes),
            nodes,
            sumOf(nodes),
          );
        }
        case "capacityTokens":
          return this.poolCapacity(i0);
        case "replicas":
          return this.poolReplicas(i0);
        case "billedReplicas": {
          const nodes = pool.teams.map((_, ti) =>
            this.tenants(["pools", i0, "teams", ti, "billedReplicas"]),
          );
          if (nodes.some((n) => !n)) return null;
          return this.step(
            `${pp}.billedReplicas`,
            pool.billedReplicas,
            words("sumBilled"),
            plus(nodes as LineageNode[]),
            nodes as LineageNode[],
            sumOf(nodes as LineageNode[]),
          );
        }
        case "costPerMillionTokens": {
          // A pool of the result always has a cost with a lineage (poolCost: its definition's own cost, or its SKU's).
          const c = this.poolCost(i0)!;
          const u = this.tenants(["pools", i0, "usedTokens"])!;
          return this.step(
            `${pp}.costPerMillionTokens`,
            pool.costPerMillionTokens,
            words("poolPerMillion"),
            [c, " ÷ ", u, " × 1,000,000"],
            [c, u],
            val(u) > 0 ? (val(c) / val(u)) * 1e6 : null,
          );
        }
        case "costPerMillionInputTokens":
        case "costPerMillionOutputTokens": {
          const m = this.tenants(["pools", i0, "costPerMillionTokens"]);
          const at = `${pp}.${k1}`;
          return m
            ? this.weighted(
                at,
                pool[k1],
                m,
                k1 === "costPerMillionInputTokens" ? "input" : "output",
              )
            : null;
        }
        case "idle": {
          const c = this.poolCost(i0)!;
          const teams = pool.teams
            .map((_, ti) => this.tenants(["pools", i0, "teams", ti, "cost"]))
            .filter((n): n is LineageNode => !!n);
          if (pool.basis === "reservation") {
            const billed = pool.billedReplicas ?? 0;
            if (billed === 0)
              return {
                path: `${pp}.idle`,
                kind: "computed",
                value: pool.idle,
                ...words("idleWholeNoUse"),
                plugged: `${N(pool.idle)}`,
                recomputed: c.value,
                inputs: [c],
              };
            if (this.ctx.resolved.tenants.idle !== "separate" || billed > (pool.replicas ?? 0))
              return {
                path: `${pp}.idle`,
                kind: "computed",
                value: pool.idle,
                ...words("idleNoneReserved"),
                plugged: `${N(pool.idle)}`,
                recomputed: 0,
                inputs: [],
              };
            const re = num(c.value) ? Math.max(0, c.value - sumOf(teams)) : null;
            return this.step(
              `${pp}.idle`,
              pool.idle,
              words("idleUnbilled"),
              [c, " − (", ...plus(teams), ")"],
              [c, ...teams],
              re,
            );
          }
          if (
            this.ctx.resolved.tenants.idle !== "separate" ||
            !num(pool.capacityTokens) ||
            pool.usedTokens > pool.capacityTokens ||
            pool.usedTokens === 0
          ) {
            return {
              path: `${pp}.idle`,
              kind: "computed",
              value: pool.idle,
              ...(pool.usedTokens === 0 ? words("idleWhole") : words("idleSpread")),
              plugged: `${N(pool.idle)}`,
              recomputed: pool.usedTokens === 0 ? c.value : 0,
              inputs: pool.usedTokens === 0 ? [c] : [],
            };
          }
          const re = num(c.value) ? Math.max(0, c.value - sumOf(teams)) : null;
          return this.step(
            `${pp}.idle`,
            pool.idle,
            words("idleRest"),
            [c, " − (", ...plus(teams), ")"],
            [c, ...teams],
            re,
          );
        }
        case "idleRounded": {
          const idle = this.tenants(["pools", i0, "idle"]);
          const at = `${pp}.idleRounded`;
          return idle ? this.rounded(at, pool.idleRounded, idle, words("idleRounded")) : null;
        }
      }
      return null;
    }
    if (k1 !== "teams" || typeof i1 !== "number" || rest.length !== 5) return null;
    const team = pool.teams[i1];
    if (!team) return null;
    const tp = `${pp}.teams[${i1}]`;
    switch (k2) {
      case "inputTokens":
      case "outputTokens":
        return this.teamTokens(i0, i1, k2);
      case "tokens":
        return this.teamWeighted(i0, i1);
      case "share": {
        const a = this.teamWeighted(i0, i1);
        const b = this.tenants(["pools", i0, "usedTokens"])!;
        return this.step(
          `${tp}.share`,
          team.share,
          words("share"),
          [a, " ÷ ", b],
          [a, b],
          val(b) > 0 ? val(a) / val(b) : 0,
        );
      }
      case "reservedReplicas":
        return this.teamReserved(i0, i1);
      case "usedReplicas": {
        const a = this.teamWeighted(i0, i1);
        const cap = this.poolCapacity(i0);
        const r = this.poolReplicas(i0);
        if (!cap || !r) return null;
        return this.step(
          `${tp}.usedReplicas`,
          team.usedReplicas,
          words("usedReplicas"),
          [a, " ÷ ", cap, " × ", r],
          [a, cap, r],
          (val(a) / val(cap)) * val(r),
        );
      }
      case "billedReplicas": {
        const u = this.tenants(["pools", i0, "teams", i1, "usedReplicas"]);
        const r = this.teamReserved(i0, i1) ?? {
          path: "reservedReplicas (none given)",
          kind: "constant" as const,
          value: 0,
          inputs: [],
        };
        if (!u) return null;
        return this.step(
          `${tp}.billedReplicas`,
          team.billedReplicas,
          words("billedReplicas"),
          ["max(", r, ", ", u, ")"],
          [r, u],
          num(u.value) ? Math.max(r.value ?? 0, u.value) : null,
        );
      }
      case "costPerMillionInputTokens":
      case "costPerMillionOutputTokens": {
        const m = this.tenants(["pools", i0, "teams", i1, "costPerMillionTokens"]);
        const at = `${tp}.${k2}`;
        return m
          ? this.weighted(at, team[k2], m, k2 === "costPerMillionInputTokens" ? "input" : "output")
          : null;
      }
      case "cost": {
        const c = this.poolCost(i0)!;
        const a = this.teamWeighted(i0, i1);
        if (pool.basis === "reservation") {
          // A pool billed by reservation has a capacity and replicas, and the definition that gives
          // this pool's cost (c) gives them too (its own numbers, or its SKU's): b and all are never null.
          const b = this.tenants(["pools", i0, "teams", i1, "billedReplicas"])!;
          if (
            this.ctx.resolved.tenants.idle === "separate" &&
            (pool.billedReplicas ?? 0) <= (pool.replicas ?? 0)
          ) {
            const r = this.poolReplicas(i0)!;
            return this.step(
              `${tp}.cost`,
              team.cost,
              words("costBilledKeepIdle"),
              [b, " ÷ ", r, " × ", c],
              [b, r, c],
              (val(b) / val(r)) * val(c),
            );
          }
          const all = this.tenants(["pools", i0, "billedReplicas"])!;
          return this.step(
            `${tp}.cost`,
            team.cost,
            words("costBilled"),
            [b, " ÷ ", all, " × ", c],
            [b, all, c],
            val(all) === 0 ? 0 : (val(b) / val(all)) * val(c),
          );
        }
        if (
          this.ctx.resolved.tenants.idle === "separate" &&
          num(pool.capacityTokens) &&
          pool.usedTokens <= pool.capacityTokens &&
          pool.usedTokens > 0
        ) {
          const cap = this.poolCapacity(i0)!;
          return this.step(
            `${tp}.cost`,
            team.cost,
            words("costKeepIdle"),
            [a, " × ", c, " ÷ ", cap],
            [a, c, cap],
            val(a) * (val(c) / val(cap)),
          );
        }
        const share = this.tenants(["pools", i0, "teams", i1, "share"])!;
        return this.step(
          `${tp}.cost`,
          team.cost,
          words("costShare"),
          [share, " × ", c],
          [share, c],
          mul(share.value, c.value),
        );
      }
      case "costRounded": {
        const c = this.tenants(["pools", i0, "teams", i1, "cost"]);
        return c
          ? this.rounded(`${tp}.costRounded`, team.costRounded, c, words("teamRounded"))
          : null;
      }
      case "costPerMillionTokens": {
        const c = this.tenants(["pools", i0, "teams", i1, "cost"])!;
        const a = this.teamWeighted(i0, i1);
        return this.step(
          `${tp}.costPerMillionTokens`,
          team.costPerMillionTokens,
          words("perMillion"),
          [c, " ÷ ", a, " × 1,000,000"],
          [c, a],
          val(a) > 0 ? (val(c) / val(a)) * 1e6 : null,
        );
      }
    }
    return null;
  }

  // ---- entry -------------------------------------------------------------------------------

  explain(keys: (string | number)[]): LineageNode | null {
    const [k0, i0, k1, ...rest] = keys;
    // A key that is an index, or none, names no number of a workload or a SKU: String() of it matches no key there.
    if (k0 === "workloads" && typeof i0 === "number" && rest.length === 0)
      return this.workload(i0, String(k1));
    if (k0 === "skus" && typeof i0 === "number") return this.sku(i0, String(k1), rest);
    if (k0 === "tenants") return this.tenants(keys.slice(1));
    if (k0 === "slo" && typeof i0 === "number" && k1 === "maxMs" && rest.length === 0) {
      const s = this.ctx.result.slo[i0];
      return s ? this.field(`slo[${i0}].maxMs`, s.maxMs) : null;
    }
    if (k0 === "factors" && keys.length === 2 && i0 === "elasticity") return this.elasticity();
    if (
      k0 === "factors" &&
      i0 === "redundancy" &&
      (keys.length === 2 || (keys.length === 3 && (k1 === "spare" || k1 === "factor")))
    )
      return this.redundancy();
    if (
      k0 === "cells" &&
      typeof i0 === "string" &&
      keys.length === 2 &&
      Object.hasOwn(this.ctx.resolved.cells, i0)
    )
      return this.cell(i0);
    // A top-level setting of the plan (e.g. `maxErrorRatePct`): the field as written, or its default.
    const v = get(this.ctx.result, keys);
    // A path of one index (`[0]`) reads nothing of the result.
    if (keys.length === 1 && num(v)) {
      const node = this.field(String(k0), v);
      if (node.raw === undefined) node.raw = `${N(v)} (default)`;
      return node;
    }
    return null;
  }
}

function pathOf(keys: readonly (string | number)[]): string {
  return keys.map((k) => (typeof k === "number" ? `[${k}]` : `.${k}`)).join("");
}

function loadOfPoint(p: SweepPoint | undefined): string | undefined {
  if (!p) return undefined;
  if (p.concurrency != null) return `concurrency ${fmtNum(p.concurrency, 2)}`;
  if (p.requestRate != null)
    return p.requestRate === "inf"
      ? "request rate inf"
      : `request rate ${fmtNum(p.requestRate, 2)} req/s`;
  if (p.rps != null) return `${fmtNum(p.rps, 2)} req/s achieved`;
  return undefined;
}

/**
 * A node's value for a recomputation that follows the engine's formula: NaN when absent, so the
 * result is NaN (absent in `explain --json` as in `plan --json`) without a guard per operand.
 */
function val(n: LineageNode): number {
  return n.value ?? Number.NaN;
}
/** Σ of the nodes' values (a missing value counts as NaN, as in {@link val}). */
function sumOf(nodes: readonly LineageNode[]): number {
  return nodes.reduce((a, n) => a + val(n), 0);
}
/** The plugged-in parts `n₁ + n₂ + …`. */
function plus(nodes: readonly LineageNode[]): (LineageNode | string)[] {
  return nodes.flatMap((n, i) => (i ? [" + ", n] : [n]));
}
/** A number of the result as `plan --json` shows it: NaN and ±Infinity are absent (null). */
function finite(x: number | null): number | null {
  return num(x) ? x : null;
}
function mul(a: number | null | undefined, b: number | null | undefined): number | null {
  return num(a) && num(b) ? a * b : null;
}

/**
 * The lineage of the number at `path` of a plan result (a path of `plan --json`). An error when
 * the path names no number, or a number that has no explanation (e.g. a value that is null).
 */
export function explainPath(ctx: LineageContext, path: string): LineageAnswer {
  const keys = parseLineagePath(path.trim());
  if (!keys)
    return {
      ok: false,
      error: `"${path}" is not a path (e.g. skus[0].replicas, tenants.teams[1].cost)`,
    };
  const node = new Builder(ctx).explain(keys);
  if (!node && keys[0] === "fleet")
    return {
      ok: false,
      error: `${path}: the fleet answers of plan --json are a solver's mix and a simulation's statistics, not a chain of formulas: capplan optimize and capplan simulate give them (docs/cli.md)`,
    };
  if (!node) return { ok: false, error: `${path}: no number with a lineage at this path` };
  node.path = path;
  return { ok: true, node };
}

/** Every node of a tree, depth first. */
export function lineageNodes(node: LineageNode): LineageNode[] {
  const out: LineageNode[] = [];
  const seen = new Set<LineageNode>();
  const walk = (n: LineageNode) => {
    if (seen.has(n)) return;
    seen.add(n);
    out.push(n);
    n.inputs.forEach(walk);
  };
  walk(node);
  return out;
}

/** Sweep values of a tree (the leaves that point into benchmark files). */
export function sweepLeaves(node: LineageNode): LineageNode[] {
  return lineageNodes(node).filter((n) => n.kind === "sweepPoint" && n.source);
}

/** The lines of a tree as text: one step per line, indented by depth (the CLI's readable output). */
export function lineageText(node: LineageNode, describeNode: (n: LineageNode) => string): string {
  const out: string[] = [];
  const seen = new Set<string>();
  const walk = (n: LineageNode, depth: number) => {
    const pad = "  ".repeat(depth);
    // A step already shown with its inputs (the same path) is shown once more without them.
    const again = n.inputs.length > 0 && seen.has(n.path);
    out.push(`${pad}${depth ? "← " : ""}${describeNode(n)}${again ? "  (inputs above)" : ""}`);
    if (again) return;
    seen.add(n.path);
    n.inputs.forEach((c) => walk(c, depth + 1));
  };
  walk(node, 0);
  return out.join("\n");
}

/** Whether a step's recomputed value matches its value (relative 1e-9, or both absent). */
export function consistent(n: LineageNode): boolean {
  if (n.recomputed === undefined) return true;
  const a = n.value;
  const b = n.recomputed;
  if (a === null || b === null) return a === b || (a === null && b !== null && !Number.isFinite(b));
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

export type { SkuWorkloadResult };
