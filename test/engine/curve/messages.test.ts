/**
 * src/engine/curve/messages.ts, the operating point's catalogue (slo.*): each message in English as
 * the CLI's warnings[] contract has it and in Chinese from its code; operatingPoint gives them.
 */
import { describe, expect, it } from "vitest";
import type { Problem } from "../../../src/engine/base/problems";
import { englishOf } from "../../../src/engine/base/problems";
import { sloMessages } from "../../../src/engine/curve/messages";
import { operatingPoint } from "../../../src/engine/curve/slo";
import { renderProblem } from "../../../src/report/messages";

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
    expect(op.problems.map(englishOf)).toEqual(op.problems.map((p) => renderProblem(p, "en")));
    expect(renderProblem(op.problems[1]!, "zh")).toBe(
      "不可行：最低负载（并发 4）下 P99 TTFT 为 25,000 ms，超出 1,000 ms 上限 24,000 ms（2,400 %）",
    );
  });
});
