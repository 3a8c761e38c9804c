import { readFileSync } from "node:fs";
import { createRoot } from "solid-js";
import { describe, expect, test } from "vitest";
import { computePlan } from "../../src/engine/plan";
import { resolvePlan } from "../../src/engine/resolve";
import type { PlanFile, Sweep } from "../../src/engine/types";
import { allocationLines } from "../../src/report/allocation-csv";
import { serializeSaved } from "../../src/share/saved";
import { allocationBarChart, allocationDoughnut, IDLE_COLOR } from "../../src/ui/charts/alloc-charts";
import { parseMarkdown, tableCells } from "../../src/ui/components/MarkdownView";
import { checkPlanFile } from "../../src/ui/state/open-plan";
import { fileStem, restoreAutosave } from "../../src/ui/state/persist";
import { conservation, looksLikeUsageHeader, monthPeriod } from "../../src/ui/state/usage-edit";
import { createWorkbook, HISTORY_LIMIT } from "../../src/ui/state/workbook";

const seed = JSON.parse(readFileSync("models/examples/seed.json", "utf8")) as PlanFile;
const result = (p: PlanFile) => computePlan(resolvePlan(p));

describe("restoreAutosave", () => {
  test("a plan saved with an imported SKU's empty price is restored as it was", () => {
    const plan = structuredClone(seed);
    plan.skus.push({ name: "L40S", gpusPerReplica: 1, pricePerGpuHour: "", sweep: { points: [{ concurrency: 1, requestRate: null, rps: 1 }] } });
    const r = restoreAutosave(serializeSaved(plan, new Date("2025-01-02T03:04:05Z")));
    expect(r.kind).toBe("ok");
    expect(r.kind === "ok" && r.plan).toEqual(plan);
    expect(r.kind === "ok" && r.savedAt).toBe("2025-01-02T03:04:05.000Z");
  });
  test("not JSON, a foreign object and a broken plan are corrupt and keep the raw text", () => {
    const notJson = restoreAutosave("{oops");
    expect(notJson).toMatchObject({ kind: "corrupt", raw: "{oops" });
    expect(notJson.kind === "corrupt" && notJson.reason).toContain("not JSON");
    expect(restoreAutosave('{"hello":1}')).toMatchObject({ kind: "corrupt", raw: '{"hello":1}' });
    // skus must be an array: a real shape problem, not an empty cell, so it is not loaded.
    const broken = JSON.stringify({ app: "capplan", schemaVersion: 2, savedAt: "", plan: { ...seed, skus: "x" } });
    const r = restoreAutosave(broken);
    expect(r.kind).toBe("corrupt");
    expect(r.kind === "corrupt" && r.reason).toContain("plan.skus");
  });
  test("a schema 1 save migrates; nothing stored is empty", () => {
    const r = restoreAutosave(JSON.stringify({ schemaVersion: 1, savedAt: "2024-05-01T00:00:00Z", workbook: seed }));
    expect(r).toMatchObject({ kind: "ok", migratedFrom: 1, savedAt: "2024-05-01T00:00:00Z" });
    expect(restoreAutosave(null)).toEqual({ kind: "empty" });
  });
});

describe("checkPlanFile", () => {
  test("a broken formula is refused with its path, and the plan can still be opened on request", () => {
    const plan = structuredClone(seed);
    plan.cells!.peak_rps = "=avg_rps *";
    const r = checkPlanFile(JSON.stringify(plan));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.path)).toContain("cells.peak_rps");
    expect(r.problems.find((p) => p.path === "cells.peak_rps")!.message).toMatch(/^#PARSE/);
    expect(r.openable?.title).toBe(seed.title);
  });
  test("shape errors name each path and cannot be opened; JSON errors give line and column", () => {
    const r = checkPlanFile(JSON.stringify({ format: "capplan.plan/v1", workloads: [{ peakRps: "four", inputTokens: 1, outputTokens: 1 }], skus: [{ name: "x" }] }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.path)).toEqual(["workloads[0].peakRps", "skus[0].gpusPerReplica", "skus[0].pricePerGpuHour"]);
    expect(r.openable).toBeNull();
    const j = checkPlanFile('{\n  "format": "capplan.plan/v1",\n  oops\n}');
    expect(!j.ok && j.problems[0]!.message).toContain("line 3");
  });
  test("a valid plan passes", () => {
    expect(checkPlanFile(JSON.stringify(seed))).toMatchObject({ ok: true });
  });
});

describe("Teams sheet helpers", () => {
  test("a usage header needs a team column and a token column (English or Chinese)", () => {
    expect(looksLikeUsageHeader(["团队", "输入 token", "输出 token"])).toBe(true);
    expect(looksLikeUsageHeader(["Output tokens", "Business Unit"])).toBe(true);
    expect(looksLikeUsageHeader(["search", "70b", "1000", "2000"])).toBe(false);
    expect(looksLikeUsageHeader(["team", "date"])).toBe(false);
  });
  test("the seed allocation conserves 1,920.00 a day and 58,400.00 a month", () => {
    // 1920 × 730/24 = 58,400.00; teams 443.08 + 1,476.92 = 1,920.00 (seed §4.5).
    const [c] = conservation(allocationLines(result(seed)));
    expect(c).toEqual({ pool: "70b", partsMinor: 192000, totalMinor: 192000, partsMonthMinor: 5840000, totalMonthMinor: 5840000, ok: true });
  });
  test("the FOCUS period defaults to the calendar month of today", () => {
    expect(monthPeriod(new Date("2024-02-15T12:00:00Z"))).toEqual({ start: "2024-02-01", days: 29 });
    expect(monthPeriod(new Date("2025-12-31T23:59:59Z"))).toEqual({ start: "2025-12-01", days: 31 });
  });
  test("the charts show the rounded daily cost per team, and idle in grey", () => {
    const plan = structuredClone(seed);
    plan.tenants!.idle = "separate";
    plan.tenants!.pools = [{ name: "70b", costPerDay: 1920, capacityTokensPerDay: 2.6e8 }];
    // Capacity price 1920 / 2.6e8 per token: search 3e7 → 221.54, support 1e8 → 738.46, idle 960.00.
    const lines = allocationLines(result(plan));
    const bar = allocationBarChart(lines, 2, { title: "t", idle: "idle" }, String);
    expect(bar.data.labels).toEqual(["70b"]);
    expect(bar.data.datasets.map((d) => [d.label, d.data[0]])).toEqual([["search", 221.54], ["support", 738.46], ["idle", 960]]);
    const d = allocationDoughnut(lines, 2, { title: "t", idle: "idle" }, String);
    expect(d.data.labels).toEqual(["search", "support", "idle"]);
    expect(d.data.datasets[0]!.backgroundColor).toContain(IDLE_COLOR);
  });
  test("file names come from the plan title", () => {
    expect(fileStem("Seed worked example: 70B chat service, TP=4")).toBe("seed-worked-example-70b-chat-service-tp-4");
    expect(fileStem("")).toBe("plan");
    expect(fileStem("中文 计划")).toBe("中文-计划");
  });
});

describe("parseMarkdown", () => {
  test("reads headings, nested lists, tables with escaped pipes, and paragraphs", () => {
    const md = "## Report: A\n\n- one\n  - two\n\nLatencies in ms.\n\n| a | b \\| c |\n|---|---|\n| 1 | 2 ▲ |\n";
    expect(parseMarkdown(md)).toEqual([
      { kind: "h2", text: "Report: A" },
      { kind: "li", text: "one", depth: 0 },
      { kind: "li", text: "two", depth: 1 },
      { kind: "p", text: "Latencies in ms." },
      { kind: "table", head: ["a", "b | c"], rows: [["1", "2 ▲"]] },
    ]);
    expect(tableCells("| <img src=x> | y |")).toEqual(["<img src=x>", "y"]);
  });
});

describe("undo history of the workbook", () => {
  test("edits, a pasted block and a load are one step each; undo and redo walk them", () =>
    createRoot((dispose) => {
      const wb = createWorkbook(seed);
      expect(wb.canUndo()).toBe(false);
      wb.setCell("peak_rps", "100");
      wb.setUsageBlock(0, 0, [["a", "70b", "1", "2"], ["b", "70b", "3", "4"], ["c", "70b", "5", "6"]]);
      expect(wb.plan.tenants!.usage.map((u) => u.team)).toEqual(["a", "b", "c"]);
      wb.undo();
      expect(wb.plan.tenants!.usage.map((u) => u.team)).toEqual(["search", "support"]);
      expect(wb.plan.cells!.peak_rps).toBe(100);
      wb.undo();
      expect(wb.plan.cells!.peak_rps).toBe(50);
      expect(wb.computed().result.skus[0]!.replicas).toBe(15);
      expect(wb.canUndo()).toBe(false);
      wb.redo();
      wb.redo();
      expect(wb.plan.tenants!.usage).toHaveLength(3);
      expect(wb.canRedo()).toBe(false);
      wb.load({ ...structuredClone(seed), title: "other" });
      wb.undo();
      expect(wb.plan.title).toBe(seed.title);
      dispose();
    }));
  test("a rejected entry is not a step, a new edit clears redo, and the history is capped", () =>
    createRoot((dispose) => {
      const wb = createWorkbook(seed);
      wb.setCell("gpu_hour", "twenty");
      expect(wb.canUndo()).toBe(false);
      wb.setCell("gpu_hour", "10");
      wb.undo();
      wb.setCell("gpu_hour", "11");
      expect(wb.canRedo()).toBe(false);
      for (let i = 0; i < HISTORY_LIMIT + 20; i++) wb.setCell("gpu_hour", String(i));
      let steps = 0;
      while (wb.canUndo()) {
        wb.undo();
        steps++;
      }
      expect(steps).toBe(HISTORY_LIMIT);
      dispose();
    }));
  test("undo of an import removes its SKUs; reset forgets the history", () =>
    createRoot((dispose) => {
      const wb = createWorkbook(seed);
      const sweep: Sweep = { label: "x", meta: { gpu: "L40S", model: null, engine: null, gpuCount: 1, date: null }, source: { files: ["x.json"], format: "vllm" }, points: [{ concurrency: 1, requestRate: null, rps: 1, outputTokensPerSec: 100 }], warnings: [] };
      wb.addSweeps([sweep]);
      expect(wb.plan.skus).toHaveLength(2);
      wb.undo();
      expect(wb.plan.skus).toHaveLength(1);
      wb.redo();
      wb.reset(seed);
      expect(wb.canUndo() || wb.canRedo()).toBe(false);
      dispose();
    }));
});

describe("allocation charts with many teams", () => {
  test("draw the 9 largest teams and group the rest, keeping the total", async () => {
    const { allocationBarChart: bar, allocationDoughnut: dough, MAX_CHART_TEAMS, OTHERS_COLOR } = await import("../../src/ui/charts/alloc-charts");
    // 30 teams in one pool costing 1..30 (minor units ×100): the 9 largest are 22..30
    const lines = Array.from({ length: 30 }, (_, i) => ({ kind: "team", pool: "p", team: `t${i + 1}`, costPerDayMinor: (i + 1) * 100 })) as unknown as Parameters<typeof bar>[0];
    const b = bar(lines, 2, { title: "t", idle: "idle", others: n => `${n} others` }, String);
    expect(b.data.datasets).toHaveLength(MAX_CHART_TEAMS + 1);
    expect(b.data.datasets.slice(0, 9).map(d => d.label)).toEqual(["t22", "t23", "t24", "t25", "t26", "t27", "t28", "t29", "t30"]);
    const others = b.data.datasets[9]!;
    expect(others.label).toBe("21 others");
    expect(others.backgroundColor).toBe(OTHERS_COLOR);
    expect(others.data).toEqual([(21 * 22) / 2]); // 1 + … + 21 major units
    const d = dough(lines, 2, { title: "t", idle: "idle" }, String);
    const sum = (d.data.datasets[0]!.data as number[]).reduce((a, x) => a + x, 0);
    expect(sum).toBe((30 * 31) / 2); // the doughnut still adds up to every team's cost
    expect(d.data.labels!.at(-1)).toBe("21 other teams");
  });
});
