import { describe, expect, it } from "vitest";
import type { SkuWorkloadResult } from "../../../../src/engine/plan/plan";
import { SweepMeta } from "../../../../src/ui/components/sweep/SweepMeta";
import { renderInWorkbook } from "../../render-workbook";

const info = { label: "vllm · H100", source: { format: "vllm" } };
const op = { concurrency: 16, requestRate: null, outputTokensPerSec: 1637.1, basis: "measured" };
const result = (over: object) =>
  ({ operatingPoint: op, feasible: true, ...over }) as unknown as SkuWorkloadResult;

describe("SweepMeta", () => {
  it.each([
    ["en", 4, null, "vllm · H100 · vllm · 4 load levels"],
    ["en", 1, null, "vllm · H100 · vllm · 1 load level"],
    [
      "en",
      4,
      result({}),
      "vllm · H100 · vllm · 4 load levels · operating point 16 → 1,637 tok/s (measured)",
    ],
    [
      "zh",
      4,
      result({ operatingPoint: null, feasible: false }),
      "vllm · H100 · vllm · 4 个负载档位 · 没有任何负载档位满足 SLO",
    ],
  ] as const)("%s, %i points: %s", (lang, points, r, text) => {
    renderInWorkbook(() => <SweepMeta info={info} points={points} result={r} />, { lang });
    expect(document.querySelector(".card-meta")!.textContent).toBe(text);
  });
});
