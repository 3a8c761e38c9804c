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

  it("tells two engines on one GPU from one file apart by the engine", () => {
    const skus = skusFromSweeps(
      [
        sweep("bench · vllm", { engine: "vllm", gpu: "H100" }),
        sweep("bench · sglang", { engine: "sglang", gpu: "H100" }),
      ],
      GPU_CATALOG,
      [],
    );
    expect(skus.map((s) => s.name)).toEqual(["H100-SXM · vllm", "H100-SXM · sglang"]);
  });

  it("keeps the GPU name alone when sweeps differ in GPU, and numbers a true duplicate", () => {
    const a = sweep("a", { gpu: "H100" });
    const b = sweep("b", { gpu: "L40S" });
    expect(skusFromSweeps([a, b], GPU_CATALOG, []).map((s) => s.name)).toEqual([
      "H100-SXM",
      "L40S",
    ]);
    expect(skusFromSweeps([a], GPU_CATALOG, ["H100-SXM"]).map((s) => s.name)).toEqual([
      "H100-SXM (2)",
    ]);
  });
});

describe("readNumberEntry", () => {
  test("reads numbers with thousands separators, formulas and empty optional fields", () => {
    expect(readNumberEntry("1,500", true)).toEqual({ ok: true, value: 1500 });
    expect(readNumberEntry(" =peak * 2 ", true)).toEqual({ ok: true, value: "=peak * 2" });
    expect(readNumberEntry("", false)).toEqual({ ok: true, value: undefined });
  });
  test("rejects text that is neither a number nor a formula, with a reason", () => {
    const r = readNumberEntry("abc", true);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain("not a number");
    expect(readNumberEntry("", true).ok).toBe(false);
  });
});

describe("typed numbers (docs/grid.md)", () => {
  test("currency, percent, thousands, suffixes and the user's decimal comma store the number", () => {
    expect(readNumberEntry("$2.99", true)).toEqual({ ok: true, value: 2.99 });
    expect(readNumberEntry("50%", true)).toEqual({ ok: true, value: 0.5 });
    expect(readNumberEntry("5%", true, { percentField: true })).toEqual({ ok: true, value: 5 });
    expect(readNumberEntry("1.5k", true)).toEqual({ ok: true, value: 1500 });
    expect(readNumberEntry("1 500", true)).toEqual({ ok: true, value: 1500 });
    expect(readNumberEntry("2,5", true, { locale: "de-DE" })).toEqual({ ok: true, value: 2.5 });
    expect(readNumberEntry("2,5", true, { locale: "en-US" }).ok).toBe(false);
    expect(readNumberEntry("1,500", true, { locale: "en-US" })).toEqual({ ok: true, value: 1500 });
  });
});

describe("TSV blocks", () => {
  test("a pasted Excel block splits into rows and cells and round-trips", () => {
    const block = parseTsvBlock("1\t2\r\n3\t4\r\n");
    expect(block).toEqual([
      ["1", "2"],
      ["3", "4"],
    ]);
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
    expect(sku.gpu).toBe("h100-sxm");
    expect(sku.gpusPerReplica).toBe(2);
    expect(sku.pricePerGpuHour).toBe("");
    expect(sku.name).toBe("H100-SXM TP2 (2)");
    expect(sku.sweep?.points).toEqual(sweep.points);
  });
});
