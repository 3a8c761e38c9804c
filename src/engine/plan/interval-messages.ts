/**
 * Problems of error bars (src/engine/plan/interval.ts, code `interval.*`). See
 * docs/uncertainty.md and docs/problems.md. Chinese terms: 误差范围 (error bars), 重复运行
 * (repeated runs), 运行点 (operating point), 负载档位 (load level).
 */
import { defineMessages, message } from "../base/problems";
import { loadEn, loadZh, type LoadParam } from "../curve/messages";
import type { LoadKind } from "../curve/load";

type At = { kind: LoadKind | null; at: LoadParam };

export const intervalMessages = defineMessages("interval", {
  noRepeats: message({
    severity: "info",
    en: (_: Record<string, never>) =>
      "no error bars: the operating point has no repeated runs; three or more runs per load level give error bars",
    zh: () => "无误差范围：运行点没有重复运行；每个负载档位运行三次或以上即可得到误差范围",
  }),
  repeatFailsSlo: message({
    severity: "warning",
    en: (p: At & { n: number; held: number; failed: readonly string[] }) =>
      `the operating point (${loadEn(p.kind, p.at)}) passes on the median of its ${p.n} runs, but the SLOs held in only ${p.held} of them (${p.failed.join(", ")} failed in ${p.n - p.held})`,
    zh: (p) =>
      `运行点（${loadZh(p.kind, p.at)}）按 ${p.n} 次运行的中位数满足 SLO，但只有 ${p.held} 次运行满足（${p.failed.join("、")} 在 ${p.n - p.held} 次中未满足）`,
  }),
});
