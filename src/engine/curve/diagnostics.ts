/**
 * The post-test checklist of a load test (docs/zones.md, "压测后的数据分析清单") as rules over one sweep. Each rule
 * reads the points in load order and emits at most one finding with its evidence.
 */
import { finite, fmtNum } from "../base/number-format";
import {
  loadKind,
  loadLabel,
  loadOrder,
  loadRangeLabel,
  loadValue,
  throughputKind,
  throughputValue,
  type LoadKind,
} from "./load";
import { tailStat, classifyZones, type Zone } from "./zones";
import type { Stats, Sweep, SweepPoint } from "../base/types";

/** One diagnostic finding. `pointIndices` index `sweep.points` (input order). */
export interface Finding {
  rule: string;
  severity: "info" | "warning";
  title: string;
  evidence: string;
  advice: string;
  pointIndices: number[];
  /** The same finding in Chinese (the seed's language). */
  zh?: { title: string; evidence: string; advice: string };
}

/** The checklist rules (docs/report.md), with their thresholds. */
export const DIAGNOSTIC_RULES: { id: string; description: string }[] = [
  {
    id: "ttft-queueing",
    description:
      "TTFT (P99, else the highest percentile, else mean) grows ≥ 3× between two load levels while throughput grows < 25 % between them: requests queue; check scheduling and prefill preemption of decode.",
  },
  {
    id: "decode-bound",
    description:
      "Over a load doubling throughput grows < 10 % while ITL (else TPOT) stays even — P50 (else mean) grows < 30 % and P99/P50 < 1.5 at both ends where both exist: decode kernel or memory-bandwidth bottleneck; check kernel fusion and CUDA Graphs.",
  },
  {
    id: "failures-at-load",
    description:
      "Failed requests appear at a higher load (failed > 0 and > 1 % of the requests) after lower loads had none: possibly KV-cache OOM at long context; check gpu_memory_utilization or KV-cache quantisation.",
  },
  {
    id: "long-tail",
    description:
      "At a load in the linear zone, P99/P50 of TTFT or E2E ≥ 3: long-tail requests (long prefills in the batch) drag the tail.",
  },
  {
    id: "multi-replica-scaling",
    description:
      "Throughput not scaling linearly with replicas (network / load-balancer bottleneck): needs sweeps of 1 and N replicas; never emitted from a single sweep.",
  },
];

/** ttft-queueing: TTFT ratio at or above this … */
export const QUEUEING_TTFT_RATIO = 3;
/** … while throughput grows less than this fraction. */
export const QUEUEING_THROUGHPUT_GROWTH = 0.25;
/** decode-bound: throughput growth below this over a load doubling … */
export const DECODE_THROUGHPUT_GROWTH = 0.1;
/** … with ITL centre growth below this … */
export const DECODE_ITL_GROWTH = 0.3;
/** … and ITL P99/P50 below this. */
export const DECODE_ITL_SPREAD = 1.5;
/** failures-at-load: failure ratio above this. */
export const FAILURE_RATIO = 0.01;
/** long-tail: P99/P50 at or above this. */
export const LONG_TAIL_RATIO = 3;

function stat(s: Stats | undefined, k: string): number | null {
  if (!s) return null;
  const v = s[k] ?? (k === "p50" ? s["median"] : undefined);
  return finite(v) ? v : null;
}

function pct(x: number): string {
  return `${fmtNum(x * 100, 0)} %`;
}

function statName(k: string): string {
  return /^p\d/.test(k) ? k.toUpperCase() : k;
}

interface Ctx {
  pts: SweepPoint[];
  order: number[];
  kind: LoadKind | null;
  L: (i: number) => number | null;
  T: (i: number) => number | null;
  at: (i: number) => string;
  range: (i: number, j: number) => string;
  atZh: (i: number) => string;
  rangeZh: (i: number, j: number) => string;
}

/** Chinese words for a load level or range: "并发 8", "并发 8 到 64", "请求速率 2 到 8 req/s". */
function loadZh(kind: LoadKind | null, a: number | null, b?: number | null): string {
  const v = (x: number | null) => (x === null ? "?" : fmtNum(x, 2));
  const span = b === undefined ? v(a) : `${v(a)} 到 ${v(b)}`;
  if (kind === "concurrency") return `并发 ${span}`;
  if (kind === "requestRate") return `请求速率 ${span} req/s`;
  return `实际 ${span} req/s`;
}

/**
 * ttft-queueing (docs/report.md "TTFT 随并发快速恶化"): over all pairs of points i < j (load order) whose
 * throughput grows < 25 %, the largest TTFT ratio; a finding when it is ≥ 3.
 */
function ttftQueueing(c: Ctx): Finding | null {
  const k = tailStat(c.pts, "ttftMs");
  if (k === null) return null;
  let best: { i: number; j: number; r: number; g: number } | null = null;
  // TTFT and throughput of each point in load order, read once (the pair loop is O(n²)).
  const n = c.order.length;
  const ys = new Array<number | null>(n);
  const ts = new Array<number | null>(n);
  for (let a = 0; a < n; a++) {
    const i = c.order[a]!;
    ys[a] = stat(c.pts[i]!.ttftMs, k);
    ts[a] = c.T(i);
  }
  for (let a = 0; a < n; a++) {
    const y0 = ys[a]!;
    const t0 = ts[a]!;
    if (y0 === null || t0 === null || y0 <= 0 || t0 <= 0) continue;
    for (let b = a + 1; b < n; b++) {
      const y1 = ys[b]!;
      const t1 = ts[b]!;
      if (y1 === null || t1 === null) continue;
      const g = (t1 - t0) / t0;
      const r = y1 / y0;
      if (g < QUEUEING_THROUGHPUT_GROWTH && r >= QUEUEING_TTFT_RATIO && (!best || r > best.r))
        best = { i: c.order[a]!, j: c.order[b]!, r, g };
    }
  }
  if (!best) return null;
  const idx = c.order.slice(c.order.indexOf(best.i), c.order.indexOf(best.j) + 1);
  return {
    rule: "ttft-queueing",
    severity: "warning",
    title: "TTFT deteriorates quickly with load: requests are queueing",
    evidence: `${statName(k)} TTFT grows ${fmtNum(best.r, 1, 1)}× from ${c.range(best.i, best.j)} while throughput grows ${pct(best.g)}`,
    advice:
      "Queueing: check the scheduling policy and whether prefill preempts decode (chunked prefill, max batched tokens, admission control).",
    pointIndices: idx,
    zh: {
      title: "TTFT 随并发快速恶化：请求在排队",
      evidence: `${statName(k)} TTFT 从${c.rangeZh(best.i, best.j)}增长 ${fmtNum(best.r, 1, 1)} 倍，而吞吐只增长 ${pct(best.g)}`,
      advice:
        "排队严重，可能 prefill 抢占 decode：检查调度策略（chunked prefill、max batched tokens、准入控制）。",
    },
  };
}

/**
 * decode-bound (docs/report.md "ITL 均匀但吞吐上不去"): for each point i, the first point j with load ≥ 2×
 * load_i; a finding at the first such pair where throughput grows < 10 %, ITL (else TPOT) P50
 * (else mean) grows < 30 %, and P99/P50 < 1.5 at i and j wherever both percentiles exist.
 */
function decodeBound(c: Ctx): Finding | null {
  const field = c.pts.some((p) => p.itlMs && Object.keys(p.itlMs).length)
    ? "itlMs"
    : c.pts.some((p) => p.tpotMs && Object.keys(p.tpotMs).length)
      ? "tpotMs"
      : null;
  if (field === null) return null;
  const name = field === "itlMs" ? "ITL" : "TPOT";
  const centreKey = c.pts.every((p) => stat(p[field], "p50") !== null) ? "p50" : "mean";
  for (let a = 0; a < c.order.length; a++) {
    const i = c.order[a]!;
    const li = c.L(i);
    if (li === null || li <= 0 || !Number.isFinite(li)) continue;
    const b = c.order.findIndex(
      (j, pos) => pos > a && (c.L(j) ?? -1) >= 2 * li && Number.isFinite(c.L(j)!),
    );
    if (b < 0) break;
    const j = c.order[b]!;
    const t0 = c.T(i);
    const t1 = c.T(j);
    const m0 = stat(c.pts[i]![field], centreKey);
    const m1 = stat(c.pts[j]![field], centreKey);
    if (t0 === null || t1 === null || t0 <= 0 || m0 === null || m1 === null || m0 <= 0) continue;
    const tg = (t1 - t0) / t0;
    const mg = (m1 - m0) / m0;
    const spreads = [i, j].map((x) => {
      const p99 = stat(c.pts[x]![field], "p99");
      const p50 = stat(c.pts[x]![field], "p50");
      return p99 !== null && p50 !== null && p50 > 0 ? p99 / p50 : null;
    });
    const even = spreads.every((s) => s === null || s < DECODE_ITL_SPREAD);
    if (tg < DECODE_THROUGHPUT_GROWTH && mg < DECODE_ITL_GROWTH && even) {
      const sp = spreads[1] ?? spreads[0];
      return {
        rule: "decode-bound",
        severity: "warning",
        title: `${name} stays even but throughput stops growing: decode-bound`,
        evidence:
          `Throughput grows ${pct(tg)} from ${c.range(i, j)} while ${statName(centreKey)} ${name} grows ${pct(mg)}` +
          (sp !== null && sp !== undefined ? ` (P99/P50 ${fmtNum(sp, 2)})` : ""),
        advice:
          "Decode kernel or memory-bandwidth bottleneck: check kernel fusion and CUDA Graphs, KV-cache layout and quantisation.",
        pointIndices: c.order.slice(a, b + 1),
        zh: {
          title: `${name} 均匀但吞吐上不去：decode 瓶颈`,
          evidence:
            `从${c.rangeZh(i, j)}吞吐只增长 ${pct(tg)}，${statName(centreKey)} ${name} 增长 ${pct(mg)}` +
            (sp !== null && sp !== undefined ? `（P99/P50 ${fmtNum(sp, 2)}）` : ""),
          advice: "decode kernel 或显存带宽瓶颈：检查算子融合与 CUDA Graph、KV Cache 布局与量化。",
        },
      };
    }
  }
  return null;
}

/**
 * failures-at-load (docs/report.md "显存 OOM 在长上下文"): the first point (not the lowest load) where
 * failed > 0 and failed / (completed + failed) > 1 % (failed > 0 alone when completed is unknown),
 * with every lower point at failed = 0 or unknown and at least one lower point known to be 0.
 */
function failuresAtLoad(c: Ctx): Finding | null {
  const ratio = (p: SweepPoint): number | null => {
    if (!finite(p.failed)) return null;
    if (p.failed <= 0) return 0;
    return finite(p.completed) ? p.failed / (p.completed + p.failed) : 1;
  };
  const firstBad = c.order.findIndex((i) => (ratio(c.pts[i]!) ?? 0) > FAILURE_RATIO);
  if (firstBad <= 0) return null;
  const lower = c.order.slice(0, firstBad);
  if (!lower.every((i) => !finite(c.pts[i]!.failed) || c.pts[i]!.failed === 0)) return null;
  if (!lower.some((i) => c.pts[i]!.failed === 0)) return null;
  const i = c.order[firstBad]!;
  const p = c.pts[i]!;
  const bad = c.order.filter((x) => (ratio(c.pts[x]!) ?? 0) > FAILURE_RATIO);
  const of = finite(p.completed)
    ? ` of ${fmtNum(p.completed + p.failed!, 0)} requests (${fmtNum(ratio(p)! * 100, 1, 1)} %)`
    : "";
  return {
    rule: "failures-at-load",
    severity: "warning",
    title: "Requests fail at higher load",
    evidence: `${fmtNum(p.failed!, 0)}${of} failed at ${c.at(i)}; none failed at ${lower.length > 1 ? c.range(lower[0]!, lower[lower.length - 1]!) : c.at(lower[0]!)}`,
    advice:
      "Possibly KV-cache out of memory at long context: check gpu_memory_utilization, max model length, or quantise the KV cache.",
    pointIndices: bad,
    zh: {
      title: "高负载下请求失败",
      evidence: `${c.atZh(i)}时失败 ${fmtNum(p.failed!, 0)} 个${finite(p.completed) ? `（共 ${fmtNum(p.completed + p.failed!, 0)} 个请求，${fmtNum(ratio(p)! * 100, 1, 1)} %）` : ""}；${lower.length > 1 ? c.rangeZh(lower[0]!, lower[lower.length - 1]!) : c.atZh(lower[0]!)}时没有失败`,
      advice:
        "可能是长上下文下 KV Cache 显存不足：调整 gpu_memory_utilization、最大模型长度，或量化 KV Cache。",
    },
  };
}

/**
 * long-tail (docs/report.md "GPU 利用率高但延迟高"): at points in the linear zone (zones.ts), P99/P50 of
 * TTFT or E2E ≥ 3. Reports the point with the largest ratio as evidence and lists all such points.
 */
function longTail(c: Ctx, zones: readonly Zone[]): Finding | null {
  let best: { i: number; r: number; m: string; p99: number; p50: number } | null = null;
  const hits: number[] = [];
  for (const i of c.order) {
    if (zones[i] !== "linear") continue;
    let hit = false;
    for (const [field, m] of [
      ["ttftMs", "TTFT"],
      ["e2eMs", "E2E"],
    ] as const) {
      const p99 = stat(c.pts[i]![field], "p99");
      const p50 = stat(c.pts[i]![field], "p50");
      if (p99 === null || p50 === null || p50 <= 0) continue;
      const r = p99 / p50;
      if (r >= LONG_TAIL_RATIO) {
        hit = true;
        if (!best || r > best.r) best = { i, r, m, p99, p50 };
      }
    }
    if (hit) hits.push(i);
  }
  if (!best) return null;
  return {
    rule: "long-tail",
    severity: "info",
    title: "Long tail in the linear zone",
    evidence: `At ${c.at(best.i)} (linear zone) P99 ${best.m} is ${fmtNum(best.r, 1, 1)}× P50 (${fmtNum(best.p99, 0)} ms vs ${fmtNum(best.p50, 0)} ms)`,
    advice:
      "Long-tail requests (long prefills in the batch) drag the tail: check the input-length mix, chunked prefill, or route long prompts separately.",
    pointIndices: hits,
    zh: {
      title: "线性区存在长尾",
      evidence: `${c.atZh(best.i)}（线性区）时 P99 ${best.m} 是 P50 的 ${fmtNum(best.r, 1, 1)} 倍（${fmtNum(best.p99, 0)} ms 对 ${fmtNum(best.p50, 0)} ms）`,
      advice:
        "长尾请求（batch 内的长 prefill）拖累尾延迟：检查输入长度分布、chunked prefill，或把长 prompt 单独路由。",
    },
  };
}

/**
 * Run docs/report.md checklist over one sweep (rules and thresholds in {@link DIAGNOSTIC_RULES}); fewer
 * than 2 points give no findings. `zones` may pass the sweep's {@link classifyZones} zones when the
 * caller has them already (the long-tail rule reads them).
 */
export function diagnose(
  sweep: Pick<Sweep, "points" | "meta">,
  zones?: readonly Zone[],
): Finding[] {
  const pts = sweep.points;
  if (pts.length < 2) return [];
  const kind = loadKind(pts);
  const tk = throughputKind(pts);
  const c: Ctx = {
    pts,
    order: loadOrder(pts, kind),
    kind,
    L: (i) => (kind ? loadValue(pts[i]!, kind) : null),
    T: (i) => throughputValue(pts[i]!, tk),
    at: (i) => loadLabel(kind, kind ? loadValue(pts[i]!, kind) : null),
    range: (i, j) =>
      loadRangeLabel(
        kind,
        kind ? loadValue(pts[i]!, kind) : null,
        kind ? loadValue(pts[j]!, kind) : null,
      ),
    atZh: (i) => loadZh(kind, kind ? loadValue(pts[i]!, kind) : null),
    rangeZh: (i, j) =>
      loadZh(kind, kind ? loadValue(pts[i]!, kind) : null, kind ? loadValue(pts[j]!, kind) : null),
  };
  return [
    ttftQueueing(c),
    decodeBound(c),
    failuresAtLoad(c),
    longTail(c, zones ?? classifyZones(pts).zones),
  ].filter((f): f is Finding => f !== null);
}
