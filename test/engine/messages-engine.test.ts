/**
 * Engine messages as a whole plan gives them (docs/problems.md): the plan's catalogues, the SLO
 * labels in its reasons and formula errors reaching plan errors, in English exactly as before (the
 * CLI's `warnings[]`/`errors[]` contract) and in the Chinese the old sentence table gave. The
 * single catalogues' own tests are beside them (curve/messages, chain/capacity-messages,
 * formula/messages).
 */
import { describe, expect, it } from "vitest";
import { planMessages } from "../../src/engine/plan/messages";
import { computePlan } from "../../src/engine/plan/plan";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expectedZh } from "../../src/engine/plan/plan-file-messages";
import { parsePlanText, validatePlan } from "../../src/engine/plan/plan-file";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { Problem } from "../../src/engine/base/problems";
import { localizeError, renderProblem } from "../../src/report/messages";
import { planText } from "../../src/report/plan-output";
import { englishOf } from "../../src/engine/base/problems";

const both = (p: Problem<object>) => [renderProblem(p, "en"), renderProblem(p, "zh")];
const wl = (name: string, peakRps: unknown = 1, tokens = 10) => ({
  name,
  peakRps,
  inputTokens: tokens,
  outputTokens: tokens,
});
const sku = (name: string, sweeps: object) => ({
  name,
  gpusPerReplica: 1,
  pricePerGpuHour: 1,
  sweeps,
});
const point = (extra: object) => ({
  points: [{ concurrency: 1, outputTokensPerSec: 100, ...extra }],
});
/** A plan document: one "chat" workload, no SLOs, no SKUs, unless `overrides` says otherwise. */
const plan = (overrides: object) =>
  validatePlan({
    format: "capplan.plan/v1",
    title: "t",
    workloads: [wl("chat")],
    slo: [],
    skus: [],
    ...overrides,
  });
/** Validates (asserting no errors) and computes the plan. */
const computed = (overrides: object) => {
  const v = plan(overrides);
  expect(v.ok ? [] : v.errors).toEqual([]);
  if (!v.ok) throw new Error("invalid plan");
  return computePlan(resolvePlan(v.plan));
};

describe("plan.* (src/engine/plan/plan.ts)", () => {
  it.each([
    [
      planMessages.problem(
        "capacityGiven",
        { workload: "docs", tokS: 900 },
        { subject: "H100 TP4" },
      ),
      "H100 TP4: capacity for docs is given (900 tok/s), so the SLOs were not checked against a sweep",
      "H100 TP4：docs 的容量为给定值（900 tok/s），因此未用扫描数据检查 SLO",
    ],
    [
      planMessages.problem("statsMissing", {
        slos: ["P99 TTFT", "P95 ITL"],
        available: ["mean", ""],
      }),
      "P99 TTFT is missing; the sweep has mean; P95 ITL is missing; the sweep has none",
      "缺少 P99 TTFT；该扫描只有 mean；缺少 P95 ITL；该扫描没有该指标的统计量",
    ],
    [
      planMessages.problem("needsPositive", {}, { subject: "skus[0].gpusPerReplica" }),
      "skus[0].gpusPerReplica: needs a positive number",
      "skus[0].gpusPerReplica：需要正数",
    ],
    [
      planMessages.problem("uncheckedRecommended", { sku: "H200", anyChecked: true }),
      "H200 is recommended although its capacity was never checked against the SLOs (it is given or estimated, not measured): no SKU with a checked sweep is feasible",
      "推荐 H200，但它的容量从未按 SLO 校验（是给定或估算值，不是实测）：没有经过校验的 SKU 满足要求",
    ],
  ] as const)("%#: renders %s", (p, en, zh) => {
    expect(both(p)).toEqual([en, zh]);
  });

  it("carries a SKU's errors, warnings and reason as values, and plan errors at their paths without a regex over the text", () => {
    const r = computed({
      workloads: [wl("chat (eu)"), wl("docs")],
      slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
      skus: [
        sku("A", { docs: point({ ttftMs: { p99: 5000 } }) }),
        sku("B", {
          "chat (eu)": { replicaOutputTokensPerSec: 50 },
          docs: { replicaOutputTokensPerSec: 50 },
        }),
      ],
    });
    const a = r.skus[0]!;
    expect(a.errorProblems.map((p) => [p.code, p.path, p.subject, englishOf(p)])).toEqual([
      [
        "plan.noSweep",
        "skus[0].sweeps.chat (eu)",
        "skus[0] (chat (eu))",
        "skus[0] (chat (eu)): no sweep for this workload",
      ],
    ]);
    expect(a.infeasibleProblem?.code).toBe("plan.sloAtLowest");
    expect(renderProblem(a.infeasibleProblem!, "zh")).toBe(
      "P99 TTFT ≤ 1000 ms 在最低负载（1）下就不满足：5,000 ms，超出 4,000 ms（400 %）",
    );
    // A workload name with brackets stays whole in the error's path (the old regex cut it at ")").
    const e = r.errors.find((x) => x.problem?.code === "plan.noSweep")!;
    expect(e).toMatchObject({ path: "skus[0].sweeps.chat (eu)", kind: "INPUT" });
    expect([englishOf(e.problem), localizeError(e, "zh")]).toEqual([
      "no sweep for this workload",
      "该负载没有扫描数据",
    ]);
    expect(r.skus[1]!.problems.map((p) => p.code)).toEqual([
      "plan.capacityGiven",
      "plan.capacityGiven",
    ]);
    expect(r.problems?.map((p) => p.code)).toEqual(["plan.uncheckedRecommended"]);
    expect(planText(r, "zh")).toContain("推荐 B，但它的容量从未按 SLO 校验");
    expect(planText(r, "zh")).toContain(
      "B：chat (eu) 的容量为给定值（50 tok/s），因此未用扫描数据检查 SLO",
    );
  });
});

describe("one SLO label in every message (src/engine/curve/slo-label.ts; docs/architecture.md)", () => {
  it('writes a mean SLO as "mean TTFT" (not "MEAN TTFT") in the plan\'s reasons, in English and Chinese', () => {
    const r = computed({
      slo: [
        { metric: "ttft", stat: "mean", maxMs: 1000 },
        { metric: "itl", stat: "p50", maxMs: 50 },
      ],
      skus: [
        sku("A", { chat: point({ ttftMs: { mean: 5000 }, itlMs: { p50: 10 } }) }),
        sku("B", { chat: point({ ttftMs: { p99: 200 }, itlMs: { mean: 10 } }) }),
      ],
    });
    const [a, b] = r.skus.map((s) => s.infeasibleProblem!);
    // 5000 ms against 1000 ms: 4000 ms, 400 % over
    expect([a!.code, ...both(a!)]).toEqual([
      "plan.sloAtLowest",
      "mean TTFT ≤ 1000 ms fails already at the lowest load (1): 5,000 ms, 4,000 ms (400 %) over",
      "mean TTFT ≤ 1000 ms 在最低负载（1）下就不满足：5,000 ms，超出 4,000 ms（400 %）",
    ]);
    expect([b!.code, ...both(b!)]).toEqual([
      "plan.statsMissing",
      "mean TTFT is missing; the sweep has p99; P50 ITL is missing; the sweep has mean",
      "缺少 mean TTFT；该扫描只有 p99；缺少 P50 ITL；该扫描只有 mean",
    ]);
    expect(JSON.stringify(r)).not.toMatch(/MEAN|MEDIAN/);
  });
});

describe("formula.* through a plan (src/engine/formula/*.ts)", () => {
  it("reaches plan errors, so the status bar and the CLI render them in Chinese", () => {
    const r = computed({ cells: { peak: "=1/0" }, workloads: [wl("chat", "=peak")] });
    const e = r.errors.find((x) => x.path === "workloads[0].peakRps")!;
    expect([e.problem?.code, localizeError(e, "zh")]).toEqual([
      "formula.dependsOn",
      "依赖的 cells.peak 有错误：结果是 Infinity（除以零？），不是有限数",
    ]);
  });
});

describe("planFile.* and json.* (src/engine/plan/plan-file.ts, json-error.ts)", () => {
  it("gives every validation issue as a value at its path, in the Chinese the sentence table gave", () => {
    const v = plan({
      workloads: [wl("chat", 1, 1)],
      slo: [{ metric: "latency", stat: "p99", maxMs: 1 }],
      skus: {},
    });
    expect(v.ok).toBe(false);
    if (v.ok) return;
    const zh = v.errors.map((e) => [e.path, e.problem?.code, e.message, localizeError(e, "zh")]);
    expect(zh).toContainEqual([
      "skus",
      "planFile.expected",
      "expected an array of skus, got an object",
      "应为 SKU 数组，实际为对象",
    ]);
    expect(zh).toContainEqual([
      "slo[0].metric",
      "planFile.expected",
      'expected one of "ttft", "itl", "tpot", "ntpot", "e2e", got "latency"',
      '应为以下之一："ttft", "itl", "tpot", "ntpot", "e2e"，实际为 "latency"',
    ]);
    for (const e of v.errors) expect(e.problem?.path).toBe(e.path);
  });

  it("renders ranges, duplicates and a JSON syntax error with its line and column", () => {
    const v = plan({ workloads: [wl("chat", -1, 1), wl("chat", 1, 1)] });
    if (v.ok) return expect(v.ok).toBe(false);
    const text = (code: string) =>
      v.errors
        .filter((e) => e.problem?.code === code)
        .map((e) => [e.message, localizeError(e, "zh")]);
    expect([text("planFile.range"), text("planFile.duplicate")]).toEqual([
      [
        [
          "expected from 0 up to 1e9 (requests per second), got -1",
          "应在 0 至 1e9 之间（请求/秒），实际为 -1",
        ],
      ],
      [
        [
          'duplicate workload name "chat" (also at workloads[0].name)',
          '负载名称 "chat" 重复（另见 workloads[0].name）',
        ],
      ],
    ]);
    const syntax = parsePlanText(
      '{"format": "capplan.plan/v1",\n  "title": "x"\n  "skus": []}',
      "broken.json",
    );
    if (syntax.ok) return expect(syntax.ok).toBe(false);
    const e = syntax.errors[0]!;
    expect([e.problem?.code, e.message, localizeError(e, "zh")]).toEqual([
      "planFile.invalidJsonAt",
      "invalid JSON at line 3, column 3: expected ',' or '}' after property value, found character \"\\\"\"",
      "JSON 无效（第 3 行第 3 列）：属性值之后应为 ',' 或 '}'，实际为字符 \"\\\"\"",
    ]);
  });

  // Reads the source text: under mutation testing (docs/mutation-testing.md) the file is instrumented and the phrases are split, so it is skipped there.
  const planFileSrc = readFileSync(
    join(__dirname, "..", "..", "src", "engine", "plan", "plan-file.ts"),
    "utf8",
  );
  it.skipIf(planFileSrc.includes("stryMutAct_"))(
    "has Chinese for every fixed 'expected' phrase plan-file.ts writes",
    () => {
      const phrases = [...planFileSrc.matchAll(/\.issue\([^,]+, "([^"]+)"/g)]
        .map((m) => m[1]!)
        .filter(
          (p) =>
            p !== "a value in range" &&
            p !== "a trace with file or traffic" &&
            !/^(a workload with a trace|no rps with fromTrace|a traffic summary)/.test(p),
        );
      expect(phrases.length).toBeGreaterThan(15);
      expect(phrases.filter((p) => expectedZh(p) === null)).toEqual([]);
    },
  );
});

describe("planFile warnings (src/engine/plan/plan-file.ts)", () => {
  it("come as problems beside the English warnings", () => {
    const skus = [sku("A", {})];
    const v = plan({ workload: wl("a", 1, 1), workloads: [], skus });
    if (!v.ok) return expect(v.ok).toBe(true);
    expect([v.warnings, v.problems?.map((p) => renderProblem(p, "zh"))]).toEqual([
      [
        "both `workloads` and `workload` are given; `workloads` is used",
        "the plan has no workloads",
      ],
      ["同时给出了 `workloads` 和 `workload`；使用 `workloads`", "计划中没有负载"],
    ]);
    const w = plan({ workloads: [wl("chat", 1, 1)], skus });
    if (!w.ok) return expect(w.ok).toBe(true);
    expect(
      w.problems?.map((p) => [p.path, renderProblem(p, "en"), renderProblem(p, "zh")]),
    ).toEqual([
      [
        "skus[0]",
        'SKU "A" has no sweep for workload "chat"; it cannot be sized',
        'SKU "A" 没有负载 "chat" 的扫描数据，无法计算规模',
      ],
    ]);
  });
});
