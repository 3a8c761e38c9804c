import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { computePlan } from "../../src/engine/plan/plan";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { PlanFile, Sweep } from "../../src/engine/base/types";
import { fieldsOf, mapHeaders, type Field } from "../../src/import/aliases";
import { latencyChart, zoneBands, type ChartWords } from "../../src/ui/charts/sweep-charts";
import { formulaWithValues, skuDerivations } from "../../src/ui/explain";
import {
  ambiguousColumns,
  applyColumnChoice,
  canonicalHeader,
} from "../../src/ui/state/column-map";
import { parseTsvBlock, readNumberEntry, skuFromSweep, toTsv } from "../../src/ui/state/plan-edit";
import { UI } from "../../src/ui/i18n";
import { fillSelection, parseClipboardTsv, toClipboardTsv } from "../../src/ui/state/clipboard";
import { GPU_CATALOG } from "../../src/ui/state/catalog";
import { sweepColumns } from "../../src/ui/components/sweep-columns";

const seed = JSON.parse(readFileSync("models/examples/seed.json", "utf8")) as PlanFile;
const words: ChartWords = {
  load: "c",
  throughput: "t",
  latency: "l",
  operatingPoint: "op",
  zones: { idle: "idle", linear: "linear", saturated: "saturated" },
};

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

describe("column mapping", () => {
  const fields: Field[] = [
    { kind: "load", key: "concurrency" },
    { kind: "load", key: "requestRate" },
    { kind: "value", key: "rps" },
    { kind: "value", key: "outputTokensPerSec" },
    { kind: "value", key: "totalTokensPerSec" },
    { kind: "metric", metric: "ttft", stat: "p99", unit: "ms" },
    { kind: "metric", metric: "itl", stat: "p95", unit: "s" },
  ];
  test("every canonical header maps back to exactly its field", () => {
    for (const f of fields) expect(fieldsOf(canonicalHeader(f)), canonicalHeader(f)).toEqual([f]);
  });
  test("an ambiguous 'throughput' column is found, and the choice rewrites only the header", () => {
    const csv = "concurrency,throughput,p99 ttft ms\r\n1,100,50\r\n4,300,80\r\n";
    const amb = ambiguousColumns("t.csv", csv);
    expect(amb).toHaveLength(1);
    expect(amb[0]!.column).toBe("throughput");
    expect(amb[0]!.candidates.map((c) => c.label)).toEqual(["rps", "outputTokensPerSec"]);
    const out = applyColumnChoice(csv, new Map([[1, amb[0]!.candidates[1]!.field]]));
    expect(out).toBe("concurrency,output tokens/s,p99 ttft ms\r\n1,100,50\r\n4,300,80\r\n");
    expect(mapHeaders(["concurrency", "output tokens/s", "p99 ttft ms"]).ambiguous).toEqual([]);
  });
  test("JSON text never goes through the mapping step", () => {
    expect(ambiguousColumns("x.json", '{"throughput": 1}')).toEqual([]);
  });
});

describe("explanations", () => {
  test("the seed worked example reads replicas = ceil(50 × 300 ÷ 1,500 × 1.2 × 1.2) = ceil(14.4) = 15", () => {
    const r = computePlan(resolvePlan(seed));
    const d = skuDerivations(r, r.skus[0]!, "en");
    const byKey = Object.fromEntries(d.map((x) => [x.key, x]));
    expect(byKey.replicas!.formula).toBe("ceil(50 × 300 ÷ 1,500 × 1.2 × 1.2) = ceil(14.4) = 15");
    // 15 replicas × 4 GPUs = 60 GPUs; 60 × 20 CNY = 1,200 CNY/h.
    expect(byKey.gpus!.formula).toBe("15 × 4 = 60");
    expect(byKey.costPerHour!.formula).toBe("60 × ¥20.00 = ¥1,200.00");
  });
  test("a formula shows its names with their values plugged in", () => {
    expect(formulaWithValues("=peak * 0.8", { peak: 50 }, 40)).toBe("peak * 0.8 = 50 * 0.8 = 40");
  });
});

describe("sweep charts", () => {
  test("zone bands meet halfway (geometric mean on a log axis) and merge equal zones", () => {
    const bands = zoneBands(
      [1, 4, 16, 64],
      ["linear", "linear", "linear", "saturated"],
      true,
      words,
    );
    // Boundary between 16 and 64 on a log axis: sqrt(16 × 64) = 32.
    expect(bands.map((b) => [b.x0, b.x1, b.label])).toEqual([
      [null, 32, "linear"],
      [32, null, "saturated"],
    ]);
  });
  test("the latency chart plots the chosen statistic, marks the operating point and draws the SLO line", () => {
    const points = [
      { concurrency: 1, requestRate: null, outputTokensPerSec: 100, ttftMs: { p99: 30 } },
      { concurrency: 4, requestRate: null, outputTokensPerSec: 350, ttftMs: { p99: 60 } },
      { concurrency: 16, requestRate: null, outputTokensPerSec: 900, ttftMs: { p99: 2400 } },
    ];
    const cfg = latencyChart(
      [
        {
          name: "A",
          color: "#000",
          points,
          zones: ["idle", "linear", "saturated"],
          op: { load: 4, outputTokensPerSec: 350 },
          focused: true,
        },
      ],
      { metric: "ttft", stat: "p99", x: "load", slos: [{ y: 1000, color: "red", label: "SLO" }] },
      words,
    );
    expect(cfg.data.datasets[0]!.data).toEqual([
      { x: 1, y: 30 },
      { x: 4, y: 60 },
      { x: 16, y: 2400 },
    ]);
    expect(cfg.data.datasets[1]!.data).toEqual([{ x: 4, y: 60 }]);
    // 30 → 2400 ms spans 80×: the y axis is logarithmic; loads 1…16 span 16×: log x.
    expect((cfg.options!.scales!.y as { type: string }).type).toBe("logarithmic");
    expect((cfg.options!.scales!.x as { type: string }).type).toBe("logarithmic");
  });
  test("sweep grid columns list percentiles in ascending order", () => {
    const cols = sweepColumns(
      [
        {
          concurrency: 1,
          requestRate: null,
          ttftMs: { p99: 1, p1: 1, mean: 1, p50: 1, max: 1, "p99.9": 1 },
        },
      ],
      {
        concurrency: "C",
        requestRate: "R",
        rps: "RPS",
        outputTokensPerSec: "O",
        totalTokensPerSec: "T",
        meanInputTokens: "I",
        meanOutputTokens: "M",
      },
    );
    expect(cols.map((c) => c.key)).toEqual([
      "concurrency",
      "rps",
      "outputTokensPerSec",
      "ttftMs.mean",
      "ttftMs.p1",
      "ttftMs.p50",
      "ttftMs.p99",
      "ttftMs.p99.9",
      "ttftMs.max",
    ]);
    // Statistics that are words take the app's words; percentiles stay P50, P99.
    expect(cols.map((c) => c.label).slice(3)).toEqual([
      "TTFT mean",
      "TTFT P1",
      "TTFT P50",
      "TTFT P99",
      "TTFT P99.9",
      "TTFT max",
    ]);
    const zh = sweepColumns(
      [{ concurrency: 1, requestRate: null, ttftMs: { mean: 1, std: 1, p50: 1, max: 1 } }],
      { ...labelsOf("x") },
      { mean: UI.zh.statMean, std: UI.zh.statStd, min: UI.zh.statMin, max: UI.zh.statMax },
    );
    expect(zh.map((c) => c.label).slice(3)).toEqual([
      "TTFT 均值",
      "TTFT P50",
      "TTFT 最大",
      "TTFT 标准差",
    ]);
  });
});

function labelsOf(w: string) {
  return {
    concurrency: w,
    requestRate: w,
    rps: w,
    outputTokensPerSec: w,
    totalTokensPerSec: w,
    meanInputTokens: w,
    meanOutputTokens: w,
  };
}

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

describe("spreadsheet clipboard (docs/grid.md)", () => {
  test("Excel TSV: quoted line breaks and doubled quotes, CRLF rows, trailing line break", () => {
    expect(parseClipboardTsv('"chat\nbot"\t11\r\n')).toEqual([["chat\nbot", "11"]]);
    expect(parseClipboardTsv('"say ""hi"""\r\n')).toEqual([['say "hi"']]);
    expect(parseClipboardTsv('a\t"x\r\ny"\r\nb\t2\r\n')).toEqual([
      ["a", "x\ny"],
      ["b", "2"],
    ]);
    expect(parseClipboardTsv("1\t2\n3\t4")).toEqual([
      ["1", "2"],
      ["3", "4"],
    ]);
    expect(parseClipboardTsv('5" disk\t3')).toEqual([['5" disk', "3"]]);
    expect(parseClipboardTsv("")).toEqual([]);
  });
  test("copy quotes what needs quoting and reads back", () => {
    const block = [
      ["chat\nbot", 'say "hi"', "1,500"],
      ["a\tb", "", "x"],
    ];
    const tsv = toClipboardTsv(block);
    expect(tsv).toBe('"chat\nbot"\t"say ""hi"""\t1,500\r\n"a\tb"\t\tx');
    expect(parseClipboardTsv(tsv)).toEqual(block);
  });
  test("one value fills the selection; a dividing block repeats; otherwise pasted once", () => {
    expect(fillSelection([["7"]], 2, 3)).toEqual([
      ["7", "7", "7"],
      ["7", "7", "7"],
    ]);
    expect(fillSelection([["1"], ["2"]], 4, 1)).toEqual([["1"], ["2"], ["1"], ["2"]]);
    expect(fillSelection([["1"], ["2"]], 3, 1)).toEqual([["1"], ["2"]]);
    expect(fillSelection([["1", "2"], ["3"]], 1, 1)).toEqual([
      ["1", "2"],
      ["3", ""],
    ]);
  });
});
