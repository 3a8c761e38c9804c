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
import { formulaText, pluggedText, recompute } from "../chain/evaluate";
import {
  CONSTANTS,
  QUANTITIES,
  SECONDS_PER_DAY,
  type ConstantId,
  type QuantityId,
} from "../chain/quantities";
import { CONSTANT_LABELS } from "../chain/names";
import { loadKind, loadValue } from "../curve/load";
import { fmtNum } from "../base/number-format";
import { fromMinor, minorUnitDigits, toMinor } from "../finops/money";
import type { LineageAnswer, LineageContext, LineageNode, SweepSource } from "./lineage-types";
import { kvLineage, workloadKvLineage, type KvLineageHost } from "./lineage-kv";
import type { CapacityNumber, SkuResult, SkuWorkloadResult } from "./plan-result";
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

/**
 * The Chinese of a formula that has words (the others are names and operators only); undefined for
 * any other formula, including a cell's formula that happens to be `constructor` or `toString`.
 * The table is built per call, not when the module loads, so that the mutation runs reach it
 * from the tests that read it (docs/mutation-testing.md, static mutants).
 */
function formulaZh(formula: string): string | undefined {
  const zh: Readonly<Record<string, string>> = {
    "interpolated between two load levels where the binding SLO reaches its limit":
      "在两个负载档位之间插值，取约束 SLO 恰好达到上限处",
    "given capacity (not checked against SLOs)": "给定容量（未对照 SLO 检查）",
    "rps × output tokens per request (the sweep has no output tokens/s)":
      "rps × 每请求输出 token 数（扫描没有输出 tokens/s）",
    "the load level where throughput stops growing linearly (zones of the sweep)":
      "吞吐不再线性增长的负载档位（扫描的分区）",
    "a finding of the sweep's diagnostics": "扫描诊断的一项发现",
    "number of load levels read from the files": "从文件读取的负载档位数",
    "zones of the sweep (idle, linear, saturated)": "扫描的分区（空闲、线性、饱和）",
    "Σ workloads' replicasBase": "Σ 各负载的 replicasBase",
    "Σ(peakRps × outputTokens) ÷ replicasBase (blended over workloads)":
      "Σ(peakRps × outputTokens) ÷ replicasBase（按各负载混合）",
    [formulaText("forecastOutputTokensPerSec", "en")]: formulaText(
      "forecastOutputTokensPerSec",
      "zh",
    ),
    [`peak weighted tokens/s × (replicas ÷ replicasBase) × ${N(SECONDS_PER_DAY)} (the fleet's daily capacity)`]: `峰值加权 tokens/s × (replicas ÷ replicasBase) × ${N(SECONDS_PER_DAY)}（整个集群的每日容量）`,
    "the pool cost rounded to the currency's minor unit": "资源池成本按币种最小单位取整",
    "idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder)":
      "闲置按最小单位计；团队 + 闲置恰好等于取整后的资源池成本（最大余数法）",
    "in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly":
      "按最大余数法取整到最小单位，团队 + 闲置恰好等于取整后的资源池成本",
    "Σ teams' weighted tokens": "Σ 各团队的加权 token",
    "the whole pool cost (no usage)": "整个资源池成本（没有用量）",
    "0 (idle is spread over the teams in proportion)": "0（闲置按比例分摊给各团队）",
    "pool cost − Σ teams' cost": "资源池成本 − Σ 各团队成本",
    "team's weighted tokens ÷ pool's weighted tokens": "团队加权 token ÷ 资源池加权 token",
    "team's weighted tokens × pool cost ÷ pool capacity (idle kept separate)":
      "团队加权 token × 资源池成本 ÷ 资源池容量（闲置单列）",
    "share × pool cost": "share × 资源池成本",
    "cost ÷ weighted tokens × 1,000,000": "cost ÷ 加权 token × 1,000,000",
    "Σ the team's cost over pools": "Σ 该团队在各资源池的 cost",
    "Σ the team's costRounded over pools": "Σ 该团队在各资源池的 costRounded",
    "inputTokens of the team's usage row": "该团队用量行的 inputTokens",
    "outputTokens of the team's usage row": "该团队用量行的 outputTokens",
    "Σ inputTokens of the team's usage rows": "Σ 该团队各用量行的 inputTokens",
    "Σ outputTokens of the team's usage rows": "Σ 该团队各用量行的 outputTokens",
  };
  return Object.hasOwn(zh, formula) ? zh[formula] : undefined;
}

/** Builds lineage trees of one plan result. */
class Builder implements KvLineageHost {
  private cellsSeen = new Map<string, LineageNode>();
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
    const formula = `skus[${si}].replicaOutputTokensPerSec (computed output tokens/s of one replica of ${s?.name ?? `SKU ${si + 1}`})`;
    const node: LineageNode = {
      path: name,
      kind: "computed",
      value,
      formula,
      plugged: `${N(value)} = ${N(value)}`,
      recomputed: value,
      inputs: [],
    };
    if (this.tokSOpen.has(si)) {
      node.formula = `${formula}: a cycle, it depends on itself`;
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
    const node: LineageNode = {
      path,
      kind: "computed",
      value,
      formula: formulaText(id, "en", names),
      plugged: pluggedText(step, N),
      recomputed: recompute(step),
      inputs,
    };
    const zh = formulaText(id, "zh", names);
    if (zh !== node.formula) node.formulaZh = zh;
    return node;
  }

  /** A computed step. `parts` alternate text and inputs: ["ceil(", a, ")"]. */
  step(
    path: string,
    value: number | null,
    formula: string,
    plugged: (string | LineageNode)[],
    inputs: LineageNode[],
    recomputed: number | null,
  ): LineageNode {
    const text = plugged.map((p) => (typeof p === "string" ? p : N(p.value))).join("");
    return {
      path,
      kind: "computed",
      value,
      formula,
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
              formula: `the ${capEnd ? "high" : "low"} end of the operating point's 95 % t-interval of output tokens/s: mean ${capEnd ? "+" : "−"} t(0.975, n − 1) × std ÷ √n over the repeated runs`,
              formulaZh: `运行点输出 tok/s 的 95 % t 区间${capEnd ? "上" : "下"}端：重复运行的均值 ${capEnd ? "+" : "−"} t(0.975, n − 1) × 标准差 ÷ √n`,
              inputs: [],
            },
          ];
    if (key === "outputTokensPerSec")
      return { ...inputs[0], ...this.interval(si, ["replicas", 1 - end])!.inputs[0]!, path };
    return {
      path,
      kind: "computed",
      value: range[end] ?? null,
      formula: `${key} by the capacity chain with replicaOutputTokensPerSec = the interval's ${capEnd ? "high" : "low"} end`,
      formulaZh: `按容量链计算的 ${key}，其中 replicaOutputTokensPerSec = 区间${capEnd ? "上" : "下"}端`,
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
        formula: "interpolated between two load levels where the binding SLO reaches its limit",
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
      formula: "(load − load₀) ÷ (load₁ − load₀)",
      plugged: `(${N(lop)} − ${N(la)}) ÷ (${N(lb)} − ${N(la)}) = ${N(t)}`,
      recomputed: (lop - la) / (lb - la),
      inputs: [],
    };
    const re = num(a.value) && num(b.value) ? a.value + t * (b.value - a.value) : null;
    return this.step(
      path,
      value,
      "v₀ + t × (v₁ − v₀)",
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
      formula: "given capacity (not checked against SLOs)",
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
        "rps × output tokens per request (the sweep has no output tokens/s)",
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
    if (key === "replicasBase" && rest.length === 0) {
      const w = this.ctx.result.workloads[wi]!;
      const peak = this.workloadField(wi, "peakRps");
      const out = this.workloadField(wi, "outputTokens");
      const cap = this.capacityFor(si, wi);
      if (!cap) return null;
      return this.step(
        `${p}.replicasBase`,
        wl.replicasBase,
        "peakRps × outputTokens ÷ replicaOutputTokensPerSec",
        [peak, " × ", out, " ÷ ", cap],
        [peak, out, cap],
        num(w.peakRps) && num(w.outputTokens) && num(cap.value)
          ? (w.peakRps * w.outputTokens) / cap.value
          : null,
      );
    }
    const opPath = `${p}.operatingPoint`;
    if (key === "operatingPoint") return this.operatingPoint(si, wi, rest, opPath);
    if (key === "kneeIndex" && rest.length === 0 && wl.sweep && num(wl.kneeIndex)) {
      const path = `${p}.kneeIndex`;
      return {
        path,
        kind: "sweep",
        value: wl.kneeIndex,
        formula: "the load level where throughput stops growing linearly (zones of the sweep)",
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
        formula: "a finding of the sweep's diagnostics",
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
        formula: count
          ? "number of load levels read from the files"
          : `recorded in the files (${rest.join(".")})`,
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
        formula: "zones of the sweep (idle, linear, saturated)",
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
        formula: `the limit of the SLO that binds (slo[${k}])`,
        plugged: `${N(f.value)} = ${N(b.maxMs)}`,
        recomputed: f.value,
        inputs: [f],
      };
    }
    return null;
  }

  // ---- SKUs --------------------------------------------------------------------------------

  private skuSum(si: number, s: SkuResult): { nodes: LineageNode[]; total: number | null } {
    const nodes = s.workloads.map((_, wi) => this.skuWorkload(si, wi, "replicasBase", []));
    if (nodes.some((n) => !n)) return { nodes: [], total: null };
    return {
      nodes: nodes as LineageNode[],
      total: (nodes as LineageNode[]).reduce(
        (a, n) => (a === null || !num(n.value) ? null : a + n.value),
        0 as number | null,
      ),
    };
  }

  sku(si: number, key: string, rest: readonly (string | number)[]): LineageNode | null {
    const s = this.ctx.result.skus[si];
    if (!s) return null;
    const p = `skus[${si}]`;
    const v = (k: CapacityNumber) => {
      const x = s.capacity?.[k];
      return num(x) ? x : null;
    };
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
    if (rest.length && key !== "peak" && key !== "forecast") return null;
    switch (key) {
      case "replicasBase": {
        const { nodes, total } = this.skuSum(si, s);
        if (!nodes.length) return null;
        if (nodes.length === 1)
          return {
            ...nodes[0]!,
            path: `${p}.replicasBase`,
            value: s.capacity?.replicasBase ?? null,
          };
        return this.step(
          `${p}.replicasBase`,
          v("replicasBase"),
          "Σ workloads' replicasBase",
          plus(nodes),
          nodes,
          total,
        );
      }
      case "replicasRaw": {
        const base = this.sku(si, "replicasBase", []); // null when the capacity failed (e.g. a `<id>_tok_s` cycle): then no lineage
        if (!base) return null;
        const el = this.elasticity();
        const red = this.redundancy();
        const r = this.ctx.result.factors.redundancy;
        if ("spare" in r) {
          const k = num(r.spare) ? Math.ceil(r.spare) : null;
          return this.declared(
            `${p}.replicasRaw`,
            v("replicasRaw"),
            "replicasRawSpare",
            { replicasBase: base, elasticity: el, spare: k ?? red },
            [base, el, red],
          );
        }
        return this.declared(
          `${p}.replicasRaw`,
          v("replicasRaw"),
          "replicasRaw",
          { replicasBase: base, elasticity: el, redundancy: red },
          [base, el, red],
        );
      }
      case "replicas": {
        const r = this.ctx.result.factors.redundancy;
        if ("spare" in r) {
          const base = this.sku(si, "replicasBase", []);
          if (!base) return null;
          const el = this.elasticity();
          const red = this.redundancy();
          const k = num(r.spare) ? Math.ceil(r.spare) : null;
          return this.declared(
            `${p}.replicas`,
            v("replicas"),
            "replicasSpare",
            { replicasBase: base, elasticity: el, spare: k ?? red },
            [base, el, red],
          );
        }
        const raw = this.sku(si, "replicasRaw", []);
        if (!raw) return null;
        return this.declared(`${p}.replicas`, v("replicas"), "replicas", { replicasRaw: raw }, [
          raw,
        ]);
      }
      case "gpus": {
        const a = this.sku(si, "replicas", []);
        if (!a) return null;
        const b = this.sku(si, "gpusPerReplica", [])!;
        return this.declared(`${p}.gpus`, v("gpus"), "gpus", { replicas: a, gpusPerReplica: b }, [
          a,
          b,
        ]);
      }
      case "costPerHour": {
        const a = this.sku(si, "gpus", []);
        if (!a) return null;
        const b = this.sku(si, "pricePerGpuHour", [])!;
        return this.declared(
          `${p}.costPerHour`,
          v("costPerHour"),
          "costPerHour",
          { gpus: a, pricePerGpuHour: b },
          [a, b],
        );
      }
      case "costPerDay":
      case "costPerMonth": {
        const a = this.sku(si, "costPerHour", []);
        if (!a) return null;
        const h = key === "costPerDay" ? "hoursPerDay" : "hoursPerMonth";
        const c = this.constant(CONSTANT_LABELS[h], CONSTANTS[h]);
        return this.declared(`${p}.${key}`, v(key), key, { costPerHour: a }, [a, c]);
      }
      case "replicaOutputTokensPerSec": {
        if (s.workloads.length === 1) {
          const c = this.capacityFor(si, 0);
          if (!c) return null;
          return {
            ...c,
            path: `${p}.replicaOutputTokensPerSec`,
            value: v("replicaOutputTokensPerSec"),
          };
        }
        const { total } = this.skuSum(si, s);
        const outs = this.ctx.result.workloads.map((_, wi) =>
          this.step(
            `workloads[${wi}].outputTokensPerSec at peak`,
            mul(
              this.ctx.result.workloads[wi]!.peakRps,
              this.ctx.result.workloads[wi]!.outputTokens,
            ),
            "peakRps × outputTokens",
            [this.workloadField(wi, "peakRps"), " × ", this.workloadField(wi, "outputTokens")],
            [this.workloadField(wi, "peakRps"), this.workloadField(wi, "outputTokens")],
            mul(
              this.ctx.result.workloads[wi]!.peakRps,
              this.ctx.result.workloads[wi]!.outputTokens,
            ),
          ),
        );
        const o = sumOf(outs);
        const base = this.sku(si, "replicasBase", []);
        if (!base) return null;
        if (total === 0) {
          // No peak traffic: capacity.ts blends the workloads' capacities by output tokens per request
          // (skuSum found each workload's capacity, so none is null here).
          const outW = s.workloads.map((_, wi) => this.workloadField(wi, "outputTokens"));
          const caps = s.workloads.map((_, wi) => this.capacityFor(si, wi)!);
          const den = outW.reduce((a, f, i) => a + val(f) / val(caps[i]!), 0);
          const re = sumOf(outW) / den;
          const parts = [
            "(",
            ...outW.flatMap((f, i) => (i ? [" + ", f] : [f])),
            ") ÷ (",
            ...outW.flatMap((f, i) => [...(i ? [" + "] : []), f, " ÷ ", caps[i]!]),
            ")",
          ];
          return this.step(
            `${p}.replicaOutputTokensPerSec`,
            v("replicaOutputTokensPerSec"),
            "Σ outputTokens ÷ Σ(outputTokens ÷ replicaOutputTokensPerSec)",
            parts,
            outW.flatMap((f, i) => [f, caps[i]!]),
            num(re) ? re : null,
          );
        }
        return this.step(
          `${p}.replicaOutputTokensPerSec`,
          v("replicaOutputTokensPerSec"),
          "Σ(peakRps × outputTokens) ÷ replicasBase (blended over workloads)",
          ["(", ...plus(outs), ") ÷ ", base],
          [...outs, base],
          num(total) && total > 0 ? o / total : null,
        );
      }
      case "costPerOutputToken": {
        const g = this.sku(si, "gpusPerReplica", [])!;
        const pr = this.sku(si, "pricePerGpuHour", [])!;
        const c = this.sku(si, "replicaOutputTokensPerSec", []);
        if (!c) return null;
        return this.declared(
          `${p}.costPerOutputToken`,
          v("costPerOutputToken"),
          "costPerOutputToken",
          { gpusPerReplica: g, pricePerGpuHour: pr, replicaOutputTokensPerSec: c },
          [g, pr, c],
        );
      }
      case "costPerMillionOutputTokens": {
        const a = this.sku(si, "costPerOutputToken", []);
        if (!a) return null;
        return this.declared(
          `${p}.costPerMillionOutputTokens`,
          v("costPerMillionOutputTokens"),
          "costPerMillionOutputTokens",
          { costPerOutputToken: a },
          [a],
        );
      }
      case "costPerRequest": {
        const a = this.sku(si, "costPerOutputToken", []);
        if (!a) return null;
        const ws = this.ctx.result.workloads;
        if (ws.length === 1) {
          const out = this.workloadField(0, "outputTokens");
          return this.declared(
            `${p}.costPerRequest`,
            v("costPerRequest"),
            "costPerRequest",
            { costPerOutputToken: a, meanOutputTokens: out },
            [a, out],
            { meanOutputTokens: "outputTokens" },
          );
        }
        const o = ws.reduce((x, w) => x + (w.peakRps ?? NaN) * (w.outputTokens ?? NaN), 0);
        const r = ws.reduce((x, w) => x + (w.peakRps ?? NaN), 0);
        if (r === 0) {
          // No peak traffic: capacity.ts takes the plain mean of the workloads' output tokens per request.
          const outs = ws.map((_, wi) => this.workloadField(wi, "outputTokens"));
          const n = this.constant("workloads", ws.length);
          const m = sumOf(outs) / ws.length;
          const plain = this.step(
            "mean output tokens per request",
            num(m) ? m : null,
            "Σ outputTokens ÷ workloads",
            ["(", ...outs.flatMap((f, i) => (i ? [" + ", f] : [f])), ") ÷ ", n],
            [...outs, n],
            num(m) ? m : null,
          );
          return this.declared(
            `${p}.costPerRequest`,
            v("costPerRequest"),
            "costPerRequest",
            { costPerOutputToken: a, meanOutputTokens: plain },
            [a, plain],
          );
        }
        const mean: LineageNode = {
          path: "request-weighted mean output tokens",
          kind: "computed",
          value: r > 0 ? o / r : null,
          formula: "Σ(peakRps × outputTokens) ÷ Σ peakRps",
          plugged: `${N(o)} ÷ ${N(r)} = ${N(r > 0 ? o / r : null)}`,
          recomputed: r > 0 ? o / r : null,
          inputs: ws.flatMap((_, wi) => [
            this.workloadField(wi, "peakRps"),
            this.workloadField(wi, "outputTokens"),
          ]),
        };
        return this.declared(
          `${p}.costPerRequest`,
          v("costPerRequest"),
          "costPerRequest",
          { costPerOutputToken: a, meanOutputTokens: mean },
          [a, mean],
        );
      }
      case "utilizationAtPeak": {
        const o = this.peakOut(si);
        const rep = this.sku(si, "replicas", []);
        const c = this.sku(si, "replicaOutputTokensPerSec", []);
        if (!c || !rep) return null;
        return this.declared(
          `${p}.utilizationAtPeak`,
          v("utilizationAtPeak"),
          "utilizationAtPeak",
          { peakOutputTokensPerSec: o, replicas: rep, replicaOutputTokensPerSec: c },
          [o, rep, c],
        );
      }
      case "peak":
        return rest.length === 1 && typeof rest[0] === "string" ? this.peak(si, rest[0]) : null;
      case "forecast":
        return rest.length === 1 ? this.forecast(si, String(rest[0])) : null;
    }
    return null;
  }

  private peakOut(si: number): LineageNode {
    const ws = this.ctx.result.workloads;
    const parts = ws.map((_, wi) => {
      const a = this.workloadField(wi, "peakRps");
      const b = this.workloadField(wi, "outputTokens");
      return [a, b] as const;
    });
    const value = this.ctx.result.skus[si]!.capacity?.peak.outputTokensPerSec ?? null;
    const re = parts.reduce(
      (x, [a, b]) => (x === null || !num(a.value) || !num(b.value) ? null : x + a.value * b.value),
      0 as number | null,
    );
    return this.step(
      `skus[${si}].peak.outputTokensPerSec`,
      value,
      "Σ peakRps × outputTokens",
      parts.flatMap(([a, b], i) => [...(i ? [" + "] : []), a, " × ", b]),
      parts.flat(),
      re,
    );
  }

  private peak(si: number, key: string): LineageNode | null {
    const peak = this.ctx.result.skus[si]!.capacity?.peak;
    if (!peak) return null;
    if (key === "outputTokensPerSec") return this.peakOut(si);
    const h = this.sku(si, "costPerHour", [])!;
    const o = this.peakOut(si);
    const cpt = this.declared(
      `skus[${si}].peak.costPerOutputToken`,
      finite(peak.costPerOutputToken),
      "peakCostPerOutputToken",
      { costPerHour: h, peakOutputTokensPerSec: o },
      [h, o],
    );
    if (key === "costPerOutputToken") return cpt;
    if (key === "costPerMillionOutputTokens")
      return this.declared(
        `skus[${si}].peak.costPerMillionOutputTokens`,
        finite(peak.costPerMillionOutputTokens),
        "peakCostPerMillionOutputTokens",
        { peakCostPerOutputToken: cpt },
        [cpt],
      );
    return null;
  }

  private forecastOut(si: number): LineageNode | null {
    const forecast = this.ctx.result.skus[si]!.capacity?.forecast;
    if (!forecast) return null;
    const ws = this.ctx.result.workloads;
    const parts: (string | LineageNode)[] = [];
    const inputs: LineageNode[] = [];
    let re: number | null = 0;
    ws.forEach((w, wi) => {
      let rate: LineageNode;
      let r: number | null;
      if (num(w.avgRps) && w.avgRps >= 0) {
        rate = this.workloadField(wi, "avgRps");
        r = w.avgRps;
      } else if (num(w.dailyRequests) && w.dailyRequests >= 0) {
        const d = this.workloadField(wi, "dailyRequests");
        r = w.dailyRequests / SECONDS_PER_DAY;
        rate = this.step(
          `workloads[${wi}].forecast rate`,
          r,
          `dailyRequests ÷ ${N(SECONDS_PER_DAY)}`,
          [d, ` ÷ ${N(SECONDS_PER_DAY)}`],
          [d],
          r,
        );
      } else {
        rate = this.workloadField(wi, "peakRps");
        r = w.peakRps;
      }
      const out = this.workloadField(wi, "outputTokens");
      if (wi) parts.push(" + ");
      parts.push(rate, " × ", out);
      inputs.push(rate, out);
      re = re === null || !num(r) || !num(w.outputTokens) ? null : re + r * w.outputTokens;
    });
    return this.step(
      `skus[${si}].forecast.outputTokensPerSec`,
      forecast.outputTokensPerSec,
      formulaText("forecastOutputTokensPerSec", "en"),
      parts,
      inputs,
      re,
    );
  }

  private forecast(si: number, key: string): LineageNode | null {
    const f = this.ctx.result.skus[si]!.capacity?.forecast;
    const o = this.forecastOut(si);
    if (!f || !o) return null;
    if (key === "outputTokensPerSec") return o;
    if (key === "utilization") {
      const rep = this.sku(si, "replicas", [])!;
      const c = this.sku(si, "replicaOutputTokensPerSec", []);
      if (!c) return null;
      return this.declared(
        `skus[${si}].forecast.utilization`,
        finite(f.utilization),
        "forecastUtilization",
        { forecastOutputTokensPerSec: o, replicas: rep, replicaOutputTokensPerSec: c },
        [o, rep, c],
      );
    }
    const h = this.sku(si, "costPerHour", [])!;
    const cpt = this.declared(
      `skus[${si}].forecast.costPerOutputToken`,
      finite(f.costPerOutputToken),
      "forecastCostPerOutputToken",
      { costPerHour: h, forecastOutputTokensPerSec: o },
      [h, o],
    );
    if (key === "costPerOutputToken") return cpt;
    if (key === "costPerMillionOutputTokens")
      return this.declared(
        `skus[${si}].forecast.costPerMillionOutputTokens`,
        finite(f.costPerMillionOutputTokens),
        "forecastCostPerMillionOutputTokens",
        { forecastCostPerOutputToken: cpt },
        [cpt],
      );
    return null;
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
        formula: `${which} of the team's usage row`,
        plugged: `${N(nodes[0]!.value)} = ${N(value)}`,
        recomputed: nodes[0]!.value,
        inputs: nodes,
      };
    return this.step(
      path,
      value,
      `Σ ${which} of the team's usage rows`,
      plus(nodes),
      nodes,
      sumOf(nodes),
    );
  }

  private teamWeighted(pi: number, ti: number): LineageNode {
    const team = this.ctx.result.tenants!.pools[pi]!.teams[ti]!;
    const { wi, wo, inNode, outNode } = this.weights();
    const i = this.teamTokens(pi, ti, "inputTokens");
    const o = this.teamTokens(pi, ti, "outputTokens");
    return this.step(
      `tenants.pools[${pi}].teams[${ti}].tokens`,
      team.tokens,
      "inputWeight × inputTokens + outputWeight × outputTokens",
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
      formula: def
        ? `costPerDay of SKU "${skuName}" (tenants.pools[${defIndex}].sku)`
        : `costPerDay of the recommended SKU "${skuName}" (no pools given)`,
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
      formula: "Σ peakRps × (inputWeight × inputTokens + outputWeight × outputTokens)",
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
      `peak weighted tokens/s × (replicas ÷ replicasBase) × ${N(SECONDS_PER_DAY)} (the fleet's daily capacity)`,
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
      formula: `replicas of SKU "${skuName}"`,
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
      "Σ reservedReplicas of the team's usage rows",
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
      `${which}Weight × cost per 1M weighted tokens`,
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
    const sum = (parts: LineageNode[], what: string, value: number | null, rounded: boolean) =>
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
        return sum(overPools(k1), `Σ the team's ${k1} over pools`, team[k1], false);
      case "sharedCost":
        return sum(
          overShared("cost"),
          "Σ the team's part of each shared cost",
          team.sharedCost,
          false,
        );
      case "sharedCostRounded":
        return sum(
          overShared("costRounded"),
          "Σ the team's rounded part of each shared cost",
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
          "own (pool) cost + shared cost",
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
          "own cost ÷ weighted tokens × 1,000,000",
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
        return this.rounded(
          at,
          line.costRounded,
          cost,
          "the shared cost rounded to the currency's minor unit",
        );
      }
      if (k === "unallocated") {
        const whole = line.split === "none" || line.teams.length === 0;
        return {
          path: `${path}.unallocated`,
          kind: "computed",
          value: line.unallocated,
          formula: whole
            ? "the whole shared cost (split none, or no teams)"
            : "0 (split over the teams)",
          plugged: `${N(line.unallocated)}`,
          recomputed: whole ? cost.value : 0,
          inputs: whole ? [cost] : [],
        };
      }
      if (k === "unallocatedRounded") {
        const u = this.sharedLine(i0, ["unallocated"])!;
        const at = `${path}.unallocatedRounded`;
        return this.rounded(at, line.unallocatedRounded, u, "the unallocated part in minor units");
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
        ? this.rounded(
            `${tp}.costRounded`,
            team.costRounded,
            c,
            "in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly",
          )
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
        "shared cost ÷ number of teams (split even)",
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
      formula: "Σ teams' pool costs",
      plugged: `${N(ownSum)}`,
      recomputed: ownSum,
      inputs: [],
    };
    return this.step(
      `${tp}.cost`,
      team.cost,
      "shared cost × team's own cost ÷ Σ teams' own cost (split weighted)",
      [cost, " × ", own, " ÷ ", all],
      [cost, own, all],
      val(cost) * (val(own) / ownSum),
    );
  }

  private rounded(path: string, value: number | null, of: LineageNode, how: string): LineageNode {
    const digits = minorUnitDigits(this.ctx.result.currency);
    return {
      path,
      kind: "computed",
      value,
      formula: how,
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
        `Σ the team's ${k1} over pools`,
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
          return this.rounded(
            at,
            pool.costRounded,
            c,
            "the pool cost rounded to the currency's minor unit",
          );
        }
        case "usedTokens": {
          const nodes = pool.teams.map((_, ti) => this.teamWeighted(i0, ti));
          return this.step(
            `${pp}.usedTokens`,
            pool.usedTokens,
            "Σ teams' weighted tokens",
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
            "Σ teams' billed replicas",
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
            "pool cost ÷ used weighted tokens × 1,000,000",
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
                formula: "the whole pool cost (no usage, no reservation)",
                plugged: `${N(pool.idle)}`,
                recomputed: c.value,
                inputs: [c],
              };
            if (this.ctx.resolved.tenants.idle !== "separate" || billed > (pool.replicas ?? 0))
              return {
                path: `${pp}.idle`,
                kind: "computed",
                value: pool.idle,
                formula: "0 (idle is spread by billed replicas, or the reservations fill the pool)",
                plugged: `${N(pool.idle)}`,
                recomputed: 0,
                inputs: [],
              };
            const re = num(c.value) ? Math.max(0, c.value - sumOf(teams)) : null;
            return this.step(
              `${pp}.idle`,
              pool.idle,
              "pool cost − Σ teams' cost (the unbilled replicas)",
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
              formula:
                pool.usedTokens === 0
                  ? "the whole pool cost (no usage)"
                  : "0 (idle is spread over the teams in proportion)",
              plugged: `${N(pool.idle)}`,
              recomputed: pool.usedTokens === 0 ? c.value : 0,
              inputs: pool.usedTokens === 0 ? [c] : [],
            };
          }
          const re = num(c.value) ? Math.max(0, c.value - sumOf(teams)) : null;
          return this.step(
            `${pp}.idle`,
            pool.idle,
            "pool cost − Σ teams' cost",
            [c, " − (", ...plus(teams), ")"],
            [c, ...teams],
            re,
          );
        }
        case "idleRounded": {
          const idle = this.tenants(["pools", i0, "idle"]);
          const at = `${pp}.idleRounded`;
          return idle
            ? this.rounded(
                at,
                pool.idleRounded,
                idle,
                "idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder)",
              )
            : null;
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
          "team's weighted tokens ÷ pool's weighted tokens",
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
          "weighted tokens ÷ pool capacity × pool replicas",
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
          "max(reserved replicas, used replicas)",
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
              "billed replicas ÷ pool replicas × pool cost (idle kept separate)",
              [b, " ÷ ", r, " × ", c],
              [b, r, c],
              (val(b) / val(r)) * val(c),
            );
          }
          const all = this.tenants(["pools", i0, "billedReplicas"])!;
          return this.step(
            `${tp}.cost`,
            team.cost,
            "billed replicas ÷ Σ billed replicas × pool cost",
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
            "team's weighted tokens × pool cost ÷ pool capacity (idle kept separate)",
            [a, " × ", c, " ÷ ", cap],
            [a, c, cap],
            val(a) * (val(c) / val(cap)),
          );
        }
        const share = this.tenants(["pools", i0, "teams", i1, "share"])!;
        return this.step(
          `${tp}.cost`,
          team.cost,
          "share × pool cost",
          [share, " × ", c],
          [share, c],
          mul(share.value, c.value),
        );
      }
      case "costRounded": {
        const c = this.tenants(["pools", i0, "teams", i1, "cost"]);
        return c
          ? this.rounded(
              `${tp}.costRounded`,
              team.costRounded,
              c,
              "in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly",
            )
          : null;
      }
      case "costPerMillionTokens": {
        const c = this.tenants(["pools", i0, "teams", i1, "cost"])!;
        const a = this.teamWeighted(i0, i1);
        return this.step(
          `${tp}.costPerMillionTokens`,
          team.costPerMillionTokens,
          "cost ÷ weighted tokens × 1,000,000",
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
  for (const n of lineageNodes(node)) {
    // A step without a formula gets no Chinese: the table has no key "undefined".
    const zh = formulaZh(String(n.formula));
    if (zh !== undefined) n.formulaZh = zh;
  }
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
