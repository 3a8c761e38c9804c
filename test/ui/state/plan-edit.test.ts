import { describe, expect, it, test } from "vitest";
import type { Sweep } from "../../../src/engine/base/types";
import { GPU_CATALOG } from "../../../src/ui/state/catalog";
import {
  parseTsvBlock,
  readNumberEntry,
  shortName,
  skuFromSweep,
  skusFromSweeps,
  toTsv,
} from "../../../src/ui/state/plan-edit";

describe("shortName", () => {
  it.each([
    ["short label", "short label"],
    // 52 characters: cut after "Instruct" (a word end), not mid-word, with an ellipsis.
    [
      "vllm · meta-llama/Llama-3.1-8B-Instruct · tp1 · c1..c64",
      "vllm · meta-llama/Llama-3.1-8B-Instruct…",
    ],
    [
      "benchmark results of the long context run on friday",
      "benchmark results of the long context…",
    ],
    // One word longer than the limit: cut hard.
    ["x".repeat(50), `${"x".repeat(39)}…`],
  ])("%s → %s", (text, want) => {
    const got = shortName(text);
    expect(got).toBe(want);
    expect(got.length).toBeLessThanOrEqual(40);
  });
});

describe("skusFromSweeps", () => {
  const sweep = (label: string, meta: Partial<Sweep["meta"]>): Sweep =>
    ({
      label,
      meta: { model: null, engine: null, gpu: null, gpuCount: null, date: null, ...meta },
      source: { format: "csv", files: ["bench.csv"] },
      points: [],
      warnings: [],
    }) as unknown as Sweep;

  const names = (sweeps: Sweep[], taken: string[] = []) =>
    skusFromSweeps(sweeps, GPU_CATALOG, taken).map((s) => s.name);

  it("tells two engines on one GPU from one file apart by the engine", () => {
    const vllm = sweep("bench · vllm", { engine: "vllm", gpu: "H100" });
    const sglang = sweep("bench · sglang", { engine: "sglang", gpu: "H100" });
    expect(names([vllm, sglang])).toEqual(["H100-SXM · vllm", "H100-SXM · sglang"]);
  });

  it("keeps the GPU name alone when sweeps differ in GPU, and numbers a true duplicate", () => {
    const a = sweep("a", { gpu: "H100" });
    const b = sweep("b", { gpu: "L40S" });
    expect(names([a, b])).toEqual(["H100-SXM", "L40S"]);
    expect(names([a], ["H100-SXM"])).toEqual(["H100-SXM (2)"]);
  });
});

describe("readNumberEntry", () => {
  // Numbers with thousands separators, formulas, empty optional fields; and, as typed
  // (docs/grid.md), currency, percent, thousands, suffixes and the user's decimal comma.
  it.each<[string, boolean, Parameters<typeof readNumberEntry>[2], number | string | undefined]>([
    ["1,500", true, undefined, 1500],
    [" =peak * 2 ", true, undefined, "=peak * 2"],
    ["", false, undefined, undefined],
    ["$2.99", true, undefined, 2.99],
    ["50%", true, undefined, 0.5],
    ["5%", true, { percentField: true }, 5],
    ["1.5k", true, undefined, 1500],
    ["1 500", true, undefined, 1500],
    ["2,5", true, { locale: "de-DE" }, 2.5],
    ["1,500", true, { locale: "en-US" }, 1500],
  ])("%j (required %s, %j) stores %j", (raw, required, opts, value) => {
    expect(readNumberEntry(raw, required, opts)).toEqual({ ok: true, value });
  });
  test("rejects text that is neither a number nor a formula, with a reason", () => {
    const r = readNumberEntry("abc", true);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain("not a number");
    expect(readNumberEntry("", true).ok).toBe(false);
    expect(readNumberEntry("2,5", true, { locale: "en-US" }).ok).toBe(false);
  });
});

describe("TSV blocks", () => {
  test("a pasted Excel block splits into rows and cells and round-trips", () => {
    const block = parseTsvBlock("1\t2\r\n3\t4\r\n");
    expect(block).toEqual(["1|2", "3|4"].map((row) => row.split("|")));
    expect(toTsv(block)).toBe("1\t2\n3\t4");
  });
});

describe("skuFromSweep", () => {
  test("matches the GPU from the sweep metadata and leaves the price empty", () => {
    const sweep: Sweep = {
      label: "vllm · x",
      source: { files: ["a.json"], format: "vllm" },
      meta: { model: "x", engine: "vllm", gpu: "H100-SXM-80GB", gpuCount: 2, date: null },
      points: [{ concurrency: 1, requestRate: null, rps: 1 }],
      warnings: [],
    };
    const sku = skuFromSweep(sweep, GPU_CATALOG, ["H100-SXM TP2"]);
    expect(sku).toMatchObject({ gpu: "h100-sxm", gpusPerReplica: 2, pricePerGpuHour: "" });
    expect(sku.name).toBe("H100-SXM TP2 (2)");
    expect(sku.sweep?.points).toEqual(sweep.points);
  });
});
