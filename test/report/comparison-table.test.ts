/**
 * The SKU comparison as typed rows (docs/architecture.md): one `{ key, cells: { kind, value } }`
 * row per metric, rendered by `cellText` for the CLI's text table, the Markdown report and the
 * app alike; one SLO label (`sloText`) and one number formatter (`fmtValue`).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadPlan } from "../../src/cli/plan-loader";
import { fmtNum, fmtValue } from "../../src/engine/base/number-format";
import { computePlan } from "../../src/engine/plan/plan";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import { sloText } from "../../src/engine/curve/slo-label";
import type { PlanFile } from "../../src/engine/base/types";
import { words } from "../words";
import type { ComparisonCell as Cell } from "../../src/report/comparison-table";
import {
  COMPARISON_KEYS,
  cellText,
  comparisonTable,
  comparisonText,
  planText,
} from "../../src/report/plan-output";

const load = (f: string) =>
  computePlan(resolvePlan(JSON.parse(readFileSync(`models/examples/${f}`, "utf8")) as PlanFile));

describe("typed comparison rows", () => {
  it("the seed example: every row in order, typed values from the plan's numbers", () => {
    const r = load("seed.json");
    const rows = comparisonTable(r);
    expect(rows.map((x) => x.key)).toEqual([...COMPARISON_KEYS]);
    const cell = (k: string) => rows.find((x) => x.key === k)!.cells[0]!;
    // 50 RPS × 300 output tokens ÷ 1,500 tok/s = 10 base replicas; × 1.2 × 1.2 = 14.4 → 15; × 4 GPUs = 60; × 20 CNY = 1,200 CNY/h.
    const keys = words(
      "replicasBase replicasRaw replicas gpus perHour perDay binding checked basis reason",
    );
    expect(keys.map(cell)).toEqual([
      { kind: "number", value: 10, digits: 2 },
      { kind: "number", value: expect.closeTo(14.4, 12), digits: 2 },
      { kind: "number", value: 15, digits: 0 },
      { kind: "number", value: 60, digits: 0 },
      { kind: "money", value: 1200 },
      { kind: "money", value: 28800 },
      // The capacity is given: nothing bound it, and it was not checked against the SLOs.
      { kind: "binding", value: null },
      { kind: "checked", value: false },
      { kind: "basis", value: "given" },
      { kind: "message", value: null },
    ]);
  });

  it("as text: the binding and reason rows (empty for every SKU) are left out, labels in the language", () => {
    const r = load("seed.json");
    const en = comparisonText(r, "en");
    // The seed plan has no schedule and no model: its schedule rows (docs/schedules.md) and its
    // KV row (docs/memory.md) are empty and left out too.
    expect(en.map((x) => x.key)).toEqual(
      COMPARISON_KEYS.filter(
        (k) => k !== "binding" && k !== "reason" && k !== "kv" && !k.startsWith("sched"),
      ),
    );
    const row = (rows: typeof en, key: string) => rows.find((x) => x.key === key);
    expect(row(en, "replicas")).toEqual({ key: "replicas", label: "Replicas", cells: ["15"] });
    expect([row(en, "perHour")!.cells, row(en, "op")!.cells]).toEqual([
      ["¥1,200.00"],
      ["given, 1,500 tok/s"],
    ]);
    const zh = comparisonText(r, "zh");
    expect(row(zh, "replicas")).toEqual({ key: "replicas", label: "副本数", cells: ["15"] });
    expect(row(zh, "checked")!.cells).toEqual(["否（容量为给定或估算值）"]);
  });

  it("the binding SLO of a measured SKU is one label, the same in the text table", () => {
    const r = loadPlan("models/examples/multi-sku.json").result;
    const binding = comparisonTable(r).find((x) => x.key === "binding")!;
    expect(binding.cells.map((c) => cellText(c, "en", r.currency))).toEqual([
      "P99 TTFT ≤ 1000 ms",
      "P99 TTFT ≤ 1000 ms",
      "—",
    ]);
    expect(planText(r)).toMatch(
      /^Binding SLO {2,}P99 TTFT ≤ 1000 ms {2,}P99 TTFT ≤ 1000 ms {2,}—$/m,
    );
  });

  const op = {
    ...{ concurrency: 16, requestRate: null, rps: 1.5, outputTokensPerSec: 1662.4 },
    ...{ totalTokensPerSec: null, basis: "measured" as const, bindingSlo: null },
    ...{ bindingErrorRate: false, sloBinding: true },
  } as const;
  const errorRate = { kind: "errorRate", maxPct: 1 } as const;
  it.each<[Cell, "en" | "zh", string, string]>([
    [{ kind: "binding", value: errorRate }, "en", "USD", "failed share ≤ 1 %"],
    [{ kind: "binding", value: errorRate }, "zh", "USD", "失败请求占比 ≤ 1 %"],
    [{ kind: "binding", value: { kind: "none" } }, "en", "USD", "none (all points pass)"],
    [{ kind: "feasible", value: null }, "zh", "USD", "未知"],
    [{ kind: "percent", value: 21.2962, digits: 1 }, "en", "USD", "21.3 %"],
    [{ kind: "percent", value: null, digits: 1 }, "en", "USD", "—"],
    [{ kind: "number", value: 14.399999999999999, digits: 2 }, "en", "USD", "14.4"],
    [{ kind: "number", value: null, digits: 0 }, "en", "USD", "—"],
    [{ kind: "money", value: 0.00444 }, "en", "EUR", "€0.00444"],
    [{ kind: "message", value: null }, "en", "USD", ""],
    [
      {
        kind: "operatingPoint",
        value: [
          { workload: "chat", op },
          { workload: "batch", op: null },
        ],
      },
      "en",
      "USD",
      "chat: concurrency 16, 1,662 tok/s; batch: —",
    ],
  ])("renders the cell %j in %s (%s) as %j", (cell, lang, currency, text) => {
    expect(cellText(cell, lang, currency)).toBe(text);
  });
});

describe("one SLO label", () => {
  it("names the statistic and metric as written, upper-cased, with the limit when asked", () => {
    const plain = [
      sloText({ metric: "ttft", stat: "p99" }),
      sloText({ metric: "ttft", stat: "median" }),
    ];
    expect([...plain, sloText({ metric: "ttft", stat: "Mean" })]).toEqual([
      "P99 TTFT",
      "P50 TTFT",
      "mean TTFT",
    ]);
    expect(sloText({ metric: "e2e", stat: "mean", maxMs: 2500 }, {})).toBe("mean E2E ≤ 2500 ms");
    expect(
      sloText(
        { metric: "itl", stat: "p99.9", maxMs: 12345.5 },
        { sign: "<", format: (ms) => fmtValue(ms, 1) },
      ),
    ).toBe("P99.9 ITL < 12,345.5 ms");
    expect(sloText({ metric: "itl", stat: "p95", maxMs: null }, { sign: "<" })).toBe(
      "P95 ITL < ? ms",
    );
  });
});

describe("one number formatter", () => {
  it("fmtValue is fmtNum with a dash for an absent or non-finite value", () => {
    expect([fmtValue(1234.5678), fmtValue(1234.5678, 0)]).toEqual(["1,234.57", "1,235"]);
    const absent = [fmtValue(null), fmtValue(undefined, 0), fmtValue(NaN), fmtValue(Infinity)];
    expect([...absent, fmtNum(Infinity)]).toEqual(["—", "—", "—", "—", "∞"]);
  });

  it("writes what Intl writes for English and Chinese alike (so no language is passed)", () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const xs = [
      0, -0, 1, -1, 0.5, 2.5, -2.5, 0.005, 0.00123, 1e-7, 1234.5678, 1e9, 1e15, 1e21, -0.25,
      12_345_678.9,
    ];
    for (let i = 0; i < 2000; i++) xs.push((rand() - 0.5) * 10 ** (rand() * 20 - 6));
    for (const digits of [0, 1, 2, 4]) {
      const en = new Intl.NumberFormat("en-US", { maximumFractionDigits: digits });
      const zh = new Intl.NumberFormat("zh-CN", { maximumFractionDigits: digits });
      for (const x of xs) {
        expect(fmtValue(x, digits)).toBe(en.format(x));
        expect(fmtValue(x, digits)).toBe(zh.format(x));
      }
    }
  });
});
