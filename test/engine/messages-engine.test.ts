/**
 * The engine's catalogues of the operating point, capacity and the plan (docs/problems.md): each
 * message in English exactly as before (the CLI's `warnings[]`/`errors[]` contract) and in the
 * Chinese the old sentence table gave, from its code; and the producers give those problems.
 */
import { describe, expect, it } from "vitest";
import { capacity } from "../../src/engine/chain/capacity";
import { capacityMessages } from "../../src/engine/chain/capacity-messages";
import { planMessages } from "../../src/engine/plan/messages";
import { sloMessages } from "../../src/engine/curve/messages";
import { computePlan } from "../../src/engine/plan/plan";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expectedZh } from "../../src/engine/plan/plan-file-messages";
import { parsePlanText, validatePlan } from "../../src/engine/plan/plan-file";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import { operatingPoint } from "../../src/engine/curve/slo";
import type { Problem } from "../../src/engine/base/problems";
import { Sheet } from "../../src/engine/formula/sheet";
import { localizeError, renderProblem } from "../../src/report/messages";
import { planText } from "../../src/report/plan-output";
import { englishOf } from "../../src/engine/base/problems";
/** A result's warnings as English (the text `plan --json` renders at the edge). */
const enW = (r: { problems: readonly Problem[] }): string[] => r.problems.map(englishOf);

const both = (p: Problem<object>) => [renderProblem(p, "en"), renderProblem(p, "zh")];

describe("slo.* (src/engine/curve/slo.ts)", () => {
  it.each([
    [
      sloMessages.problem("infeasibleSlo", {
        slo: "P99 TTFT",
        valueMs: 21397.1,
        kind: "concurrency",
        at: 16,
        overMs: 20397.1,
        overPct: 2039.71,
        maxMs: 1000,
      }),
      "infeasible: P99 TTFT is 21,397.1 ms at the lowest load (concurrency 16), 20,397.1 ms (2,039.7 %) over the 1,000 ms limit",
      "不可行：最低负载（并发 16）下 P99 TTFT 为 21,397.1 ms，超出 1,000 ms 上限 20,397.1 ms（2,039.7 %）",
    ],
    [
      sloMessages.problem("interpolated", {
        slo: "P99 TTFT",
        maxMs: 1000,
        maxPct: 1,
        kind: "concurrency",
        at: 88.18,
        from: 64,
        toward: 512,
      }),
      "operating point interpolated to concurrency 88.18 between concurrency 64 and concurrency 512, where P99 TTFT reaches its 1,000 ms limit",
      "运行点插值到并发 88.18（介于并发 64 与并发 512 之间），此时 P99 TTFT 达到 1,000 ms 上限",
    ],
    [
      sloMessages.problem("interpolated", {
        slo: null,
        maxMs: 0,
        maxPct: 1,
        kind: "rps",
        at: 5.78,
        from: 2.61,
        toward: 7.88,
      }),
      "operating point interpolated to 5.78 req/s achieved between 2.61 req/s achieved and 7.88 req/s achieved, where the failed share reaches its 1 % limit",
      "运行点插值到实测 5.78 req/s（介于实测 2.61 req/s 与实测 7.88 req/s 之间），此时失败请求占比达到 1 % 上限",
    ],
    [
      sloMessages.problem("allPassHighest", { kind: "requestRate", at: "inf" }),
      "every point meets the SLOs: the operating point is the highest load measured (request rate ∞ req/s); capacity may be higher",
      "所有点都满足 SLO：运行点取测得的最高负载（请求速率 ∞ req/s），实际容量可能更高",
    ],
    [
      sloMessages.problem("cannotCheck", { kind: "concurrency", at: 16 }),
      "the SLOs cannot be checked at concurrency 16: a statistic is missing, so feasibility is unknown",
      "无法在并发 16 处检查 SLO：缺少统计量，可行性未知",
    ],
    [
      sloMessages.problem("missing", {
        slo: "P99 TTFT",
        missingAt: 1,
        n: 3,
        metric: "TTFT",
        available: ["p50", "p99"],
        ntpot: false,
      }),
      "P99 TTFT is missing at 1 of 3 points; this sweep has TTFT p50, p99",
      "缺少 P99 TTFT（3 个点中有 1 个缺失）；该扫描的 TTFT 只有 p50, p99",
    ],
    [
      sloMessages.problem("missing", {
        slo: "P95 ITL",
        missingAt: 2,
        n: 2,
        metric: "ITL",
        available: [],
        ntpot: false,
      }),
      "P95 ITL is missing; this sweep has no ITL statistics",
      "缺少 P95 ITL；该扫描没有 ITL 统计量",
    ],
    [
      sloMessages.problem(
        "substituted",
        { slo: "P95 ITL", used: "TPOT", metric: "ITL" },
        { subject: "L40S ×1" },
      ),
      "L40S ×1: SLO P95 ITL evaluated on TPOT: the sweep has no ITL",
      "L40S ×1：SLO P95 ITL 改用 TPOT 判断：该扫描没有 ITL",
    ],
    [
      sloMessages.problem("sorted", { by: "requestRate" }),
      "the sweep's points were not in load order; they were sorted by requestRate",
      "扫描的数据点未按负载顺序排列，已按请求速率排序",
    ],
  ] as const)("%#: renders %s", (p, en, zh) => {
    expect(both(p)).toEqual([en, zh]);
  });

  it("come from operatingPoint as values in the order of its warnings", () => {
    const op = operatingPoint(
      {
        points: [
          { concurrency: 16, requestRate: null, outputTokensPerSec: 10, ttftMs: { p99: 21397.1 } },
          { concurrency: 4, requestRate: null, outputTokensPerSec: 5, ttftMs: { p99: 25000 } },
        ],
      },
      [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
      "measured",
    );
    expect(op.problems.map((p) => p.code)).toEqual(["slo.sorted", "slo.infeasibleSlo"]);
    expect(op.problems[1]!.params).toMatchObject({
      slo: "P99 TTFT",
      kind: "concurrency",
      at: 4,
      valueMs: 25000,
      overMs: 24000,
      overPct: 2400,
      maxMs: 1000,
    });
    expect(enW(op)).toEqual(op.problems.map((p) => renderProblem(p, "en")));
    expect(renderProblem(op.problems[1]!, "zh")).toBe(
      "不可行：最低负载（并发 4）下 P99 TTFT 为 25,000 ms，超出 1,000 ms 上限 24,000 ms（2,400 %）",
    );
  });
});

describe("capacity.* (src/engine/chain/capacity.ts)", () => {
  it("renders the length and spare-replica warnings as before, with the workload as subject", () => {
    expect(
      both(
        capacityMessages.problem(
          "lengthMismatch",
          { which: "input", sweep: 1000, workload: 300, pct: 233.33 },
          { subject: "chat" },
        ),
      ),
    ).toEqual([
      "chat: the sweep's mean input length (1,000 tokens) differs from the workload's (300 tokens) by 233 %; capacity measured at other lengths may not hold (docs/capacity.md)",
      "chat：扫描的平均输入长度（1,000 tokens）与负载设定（300 tokens）相差 233 %；在其他长度下测得的容量未必成立（docs/capacity.md）",
    ]);
    const r = capacity(
      {
        gpusPerReplica: 1,
        pricePerGpuHour: 2,
        perWorkload: [
          {
            workload: { name: "chat", peakRps: 2, avgRps: 3, inputTokens: 300, outputTokens: 300 },
            replicaOutputTokensPerSec: 600,
            sweepMeanInputTokens: 1000,
          },
        ],
      },
      { elasticity: 0.8, redundancy: { spare: 1.5 } },
    );
    expect(r.problems.map((p) => p.code)).toEqual([
      "capacity.factorBelowOne",
      "capacity.spareFractional",
      "capacity.lengthMismatch",
      "capacity.forecastAbovePeak",
    ]);
    expect(capacityMessages.en(r.problems[1]!)).toBe(
      "spare replicas 1.5 is not a whole number: using 2",
    );
    expect(r.problems.map((p) => renderProblem(p, "zh"))).toEqual([
      "弹性系数 0.8 小于 1：规划容量低于实测需求",
      "备用副本数 1.5 不是整数：按 2 计",
      "chat：扫描的平均输入长度（1,000 tokens）与负载设定（300 tokens）相差 233 %；在其他长度下测得的容量未必成立（docs/capacity.md）",
      "chat：预测速率 3 req/s 高于峰值 2 req/s",
    ]);
  });
});

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
    const v = validatePlan({
      format: "capplan.plan/v1",
      title: "t",
      workloads: [
        { name: "chat (eu)", peakRps: 1, inputTokens: 10, outputTokens: 10 },
        { name: "docs", peakRps: 1, inputTokens: 10, outputTokens: 10 },
      ],
      slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
      skus: [
        {
          name: "A",
          gpusPerReplica: 1,
          pricePerGpuHour: 1,
          sweeps: {
            docs: { points: [{ concurrency: 1, outputTokensPerSec: 100, ttftMs: { p99: 5000 } }] },
          },
        },
        {
          name: "B",
          gpusPerReplica: 1,
          pricePerGpuHour: 1,
          sweeps: {
            "chat (eu)": { replicaOutputTokensPerSec: 50 },
            docs: { replicaOutputTokensPerSec: 50 },
          },
        },
      ],
    });
    if (!v.ok) expect(v.errors).toEqual([]);
    if (!v.ok) return;
    const r = computePlan(resolvePlan(v.plan));
    const a = r.skus[0]!;
    expect(a.errorProblems.map((p) => [p.code, p.path, p.subject])).toEqual([
      ["plan.noSweep", "skus[0].sweeps.chat (eu)", "skus[0] (chat (eu))"],
    ]);
    expect(a.errorProblems.map(englishOf)).toEqual([
      "skus[0] (chat (eu)): no sweep for this workload",
    ]);
    expect(a.infeasibleProblem?.code).toBe("plan.sloAtLowest");
    expect(renderProblem(a.infeasibleProblem!, "zh")).toBe(
      "P99 TTFT ≤ 1000 ms 在最低负载（1）下就不满足：5,000 ms，超出 4,000 ms（400 %）",
    );
    // A workload name with brackets stays whole in the error's path (the old regex cut it at ")").
    const e = r.errors.find((x) => x.problem?.code === "plan.noSweep")!;
    expect(e).toMatchObject({ path: "skus[0].sweeps.chat (eu)", kind: "INPUT" });
    expect(englishOf(e.problem)).toBe("no sweep for this workload");
    expect(localizeError(e, "zh")).toBe("该负载没有扫描数据");
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
    const v = validatePlan({
      format: "capplan.plan/v1",
      title: "t",
      workloads: [{ name: "chat", peakRps: 1, inputTokens: 10, outputTokens: 10 }],
      slo: [
        { metric: "ttft", stat: "mean", maxMs: 1000 },
        { metric: "itl", stat: "p50", maxMs: 50 },
      ],
      skus: [
        {
          name: "A",
          gpusPerReplica: 1,
          pricePerGpuHour: 1,
          sweeps: {
            chat: {
              points: [
                {
                  concurrency: 1,
                  outputTokensPerSec: 100,
                  ttftMs: { mean: 5000 },
                  itlMs: { p50: 10 },
                },
              ],
            },
          },
        },
        {
          name: "B",
          gpusPerReplica: 1,
          pricePerGpuHour: 1,
          sweeps: {
            chat: {
              points: [
                {
                  concurrency: 1,
                  outputTokensPerSec: 100,
                  ttftMs: { p99: 200 },
                  itlMs: { mean: 10 },
                },
              ],
            },
          },
        },
      ],
    });
    if (!v.ok) expect(v.errors).toEqual([]);
    if (!v.ok) return;
    const r = computePlan(resolvePlan(v.plan));
    const a = r.skus[0]!.infeasibleProblem!;
    expect(a.code).toBe("plan.sloAtLowest");
    // 5000 ms against 1000 ms: 4000 ms, 400 % over
    expect(both(a)).toEqual([
      "mean TTFT ≤ 1000 ms fails already at the lowest load (1): 5,000 ms, 4,000 ms (400 %) over",
      "mean TTFT ≤ 1000 ms 在最低负载（1）下就不满足：5,000 ms，超出 4,000 ms（400 %）",
    ]);
    const b = r.skus[1]!.infeasibleProblem!;
    expect(b.code).toBe("plan.statsMissing");
    expect(both(b)).toEqual([
      "mean TTFT is missing; the sweep has p99; P50 ITL is missing; the sweep has mean",
      "缺少 mean TTFT；该扫描只有 p99；缺少 P50 ITL；该扫描只有 mean",
    ]);
    expect(JSON.stringify(r)).not.toMatch(/MEAN|MEDIAN/);
  });
});

describe("formula.* (src/engine/formula/*.ts)", () => {
  it("gives every sheet error as a value: cycles, unknown names, refused functions, results and errors inherited from a cell read", () => {
    const sheet = new Sheet([
      ["cells.a", "=b + 1"],
      ["cells.b", "=a * 2"],
      ["cells.c", "=nope * 2"],
      ["cells.d", "=1/0"],
      ["cells.e", "=import(1)"],
      ["cells.f", "=d + 1"],
      ["cells.g", "=(1 > 0)"],
      ["cells.h", '="x"'],
    ]);
    const byPath = new Map(sheet.errors().map((e) => [e.path, e]));
    const at = (p: string) => {
      const e = byPath.get(p)!;
      expect(e.problem?.path).toBe(p);
      expect(renderProblem(e.problem!, "en")).toBe(e.message);
      return [e.problem!.code, e.message, renderProblem(e.problem!, "zh")];
    };
    expect(at("cells.a")).toEqual([
      "formula.cycle",
      "circular reference: cells.a → cells.b → cells.a",
      "循环引用：cells.a → cells.b → cells.a",
    ]);
    expect(at("cells.c")).toEqual([
      "formula.unknownNames",
      "unknown name `nope` in cells.c (no cell cells.nope)",
      "cells.c 中有未知名称 `nope`（没有单元格 cells.nope）",
    ]);
    expect(at("cells.d")).toEqual([
      "formula.resultInfinite",
      "result is Infinity (division by zero?), not a finite number",
      "结果是 Infinity（除以零？），不是有限数",
    ]);
    expect(at("cells.e")[0]).toBe("formula.functionNotAllowed");
    expect(at("cells.e")[2]).toMatch(/^公式中不允许使用 `import`；可用的函数：abs, /);
    expect(at("cells.f")).toEqual([
      "formula.dependsOn",
      "depends on cells.d, which has an error: result is Infinity (division by zero?), not a finite number",
      "依赖的 cells.d 有错误：结果是 Infinity（除以零？），不是有限数",
    ]);
    expect(at("cells.g")).toEqual([
      "formula.resultBoolean",
      "result is true, not a number (use c ? a : b)",
      "结果是 true，不是数字（请用 c ? a : b）",
    ]);
    expect(at("cells.h")).toEqual([
      "formula.textNotNumber",
      'text ("x") is not a number',
      '文本（"x"）不是数字',
    ]);
  });

  it("names a large loop once, with the members past 30 counted, and points the other members at it", () => {
    const n = 40;
    const sheet = new Sheet(
      Array.from({ length: n }, (_, i) => [`cells.c${i}`, `=c${(i + 1) % n} + 1`] as const),
    );
    const first = sheet.errors().find((e) => e.path === "cells.c0")!;
    expect(renderProblem(first.problem!, "zh")).toBe(
      `循环引用：${Array.from({ length: 30 }, (_, i) => `cells.c${i}`).join(" → ")} → … 另 10 项 → cells.c0`,
    );
    expect(first.message).toBe(
      `circular reference: ${Array.from({ length: 30 }, (_, i) => `cells.c${i}`).join(" → ")} → … 10 more → cells.c0`,
    );
    const other = sheet.errors().find((e) => e.path === "cells.c7")!;
    expect([other.message, renderProblem(other.problem!, "zh")]).toEqual([
      "circular reference: part of the loop of 40 entries reported at cells.c0",
      "循环引用：属于在 cells.c0 处报告的含 40 项的循环",
    ]);
  });

  it("reaches plan errors, so the status bar and the CLI render them in Chinese", () => {
    const v = validatePlan({
      format: "capplan.plan/v1",
      title: "t",
      cells: { peak: "=1/0" },
      workloads: [{ name: "chat", peakRps: "=peak", inputTokens: 10, outputTokens: 10 }],
      slo: [],
      skus: [],
    });
    if (!v.ok) expect(v.errors).toEqual([]);
    if (!v.ok) return;
    const r = computePlan(resolvePlan(v.plan));
    const e = r.errors.find((x) => x.path === "workloads[0].peakRps")!;
    expect(e.problem?.code).toBe("formula.dependsOn");
    expect(localizeError(e, "zh")).toBe(
      "依赖的 cells.peak 有错误：结果是 Infinity（除以零？），不是有限数",
    );
  });
});

describe("planFile.* and json.* (src/engine/plan/plan-file.ts, json-error.ts)", () => {
  it("gives every validation issue as a value at its path, in the Chinese the sentence table gave", () => {
    const v = validatePlan({
      format: "capplan.plan/v1",
      title: "t",
      workloads: [{ name: "chat", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
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
    const v = validatePlan({
      format: "capplan.plan/v1",
      title: "t",
      workloads: [
        { name: "chat", peakRps: -1, inputTokens: 1, outputTokens: 1 },
        { name: "chat", peakRps: 1, inputTokens: 1, outputTokens: 1 },
      ],
      slo: [],
      skus: [],
    });
    if (v.ok) return expect(v.ok).toBe(false);
    const text = (code: string) =>
      v.errors
        .filter((e) => e.problem?.code === code)
        .map((e) => [e.message, localizeError(e, "zh")]);
    expect(text("planFile.range")).toEqual([
      [
        "expected from 0 up to 1e9 (requests per second), got -1",
        "应在 0 至 1e9 之间（请求/秒），实际为 -1",
      ],
    ]);
    expect(text("planFile.duplicate")).toEqual([
      [
        'duplicate workload name "chat" (also at workloads[0].name)',
        '负载名称 "chat" 重复（另见 workloads[0].name）',
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
      const src = planFileSrc;
      const phrases = [...src.matchAll(/\.issue\([^,]+, "([^"]+)"/g)]
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
    const v = validatePlan({
      format: "capplan.plan/v1",
      title: "t",
      workload: { name: "a", peakRps: 1, inputTokens: 1, outputTokens: 1 },
      workloads: [],
      slo: [],
      skus: [{ name: "A", gpusPerReplica: 1, pricePerGpuHour: 1, sweeps: {} }],
    });
    if (!v.ok) return expect(v.ok).toBe(true);
    expect(v.warnings).toEqual([
      "both `workloads` and `workload` are given; `workloads` is used",
      "the plan has no workloads",
    ]);
    expect(v.problems?.map((p) => renderProblem(p, "zh"))).toEqual([
      "同时给出了 `workloads` 和 `workload`；使用 `workloads`",
      "计划中没有负载",
    ]);
    const w = validatePlan({
      format: "capplan.plan/v1",
      title: "t",
      workloads: [{ name: "chat", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
      slo: [],
      skus: [{ name: "A", gpusPerReplica: 1, pricePerGpuHour: 1, sweeps: {} }],
    });
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
