/**
 * A workload from a request trace (docs/traffic.md): `capplan plan` reads `trace.file`, and the
 * workload's peak, mean rate and mean lengths come from it, checked against numbers computed here
 * from the Azure 2023 conversation trace (fixtures/traces/, CC-BY, SOURCE.md beside it) with
 * plain string code. The same summary stored inline (as the app stores it) gives the same plan.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { computePlan } from "../../src/engine/plan/plan";
import { validatePlan } from "../../src/engine/plan/plan-file";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import { main } from "../../src/cli/main";
import { run } from "./helpers";

const AZURE = "fixtures/traces/AzureLLMInferenceTrace_conv.csv";

function epoch(s: string): number {
  const [date, time] = s.split(" ");
  const [y, mo, d] = date!.split("-").map(Number);
  const [hh, mm, ss] = time!.split(":");
  const [whole, frac = ""] = ss!.split(".");
  return (
    Date.UTC(y!, mo! - 1, d!, Number(hh), Number(mm), Number(whole)) / 1000 +
    (frac ? Number(frac) / 10 ** frac.length : 0)
  );
}

function pct(sorted: number[], q: number): number {
  const h = ((sorted.length - 1) * q) / 100;
  const lo = Math.floor(h);
  return sorted[lo]! + (h - lo) * (sorted[Math.min(lo + 1, sorted.length - 1)]! - sorted[lo]!);
}

/** Peak and p99 of 60-s bin rates, mean rate and mean lengths, from the raw rows. */
function expected() {
  const rows = readFileSync(join(__dirname, "../..", AZURE), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => l.split(","));
  const t = rows.map((r) => epoch(r[0]!)).sort((a, b) => a - b);
  const counts = new Map<number, number>();
  for (const x of t) counts.set(Math.floor(x / 60), (counts.get(Math.floor(x / 60)) ?? 0) + 1);
  const rates: number[] = [];
  for (let b = Math.floor(t[0]! / 60); b <= Math.floor(t[t.length - 1]! / 60); b++)
    rates.push((counts.get(b) ?? 0) / 60);
  const sorted = [...rates].sort((a, b) => a - b);
  const mean = (k: number) => rows.reduce((a, r) => a + Number(r[k]), 0) / rows.length;
  return {
    peak: sorted[sorted.length - 1]!,
    p99: pct(sorted, 99),
    avg: t.length / (t[t.length - 1]! - t[0]!),
    input: mean(1),
    output: mean(2),
  };
}

const plan = (trace: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  format: "capplan.plan/v1",
  title: "from a trace",
  workloads: [{ name: "conv", trace, ...extra }],
  factors: { elasticity: 1.2, redundancy: 1.2 },
  skus: [
    {
      name: "H100",
      gpusPerReplica: 4,
      pricePerGpuHour: 20,
      sweep: { replicaOutputTokensPerSec: 100 },
    },
  ],
});

async function planOf(p: unknown) {
  let out = "";
  let err = "";
  const code = await main(["plan", "-", "--json"], {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    stdin: () => JSON.stringify(p),
  });
  return {
    code,
    out,
    err,
    errLines: err.split("\n").filter((l) => l !== ""),
    json: out ? JSON.parse(out) : null,
  };
}

describe("a workload from a trace file", () => {
  const want = expected();

  it("takes peak (max of 60-s bins), mean rate and mean lengths from the trace, and sizes replicas from them", async () => {
    const r = await planOf(plan({ file: AZURE, binSec: 60, peak: "max" }));
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const w = r.json.workloads[0];
    expect(w.peakRps).toBeCloseTo(want.peak, 12);
    expect(w.avgRps).toBeCloseTo(want.avg, 9);
    expect(w.inputTokens).toBeCloseTo(want.input, 9);
    expect(w.outputTokens).toBeCloseTo(want.output, 9);
    expect(w.traffic.requests).toBe(19366);
    expect(w.traffic.binSec).toBe(60);
    expect(w.trace).toEqual({ file: AZURE, name: null, binSec: 60, peak: "max" });
    // replicas = ceil(peak × mean output ÷ 100 tok/s × 1.2 × 1.2)
    const replicas = Math.ceil(((want.peak * want.output) / 100) * 1.44 - 1e-9);
    expect(r.json.skus[0].replicasBase).toBeCloseTo((want.peak * want.output) / 100, 9);
    expect(r.json.skus[0].replicas).toBe(replicas);
    expect(r.json.skus[0].costPerHour).toBe(replicas * 4 * 20);
  });

  it("peak p99 takes the 99th percentile of the bin rates; explicit numbers win over the trace", async () => {
    const r = await planOf(plan({ file: AZURE, peak: "p99" }, { outputTokens: 250 }));
    expect(r.code).toBe(0);
    const w = r.json.workloads[0];
    expect(w.peakRps).toBeCloseTo(want.p99, 12);
    expect(w.peakRps).toBeLessThan(want.peak);
    expect(w.outputTokens).toBe(250);
    expect(w.inputTokens).toBeCloseTo(want.input, 9);
    expect(r.json.skus[0].replicas).toBe(Math.ceil(((want.p99 * 250) / 100) * 1.44 - 1e-9));
  });

  it("re-running gives identical output, and the summary stored inline (as the app does) gives the same plan", async () => {
    const a = await planOf(plan({ file: AZURE, binSec: 60 }));
    const b = await planOf(plan({ file: AZURE, binSec: 60 }));
    expect(b.out).toBe(a.out);
    const inline = plan({
      name: "conv.csv",
      binSec: 60,
      peak: "max",
      traffic: a.json.workloads[0].traffic,
    });
    const v = validatePlan(inline);
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    const res = computePlan(resolvePlan(v.plan));
    expect(res.errors).toEqual([]);
    expect(res.workloads[0]!.peakRps).toBe(a.json.workloads[0].peakRps);
    expect(res.skus[0]!.capacity?.replicas).toBe(a.json.skus[0].replicas);
    expect(res.skus[0]!.capacity?.costPerHour).toBe(a.json.skus[0].costPerHour);
  });

  it("report says where the workload's numbers come from, in English and Chinese", async () => {
    let en = "";
    let zh = "";
    const p = JSON.stringify(plan({ file: AZURE, peak: "p99" }));
    await main(["report", "-"], { out: (t) => void (en += t), err: () => {}, stdin: () => p });
    await main(["report", "-", "--lang", "zh"], {
      out: (t) => void (zh += t),
      err: () => {},
      stdin: () => p,
    });
    expect(en).toContain(`(from trace ${AZURE}: 19,366 requests, peak = p99 of 60-s bins)`);
    expect(zh).toContain(`（来自请求轨迹 ${AZURE}：19,366 个请求，峰值 = 60 秒分箱速率的 P99）`);
  });

  it("a trace outside the plan's folder and the working directory is refused; a missing file and a non-trace are bad input (exit 2)", async () => {
    const out = await planOf(plan({ file: "/etc/passwd" }));
    expect(out.code).toBe(2);
    expect(out.out).toBe("");
    expect(out.err).toContain("workloads[0].trace.file");
    expect(out.err).toContain("--allow-path");
    expect(out.err).not.toContain("root:");
    const missing = await planOf(plan({ file: "fixtures/traces/nope.csv" }));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("workloads[0].trace.file: fixtures/traces/nope.csv");
    let zh = "";
    const code = await main(["plan", "-", "--lang", "zh"], {
      out: () => {},
      err: (t) => void (zh += t),
      stdin: () => JSON.stringify(plan({ file: "fixtures/traces/nope.csv" })),
    });
    expect(code).toBe(2);
    // The reason renders from its problem (cliFile.fs); the file location keeps its ASCII ": " as every import issue line does.
    expect(zh).toContain("workloads[0].trace.file: fixtures/traces/nope.csv: 文件或文件夹不存在");
    const notTrace = await planOf(plan({ file: "package.json" }));
    expect(notTrace.code).toBe(2);
    expect(notTrace.err).toContain("workloads[0].trace.file: package.json");
    expect(notTrace.errLines).toHaveLength(1);
    expect(notTrace.err).not.toContain("devDependencies");
  });

  it("without the file read (engine alone) the workload is an error naming the trace, not a crash", () => {
    const v = validatePlan(plan({ file: AZURE }));
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    const res = computePlan(resolvePlan(v.plan));
    expect(res.errors.map((e) => e.path)).toEqual(["workloads[0].trace"]);
    expect(res.errors[0]!.problem?.code).toBe("trace.notRead");
    expect(res.skus[0]!.capacity).toBeNull();
  });

  it("validation: a trace needs file or traffic; peak is max or p99; binSec is a positive number", () => {
    const bad = validatePlan(plan({ binSec: -1, peak: "p95" }));
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors.map((e) => e.path)).toEqual([
      "workloads[0].trace",
      "workloads[0].trace.binSec",
      "workloads[0].trace.peak",
    ]);
    const badSummary = validatePlan(plan({ traffic: { requests: 3 } }));
    expect(badSummary.ok).toBe(false);
    if (!badSummary.ok) expect(badSummary.errors[0]!.path).toBe("workloads[0].trace.traffic");
  });
});

describe("loadPlan: sweep files and references, in English and Chinese", () => {
  it("a SKU's sweep folder holding several sweeps is an error of the plan, in Chinese under --lang zh", async () => {
    const root = mkdtempSync(join(tmpdir(), "capplan-file-zh-holds-"));
    mkdirSync(join(root, "runs"));
    copyFileSync("fixtures/vllm/vllm-8qps-concurrency8-llama.json", join(root, "runs", "a.json"));
    copyFileSync(
      "fixtures/sglang/datacrunch_h200x4_llama3.3-70b_offline.jsonl",
      join(root, "runs", "b.jsonl"),
    );
    const plan = join(root, "plan.json");
    writeFileSync(
      plan,
      JSON.stringify({
        format: "capplan.plan/v1",
        workloads: [{ name: "chat", peakRps: 1, inputTokens: 100, outputTokens: 100 }],
        skus: [{ name: "x", gpusPerReplica: 1, pricePerGpuHour: 1, sweep: { file: "runs" } }],
      }),
    );
    const en = await run("plan", plan);
    expect(en.code).toBe(2);
    expect(en.errLines).toEqual([
      `${plan}: skus[0].sweeps.chat: runs: holds 7 sweeps; a SKU sweep must be one deployment (split the files or use inline points)`,
    ]);
    const zh = await run("plan", plan, "--lang", "zh");
    expect(zh.errLines).toEqual([
      `${plan}: skus[0].sweeps.chat: runs: 包含 7 个扫描；一个 SKU 的扫描必须来自同一个部署（请拆分文件或使用内联数据点）`,
    ]);
  });

  it("a reference outside the plan's folder is refused in Chinese too", async () => {
    const root = mkdtempSync(join(tmpdir(), "capplan-file-zh-outside-"));
    mkdirSync(join(root, "plans"));
    const plan = join(root, "plans", "plan.json");
    writeFileSync(
      plan,
      JSON.stringify({
        format: "capplan.plan/v1",
        workloads: [{ name: "chat", peakRps: 1, inputTokens: 100, outputTokens: 100 }],
        skus: [
          { name: "evil", gpusPerReplica: 1, pricePerGpuHour: 1, sweep: { file: "/etc/hostname" } },
        ],
      }),
    );
    const en = await run("plan", plan);
    expect(en.errLines).toEqual([
      `capplan plan: ${plan}: skus[0].sweep.file: "/etc/hostname" is outside the plan's folder and the working directory; pass --allow-path DIR to allow reading it (see docs/security.md)`,
    ]);
    const zh = await run("plan", plan, "--lang", "zh");
    expect(zh.errLines).toEqual([
      `capplan plan: ${plan}: skus[0].sweep.file："/etc/hostname" 位于计划所在文件夹和工作目录之外；如需读取，请传入 --allow-path DIR（见 docs/security.md）`,
    ]);
  });
});
