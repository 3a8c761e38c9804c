/**
 * src/engine/chain/capacity-messages.ts (capacity.*): the length and spare-replica warnings in
 * English and Chinese, with the workload as subject, as capacity() gives them.
 */
import { describe, expect, it } from "vitest";
import type { Problem } from "../../../src/engine/base/problems";
import { capacity } from "../../../src/engine/chain/capacity";
import { capacityMessages } from "../../../src/engine/chain/capacity-messages";
import { renderProblem } from "../../../src/report/messages";

const both = (p: Problem<object>) => [renderProblem(p, "en"), renderProblem(p, "zh")];

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
