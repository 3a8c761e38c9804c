/**
 * `capplan plan` (docs/cli.md): text, JSON, Markdown, CSV, FOCUS and XLSX outputs of the example
 * plans; a sweep file of a folder that lost a load level; the schedule of a plan.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, afterAll } from "vitest";
import { words } from "../../words";
import { run, runLine, tmpDir, writeTmp } from "../helpers";
import { openpyxlPython, readWithOpenpyxl } from "../../report/xlsx-reader";

const SEED = "models/examples/seed.json";
const MULTI = "models/examples/multi-sku.json";

const tmpPlan = (plan: unknown): string => writeTmp(plan, "plan.json", tmpDir("capplan-plan-"));

/** `plan --json` on a plan (a path, or an object written to a temp file): its exit code checked, the run and its JSON. */
async function planJson(plan: unknown, code = 0) {
  const r = await run("plan", typeof plan === "string" ? plan : tmpPlan(plan), "--json");
  expect(r.code).toBe(code);
  return { r, j: JSON.parse(r.out) };
}

/** An example plan as an object, changed by `edit`. */
type Loose = { [key: string]: unknown; file?: string };
type Example = {
  cells: Loose;
  sloMode?: string;
  workloads: Loose[];
  skus: (Loose & { sweep: Loose })[];
};
function example(path: string, edit: (plan: Example) => void): unknown {
  const plan = JSON.parse(readFileSync(path, "utf8"));
  edit(plan);
  return plan;
}

/** The values of `keys` (space-separated) in `o`, in that order. */
const values = (o: Record<string, unknown>, keys: string) => words(keys).map((k) => o[k]);
/** The `key` of each of `xs`. */
const pluck = (xs: Record<string, unknown>[], key: string) => xs.map((x) => x[key]);

describe("capplan plan on the seed's worked example (docs/capacity.md)", () => {
  it("gives 10 base replicas, 15 with 1.2 × 1.2, 30,000 tokens/s and 443.08 per day for cost_share(1920, 3e7, 1.3e8)", async () => {
    const { j } = await planJson(SEED);
    expect(values(j.workloads[0], "tokensPerRequest tokensPerSec")).toEqual([600, 30000]);
    const sku = j.skus[0];
    expect(values(sku, "name feasible")).toEqual(["H100 TP4", true]);
    expect(sku.operatingPoint).toMatchObject({ basis: "given", outputTokensPerSec: 1500 });
    // 50 × 300 / 1500 = 10 base, × 1.2 × 1.2 → 15 replicas of TP=4; 15 × 4 × 20 CNY an hour
    const counts = "replicasBase replicas gpus costPerHour costPerDay costPerMonth";
    expect(values(sku, counts)).toEqual([10, 15, 60, 1200, 28800, 876000]);
    expect(sku.replicasRaw).toBeCloseTo(14.4, 12);
    expect(sku.costPerOutputToken).toBeCloseTo((4 * 20) / (1500 * 3600), 15);
    expect(sku.costPerMillionOutputTokens).toBeCloseTo(14.8148148, 6);
    expect(sku.costPerRequest).toBeCloseTo(0.0044444, 6); // 300 output tokens
    expect(j.cheapest).toBe("H100 TP4");
    const pool = j.tenants.pools[0];
    expect(values(pool, "name cost")).toEqual(["70b", 1920]);
    const team = (n: string) => pool.teams.find((t: { name: string }) => t.name === n);
    const [search, support] = [team("search"), team("support")];
    expect(values(search, "tokens costRounded")).toEqual([3e7, 443.08]);
    expect(search.cost).toBeCloseTo((1920 * 3e7) / 1.3e8, 9); // 443.0769…
    expect(support.costRounded).toBe(1476.92);
    expect(search.costRounded + support.costRounded + pool.idleRounded).toBeCloseTo(1920, 9);
    expect(pluck(j.tenants.teams, "name").sort()).toEqual(words("search support"));
    expect(j.errors).toEqual([]);
  });

  it("gives 30,000 and 175,000 tokens/s for short chat and long documents at 50 RPS (docs/capacity.md)", async () => {
    const { j } = await planJson("models/examples/seed-long-docs.json");
    expect(pluck(j.workloads, "tokensPerSec")).toEqual([30000, 175000]);
    // replicasBase sums the workloads: 50 × 300 / 1500 + 50 × 500 / 900
    expect(j.skus[0].replicasBase).toBeCloseTo(10 + 25000 / 900, 9);
    expect(j.skus[0].replicas).toBe(Math.ceil((10 + 25000 / 900) * 1.44));
  });

  it("prints a readable table, Markdown and CSV with the same numbers", async () => {
    const t = await run("plan", SEED);
    expect(t.code).toBe(0);
    for (const re of [/Replicas \(base\)\s+10\n/, /Replicas\s+15\n/, /¥443\.08/])
      expect(t.out).toMatch(re);
    const md = await run("plan", SEED, "--markdown", "--lang", "zh");
    for (const text of ["| 副本数 | 15 |", "¥1,476.92"]) expect(md.out).toContain(text);
    const [head, row] = (await run("plan", SEED, "--csv")).out.trim().split("\n");
    const cell = (c: string) => row!.split(",")[head!.split(",").indexOf(c)];
    expect(words("replicas costPerHour cheapest").map(cell)).toEqual(["15", "1200", "true"]);
  });
});

describe("capplan plan on the multi-SKU example (sweeps read from fixtures/)", () => {
  it("finds each SKU's operating point on its sweep and recommends the cheapest feasible one", async () => {
    const { j } = await planJson(MULTI);
    const [h100, l40s, h200] = j.skus;
    // H100 (vLLM sweep): concurrency 64 has P99 TTFT 7348.9 ms > 1000 → operating point at 16, 1662.06 tok/s
    const op = "concurrency basis sloBinding";
    expect(values(h100.operatingPoint, op)).toEqual([16, "measured", true]);
    expect(h100.operatingPoint.outputTokensPerSec).toBeCloseTo(1662.061, 2);
    expect(h100.operatingPoint.bindingSlo).toEqual({ metric: "ttft", stat: "p99", maxMs: 1000 });
    // replicas: 40 × 200 / 1662.06 = 4.813 → × 1.2 = 5.776 → ceil 6 + 1 spare = 7
    expect(h100.replicasBase).toBeCloseTo(8000 / 1662.0614, 3);
    expect(h100.costPerHour).toBeCloseTo(7 * 2.99, 9);
    // L40S (GenAI-Perf sweep): 64 fails TTFT p99 2855.58 → 16, 558 tok/s; ITL evaluated on TPOT with a warning
    expect([h100.replicas, l40s.operatingPoint.concurrency]).toEqual([7, 16]);
    expect(l40s.replicasBase).toBeCloseTo(8000 / l40s.operatingPoint.outputTokensPerSec, 9);
    expect(l40s.replicas).toBe(Math.ceil(l40s.replicasBase * 1.2 - 1e-9) + 1);
    expect(l40s.warnings.join("\n")).toContain("evaluated on TPOT");
    // H200 capacity is a formula over the H100's computed operating throughput (h100_tok_s, no longer a typed 1662): 1662.06 × 4.8 / 3.35
    const h200Tok = (h100.operatingPoint.outputTokensPerSec * 4.8) / 3.35;
    expect(h200.operatingPoint.outputTokensPerSec).toBeCloseTo(h200Tok, 9);
    const feasible = [h100, l40s, h200].filter((s) => s.feasible);
    expect(j.cheapest).toBe(feasible.sort((a, b) => a.costPerHour - b.costPerHour)[0].name);
    // separate idle: teams + idle = pool cost, to the cent
    const pool = j.tenants.pools[0];
    const cents = (x: number) => Math.round(x * 100);
    const teams = pluck(pool.teams, "costRounded").map((c) => cents(c as number));
    expect(teams.reduce((a, c) => a + c, cents(pool.idleRounded))).toBe(cents(pool.costRounded));
    expect(pool.idle).toBeGreaterThan(0);
  });

  it("switches SLO mode to interpolated and gets a higher H100 operating point, never beyond the measured range", async () => {
    const plan = example(MULTI, (p) => {
      p.sloMode = "interpolated";
      for (const s of p.skus)
        if (s.sweep.file) s.sweep.file = join(process.cwd(), "models/examples", s.sweep.file);
    });
    const { j } = await planJson(plan);
    const op = j.skus[0].operatingPoint;
    // P99 TTFT 161.2 ms at 16 and 7348.9 ms at 64: 1000 ms is reached at 16 + 48 × (1000 − 161.2)/(7348.9 − 161.2)
    expect([op.basis, op.concurrency < 64]).toEqual(["interpolated", true]);
    expect(op.concurrency).toBeCloseTo(16 + (48 * (1000 - 161.2)) / (7348.9 - 161.2), 6);
  });
});

describe("capplan plan on bad input", () => {
  it("exits 2 with one stderr line per problem (path, expected, got) and nothing on stdout for a plan of the wrong shape", async () => {
    const r = await run("plan", "fixtures/malformed/bad-plan-shape.json");
    expect([r.code, r.out]).toEqual([2, ""]);
    expect(r.errLines.length).toBeGreaterThan(0);
    for (const l of r.errLines)
      expect(l).toMatch(/^capplan plan: fixtures\/malformed\/bad-plan-shape\.json: \S/);
    expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("reports a JSON syntax error with its line and column", async () => {
    const r = await run("plan", tmpPlan('{\n  "format": "capplan.plan/v1",\n  "skus": [\n}'));
    expect([r.code, r.out]).toEqual([2, ""]);
    expect(r.err).toMatch(/line 4, column 1/);
  });

  it("prints the result with errors[] and exits 2 when a formula has an error; other SKUs still compute", async () => {
    const broken = example(SEED, (p) => {
      Object.assign(p.cells, { a: "=b + 1", b: "=a" });
      const sweep = { replicaOutputTokensPerSec: 1500 };
      p.skus.push({ name: "Broken", gpusPerReplica: 4, pricePerGpuHour: "=nosuch * 2", sweep });
    });
    const { r, j } = await planJson(broken, 2);
    const paths = j.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["cells.a", "cells.b"]));
    const price = j.errors.find((e: { path: string }) => e.path === "skus[1].pricePerGpuHour");
    // The seed's SKU and workload are unaffected.
    const got = [
      price.kind,
      j.skus[0].replicas,
      j.workloads[0].tokensPerRequest,
      j.skus[1].costPerHour,
    ];
    expect(got).toEqual(["NAME", 15, 600, null]);
    expect(r.errLines.some((l) => l.includes("skus[1].pricePerGpuHour"))).toBe(true);
  });

  it("still computes tokens per request when peakRps has an error (it depends only on the lengths)", async () => {
    const plan = example(SEED, (p) => (p.workloads[0]!.peakRps = "=peak_rpz"));
    const { j } = await planJson(plan, 2);
    expect(j.errors[0]).toMatchObject({ path: "workloads[0].peakRps", kind: "NAME" });
    expect(values(j.workloads[0], "tokensPerRequest tokensPerSec")).toEqual([600, null]);
  });

  it("names a missing sweep file and exits 2", async () => {
    const plan = example(SEED, (p) => (p.skus[0]!.sweep = { file: "no/such/folder/" }));
    const { j } = await planJson(plan, 2);
    expect(j.skus[0].feasible).toBe(null);
    const named = j.errors.some((e: { message: string }) => e.message.includes("no/such/folder/"));
    expect(named).toBe(true);
  });

  it.each([[[SEED, "--json", "--csv"]], [[SEED, "--lang", "fr"]], [[]]])(
    "refuses conflicting output flags, an unknown language and no plan: %j",
    async (args) => expect((await run("plan", ...args)).code).toBe(2),
  );
});

describe("capplan plan with an infeasible SKU", () => {
  it("keeps every docs/cli.md key (null), explains which SLO fails and by how much, and recommends nothing", async () => {
    const points = [
      { concurrency: 1, requestRate: null, rps: 1, outputTokensPerSec: 100, ttftMs: { p99: 50 } },
      { concurrency: 4, requestRate: null, rps: 3, outputTokensPerSec: 300, ttftMs: { p99: 90 } },
    ];
    const { j } = await planJson({
      format: "capplan.plan/v1",
      workload: { peakRps: 10, inputTokens: 100, outputTokens: 100 },
      slo: [{ metric: "ttft", stat: "p99", maxMs: 10 }],
      skus: [{ name: "slow", gpusPerReplica: 1, pricePerGpuHour: 2, sweep: { points } }],
    });
    const s = j.skus[0];
    const keys = `replicasBase replicasRaw replicas gpus costPerHour costPerDay costPerMonth
      costPerOutputToken costPerMillionOutputTokens costPerRequest`;
    expect(values(s, keys)).toEqual(words(keys).map(() => null));
    expect([s.feasible, s.operatingPoint.concurrency, j.cheapest]).toEqual([false, null, null]);
    // 50 ms against 10 ms at concurrency 1: 40 ms (400 %) over
    expect(s.infeasibleReason).toBe(
      "P99 TTFT ≤ 10 ms fails already at the lowest load (1): 50 ms, 40 ms (400 %) over",
    );
  });
});

/** Rows of a CSV text as Python's csv module reads it (header first; the standard library only, so no package is needed). */
function pythonCsv(text: string): string[][] {
  const code =
    "import csv, io, json, sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read())))))";
  const input = text.replace(/^\uFEFF/, "");
  const py = spawnSync("python3", ["-c", code], { input, encoding: "utf8" });
  expect(py.status, py.stderr).toBe(0);
  return JSON.parse(py.stdout) as string[][];
}

describe("CSV exports read back header first (Python's csv module)", () => {
  // The seed's capacity is given, never checked against the SLOs: a plan that is not green.
  it("--csv: the header is the first row, every row as wide, and no float noise in any number", async () => {
    for (const plan of [SEED, MULTI]) {
      const rows = pythonCsv((await run("plan", plan, "--csv")).out);
      expect([rows[0]![0], rows[0]!.includes("costPerMonth")]).toEqual(["sku", true]);
      for (const row of rows) expect(row).toHaveLength(rows[0]!.length);
      // At most 12 significant digits in any decimal (float noise has 16 or 17).
      const digits = (c: string) => c.replace(/[-.]/g, "").replace(/^0+|0+$/g, "").length;
      for (const cell of rows.slice(1).flat())
        if (/^-?\d+\.\d+$/.test(cell)) expect(digits(cell), cell).toBeLessThanOrEqual(12);
    }
    const seed = pythonCsv((await run("plan", SEED, "--csv")).out);
    // 50 × 300 / 1500 × 1.2 × 1.2 = 14.4 replicas exactly, not 14.399999999999999.
    expect(seed[1]![seed[0]!.indexOf("replicasRaw")]).toBe("14.4");
  });

  it("--focus on a plan with warnings: header first, the warnings in x_CapplanWarnings; capplan actuals reads it back, and an older file with '# ' warning lines above its header", async () => {
    const r = await run("plan", SEED, "--focus", "--start", "2026-11-01");
    expect(r.code).toBe(0);
    const rows = pythonCsv(r.out);
    const w = rows[0]!.indexOf("x_CapplanWarnings");
    expect([rows[0]![0], w]).toEqual(["BillingAccountId", rows[0]!.length - 1]);
    expect(rows[1]![w]).toMatch(/H100 TP4/);
    const dir = tmpDir("capplan-focus-");
    const older = `\ufeff# WARNING: some numbers are not checked:\n# - H100 TP4\n${r.out}`;
    for (const [name, text] of [
      ["focus.csv", r.out],
      ["old.csv", older],
    ] as const) {
      const a = await run("actuals", SEED, writeTmp(text, name, dir), "--json");
      expect([a.err, a.code], name).toEqual(["", 0]);
    }
  });
});

/**
 * A plan whose sweep is a folder with a corrupt result file: `capplan plan` used to drop that
 * load level without a word. It now warns, naming the file and the level the sweep lacks
 * (docs/trust.md "Dropped files of an imported folder"), in English and Chinese.
 */
function folderPlan(): { plan: string; broken: string } {
  const dir = tmpDir("capplan-dropped-");
  const src = "fixtures/vllm/concurrency-sweep-h100";
  mkdirSync(join(dir, "run"));
  const names = readdirSync(src).filter((f) => f.endsWith(".json"));
  const broken = names.find((f) => f.includes("concurrency16-"))!;
  for (const f of names) {
    if (f === broken)
      writeTmp(readFileSync(join(src, f), "utf8").slice(0, 300), f, join(dir, "run"));
    else copyFileSync(join(src, f), join(dir, "run", f));
  }
  const plan = {
    format: "capplan.plan/v1",
    workloads: [{ name: "chat", peakRps: 5, inputTokens: 1000, outputTokens: 200 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    skus: [{ name: "A", gpusPerReplica: 1, pricePerGpuHour: 2, sweep: { file: "run" } }],
  };
  return { plan: writeTmp(plan, "p.json", dir), broken };
}

describe("capplan plan over a folder with a corrupt file", () => {
  it("warns that the sweep lacks the file's load level, naming the file, line and column", async () => {
    const { plan, broken } = folderPlan();
    const { r, j } = await planJson(plan);
    expect(r.errLines).toEqual([
      `warning: run/${broken}:1:301 could not be imported (invalid JSON: Unexpected end of JSON input): this sweep lacks its load level (concurrency 16, by its path)`,
    ]);
    // The three other levels are used: 1, 4 and 64.
    const sweep = j.skus[0].workloads[0].sweep;
    const levels = sweep.source.files.map((f: string) => /concurrency(\d+)-/.exec(f)![1]);
    expect([sweep.points, levels]).toEqual([3, ["1", "4", "64"]]);
    const zh = await run("plan", plan, "--lang", "zh");
    expect(zh.errLines).toEqual([
      `warning: run/${broken}:1:301 无法导入（JSON 无效：JSON 意外结束）：该扫描缺少这个负载档位（按路径为并发 16）`,
    ]);
  });
});

// `capplan plan --xlsx -o FILE.xlsx` (docs/xlsx.md): the workbook is written atomically to FILE,
// needs -o, excludes the other output modes, and takes --start / --days for its FOCUS sheet.
const dir = tmpDir("capplan-cli-xlsx-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("plan --xlsx", () => {
  it("writes the workbook to -o: the seed's 15 replicas as a formula, the FOCUS sheet on --start", async () => {
    const file = join(dir, "seed.xlsx");
    const r = await runLine(`plan models/examples/seed.json --xlsx --start 2026-03-01 -o ${file}`);
    expect([r.code, r.out]).toEqual([0, ""]);
    // An .xlsx is a zip file.
    expect(readFileSync(file).subarray(0, 2).toString("latin1")).toBe("PK");
    const python = openpyxlPython();
    expect(python, "python3-openpyxl").not.toBeNull();
    const book = readWithOpenpyxl(python!, [file])[file]!;
    expect(Object.keys(book)).toEqual(words("Assumptions Comparison Teams FOCUS"));
    expect(book.Comparison!.C8).toEqual({ formula: "CEILING($C$7-1E-9,1)", value: 15 });
    expect(book.Comparison!.C11).toEqual({ formula: "$C$10*24", value: 28800 });
    expect(book.FOCUS!.F2!.value).toBe("2026-03-01T00:00:00Z");
  });

  it.each([
    [["--xlsx"], /--xlsx writes a workbook file: give it with -o FILE\.xlsx/],
    [["--xlsx", "--lang", "zh"], /--xlsx 生成工作簿文件：请用 -o FILE\.xlsx 指定文件/],
    [
      ["--xlsx", "--json", "-o", "x.xlsx"],
      /choose one of --json, --markdown, --csv, --focus, --xlsx/,
    ],
    [["--days", "2"], /--start and --days go with --focus or --xlsx/],
  ])("refuses %j with a one-line reason and exit 2", async (flags, message) => {
    const r = await run("plan", "models/examples/seed.json", ...flags);
    expect([r.code, r.errLines.length, existsSync("x.xlsx")]).toEqual([2, 1, false]);
    expect(r.err).toMatch(message);
  });
});
