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
  checkCapacity,
  forecastRate,
  type CapacityFactors,
  type WorkloadInput,
} from "../chain/capacity";
import { evaluateSku, formulaText, pluggedText, recompute, type Step } from "../chain/evaluate";
import {
  CONSTANTS,
  isConstant,
  QUANTITIES,
  type ConstantId,
  type QuantityId,
} from "../chain/quantities";
import { nameOf } from "../chain/names";
import { loadKind, loadValue } from "../curve/load";
import { fmtNum } from "../base/number-format";
import { compiledFormula } from "../formula/formula";
import { TenantLineage } from "./lineage-tenants";
import {
  finite,
  get,
  lineageNumber,
  mul,
  N,
  num,
  parseLineagePath,
  pathOf,
  words,
  type Words,
} from "./lineage-util";

export { lineageNumber, parseLineagePath };
import type { LineageConstant } from "./lineage-messages";
import type { LineageAnswer, LineageContext, LineageNode, SweepSource } from "./lineage-types";
import { kvLineage, workloadKvLineage, type KvLineageHost } from "./lineage-kv";
import type { SkuWorkloadResult } from "./plan-result";
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

  /**
   * A formula's inputs: the cells it reads (and `<id>_tok_s` hops), found as the sheet finds them
   * (`compiledFormula`), and the formula with their values plugged in, written from its parsed tree.
   */
  private formulaInputs(node: LineageNode, raw: string, depth: number): void {
    const expr = raw.trim().slice(1).trim();
    node.formula = expr;
    const compiled = compiledFormula(expr);
    // A formula the sheet refused (its error says why), or one met before the app's lazily loaded
    // formula engine arrived: the formula as written and its value, with no inputs.
    if (!compiled.ok) {
      node.plugged = `${expr} = ${N(node.value)}`;
      return;
    }
    const cells = this.ctx.resolved.cells;
    const values = new Map<string, number | null>();
    for (const n of compiled.names) {
      if (Object.hasOwn(cells, n)) {
        node.inputs.push(this.cell(n, depth + 1));
        values.set(n, cells[n] ?? null);
        continue;
      }
      // `<id>_tok_s`: a SKU's computed replica output tokens/s (docs/formulas.md), followed into
      // that SKU's own chain (operating point → sweep points → file lines).
      const si = this.tokSku(n);
      if (si === undefined) continue;
      const hop = this.tokS(n, si);
      node.inputs.push(hop);
      values.set(n, hop.value);
    }
    // In a call's arguments a "," separates them: numbers there are written without grouping.
    const text = compiled.written((n, inCall) => {
      if (!values.has(n)) return undefined;
      const v = N(values.get(n));
      return inCall ? v.replaceAll(",", "") : v;
    });
    node.plugged = `${text} = ${N(node.value)}`;
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

  /** A fixed number of the method: its id as the path, its words in both languages. */
  constant(id: LineageConstant, value: number): LineageNode {
    return { path: id, kind: "constant", value, ...words(id), inputs: [] };
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
    if (!s.capacity || s.workloads.length !== ws.length) return null;
    // The leaves as capacity.ts checks and builds them (the spare rounded up, the forecast rate
    // falling back to the peak), from the numbers the result holds.
    const caps = ws.map((_, wi) => this.capacityFor(si, wi)?.value);
    const { leaves } = checkCapacity(
      {
        gpusPerReplica: s.gpusPerReplica as number,
        pricePerGpuHour: s.pricePerGpuHour as number,
        perWorkload: ws.map((w, wi) => ({
          workload: w as WorkloadInput,
          replicaOutputTokensPerSec: caps[wi] as number,
        })),
      },
      {
        elasticity: f.elasticity as number,
        redundancy: f.redundancy as CapacityFactors["redundancy"],
      },
    );
    if (!leaves) return null;
    const e = evaluateSku(leaves, { trace: true });
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
    if (isConstant(id)) return this.constant(id, CONSTANTS[id]);
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
      from[i] = isConstant(i) ? this.constant(i, CONSTANTS[i]) : this.workloadLeaf(si, i, wi);
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
      if (forecastRate(w as WorkloadInput) === null) return this.workloadField(wi, "peakRps");
      if (num(w.avgRps) && w.avgRps >= 0) return this.workloadField(wi, "avgRps");
      const d = this.workloadField(wi, "dailyRequests");
      return this.declared(
        `workloads[${wi}] · ${nameOf("forecastRps", "en")}`,
        forecastRate(w as WorkloadInput),
        "dailyRate",
        { dailyRequests: d },
        [d, this.constant("secondsPerDay", CONSTANTS.secondsPerDay)],
      );
    }
    return this.workloadField(wi, id as "inputTokens" | "outputTokens" | "peakRps");
  }

  /** The allocation's numbers (`tenants.…`): lineage-tenants.ts. */
  tenants(rest: readonly (string | number)[]): LineageNode | null {
    return new TenantLineage(this).tenants(rest);
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
