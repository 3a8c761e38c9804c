/**
 * A workload from a request trace (docs/traffic.md): `capplan plan` reads `trace.file`, and the
 * workload's peak, mean rate and mean lengths come from it, checked against `capplan traffic
 * --json` of the same file and bins: test/cli/commands/traffic.test.ts checks those numbers
 * against an independent computation from the Azure 2023 conversation trace (fixtures/traces/,
 * CC-BY, SOURCE.md beside it). The same summary stored inline (as the app stores it) gives the
 * same plan.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { computePlan } from "../../src/engine/plan/plan";
import { validatePlan } from "../../src/engine/plan/plan-file";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import { run, runStdin, tmpDir, writeTmp } from "./helpers";

const AZURE = "fixtures/traces/AzureLLMInferenceTrace_conv.csv";

/** Peak and p99 of 60-s bin rates, mean rate and mean lengths of the trace. */
async function expected() {
  const t = JSON.parse((await run("traffic", AZURE, "--bin", "60", "--json")).out);
  expect(t.requests).toBe(19366);
  const [input, output] = [t.inputTokens.mean, t.outputTokens.mean];
  return { peak: t.peakRps, p99: t.p99Rps, avg: t.meanRps, input, output };
}

const H100 = { name: "H100", gpusPerReplica: 4, pricePerGpuHour: 20 };
const plan = (trace: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  format: "capplan.plan/v1",
  title: "from a trace",
  workloads: [{ name: "conv", trace, ...extra }],
  factors: { elasticity: 1.2, redundancy: 1.2 },
  skus: [{ ...H100, sweep: { replicaOutputTokensPerSec: 100 } }],
});

/** `capplan <args>` with the plan `p` on stdin (`-`); `json` is stdout parsed under --json. */
async function stdinRun(args: string[], p: unknown) {
  const r = await runStdin(JSON.stringify(p), ...args);
  return { ...r, json: args.includes("--json") && r.out ? JSON.parse(r.out) : null };
}
const planOf = (p: unknown) => stdinRun(["plan", "-", "--json"], p);

/** The plan computed by the engine alone, without reading any file. */
function engine(p: unknown) {
  const v = validatePlan(p);
  expect(v.ok).toBe(true);
  return v.ok ? computePlan(resolvePlan(v.plan)) : null;
}

describe("a workload from a trace file", () => {
  let want: Awaited<ReturnType<typeof expected>>;
  beforeAll(async () => void (want = await expected()));

  it("takes peak (max of 60-s bins), mean rate and mean lengths from the trace, and sizes replicas from them", async () => {
    const r = await planOf(plan({ file: AZURE, binSec: 60, peak: "max" }));
    expect([r.err, r.code]).toEqual(["", 0]);
    const w = r.json.workloads[0];
    expect(w.peakRps).toBeCloseTo(want.peak, 12);
    expect(w.avgRps).toBeCloseTo(want.avg, 9);
    expect(w.inputTokens).toBeCloseTo(want.input, 9);
    expect(w.outputTokens).toBeCloseTo(want.output, 9);
    expect([w.traffic.requests, w.traffic.binSec]).toEqual([19366, 60]);
    expect(w.trace).toEqual({ file: AZURE, name: null, binSec: 60, peak: "max" });
    // replicas = ceil(peak × mean output ÷ 100 tok/s × 1.2 × 1.2)
    const replicas = Math.ceil(((want.peak * want.output) / 100) * 1.44 - 1e-9);
    expect(r.json.skus[0].replicasBase).toBeCloseTo((want.peak * want.output) / 100, 9);
    expect(r.json.skus[0]).toMatchObject({ replicas, costPerHour: replicas * 80 });
  });

  it("peak p99 takes the 99th percentile of the bin rates; explicit numbers win over the trace", async () => {
    const r = await planOf(plan({ file: AZURE, peak: "p99" }, { outputTokens: 250 }));
    expect(r.code).toBe(0);
    const w = r.json.workloads[0];
    expect(w.peakRps).toBeCloseTo(want.p99, 12);
    expect([w.peakRps < want.peak, w.outputTokens]).toEqual([true, 250]);
    expect(w.inputTokens).toBeCloseTo(want.input, 9);
    expect(r.json.skus[0].replicas).toBe(Math.ceil(((want.p99 * 250) / 100) * 1.44 - 1e-9));
  });

  it("re-running gives identical output, and the summary stored inline (as the app does) gives the same plan", async () => {
    const a = await planOf(plan({ file: AZURE, binSec: 60 }));
    expect((await planOf(plan({ file: AZURE, binSec: 60 }))).out).toBe(a.out);
    const traffic = a.json.workloads[0].traffic;
    const res = engine(plan({ name: "conv.csv", binSec: 60, peak: "max", traffic }))!;
    expect(res.errors).toEqual([]);
    expect(res.workloads[0]!.peakRps).toBe(a.json.workloads[0].peakRps);
    const { replicas, costPerHour } = a.json.skus[0];
    expect(res.skus[0]!.capacity).toMatchObject({ replicas, costPerHour });
  });

  it("report says where the workload's numbers come from, in English and Chinese", async () => {
    const p = plan({ file: AZURE, peak: "p99" });
    const en = (await stdinRun(["report", "-"], p)).out;
    const zh = (await stdinRun(["report", "-", "--lang", "zh"], p)).out;
    expect(en).toContain(`(from trace ${AZURE}: 19,366 requests, peak = p99 of 60-s bins)`);
    expect(zh).toContain(`（来自请求轨迹 ${AZURE}：19,366 个请求，峰值 = 60 秒分箱速率的 P99）`);
  });

  it("a trace outside the plan's folder and the working directory is refused; a missing file and a non-trace are bad input (exit 2)", async () => {
    const out = await planOf(plan({ file: "/etc/passwd" }));
    expect([out.code, out.out]).toEqual([2, ""]);
    expect(out.err).toContain("workloads[0].trace.file");
    expect(out.err).toContain("--allow-path");
    expect(out.err).not.toContain("root:");
    const nope = plan({ file: "fixtures/traces/nope.csv" });
    const missing = await planOf(nope);
    const where = "workloads[0].trace.file: fixtures/traces/nope.csv";
    expect([missing.code, missing.err]).toEqual([2, expect.stringContaining(where)]);
    const zh = await stdinRun(["plan", "-", "--lang", "zh"], nope);
    // The reason renders from its problem (cliFile.fs); the file location keeps its ASCII ": " as every import issue line does.
    expect([zh.code, zh.err]).toEqual([2, expect.stringContaining(`${where}: 文件或文件夹不存在`)]);
    const notTrace = await planOf(plan({ file: "package.json" }));
    expect([notTrace.code, notTrace.errLines.length]).toEqual([2, 1]);
    expect(notTrace.err).toContain("workloads[0].trace.file: package.json");
    expect(notTrace.err).not.toContain("devDependencies");
  });

  it("without the file read (engine alone) the workload is an error naming the trace, not a crash", () => {
    const res = engine(plan({ file: AZURE }))!;
    expect(res.errors.map((e) => e.path)).toEqual(["workloads[0].trace"]);
    expect(res.errors[0]!.problem?.code).toBe("trace.notRead");
    expect(res.skus[0]!.capacity).toBeNull();
  });

  it("validation: a trace needs file or traffic; peak is max or p99; binSec is a positive number", () => {
    const bad = validatePlan(plan({ binSec: -1, peak: "p95" }));
    const paths = ["workloads[0].trace", "workloads[0].trace.binSec", "workloads[0].trace.peak"];
    expect(bad.ok ? [] : bad.errors.map((e) => e.path)).toEqual(paths);
    const badSummary = validatePlan(plan({ traffic: { requests: 3 } }));
    expect(badSummary.ok ? null : badSummary.errors[0]!.path).toBe("workloads[0].trace.traffic");
  });
});

/** A plan file at `root/rel` with one chat workload and the SKU `sku`; its path. */
function planFile(root: string, rel: string, sku: Record<string, unknown>): string {
  const chat = { name: "chat", peakRps: 1, inputTokens: 100, outputTokens: 100 };
  const skus = [{ gpusPerReplica: 1, pricePerGpuHour: 1, ...sku }];
  return writeTmp({ format: "capplan.plan/v1", workloads: [chat], skus }, rel, root);
}

describe("loadPlan: sweep files and references, in English and Chinese", () => {
  it("a SKU's sweep folder holding several sweeps is an error of the plan, in Chinese under --lang zh", async () => {
    const root = tmpDir("capplan-file-zh-holds-");
    mkdirSync(join(root, "runs"));
    copyFileSync("fixtures/vllm/vllm-8qps-concurrency8-llama.json", join(root, "runs", "a.json"));
    const sglang = "fixtures/sglang/datacrunch_h200x4_llama3.3-70b_offline.jsonl";
    copyFileSync(sglang, join(root, "runs", "b.jsonl"));
    const plan = planFile(root, "plan.json", { name: "x", sweep: { file: "runs" } });
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
    const root = tmpDir("capplan-file-zh-outside-");
    mkdirSync(join(root, "plans"));
    const sku = { name: "evil", sweep: { file: "/etc/hostname" } };
    const plan = planFile(root, join("plans", "plan.json"), sku);
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
