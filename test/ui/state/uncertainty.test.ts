import { describe, expect, it } from "vitest";
import type { SkuResult } from "../../../src/engine/plan/plan-result";
import { intervalSentence, rangeText } from "../../../src/ui/state/uncertainty";

const sku = (interval: SkuResult["interval"], capacity = true) =>
  ({ interval, capacity: capacity ? {} : null, intervalNote: null }) as unknown as SkuResult;
const iv = (replicas: [number, number]) => ({
  outputTokensPerSec: [1375.79, 1624.21] as [number, number],
  replicas,
  costPerHour: [1120, 1280] as [number, number],
  costPerMillionOutputTokens: [13.68, 16.15] as [number, number],
});

describe("rangeText", () => {
  it.each([
    ["replicas", "en", "14–16"],
    ["perHour", "en", "$1,120.00–$1,280.00"],
    ["perMonth", "en", ""],
  ])("%s (%s) → %s", (key, lang, text) => {
    expect(rangeText(sku(iv([14, 16])), key, lang as "en", "USD")).toBe(text);
  });
  it("one number when both ends agree; nothing without an interval", () => {
    expect(rangeText(sku(iv([15, 15])), "replicas", "en", "USD")).toBe("15");
    expect(rangeText(sku(null), "replicas", "en", "USD")).toBe("");
  });
});

describe("intervalSentence", () => {
  it("a range across a step is said in words, in English and Chinese", () => {
    expect(intervalSentence(sku(iv([14, 16])), "en")).toBe(
      "14–16 replicas: the range straddles a step, so the fleet size depends on which run was right",
    );
    expect(intervalSentence(sku(iv([14, 16])), "zh")).toBe(
      "14–16 个副本：范围跨过一个台阶，集群规模取决于哪次运行更准",
    );
  });
  it("steady, no repeats, no capacity", () => {
    expect(intervalSentence(sku(iv([15, 15])), "en")).toBe("15 replicas at both ends");
    expect(intervalSentence(sku(null), "en")).toBe("no repeats");
    expect(intervalSentence(sku(null, false), "en")).toBe("");
  });
});
