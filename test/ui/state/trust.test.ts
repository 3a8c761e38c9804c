import { createRoot } from "solid-js";
import { describe, expect, it, test } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import { emptyPlan } from "../../../src/ui/state/plan-edit";
import {
  exportItems,
  exportWarning,
  needsConfirm,
  withExportWarning,
  trustSummary,
  trustText,
} from "../../../src/ui/state/trust";
import { createWorkbook } from "../../../src/ui/state/workbook";
import { planWithSweep, seed, sweep } from "./bench-plan";

/** `planWithSweep(2.5)` with a change made to it. */
const priced = (change: (p: PlanFile) => void) => {
  const p = planWithSweep(2.5);
  change(p);
  return p;
};

/** Teams on one pool "chat" of the sweep's SKU (token shares, idle spread). */
type Tenants = NonNullable<PlanFile["tenants"]>;
const teams = (usage: Tenants["usage"]): Tenants => ({
  method: "tokens",
  idle: "proportional",
  pools: [{ name: "chat", sku: "H100-SXM" }],
  usage,
});

type Workbook = ReturnType<typeof createWorkbook>;

/** The trust state and the result of a workbook on `plan` after `fn`'s edits. */
const open = (plan: PlanFile, fn?: (wb: Workbook) => void) =>
  createRoot((dispose) => {
    const wb = createWorkbook(plan);
    fn?.(wb);
    const out = { s: wb.trust(), result: wb.computed().result };
    dispose();
    return out;
  });
const state = (plan: PlanFile, fn?: (wb: Workbook) => void) => open(plan, fn).s;

describe("trust state", () => {
  it.each([
    [
      "a checked, priced, warning-free plan is green",
      planWithSweep(2.5),
      {
        level: "ok",
        rec: { kind: "recommended" },
        kinds: [],
        summary: "✓ Every number checked",
        warning: null,
      },
    ],
    [
      "New plan is not green: no SKU yet",
      emptyPlan("new"),
      { level: "warn", rec: { kind: "none" }, kinds: ["noSkus"] },
    ],
    [
      "a formula error is an error even when a SKU is still recommended",
      priced((p) => (p.cells = { ...p.cells, bad: "=nosuch + 1" })),
      { level: "error", rec: { kind: "recommended" }, warning: expect.stringMatching(/^WARNING/) },
    ],
    [
      "a typed-in (unchecked) capacity is never green, its recommendation marked unchecked",
      seed,
      {
        level: "warn",
        rec: { kind: "recommended", checked: false },
        kinds: expect.arrayContaining(["unchecked"]),
      },
    ],
    [
      "no feasible SKU is said, not green",
      priced((p) => (p.slo = [{ metric: "ttft", stat: "p99", maxMs: 10 }])),
      { level: "warn", rec: { kind: "infeasible" } },
    ],
  ])("%s", (_name, plan, want) => {
    const s = state(plan);
    expect({
      level: s.level,
      rec: s.recommendation,
      kinds: s.items.map((i) => i.kind),
      summary: trustSummary(s, "en"),
      warning: exportWarning(s, "en")?.[0] ?? null,
    }).toMatchObject(want);
  });

  test("a new sweep without a price needs a price: flagged, not an error, and the recommendation says so", () => {
    const s = state(planWithSweep(""));
    expect(s.level).toBe("warn");
    expect(s.items.map((i) => i.kind)).toEqual(["needsPrice"]);
    expect(s.items[0]!.where).toEqual({
      path: "skus[0].pricePerGpuHour",
      sheet: "benchmarks",
      testId: "sku-price-0",
    });
    expect(s.recommendation).toEqual({ kind: "needsPrice", skus: ["H100-SXM"] });
    expect(trustText(s.items[0]!, "zh")).toContain("需要每 GPU 小时价格");
  });

  test("usage rows naming a missing pool are one error item pointing at the Teams sheet", () => {
    const use = (team: string) => ({ team, pool: "llama-70b", inputTokens: 100, outputTokens: 10 });
    const s = state(priced((p) => (p.tenants = teams(["a", "b", "c"].map(use)))));
    expect(s.level).toBe("error");
    const u = s.items.filter((i) => i.kind === "usagePool");
    expect(u).toHaveLength(1);
    expect(trustText(u[0]!, "en")).toContain("3 of 3 usage row(s)");
    expect(u[0]!.where).toMatchObject({ sheet: "teams", testId: "usage:0:pool" });
  });

  test("a file dropped from an imported folder is never green: one 'dropped' item naming the file, pointing at the sweep card", () => {
    const sw = sweep();
    const file = "run/vllm-infqps-concurrency16-x.json";
    sw.dropped = [{ file, line: 1, column: 301, reason: "invalid JSON" }];
    const p = planWithSweep(2.5, sw);
    // The plan keeps it (a reload or a share link still says so).
    expect(p.skus[0]!.sweep!.dropped).toEqual(sw.dropped);
    const s = state(p);
    expect(s.level).toBe("warn");
    expect(s.items.map((i) => [i.kind, i.where.sheet, i.where.testId])).toEqual([
      ["dropped", "benchmarks", "sweep-card-0"],
    ]);
    const en =
      "H100-SXM: 1 file(s) of its folder could not be read and were dropped (vllm-infqps-concurrency16-x.json); the sweep lacks their load levels";
    expect(trustText(s.items[0]!, "en")).toBe(en);
    expect(trustText(s.items[0]!, "zh")).toBe(
      "H100-SXM：其文件夹中有 1 个文件无法读取，已被丢弃（vllm-infqps-concurrency16-x.json）；该扫描缺少这些负载级别",
    );
    expect(trustSummary(s, "en")).toBe(`1 to check: ${en}`);
    // The recommendation still stands (the sweep is usable), and the exports carry the warning.
    expect(s.recommendation.kind).toBe("recommended");
    expect(exportWarning(s, "en")).toHaveLength(2);
  });

  test("picking a GPU for a SKU without a price fills the catalogue price, flagged 'defaulted' (never green) until the planner types one", () => {
    const s = state(planWithSweep(""), (wb) => {
      expect(wb.setGpu(0, "l40s")).toBe(true);
      expect(wb.plan.skus[0]!.pricePerGpuHour).toBe(1.09);
      expect(wb.plan.skus[0]!.priceDefault?.retrieved).toBe("2026-09-25");
    });
    expect(s.level).toBe("warn");
    expect(s.items.map((i) => [i.kind, i.where.testId])).toEqual([["defaulted", "sku-price-0"]]);
    expect(trustText(s.items[0]!, "en")).toBe(
      "H100-SXM: defaulted price $1.09 per GPU-hour, the catalogue's indicative on-demand price for l40s (2026-09-25): enter your own",
    );
    expect(s.recommendation.kind).toBe("recommended");
    // Another GPU follows while the price is still the default; a GPU without a catalogue price empties it.
    const next = state(planWithSweep(""), (wb) => {
      wb.setGpu(0, "l40s");
      wb.setGpu(0, "h200");
      expect(wb.plan.skus[0]!.pricePerGpuHour).toBe(4.59);
      wb.setGpu(0, "l4");
      expect(wb.plan.skus[0]!.pricePerGpuHour).toBe("");
      expect(wb.plan.skus[0]!.priceDefault).toBeUndefined();
    });
    expect(next.items.map((i) => i.kind)).toEqual(["needsPrice"]);
    // A typed price is the planner's own, even the same number: green.
    const typed = state(planWithSweep(""), (wb) => {
      wb.setGpu(0, "l40s");
      wb.setNumber("skus[0].pricePerGpuHour", "1.09");
      expect(wb.plan.skus[0]!.priceDefault).toBeUndefined();
    });
    expect(typed.level).toBe("ok");
    // A price already typed is never replaced by a pick.
    const kept = state(planWithSweep(2.5), (wb) => expect(wb.setGpu(0, "l40s")).toBe(false));
    expect(kept.level).toBe("ok");
  });
});

describe("trustState: a rejected entry at a path", () => {
  // What the status bar says, and where it sends the planner, for an entry typed at each path:
  // `path: "raw" was not taken (why)`, and for a word the plan's value still in use.
  it.each([
    ["slo[0].metric#text", "ttf", "; the plan still uses TTFT", "assumptions", "slo:0:metric"],
    ["slo[0].stat#text", "p1000", "; the plan still uses P99", "assumptions", "slo:0:stat"],
    ["slo[0].maxMs", "soon", "", "assumptions", "slo:0:maxMs"],
    ["skus[0].pricePerGpuHour", "cheap", "", "benchmarks", "sku-price-0"],
    ["tenants.usage[2].inputTokens", "many", "", "teams", "usage:2:inputTokens"],
  ])("%s = %s", (path, raw, still, sheet, testId) => {
    const why = "metric must be one of ttft, itl";
    const s = state(planWithSweep(2.5), (wb) => wb.reject(path, raw, why));
    const text = `${path.replace("#text", "")}: "${raw}" was not taken (${why})${still}`;
    expect(s.level).toBe("error");
    expect(s.items[0]!.kind).toBe("rejected");
    expect(trustText(s.items[0]!, "en")).toBe(text);
    expect(s.items[0]!.where).toMatchObject({ sheet, testId });
    expect(trustSummary(s, "en")).toBe(`1 error(s): ${text}`);
  });
});

describe("export warnings", () => {
  test("only an item that makes a number wrong or unchecked asks before an export; an informational note does not", () => {
    // Every point of this sweep meets P99 TTFT ≤ 60 s: the engine's note "capacity may be higher" (info).
    const s = state(priced((p) => (p.slo = [{ metric: "ttft", stat: "p99", maxMs: 60_000 }])));
    const notes = s.items.filter((i) => i.kind === "warning");
    expect(notes.map((i) => trustText(i, "en")).join("\n")).toMatch(/capacity may be higher/);
    expect(notes.map(needsConfirm)).toEqual(notes.map(() => false));
    // The seed's capacity is given, never checked: that asks.
    const unchecked = state(seed).items.filter((i) => i.kind === "unchecked");
    expect(unchecked.length).toBeGreaterThan(0);
    expect(unchecked.every(needsConfirm)).toBe(true);
  });
  test("Markdown gets a quoted block (none without a warning); the seed's given pool cost does not depend on its unchecked SKU", () => {
    expect(withExportWarning("## Report\n", null)).toBe("## Report\n");
    const { s, result } = open(seed);
    expect(exportWarning(exportItems(s, seed, result, "allocation"), "en")).toBeNull();
    const w = exportWarning(exportItems(s, seed, result, "report"), "en")!;
    expect(w[0]).toBe("WARNING: some numbers in this file are not checked or not right:");
    expect(w.some((l) => l.includes("H100 TP4: capacity given or estimated"))).toBe(true);
    expect(withExportWarning("## Report\n", w)).toMatch(
      /^> \*\*⚠ WARNING[^\n]*\n> - H100 TP4[^\n]*\n\n## Report\n$/,
    );
  });
  test("an unchecked SKU no pool takes its cost from does not mark the allocation export", () => {
    const p = priced((p) => {
      const guess = { replicaOutputTokensPerSec: 10 };
      p.skus.push({ name: "guess", gpusPerReplica: 1, pricePerGpuHour: 1, sweep: guess });
      p.tenants = teams([{ team: "a", pool: "chat", inputTokens: 1, outputTokens: 1 }]);
    });
    const r = open(p);
    expect(r.s.level).toBe("warn");
    expect(exportItems(r.s, p, r.result, "allocation")).toEqual([]);
    expect(exportItems(r.s, p, r.result, "report").map((i) => i.kind)).toContain("unchecked");
  });
});
