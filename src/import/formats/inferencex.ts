/**
 * SemiAnalysis InferenceX (formerly InferenceMAX) aggregated results (reference
 * `formats/other.md`): a JSON array (agentic `agg_bmk.json`) or one object (standard
 * `agg_<result>.json`) with `hw`, `conc`, `tp`, `tput_per_gpu`, `output_tput_per_gpu`, and vLLM
 * latency keys with `_ms` stripped and values in SECONDS. Throughputs are PER GPU: the sweep
 * reports the deployment aggregate (× GPU count), with a warning.
 */
import type { Stats, SweepMeta, SweepPoint } from "../../engine/base/types";
import type {
  FileImportResult,
  FormatImporter,
  ImportIssue,
  InputFile,
  PartialSweep,
} from "../types";
import { addNote, issueOf } from "../messages/issue";
import { inferencexMessages as M } from "./inferencex-messages";
import { fileIssues } from "./generic-table";
import { shown } from "../show";

type Row = Record<string, unknown>;

const num = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v)
    ? v
    : typeof v === "string" && v.trim() && Number.isFinite(Number(v))
      ? Number(v)
      : null;

/** Rows of the file: array elements or the single object; `metrics: {…}` sub-objects flattened. */
function rowsOf(value: unknown): Row[] | null {
  const arr = Array.isArray(value) ? value : [value];
  const rows: Row[] = [];
  for (const r of arr) {
    if (!r || typeof r !== "object" || Array.isArray(r)) return null;
    const o = r as Row;
    const m = o.metrics;
    rows.push(m && typeof m === "object" && !Array.isArray(m) ? { ...o, ...(m as Row) } : o);
  }
  return rows;
}

function looksLike(r: Row): boolean {
  return (
    "conc" in r && ("tput_per_gpu" in r || "output_tput_per_gpu" in r) && ("hw" in r || "tp" in r)
  );
}

/**
 * GPUs behind one row's per-GPU numbers (process_result.py): multi-node → prefill + decode
 * GPUs (output per decode GPU); single node → tp × pp × pcp (dcp/ep/dp do not multiply).
 */
export function gpuCounts(r: Row): { total: number | null; decode: number | null; basis: string } {
  const pg = num(r.num_prefill_gpu);
  const dg = num(r.num_decode_gpu);
  if (r.is_multinode === true || (pg != null && dg != null)) {
    if (pg != null && dg != null)
      return {
        total: pg + dg,
        decode: dg,
        basis: `num_prefill_gpu + num_decode_gpu = ${pg + dg} (output over ${dg} decode GPUs)`,
      };
  }
  const tp = num(r.tp);
  if (tp == null) return { total: null, decode: null, basis: "no GPU count" };
  const pp = num(r.pp) ?? 1;
  const pcp = num(r.pcp_size) ?? 1;
  const n = tp * pp * pcp;
  return {
    total: n,
    decode: n,
    basis: pp !== 1 || pcp !== 1 ? `tp × pp × pcp = ${n}` : `tp = ${n}`,
  };
}

const LAT_KEY = /^(mean|median|std|min|max|p\d+(?:\.\d+)?)_(ttft|tpot|itl|e2el)$/;

const GROUP_KEYS = [
  "model",
  "hw",
  "framework",
  "precision",
  "tp",
  "pp",
  "ep",
  "dp_attention",
  "spec_decoding",
  "disagg",
  "offloading",
  "offload_mode",
  "isl",
  "osl",
  "scenario_type",
  "benchmark_type",
  "num_prefill_gpu",
  "num_decode_gpu",
];

const inferencex: FormatImporter = {
  id: "inferencex",
  title:
    "SemiAnalysis InferenceX / InferenceMAX aggregated results (agg_*.json, per-GPU throughput)",
  versions: "InferenceX process_result.py and agentic aggregation (fork 5988288)",
  detect(file: InputFile): number {
    if (!/^\s*[[{]/.test(file.text.slice(0, 64).replace(/^\uFEFF/, ""))) return 0;
    if (!/tput_per_gpu/.test(file.text.slice(0, 200_000))) return 0;
    const j = file.json();
    if (!j.ok) return 0;
    const rows = rowsOf(j.value);
    return rows && rows.length && rows.every(looksLike) ? 0.95 : 0;
  },
  parse(file: InputFile): FileImportResult {
    const j = file.json();
    if (!j.ok) return { ok: false, errors: [j.issue] };
    const rows = rowsOf(j.value);
    if (!rows || !rows.length)
      return { ok: false, errors: [issueOf(file.name, "bad-shape", M.problem("badShape", {}))] };
    const errors: ImportIssue[] = [];
    const groups = new Map<string, PartialSweep>();
    rows.forEach((r, idx) => {
      const key = Array.isArray(j.value) ? `[${idx}]` : "";
      const conc = num(r.conc);
      if (conc == null || conc <= 0) {
        errors.push(
          issueOf(file.name, "bad-value", M.problem("badConc", { found: shown(r.conc) }), {
            record: idx,
            key: `${key}.conc`.replace(/^\./, ""),
          }),
        );
        return;
      }
      const gk = GROUP_KEYS.map((k) => String(r[k] ?? "")).join("\u0000");
      const gpus = gpuCounts(r);
      let g = groups.get(gk);
      if (!g) {
        const meta: SweepMeta = {
          model: typeof r.model === "string" && r.model ? r.model : null,
          engine: typeof r.framework === "string" && r.framework ? r.framework : null,
          gpu: typeof r.hw === "string" && r.hw ? r.hw : null,
          gpuCount: gpus.total,
          date: typeof r.date === "string" ? r.date : null,
          tool: "InferenceX",
        };
        for (const k of [
          "precision",
          "tp",
          "pp",
          "ep",
          "dp_attention",
          "spec_decoding",
          "disagg",
          "offloading",
          "offload_mode",
          "scenario_type",
          "benchmark_type",
          "isl",
          "osl",
          "image",
        ]) {
          if (r[k] != null && r[k] !== "") meta[k] = r[k];
        }
        const variant = [r.offloading ?? r.offload_mode, r.scenario_type]
          .filter((v) => v != null && v !== "" && v !== "none")
          .map(String);
        const label = [
          "inferencex",
          meta.model,
          meta.gpu ? `${meta.gpu}${gpus.total ? ` × ${gpus.total}` : ""}` : null,
          meta.engine,
          r.precision,
          ...(r.offloading != null ? [`offloading ${r.offloading}`] : variant),
        ]
          .filter((v) => v != null && v !== "")
          .join(" · ");
        groups.set(gk, (g = { label, meta, points: [], warnings: [] }));
        addNote(
          g,
          r.output_tput_tps != null || r.total_tput_tps != null
            ? M.problem("perGpuAggregate", { basis: gpus.basis, gpus: gpus.total ?? "?" })
            : M.problem("perGpuDerived", { basis: gpus.basis }),
        );
        addNote(g, M.problem("seconds", {}));
      }
      const p: SweepPoint = { concurrency: conc, requestRate: null };
      const outAgg = num(r.output_tput_tps);
      const totAgg = num(r.total_tput_tps);
      const outPer = num(r.output_tput_per_gpu);
      const totPer = num(r.tput_per_gpu);
      const out = outAgg ?? (outPer != null && gpus.decode != null ? outPer * gpus.decode : null);
      const tot = totAgg ?? (totPer != null && gpus.total != null ? totPer * gpus.total : null);
      if (out != null && out > 0) p.outputTokensPerSec = out;
      if (tot != null && tot > 0) p.totalTokensPerSec = tot;
      const done = num(r.total_requests_completed) ?? num(r.num_requests_successful);
      const dur = num(r.duration_seconds);
      if (done != null && dur != null && dur > 0 && done > 0) p.rps = done / dur;
      if (done != null) p.completed = done;
      const total = num(r.num_requests_total);
      if (total != null && done != null && total >= done) p.failed = total - done;
      const inTok = num(r.mean_input_tokens);
      const outTok = num(r.mean_output_tokens_actual) ?? num(r.mean_output_tokens);
      if (inTok != null) p.meanInputTokens = inTok;
      if (outTok != null) p.meanOutputTokens = outTok;
      // AIPerf-derived (agentic) rows: `itl` is AIPerf inter_token_latency, i.e. per-request TPOT
      // (docs/metrics.md), and `tpot` is filled from the same values → stored once, as tpot.
      const agentic = "scenario_type" in r || "total_tput_tps" in r || "p75_itl" in r;
      for (const [k, v] of Object.entries(r)) {
        const m = LAT_KEY.exec(k);
        if (!m) continue;
        const val = num(v);
        if (val == null) continue;
        if (val < 0) {
          errors.push(
            issueOf(file.name, "bad-value", M.problem("badLatency", { found: shown(val) }), {
              record: idx,
              key: `${key}.${k}`.replace(/^\./, ""),
            }),
          );
          continue;
        }
        const stat = m[1] === "median" ? "p50" : m[1]!;
        let field: "ttftMs" | "tpotMs" | "itlMs" | "e2eMs" =
          m[2] === "ttft"
            ? "ttftMs"
            : m[2] === "e2el"
              ? "e2eMs"
              : m[2] === "itl"
                ? "itlMs"
                : "tpotMs";
        if (agentic && field === "itlMs") field = "tpotMs";
        if (agentic && m[2] === "tpot" && r[`${m[1]}_itl`] != null) continue;
        ((p[field] ??= {} as Stats) as Stats)[stat] = val * 1000;
      }
      g.points.push(p);
    });
    if (errors.length) return { ok: false, errors };
    const sweeps = [...groups.values()];
    for (const s of sweeps) {
      if (s.points.some((p) => p.tpotMs) && "p75_itl" in (rows[0] ?? {})) {
        addNote(s, M.problem("agenticItl", {}));
      }
      if (!s.points.some((p) => p.rps != null)) addNote(s, M.problem("noRps", {}));
    }
    return { ok: true, value: { sweeps, warnings: fileIssues(file.name, []) } };
  },
};

/** Importer of InferenceX aggregated results. */
export const inferencexImporters: FormatImporter[] = [inferencex];
