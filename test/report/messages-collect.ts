/**
 * Collects the engine and importer messages a planner sees on the example plans, the fixture
 * folders, the malformed files and the usage tables, each with its Chinese rendered from the
 * problem it carries (docs/problems.md), for the coverage test: a message without a problem has
 * no Chinese.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { loadPlan } from "../../src/cli/plan-loader";
import { CliError, readInputs } from "../../src/cli/io";
import { importFiles } from "../../src/import/index";
import { importUsageCsv } from "../../src/import/usage";
import { operatingPoint } from "../../src/engine/curve/slo";
import { parsePlanText, validatePlan } from "../../src/engine/plan/plan-file";
import { computePlan } from "../../src/engine/plan/plan";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { Slo } from "../../src/engine/base/types";
import type { Problem } from "../../src/engine/base/problems";
import { renderProblem } from "../../src/report/messages";
import type { ImportIssue, ImportResult } from "../../src/import/types";
import type { PlanResult } from "../../src/engine/plan/plan-result";
import { englishOf } from "../../src/engine/base/problems";
/** A result's warnings as English (the text `plan --json` renders at the edge). */
const enW = (r: { problems: readonly Problem[] }): string[] => r.problems.map(englishOf);

const ROOT = join(__dirname, "..", "..");

/** The seed's SLOs (docs/metrics.md: P99 TTFT ≤ 1 s, P95 ITL ≤ 100 ms), as `capplan` defaults. */
const SEED_SLOS: Slo[] = [
  { metric: "ttft", stat: "p99", maxMs: 1000 },
  { metric: "itl", stat: "p95", maxMs: 100 },
];

/**
 * Messages of one source, tagged with where they came from; `zh` is the Chinese rendered from the
 * message's problem (docs/problems.md) when its producer gives one.
 */
export interface Collected {
  source: string;
  message: string;
  zh?: string;
}

/** The Chinese of a collected message (rendered from its problem), or null when it has no problem. */
export function zhOf(c: Collected): string | null {
  return c.zh ?? null;
}

/** An import issue: its English message and, when it carries a problem, its Chinese. */
function ofIssue(source: string, i: ImportIssue): Collected {
  return i.problem
    ? { source, message: i.message, zh: renderProblem(i.problem, "zh") }
    : { source, message: i.message };
}

/** A sweep note: its English and the Chinese of the problem it was rendered from (none: no Chinese). */
function ofNote(source: string, w: string, problems: readonly Problem[] | undefined): Collected {
  const p = problems?.find((q) => renderProblem(q, "en") === w);
  return p ? { source, message: w, zh: renderProblem(p, "zh") } : { source, message: w };
}

/** An error with its problem (`{ message, problem? }`), or without Chinese when it has none. */
function ofError(
  source: string,
  e: { message?: string; problem?: Problem | undefined },
): Collected {
  return e.problem
    ? {
        source,
        message: e.message ?? renderProblem(e.problem, "en"),
        zh: renderProblem(e.problem, "zh"),
      }
    : { source, message: e.message ?? "" };
}

/** A collected problem: its English and its Chinese, both rendered from its code. */
function ofProblem(source: string, p: Problem): Collected {
  return { source, message: renderProblem(p, "en"), zh: renderProblem(p, "zh") };
}

/** A computed plan's messages: its warnings, its errors and each SKU's problems. */
function resultMessages(src: string, result: PlanResult): Collected[] {
  const out = enW(result).map((w) => ofNote(src, w, result.problems));
  out.push(...result.errors.map((e) => ofError(src, e)));
  for (const s of result.skus) {
    const infeasible = s.infeasibleProblem ? [s.infeasibleProblem] : [];
    for (const p of [...s.problems, ...s.errorProblems, ...infeasible]) out.push(ofProblem(src, p));
  }
  return out;
}

/** An imported file's or folder's issues and its sweeps' notes (`slos`: also the operating point's problems). */
function importMessages(src: string, res: ImportResult, slos = false): Collected[] {
  const out = (res.ok ? res.warnings : res.errors).map((i) => ofIssue(src, i));
  if (res.ok)
    for (const s of res.sweeps) {
      out.push(...s.warnings.map((w) => ofNote(src, w, s.problems)));
      if (slos) {
        const op = operatingPoint(s, SEED_SLOS, "interpolated");
        out.push(...op.problems.map((p) => ofProblem(src, p)));
      }
    }
  return out;
}

/** Every message of computing the example plans (warnings, errors, reasons, import warnings). */
export function planMessages(): Collected[] {
  const out: Collected[] = [];
  const dir = join(ROOT, "models", "examples");
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith(".json"))
    .sort()) {
    const src = `models/examples/${f}`;
    const { result, importWarnings } = loadPlan(join(dir, f));
    const add = (m: string | null | undefined) => m && out.push({ source: src, message: m });
    out.push(...resultMessages(src, result));
    for (const s of result.skus) {
      for (const w of s.workloads)
        w.sweep?.warnings.forEach((x) => out.push(ofNote(src, x, w.sweep?.problems)));
    }
    // Import warnings are lines rendered in the plan's language: the same plan loaded in Chinese gives their Chinese.
    const zh = loadPlan(join(dir, f), "zh").importWarnings;
    importWarnings.forEach((m, i) =>
      zh[i] !== undefined && zh[i] !== m
        ? out.push({ source: src, message: m, zh: zh[i] })
        : add(m),
    );
  }
  return out;
}

/** Every message of importing each folder under `fixtures/` (but `malformed`), with the seed SLOs applied. */
export function fixtureMessages(exclude: readonly string[] = ["malformed"]): Collected[] {
  const out: Collected[] = [];
  const dir = join(ROOT, "fixtures");
  for (const f of readdirSync(dir).sort()) {
    if (exclude.includes(f) || !statSync(join(dir, f)).isDirectory()) continue;
    const src = `fixtures/${f}`;
    let inputs;
    try {
      inputs = readInputs([src], ROOT);
    } catch (e) {
      if (e instanceof CliError) e.lines.forEach((l) => out.push({ source: src, message: l }));
      continue;
    }
    out.push(...importMessages(src, importFiles(inputs), true));
  }
  return out;
}

/** Every message of importing each file of `fixtures/malformed` on its own. */
export function malformedMessages(): Collected[] {
  const out: Collected[] = [];
  const dir = join(ROOT, "fixtures", "malformed");
  for (const f of readdirSync(dir).sort()) {
    if (f === "README.md") continue;
    out.push(...importMessages(f, importFiles(readInputs([`fixtures/malformed/${f}`], ROOT))));
  }
  return out;
}

/** Every message of importing each fixture file on its own (broader than the folder imports). */
export function perFileMessages(): Collected[] {
  const out: Collected[] = [];
  const walk = (rel: string): void => {
    const full = join(ROOT, rel);
    for (const f of readdirSync(full).sort()) {
      const r = `${rel}/${f}`;
      if (statSync(join(ROOT, r)).isDirectory()) walk(r);
      else if (!/\.(md|py|txt)$/.test(f))
        out.push(...importMessages(r, importFiles(readInputs([r], ROOT)), true));
    }
  };
  walk("fixtures");
  return out;
}

/**
 * Messages of plans written to hit the engine's error paths: a badly shaped plan (plan-file
 * validation), formula errors (cycle, unknown name, forbidden function, division by zero), bad
 * factors and an allocation with problems.
 */
export function edgePlanMessages(): Collected[] {
  const out: Collected[] = [];
  const bad = validatePlan(
    JSON.parse(readFileSync(join(ROOT, "fixtures", "malformed", "bad-plan-shape.json"), "utf8")),
  );
  const issue = (source: string, e: { message: string; problem?: Problem | undefined }) =>
    out.push(ofError(source, e));
  if (!bad.ok) bad.errors.forEach((e) => issue("bad-plan-shape.json", e));
  const syntax = parsePlanText(
    '{"format": "capplan.plan/v1",\n  "title": "x"\n  "skus": []}',
    "broken.json",
  );
  if (!syntax.ok) syntax.errors.forEach((e) => issue("broken.json", e));
  const empty = parsePlanText("  ", "empty.json");
  if (!empty.ok) empty.errors.forEach((e) => issue("empty.json", e));
  /** A sweep point measured at 1000 input tokens. */
  const at = (concurrency: number, outputTokensPerSec: number, ttftP99: number) => {
    const point = { concurrency, outputTokensPerSec, meanInputTokens: 1000 };
    return { ...point, ttftMs: { p99: ttftP99 } };
  };
  const plan = {
    format: "capplan.plan/v1",
    title: "edge cases",
    currency: "XYZ",
    cells: { a: "=b + 1", b: "=a * 2", c: "=nope * 2", d: "=1/0", e: "=import(1)", f: "=c + 1" },
    workloads: [
      { name: "chat", peakRps: 10, inputTokens: 300, outputTokens: 300, avgRps: 20 },
      { name: "docs", peakRps: "=d", inputTokens: 3000, outputTokens: 200 },
    ],
    slo: [
      { metric: "ttft", stat: "p99", maxMs: 1000 },
      { metric: "itl", stat: "p95", maxMs: 100 },
    ],
    sloMode: "interpolated",
    factors: { elasticity: 0.8, redundancy: { spare: 1.5 } },
    skus: [
      {
        name: "A100",
        gpusPerReplica: 0,
        pricePerGpuHour: 2,
        sweeps: {
          chat: {
            points: [
              {
                concurrency: 1,
                outputTokensPerSec: 100,
                ttftMs: { p99: 1500 },
                itlMs: { p95: 20 },
              },
              {
                concurrency: 8,
                outputTokensPerSec: 600,
                ttftMs: { p99: 2500 },
                itlMs: { p95: 30 },
              },
            ],
          },
          docs: { replicaOutputTokensPerSec: -5 },
        },
      },
      {
        name: "H100",
        gpusPerReplica: 1,
        pricePerGpuHour: 3,
        sweeps: {
          chat: {
            points: [
              { ...at(8, 800, 300), tpotMs: { p95: 20 } },
              { ...at(4, 450, 200), tpotMs: { p95: 15 } },
            ],
          },
          docs: { points: [{ concurrency: 2, outputTokensPerSec: 300, ttftMs: { mean: 300 } }] },
        },
      },
    ],
    tenants: {
      method: "weighted",
      inputWeight: -1,
      outputWeight: 1,
      idle: "separate",
      pools: [
        { name: "p1", costPerDay: 100 },
        { name: "p2", sku: "A100" },
        { name: "p3", costPerDay: 50 },
      ],
      usage: [
        { team: "search", pool: "p3", inputTokens: -1, outputTokens: 2 },
        { team: "ops", pool: "p1", inputTokens: 1e6, outputTokens: 1e6 },
      ],
    },
  };
  // Valid inputs that warn: factors below 1, a fractional spare, a forecast above the peak, a
  // sweep measured at other lengths, an interpolated operating point, a pool used beyond capacity.
  const lengths = {
    format: "capplan.plan/v1",
    title: "warnings",
    workloads: [{ name: "chat", peakRps: 2, avgRps: 3, inputTokens: 300, outputTokens: 300 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    sloMode: "interpolated",
    factors: { elasticity: 0.8, redundancy: { spare: 1.5 } },
    skus: [
      {
        name: "L40S",
        gpusPerReplica: 1,
        pricePerGpuHour: 1,
        sweep: { points: [at(1, 100, 500), at(8, 600, 1500)] },
      },
    ],
    tenants: {
      pools: [{ name: "p1", costPerDay: 10, capacityTokensPerDay: 10 }],
      idle: "separate",
      usage: [{ team: "a", inputTokens: 100, outputTokens: 100 }],
    },
  };
  for (const [name, p] of Object.entries({ edge: plan, lengths })) {
    const v = validatePlan(p);
    if (!v.ok) {
      v.errors.forEach((e) => issue(name, e));
      continue;
    }
    v.warnings.forEach((w) => out.push(ofNote(name, w, v.problems)));
    out.push(...resultMessages(name, computePlan(resolvePlan(v.plan))));
  }
  return out;
}

/** Every message of reading each team-usage table of `fixtures/usage` (the Teams sheet's import), per day and raw. */
export function usageMessages(): Collected[] {
  const out: Collected[] = [];
  const dir = join(ROOT, "fixtures", "usage");
  for (const f of readdirSync(dir)
    .filter((n) => /\.(csv|tsv)$/.test(n))
    .sort()) {
    const text = readFileSync(join(dir, f), "utf8");
    for (const perDay of [true, false]) {
      const res = importUsageCsv(text, f, { perDay });
      (res.ok ? res.warnings : res.errors).forEach((i) => out.push(ofIssue(f, i)));
    }
  }
  return out;
}
