/**
 * The lineage of what a sweep gives a SKU's chain (docs/lineage.md): an operating point's numbers,
 * read at a sweep point or interpolated between two (with `t` on the sweep's load axis), a
 * capacity typed into the plan, the output tokens/s per replica the chain divides by, and what a
 * sweep records (its knee, findings, levels and zones), each leaf naming its files and load level.
 */
import { fmtNum } from "../base/number-format";
import type { Sweep, SweepPoint } from "../base/types";
import { loadKind, loadValue } from "../curve/load";
import type { LineageContext, LineageNode, SweepSource } from "./lineage-types";
import { get, mul, N, num, pathOf, words, type Words } from "./lineage-util";

/** What the sweep steps read of the lineage builder (lineage.ts `Builder`). */
export interface SweepLineageHost {
  readonly ctx: LineageContext;
  field(path: string, value: number | null, rawPath?: string): LineageNode;
  /** A formula's inputs and plugged line, set on `node` (a field written as a formula). */
  formulaInputs(node: LineageNode, raw: string, depth: number): void;
  step(
    path: string,
    value: number | null,
    formula: Words,
    plugged: (string | LineageNode)[],
    inputs: LineageNode[],
    recomputed: number | null,
  ): LineageNode;
}

/** The numbers of an operating point that lineage explains. */
export type OpKey =
  | "concurrency"
  | "requestRate"
  | "rps"
  | "outputTokensPerSec"
  | "totalTokensPerSec";

/** The sweep steps over one lineage builder. */
export class SweepLineage {
  constructor(private readonly b: SweepLineageHost) {}

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
    const wl = this.b.ctx.result.skus[si]!.workloads[wi];
    if (!wl?.operatingPoint) return null;
    const op = wl.operatingPoint;
    // An open-loop point sent all at once has the request rate "inf": not a number, shown as written.
    const written = op[key];
    const value = written === "inf" ? null : written;
    if (op.basis === "given") {
      if (key !== "outputTokensPerSec") return null;
      const wname = this.b.ctx.result.workloads[wi]?.name;
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
    return this.b.step(
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
    const sku = this.b.ctx.plan.skus?.[si];
    const rawPath =
      sku?.sweeps?.[workload] !== undefined
        ? `skus[${si}].sweeps.${workload}.replicaOutputTokensPerSec`
        : `skus[${si}].sweep.replicaOutputTokensPerSec`;
    const node = this.b.field(rawPath, value);
    if (node.raw === undefined) {
      const raw = sku?.sweeps?.[workload]?.replicaOutputTokensPerSec;
      if (raw !== undefined) {
        node.raw = String(raw);
        if (typeof raw === "string" && raw.trim().startsWith("="))
          this.b.formulaInputs(node, raw, 0);
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
    const s = this.b.ctx.result.skus[si]!;
    const wl = s.workloads[wi];
    const w = this.b.ctx.result.workloads[wi];
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
      return this.b.step(
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
      const op = this.b.ctx.result.skus[si]!.workloads[wi]?.operatingPoint;
      const b = op?.bindingSlo;
      if (!b) return null;
      const k = this.b.ctx.result.slo.findIndex(
        (x) => x.metric === b.metric && x.stat === b.stat && x.maxMs === b.maxMs,
      );
      if (k < 0) return null;
      const f = this.b.field(`slo[${k}].maxMs`, this.b.ctx.result.slo[k]!.maxMs);
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

  /** What a sweep records for workload wi of SKU si: its knee, findings, levels and zones. */
  recorded(
    si: number,
    wi: number,
    key: string,
    rest: readonly (string | number)[],
  ): LineageNode | null {
    // Callers pass a workload of a SKU of the result (Builder.skuWorkload checks it).
    const wl = this.b.ctx.result.skus[si]!.workloads[wi]!;
    const p = `skus[${si}].workloads[${wi}]`;
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
