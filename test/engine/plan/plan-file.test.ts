import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import {
  parsePlanText,
  readPlanText,
  serializePlan,
  validatePlan,
  type PlanIssue,
  keyPath,
  STAT_PATTERN,
  workloadDefs,
  workloadName,
  MAX_CELLS,
} from "../../../src/engine/plan/plan-file";
import type { PlanFile, WorkloadDef } from "../../../src/engine/base/types";
import { SPEC_EXAMPLE_TEXT } from "../plan-example";

const schema = JSON.parse(
  readFileSync(join(__dirname, "../../../models/plan.schema.json"), "utf8"),
) as object;
const ajv = new Ajv2020({ allErrors: true });
const schemaValid = ajv.compile(schema);

const SPEC_EXAMPLE = JSON.parse(SPEC_EXAMPLE_TEXT) as unknown;

/** A small valid plan, to break in one place per test. */
function base(): Record<string, unknown> {
  return {
    format: "capplan.plan/v1",
    workload: { peakRps: 50, inputTokens: 300, outputTokens: 300 },
    skus: [
      {
        name: "H100 TP4",
        gpusPerReplica: 4,
        pricePerGpuHour: 20,
        sweep: { replicaOutputTokensPerSec: 1500 },
      },
    ],
  };
}

function issues(v: unknown): PlanIssue[] {
  const r = validatePlan(v);
  return r.ok ? [] : r.errors;
}

const FORMAT = "capplan.plan/v1";
const NUM = "a number or a formula string starting with =";

/** A small valid plan: one workload, one SKU with a sweep; `over` replaces top-level keys. */
function plan(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    format: FORMAT,
    workload: { peakRps: 50, inputTokens: 300, outputTokens: 300 },
    skus: [
      {
        name: "H",
        gpusPerReplica: 4,
        pricePerGpuHour: 20,
        sweep: { replicaOutputTokensPerSec: 1500 },
      },
    ],
    ...over,
  };
}

/** The plan's errors as [path, English message] in the order validation found them. */
function errs(v: unknown): [string, string][] {
  const r = validatePlan(v);
  return r.ok ? [] : r.errors.map((e) => [e.path, e.message]);
}

const expected = (what: string, got: string): string => `expected ${what}, got ${got}`;

const GOOD_PLANS: [string, unknown][] = [
  ["the full example of docs/plan-file.md", SPEC_EXAMPLE],
  ["a minimal plan with one workload", base()],
  [
    "a plan with N+k redundancy, numeric strings, weighted tenants and extra keys",
    {
      ...base(),
      factors: { elasticity: "1.2", redundancy: { spare: 2 } },
      cells: { gpu_hour: "2,000", x: "=gpu_hour / 100" },
      ui: { selectedTab: 2 },
      tenants: {
        method: "weighted",
        inputWeight: 0.2,
        outputWeight: 1,
        idle: "separate",
        usage: [{ team: "search", inputTokens: 1e7, outputTokens: "=x * 1e6" }],
      },
    },
  ],
  [
    "a plan with the reservation basis, pool replicas, reserved replicas and shared costs",
    {
      ...base(),
      tenants: {
        basis: "reservation",
        pools: [{ name: "gpu", costPerDay: 240, replicas: "=4 * 2", capacityTokensPerDay: 8e6 }],
        usage: [{ team: "a", inputTokens: 1e6, outputTokens: 0, reservedReplicas: 3 }],
        shared: [
          { name: "platform", costPerDay: 40 },
          { name: "licences", costPerDay: "10", split: "even" },
          { name: "monitoring", costPerDay: 5, split: "none" },
        ],
      },
    },
  ],
];

const BAD_PLANS: [string, unknown, string][] = [
  ["a wrong format tag", { ...base(), format: "capplan.plan/v2" }, "format"],
  [
    "a SKU without gpusPerReplica",
    { ...base(), skus: [{ name: "x", pricePerGpuHour: 1 }] },
    "skus[0].gpusPerReplica",
  ],
  [
    "gpusPerReplica written as a word",
    { ...base(), skus: [{ name: "x", gpusPerReplica: "four", pricePerGpuHour: 1 }] },
    "skus[0].gpusPerReplica",
  ],
  [
    "an unknown SLO metric",
    { ...base(), slo: [{ metric: "latency", stat: "p99", maxMs: 1 }] },
    "slo[0].metric",
  ],
  [
    "a sweep with two sources",
    {
      ...base(),
      skus: [
        {
          name: "x",
          gpusPerReplica: 1,
          pricePerGpuHour: 1,
          sweep: { file: "a.json", replicaOutputTokensPerSec: 5 },
        },
      ],
    },
    "skus[0].sweep",
  ],
  ["no workload at all", { format: "capplan.plan/v1", skus: [] }, "workloads"],
  [
    "a usage row without a team",
    { ...base(), tenants: { usage: [{ inputTokens: 1, outputTokens: 1 }] } },
    "tenants.usage[0].team",
  ],
  ["a cell named like a function", { ...base(), cells: { max: 3 } }, "cells.max"],
  [
    "an unknown allocation basis",
    { ...base(), tenants: { basis: "commitment", usage: [] } },
    "tenants.basis",
  ],
  [
    "a shared cost split that does not exist",
    { ...base(), tenants: { usage: [], shared: [{ name: "p", costPerDay: 1, split: "half" }] } },
    "tenants.shared[0].split",
  ],
  [
    "a shared cost without a cost",
    { ...base(), tenants: { usage: [], shared: [{ name: "p" }] } },
    "tenants.shared[0].costPerDay",
  ],
  [
    "reserved replicas written as a word",
    {
      ...base(),
      tenants: {
        usage: [{ team: "a", inputTokens: 1, outputTokens: 1, reservedReplicas: "three" }],
      },
    },
    "tenants.usage[0].reservedReplicas",
  ],
];

describe("plan validation", () => {
  it.each(GOOD_PLANS)("accepts %s", (_, plan) => {
    expect(issues(plan)).toEqual([]);
    expect(schemaValid(plan), JSON.stringify(schemaValid.errors)).toBe(true);
  });

  it.each(BAD_PLANS)("refuses %s, in validatePlan and in the JSON Schema", (_, plan, path) => {
    expect(issues(plan).map((i) => i.path)).toContain(path);
    expect(schemaValid(plan)).toBe(false);
  });

  it("every plan in models/examples/ passes the schema and validatePlan", () => {
    const dir = join(__dirname, "../../../models/examples");
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")) : [];
    for (const f of files) {
      const text = readFileSync(join(dir, f), "utf8");
      const parsed = parsePlanText(text, f);
      expect(parsed.ok, f).toBe(true);
      const value = parsed.ok ? parsed.value : null;
      expect(issues(value), f).toEqual([]);
      expect(schemaValid(value), `${f}: ${JSON.stringify(schemaValid.errors)}`).toBe(true);
    }
  });

  it("describes a bad number with path, expected and got", () => {
    const plan = {
      ...base(),
      skus: [
        { name: "a", gpusPerReplica: 4, pricePerGpuHour: 1 },
        { name: "b", gpusPerReplica: "four", pricePerGpuHour: "12" },
      ],
    };
    expect(issues(plan)).toEqual([
      {
        path: "skus[1].gpusPerReplica",
        expected: "a number or a formula string starting with =",
        got: '"four"',
        message: 'expected a number or a formula string starting with =, got "four"',
        problem: {
          code: "planFile.expected",
          severity: "error",
          path: "skus[1].gpusPerReplica",
          params: { expected: "a number or a formula string starting with =", got: '"four"' },
        },
      },
    ]);
  });

  it("accepts numeric strings and formula strings (formulas are checked when resolved)", () => {
    const plan = {
      ...base(),
      skus: [{ name: "a", gpusPerReplica: "4", pricePerGpuHour: "=nosuch * 2" }],
    };
    expect(validatePlan(plan).ok).toBe(true);
  });

  it("reports duplicate names, unknown sweeps keys, bad stats and enums", () => {
    const plan = {
      format: "capplan.plan/v1",
      workloads: [
        { name: "chat", peakRps: 1, inputTokens: 1, outputTokens: 1 },
        { name: "chat", peakRps: 1, inputTokens: 1, outputTokens: 1 },
      ],
      sloMode: "optimistic",
      slo: [{ metric: "ttft", stat: "p999x", maxMs: 100 }],
      skus: [
        { name: "A", gpusPerReplica: 1, pricePerGpuHour: 1, sweeps: { docs: { file: "d.json" } } },
        { name: "A", gpusPerReplica: 1, pricePerGpuHour: 1, sweep: {} },
      ],
      tenants: { method: "fair", idle: "never", usage: [] },
    };
    const byPath = Object.fromEntries(issues(plan).map((i) => [i.path, i.message]));
    expect(byPath["workloads[1].name"]).toBe(
      'duplicate workload name "chat" (also at workloads[0].name)',
    );
    expect(byPath["skus[1].name"]).toBe('duplicate SKU name "A" (also at skus[0].name)');
    expect(byPath["skus[0].sweeps.docs"]).toBe(
      '"docs" is not a workload of this plan; expected a workload name ("chat", "chat")',
    );
    expect(byPath["skus[1].sweep"]).toBe(
      "expected exactly one of points, file, replicaOutputTokensPerSec, got none",
    );
    expect(byPath["slo[0].stat"]).toContain("a statistic");
    expect(byPath["sloMode"]).toBe('expected one of "measured", "interpolated", got "optimistic"');
    expect(byPath["tenants.method"]).toContain('"weighted"');
    expect(byPath["tenants.idle"]).toContain('"separate"');
  });

  it("requires a pool on usage rows when there are several pools, and known pools and SKUs", () => {
    const plan = {
      ...base(),
      tenants: {
        pools: [
          { name: "p1", costPerDay: 10 },
          { name: "p2", sku: "nope" },
        ],
        usage: [
          { team: "a", inputTokens: 1, outputTokens: 1 },
          { team: "b", pool: "p3", inputTokens: 1, outputTokens: 1 },
        ],
      },
    };
    expect(issues(plan).map((i) => i.path)).toEqual([
      "tenants.pools[1].sku",
      "tenants.usage[0].pool",
      "tenants.usage[1].pool",
    ]);
  });

  it("warns about SKUs without a sweep for a workload and about workload + workloads", () => {
    const plan = {
      ...base(),
      workloads: [{ name: "chat", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
      skus: [{ name: "A", gpusPerReplica: 1, pricePerGpuHour: 1 }],
    };
    const r = validatePlan(plan);
    expect(r.ok && r.warnings).toEqual([
      "both `workloads` and `workload` are given; `workloads` is used",
      'SKU "A" has no sweep for workload "chat"; it cannot be sized',
    ]);
  });

  it("refuses a value that is not an object", () => {
    expect(issues([1, 2])).toEqual([
      {
        path: "",
        expected: "a JSON object (a capplan plan)",
        got: "an array of 2",
        message: "expected a JSON object (a capplan plan), got an array of 2",
        problem: expect.objectContaining({ code: "planFile.expected", path: "" }),
      },
    ]);
  });
});

describe("plan text", () => {
  it("reads the spec example, with a BOM", () => {
    const r = readPlanText(`\ufeff${SPEC_EXAMPLE_TEXT}`, "plan.json");
    expect(r.ok).toBe(true);
  });

  it("reports JSON syntax errors with line and column", () => {
    // line 3 is `  "title": "x"` — the missing comma is found at the start of line 4, column 3
    const text = '{\n  "format": "capplan.plan/v1",\n  "title": "x"\n  "skus": []\n}';
    const r = parsePlanText(text, "plan.json");
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0]!.message).toBe(
      "invalid JSON at line 4, column 3: expected ',' or '}' after property value, found character \"\\\"\"",
    );
  });

  it("reports a trailing comma, an unterminated string and an empty file", () => {
    const msg = (t: string): string => {
      const r = parsePlanText(t, "p.json");
      return r.ok ? "" : r.errors[0]!.message;
    };
    expect(msg('{"a": [1, 2,]}')).toBe(
      "invalid JSON at line 1, column 13: trailing comma before ']'",
    );
    expect(msg('{"a": "abc')).toBe("invalid JSON at line 1, column 11: unterminated string");
    expect(msg("\r\n  \n")).toBe("the file is empty");
    expect(msg("{\n\tfoo: 1}")).toBe(
      'invalid JSON at line 2, column 2: expected a property name in double quotes, found character "f"',
    );
  });

  it("serializes with 2-space indentation and spec key order, and reads back the same plan", () => {
    const plan = JSON.parse(SPEC_EXAMPLE_TEXT) as PlanFile;
    const shuffled = Object.fromEntries(Object.entries(plan).reverse()) as PlanFile;
    const text = serializePlan(shuffled);
    expect(
      text.startsWith('{\n  "format": "capplan.plan/v1",\n  "title": "70B chat service",\n'),
    ).toBe(true);
    expect(text.endsWith("}\n")).toBe(true);
    expect(JSON.parse(text)).toEqual(plan);
    expect(serializePlan(JSON.parse(text))).toBe(text);
  });
});

describe("validatePlan field by field: bounds, paths, codes, messages and order", () => {
  /**
   * Validation of the plan file (src/engine/plan/plan-file.ts, docs/plan-file.md, docs/problems.md): every
   * bound exactly at and just outside, every error's path, code and English text, the order of the
   * errors, the warnings, the JSON text reading and the key order of writing (issue #15).
   */

  describe("keyPath, workloadName, workloadDefs", () => {
    it("an identifier key is written .key, any other key in brackets as JSON", () => {
      expect(keyPath("cells", "gpu_hour")).toBe("cells.gpu_hour");
      expect(keyPath("cells", "$a9")).toBe("cells.$a9");
      expect(keyPath("cells", "_")).toBe("cells._");
      expect(keyPath("s", "my load")).toBe('s["my load"]');
      expect(keyPath("s", "9lives")).toBe('s["9lives"]');
      expect(keyPath("s", "a-b")).toBe('s["a-b"]');
      expect(keyPath("s", "")).toBe('s[""]');
    });

    it("a workload is named by its name, else 'default' when alone, else workload<index + 1>", () => {
      expect(workloadName({ name: "chat" } as WorkloadDef, 3, 5)).toBe("chat");
      expect(workloadName({ name: "" } as WorkloadDef, 0, 1)).toBe("default");
      expect(workloadName({ name: "" } as WorkloadDef, 1, 2)).toBe("workload2");
      expect(workloadName(undefined, 0, 1)).toBe("default");
      expect(workloadName(undefined, 0, 2)).toBe("workload1");
      expect(workloadName({ name: 7 } as unknown as WorkloadDef, 2, 3)).toBe("workload3");
    });

    it("the workload definitions: workloads (with indexes) win over workload; none when neither is usable", () => {
      const a = { name: "a" } as WorkloadDef;
      const b = { name: "b" } as WorkloadDef;
      expect(workloadDefs({ workloads: [a, b], workload: a } as unknown as PlanFile)).toEqual([
        { def: a, path: "workloads[0]" },
        { def: b, path: "workloads[1]" },
      ]);
      expect(workloadDefs({ workload: b } as unknown as PlanFile)).toEqual([
        { def: b, path: "workload" },
      ]);
      expect(workloadDefs({ workload: [b] } as unknown as PlanFile)).toEqual([]);
      expect(workloadDefs({ workload: null } as unknown as PlanFile)).toEqual([]);
      expect(workloadDefs({} as PlanFile)).toEqual([]);
    });
  });

  describe("STAT_PATTERN: the statistics an SLO may name", () => {
    it.each([
      "mean",
      "min",
      "max",
      "std",
      "median",
      "p0",
      "p5",
      "p50",
      "p99",
      "p100",
      "p99.9",
      "p99.99",
      "p9.5",
    ])("accepts %s", (s) => {
      expect(STAT_PATTERN.test(s)).toBe(true);
    });
    it.each([
      "",
      "p",
      "p101",
      "p999",
      "p1000",
      "p99.",
      "p.9",
      "P99",
      "xmean",
      "meanx",
      "p99x",
      "p99.9x",
      "ap99",
      "p100.5x",
      "avg",
    ])("refuses %j", (s) => {
      expect(STAT_PATTERN.test(s)).toBe(false);
    });
  });

  describe("validatePlan: the document, format, title and currency", () => {
    it("refuses what is not an object, and stops there", () => {
      expect(errs(null)).toEqual([["", expected("a JSON object (a capplan plan)", "null")]]);
      expect(errs("plan")).toEqual([["", expected("a JSON object (a capplan plan)", '"plan"')]]);
    });

    it("a wrong or missing format tag is an error at `format`", () => {
      expect(errs(plan({ format: "capplan.plan/v2" }))).toEqual([
        ["format", expected('"capplan.plan/v1"', '"capplan.plan/v2"')],
      ]);
      const { format: _, ...noFormat } = plan();
      expect(errs(noFormat)).toEqual([["format", expected('"capplan.plan/v1"', "missing")]]);
    });

    it("a title or currency that is not a non-empty string is an error at `title` / `currency` (no leading dot)", () => {
      expect(errs(plan({ title: 5 }))).toEqual([["title", expected("a non-empty string", "5")]]);
      expect(errs(plan({ title: "" }))).toEqual([["title", expected("a non-empty string", '""')]]);
      expect(errs(plan({ currency: 5 }))).toEqual([
        ["currency", expected("a non-empty string", "5")],
      ]);
      expect(errs(plan({ title: "t", currency: "EUR" }))).toEqual([]);
    });

    it("the currency is three capital letters, nothing around them", () => {
      const bad = (c: string) => [
        [
          "currency",
          expected(
            "a 3-letter ISO 4217 currency code in capitals, such as USD, EUR or CNY",
            JSON.stringify(c),
          ),
        ],
      ];
      expect(errs(plan({ currency: "usd" }))).toEqual(bad("usd"));
      expect(errs(plan({ currency: "USDX" }))).toEqual(bad("USDX"));
      expect(errs(plan({ currency: "XUSD" }))).toEqual(bad("XUSD"));
      expect(errs(plan({ currency: "US" }))).toEqual(bad("US"));
      expect(errs(plan({ currency: "CNY" }))).toEqual([]);
    });

    it("the currency sets the price range; an invalid currency falls back to USD", () => {
      const sku = (price: number) => [
        {
          name: "H",
          gpusPerReplica: 1,
          pricePerGpuHour: price,
          sweep: { replicaOutputTokensPerSec: 1 },
        },
      ];
      expect(errs(plan({ currency: "JPY", skus: sku(5e8) }))).toEqual([]);
      expect(errs(plan({ currency: "JPY", skus: sku(2e9) }))).toEqual([
        ["skus[0].pricePerGpuHour", "expected from 0 up to 1e9 (JPY per GPU-hour), got 2e9"],
      ]);
      expect(errs(plan({ skus: sku(2e7) }))).toEqual([
        ["skus[0].pricePerGpuHour", "expected from 0 up to 1e7 (USD per GPU-hour), got 2e7"],
      ]);
      expect(errs(plan({ currency: "jpy", skus: sku(2e7) }))).toEqual([
        [
          "currency",
          expected(
            "a 3-letter ISO 4217 currency code in capitals, such as USD, EUR or CNY",
            '"jpy"',
          ),
        ],
        ["skus[0].pricePerGpuHour", "expected from 0 up to 1e7 (USD per GPU-hour), got 2e7"],
      ]);
      expect(errs(plan({ currency: "JPYY", skus: sku(2e7) }))[1]).toEqual([
        "skus[0].pricePerGpuHour",
        "expected from 0 up to 1e7 (USD per GPU-hour), got 2e7",
      ]);
      expect(errs(plan({ currency: 392, skus: sku(2e7) }))[1]).toEqual([
        "skus[0].pricePerGpuHour",
        "expected from 0 up to 1e7 (USD per GPU-hour), got 2e7",
      ]);
      // an array is not read as its text "JPY"
      expect(errs(plan({ currency: ["JPY"], skus: sku(2e7) }))).toEqual([
        ["currency", expected("a non-empty string", "an array of 1")],
        ["skus[0].pricePerGpuHour", "expected from 0 up to 1e7 (USD per GPU-hour), got 2e7"],
      ]);
    });

    it("an issue carries path, expected, got, its English message and the problem with its code", () => {
      const r = validatePlan(plan({ format: 1 }));
      expect(r).toEqual({
        ok: false,
        errors: [
          {
            path: "format",
            expected: '"capplan.plan/v1"',
            got: "1",
            message: 'expected "capplan.plan/v1", got 1',
            problem: {
              code: "planFile.expected",
              severity: "error",
              path: "format",
              params: { expected: '"capplan.plan/v1"', got: "1" },
            },
          },
        ],
      });
    });

    it("a valid plan gives the plan itself, no warnings and no problems", () => {
      const p = plan();
      const r = validatePlan(p);
      expect(r).toEqual({ ok: true, plan: p, warnings: [], problems: [] });
      expect(r.ok && r.plan).toBe(p);
    });
  });

  describe("validatePlan: cells", () => {
    it("cells must be an object", () => {
      expect(errs(plan({ cells: [1] }))).toEqual([
        ["cells", expected("an object mapping cell names to numbers or formulas", "an array of 1")],
      ]);
      expect(errs(plan({ cells: null }))).toEqual([
        ["cells", expected("an object mapping cell names to numbers or formulas", "null")],
      ]);
    });

    it("a bad cell name and a bad cell value are both reported, at the cell's path (brackets for a non-identifier)", () => {
      expect(
        errs(
          plan({
            cells: { "9x": 1, sum: 2, ok: "two", "a b": "=1", f: "=ok * 2", n: "1,500", z: -1e30 },
          }),
        ),
      ).toEqual([
        [
          'cells["9x"]',
          '"9x" is not a valid cell name (letters, digits and _, not starting with a digit)',
        ],
        ["cells.sum", '"sum" is reserved (a formula function or keyword) and cannot name a cell'],
        ["cells.ok", expected(NUM, '"two"')],
        [
          'cells["a b"]',
          '"a b" is not a valid cell name (letters, digits and _, not starting with a digit)',
        ],
      ]);
    });

    it("a cell without a value is an error (cells are required numbers)", () => {
      expect(errs(plan({ cells: { a: null } }))).toEqual([["cells.a", expected(NUM, "null")]]);
    });
  });

  describe("validatePlan: workloads", () => {
    const wl = (over: Record<string, unknown> = {}) => ({
      peakRps: 1,
      inputTokens: 1,
      outputTokens: 1,
      ...over,
    });

    it("neither workloads nor workload: an error at `workloads`; a workload that is not an object: at `workload`", () => {
      const msg = expected("an array of workloads (or one `workload` object)", "missing");
      expect(errs({ format: FORMAT, skus: [] })).toEqual([["workloads", msg]]);
      expect(errs({ format: FORMAT, workload: [wl()], skus: [] })).toEqual([
        ["workload", expected("an array of workloads (or one `workload` object)", "an array of 1")],
      ]);
      expect(errs({ format: FORMAT, workload: 5, skus: [] })).toEqual([
        ["workload", expected("an array of workloads (or one `workload` object)", "5")],
      ]);
    });

    it("workloads must be an array of objects; each bad entry is reported at its index", () => {
      expect(errs({ format: FORMAT, workloads: { a: 1 }, skus: [] })).toEqual([
        ["workloads", expected("an array of workloads", "an object")],
      ]);
      expect(errs({ format: FORMAT, workloads: [wl(), 3, null, []], skus: [] })).toEqual([
        ["workloads[1]", expected("a workload object", "3")],
        ["workloads[2]", expected("a workload object", "null")],
        ["workloads[3]", expected("a workload object", "an array of 0")],
      ]);
    });

    it("both workloads and workload: a warning at `workload`, and `workloads` is checked (not `workload`)", () => {
      const r = validatePlan({
        format: FORMAT,
        workloads: [wl({ name: "a" })],
        workload: { peakRps: "x" },
        skus: [],
      });
      expect(r.ok && r.warnings).toEqual([
        "both `workloads` and `workload` are given; `workloads` is used",
      ]);
      expect(r.ok && r.problems).toEqual([
        { code: "planFile.bothWorkloads", severity: "warning", params: {}, path: "workload" },
      ]);
    });

    it("an empty workloads array validates with the warning planFile.noWorkloads", () => {
      const r = validatePlan({ format: FORMAT, workloads: [], skus: [] });
      expect(r.ok && r.warnings).toEqual(["the plan has no workloads"]);
      expect(r.ok && r.problems).toEqual([
        { code: "planFile.noWorkloads", severity: "warning", params: {}, path: "workloads" },
      ]);
    });

    it("peakRps, inputTokens and outputTokens are required (in this order), avgRps and dailyRequests are not", () => {
      expect(errs({ format: FORMAT, workloads: [{ name: "a" }], skus: [] })).toEqual([
        ["workloads[0].peakRps", expected(NUM, "missing")],
        ["workloads[0].inputTokens", expected(NUM, "missing")],
        ["workloads[0].outputTokens", expected(NUM, "missing")],
      ]);
      expect(errs({ format: FORMAT, workload: {}, skus: [] })).toEqual([
        ["workload.peakRps", expected(NUM, "missing")],
        ["workload.inputTokens", expected(NUM, "missing")],
        ["workload.outputTokens", expected(NUM, "missing")],
      ]);
    });

    it("every workload number is range-checked: peakRps, tokens, avgRps and dailyRequests (at the maximum passes, above fails)", () => {
      expect(
        errs(
          plan({
            workload: wl({
              peakRps: 1e9,
              inputTokens: 1e9,
              outputTokens: 1e9,
              avgRps: 1e9,
              dailyRequests: 1e15,
            }),
          }),
        ),
      ).toEqual([]);
      expect(
        errs(
          plan({
            workload: wl({
              peakRps: 2e9,
              inputTokens: 2e9,
              outputTokens: -1,
              avgRps: 2e9,
              dailyRequests: 2e15,
            }),
          }),
        ),
      ).toEqual([
        ["workload.peakRps", "expected from 0 up to 1e9 (requests per second), got 2e9"],
        ["workload.inputTokens", "expected from 0 up to 1e9 (tokens per request), got 2e9"],
        ["workload.outputTokens", "expected from 0 up to 1e9 (tokens per request), got -1"],
        ["workload.avgRps", "expected from 0 up to 1e9 (requests per second), got 2e9"],
        ["workload.dailyRequests", "expected from 0 up to 1e15 (requests per day), got 2e15"],
      ]);
    });

    it("a numeric string is range-checked like a number, keeping its text in the message; formulas are not checked", () => {
      expect(errs(plan({ workload: wl({ peakRps: "2,000,000,000" }) }))).toEqual([
        ["workload.peakRps", "expected from 0 up to 1e9 (requests per second), got 2e9"],
      ]);
      expect(errs(plan({ workload: wl({ peakRps: " =nope(", avgRps: "=1/0" }) }))).toEqual([]);
      expect(
        errs(plan({ workload: wl({ peakRps: "x=1", avgRps: "", dailyRequests: true }) })),
      ).toEqual([
        ["workload.peakRps", expected(NUM, '"x=1"')],
        ["workload.avgRps", expected(NUM, '""')],
        ["workload.dailyRequests", expected(NUM, "true")],
      ]);
    });

    it("a range issue's expected is 'a value in range', its got the value as written, its problem planFile.range", () => {
      const r = validatePlan(plan({ workload: wl({ peakRps: "-5" }) }));
      expect(r.ok ? [] : r.errors).toEqual([
        {
          path: "workload.peakRps",
          expected: "a value in range",
          got: '"-5"',
          message: "expected from 0 up to 1e9 (requests per second), got -5",
          problem: {
            code: "planFile.range",
            severity: "error",
            path: "workload.peakRps",
            params: {
              exclusive: false,
              min: "0",
              max: "1e9",
              unit: "requests per second",
              got: "-5",
            },
          },
        },
      ]);
    });

    it("a non-finite number or null is not a number", () => {
      expect(
        errs(
          plan({
            workload: wl({
              peakRps: Number.POSITIVE_INFINITY,
              avgRps: null,
              inputTokens: Number.NaN,
            }),
          }),
        ),
      ).toEqual([
        ["workload.peakRps", expected(NUM, "null")],
        ["workload.inputTokens", expected(NUM, "null")],
        ["workload.avgRps", expected(NUM, "null")],
      ]);
    });

    it("a name must be a non-empty string; duplicate names refer to the first use", () => {
      expect(
        errs({ format: FORMAT, workloads: [wl({ name: "" }), wl({ name: 3 })], skus: [] }),
      ).toEqual([
        ["workloads[0].name", expected("a non-empty string", '""')],
        ["workloads[1].name", expected("a non-empty string", "3")],
      ]);
      // names that are not strings are errors of their own, never duplicates
      expect(
        errs({ format: FORMAT, workloads: [wl({ name: 3 }), wl({ name: 3 })], skus: [] }),
      ).toEqual([
        ["workloads[0].name", expected("a non-empty string", "3")],
        ["workloads[1].name", expected("a non-empty string", "3")],
      ]);
      const r = validatePlan({
        format: FORMAT,
        workloads: [
          wl({ name: "a" }),
          wl({ name: "b" }),
          wl({ name: "a" }),
          wl({ name: "a" }),
          wl({ name: "b" }),
        ],
        skus: [],
      });
      expect(
        r.ok ? [] : r.errors.map((e) => [e.path, e.expected, e.got, e.message, e.problem?.code]),
      ).toEqual([
        [
          "workloads[2].name",
          "a workload name not used before",
          '"a"',
          'duplicate workload name "a" (also at workloads[0].name)',
          "planFile.duplicate",
        ],
        [
          "workloads[3].name",
          "a workload name not used before",
          '"a"',
          'duplicate workload name "a" (also at workloads[0].name)',
          "planFile.duplicate",
        ],
        [
          "workloads[4].name",
          "a workload name not used before",
          '"b"',
          'duplicate workload name "b" (also at workloads[1].name)',
          "planFile.duplicate",
        ],
      ]);
    });

    it("the workload names a SKU's sweeps may use: names, 'default' for a lone unnamed one, workload<N> otherwise", () => {
      const sku = (sweeps: Record<string, unknown>) => [
        { name: "H", gpusPerReplica: 1, pricePerGpuHour: 1, sweeps },
      ];
      const ref = { replicaOutputTokensPerSec: 1 };
      expect(errs({ format: FORMAT, workload: wl(), skus: sku({ default: ref }) })).toEqual([]);
      expect(
        errs({
          format: FORMAT,
          workloads: [wl({ name: "chat" }), wl()],
          skus: sku({ chat: ref, workload2: ref }),
        }),
      ).toEqual([]);
      expect(
        errs({
          format: FORMAT,
          workloads: [wl({ name: "chat" }), wl()],
          skus: sku({ workload1: ref }),
        }),
      ).toEqual([
        [
          "skus[0].sweeps.workload1",
          '"workload1" is not a workload of this plan; expected a workload name ("chat", "workload2")',
        ],
      ]);
    });
  });

  describe("validatePlan: a workload's trace", () => {
    const traced = (trace: unknown, over: Record<string, unknown> = {}) =>
      plan({ workload: { trace, ...over } });
    const summary = {
      requests: 10,
      binSec: 60,
      peakRps: 2,
      p99Rps: 1.5,
      durationSec: 600,
      seriesStartSec: 0,
      meanRps: 1,
      inputTokens: { mean: 100 },
      outputTokens: { mean: null },
      series: [1, 2],
    };

    it("a traced workload needs no peakRps or token counts, but they are still range-checked", () => {
      expect(errs(traced({ file: "t.csv" }))).toEqual([]);
      expect(errs(traced({ file: "t.csv" }, { peakRps: -1 }))).toEqual([
        ["workload.peakRps", "expected from 0 up to 1e9 (requests per second), got -1"],
      ]);
    });

    it("the trace must be an object with a file or a traffic summary", () => {
      expect(errs(traced("t.csv"))).toEqual([
        [
          "workload.trace",
          expected("a trace object with file (or an imported traffic summary)", '"t.csv"'),
        ],
      ]);
      expect(errs(traced({ name: "x" }))).toEqual([
        [
          "workload.trace",
          "expected a trace with file (or an imported traffic summary), got neither",
        ],
      ]);
      const r = validatePlan(traced({}));
      expect(r.ok ? [] : r.errors).toEqual([
        {
          path: "workload.trace",
          expected: "a trace with file or traffic",
          got: "an object",
          message: "expected a trace with file (or an imported traffic summary), got neither",
          problem: {
            code: "text",
            severity: "error",
            path: "workload.trace",
            params: {
              text: "expected a trace with file (or an imported traffic summary), got neither",
            },
          },
        },
      ]);
      expect(errs(traced({ file: "", name: 3 }))).toEqual([
        ["workload.trace.file", expected("a non-empty string", '""')],
        ["workload.trace.name", expected("a non-empty string", "3")],
      ]);
    });

    it("binSec is from 0.001 up to 604800 seconds, both included", () => {
      const bin = (binSec: unknown) => errs(traced({ file: "t", binSec }));
      const msg = (got: string) => [
        [
          "workload.trace.binSec",
          expected("a bin length in seconds from 0.001 up to 604800 (a week)", got),
        ],
      ];
      expect(bin(0.001)).toEqual([]);
      expect(bin(604800)).toEqual([]);
      expect(bin(0.0009)).toEqual(msg("0.0009"));
      expect(bin(604801)).toEqual(msg("604801"));
      expect(bin("60")).toEqual(msg('"60"'));
      expect(bin(Number.POSITIVE_INFINITY)).toEqual(msg("null"));
    });

    it("peak is max or p99", () => {
      expect(errs(traced({ file: "t", peak: "p99" }))).toEqual([]);
      expect(errs(traced({ file: "t", peak: "max" }))).toEqual([]);
      expect(errs(traced({ file: "t", peak: "p95" }))).toEqual([
        ["workload.trace.peak", expected('one of "max", "p99"', '"p95"')],
      ]);
    });

    it("an inline traffic summary is checked (planFile error wrapping the traffic problem)", () => {
      expect(errs(traced({ traffic: summary }))).toEqual([]);
      expect(errs(traced({ traffic: { ...summary, binSec: 0 } }))).toEqual([
        [
          "workload.trace.traffic",
          expect.stringMatching(/^expected a traffic summary \(capplan traffic --json\): ./),
        ],
      ]);
      const r = validatePlan(traced({ traffic: 7 }));
      expect(
        r.ok ? [] : r.errors.map((e) => [e.path, e.expected, e.message, e.problem?.code]),
      ).toEqual([
        [
          "workload.trace.traffic",
          "a traffic summary (capplan traffic --json)",
          "expected a traffic summary (capplan traffic --json): expected an object (the summary of `capplan traffic --json`)",
          "traffic.summaryInvalid",
        ],
      ]);
    });
  });

  describe("validatePlan: a workload's schedule", () => {
    const sched = (schedule: unknown, trace?: unknown) =>
      plan({
        workload: {
          peakRps: 1,
          inputTokens: 1,
          outputTokens: 1,
          schedule,
          ...(trace ? { trace } : {}),
        },
      });

    it("a schedule must be an object with a non-empty rps array (or fromTrace)", () => {
      expect(errs(sched([1]))).toEqual([
        [
          "workload.schedule",
          expected("a schedule object with intervalSec and rps (or fromTrace)", "an array of 1"),
        ],
      ]);
      expect(errs(sched({ intervalSec: 60 }))).toEqual([
        [
          "workload.schedule.rps",
          expected("a non-empty array of request rates (or fromTrace: true)", "missing"),
        ],
      ]);
      expect(errs(sched({ intervalSec: 60, rps: [] }))).toEqual([
        [
          "workload.schedule.rps",
          expected("a non-empty array of request rates (or fromTrace: true)", "an array of 0"),
        ],
      ]);
      expect(errs(sched({ intervalSec: 60, rps: [1] }))).toEqual([]);
    });

    it("every rate is a required number in range, at its index", () => {
      expect(errs(sched({ intervalSec: 60, rps: [1, undefined] }))).toEqual([
        ["workload.schedule.rps[1]", expected(NUM, "missing")],
      ]);
      expect(errs(sched({ intervalSec: 60, rps: [1, null, "=2", -1, 1e9, 2e9] }))).toEqual([
        ["workload.schedule.rps[1]", expected(NUM, "null")],
        ["workload.schedule.rps[3]", "expected from 0 up to 1e9 (requests per second), got -1"],
        ["workload.schedule.rps[5]", "expected from 0 up to 1e9 (requests per second), got 2e9"],
      ]);
    });

    it("intervalSec > 0 up to 31,622,400 (a leap year), minReplicas and leadIntervals from 0 up to 1e6", () => {
      expect(
        errs(sched({ intervalSec: 31_622_400, minReplicas: 0, leadIntervals: 1e6, rps: [1] })),
      ).toEqual([]);
      expect(
        errs(sched({ intervalSec: 0, minReplicas: -1, leadIntervals: 1e6 + 1, rps: [1] })),
      ).toEqual([
        ["workload.schedule.intervalSec", "expected more than 0 up to 3.16224e7 (seconds), got 0"],
        ["workload.schedule.minReplicas", "expected from 0 up to 1e6 (replicas), got -1"],
        [
          "workload.schedule.leadIntervals",
          "expected from 0 up to 1e6 (intervals), got 1.000001e6",
        ],
      ]);
      expect(
        errs({
          format: FORMAT,
          workloads: [
            {
              peakRps: 1,
              inputTokens: 1,
              outputTokens: 1,
              schedule: { intervalSec: 31_622_401, rps: [1] },
            },
          ],
          skus: [],
        }),
      ).toEqual([
        [
          "workloads[0].schedule.intervalSec",
          "expected more than 0 up to 3.16224e7 (seconds), got 3.1622401e7",
        ],
      ]);
    });

    it("fromTrace is true or false; true needs a trace and excludes rps; false needs rps", () => {
      const trace = { file: "t.csv" };
      expect(errs(sched({ fromTrace: true }, trace))).toEqual([]);
      expect(errs(sched({ fromTrace: "yes", rps: [1] }))).toEqual([
        ["workload.schedule.fromTrace", expected("true or false", '"yes"')],
      ]);
      expect(errs(sched({ fromTrace: true }))).toEqual([
        [
          "workload.schedule.fromTrace",
          "fromTrace needs the workload's trace; the workload has none",
        ],
      ]);
      expect(errs(sched({ fromTrace: true, rps: [1] }, trace))).toEqual([
        [
          "workload.schedule.rps",
          "rps and fromTrace exclude each other: the rates come from the trace",
        ],
      ]);
      expect(errs(sched({ fromTrace: true, rps: ["bad"] }))).toEqual([
        [
          "workload.schedule.fromTrace",
          "fromTrace needs the workload's trace; the workload has none",
        ],
        [
          "workload.schedule.rps",
          "rps and fromTrace exclude each other: the rates come from the trace",
        ],
      ]);
      expect(errs(sched({ fromTrace: false }, trace))).toEqual([
        [
          "workload.schedule.rps",
          expected("a non-empty array of request rates (or fromTrace: true)", "missing"),
        ],
      ]);
      expect(errs(sched({ fromTrace: false, rps: [2] }))).toEqual([]);
    });

    it("a schedule's issues come after the workload's numbers and before avgRps", () => {
      expect(
        errs(
          plan({
            workload: {
              peakRps: -1,
              inputTokens: 1,
              outputTokens: 1,
              schedule: { rps: "x" },
              avgRps: -1,
            },
          }),
        ),
      ).toEqual([
        ["workload.peakRps", "expected from 0 up to 1e9 (requests per second), got -1"],
        [
          "workload.schedule.rps",
          expected("a non-empty array of request rates (or fromTrace: true)", '"x"'),
        ],
        ["workload.avgRps", "expected from 0 up to 1e9 (requests per second), got -1"],
      ]);
    });
  });

  describe("validatePlan: SLOs, modes, error rate and factors", () => {
    it("slo must be an array of SLO objects", () => {
      expect(errs(plan({ slo: { metric: "ttft" } }))).toEqual([
        ["slo", expected("an array of SLOs", "an object")],
      ]);
      expect(errs(plan({ slo: ["p99"] }))).toEqual([["slo[0]", expected("a SLO object", '"p99"')]]);
    });

    it("an SLO's metric (one of the five), stat and maxMs, each at its path", () => {
      expect(
        errs(
          plan({
            slo: [
              { metric: "ttft", stat: "p99", maxMs: 500 },
              { metric: "e2e", stat: "mean", maxMs: "=1e3" },
            ],
          }),
        ),
      ).toEqual([]);
      expect(errs(plan({ slo: [{}] }))).toEqual([
        ["slo[0].metric", expected("one of ttft, itl, tpot, ntpot, e2e", "missing")],
        [
          "slo[0].stat",
          expected("a statistic: mean, min, max, std or pNN (e.g. p99, p99.9)", "missing"),
        ],
        ["slo[0].maxMs", expected(NUM, "missing")],
      ]);
      expect(
        errs(
          plan({
            slo: [
              { metric: "ttft", stat: "p99", maxMs: 1 },
              { metric: "latency", stat: 99, maxMs: 0 },
            ],
          }),
        ),
      ).toEqual([
        ["slo[1].metric", expected('one of "ttft", "itl", "tpot", "ntpot", "e2e"', '"latency"')],
        [
          "slo[1].stat",
          expected("a statistic: mean, min, max, std or pNN (e.g. p99, p99.9)", "99"),
        ],
        ["slo[1].maxMs", "expected more than 0 up to 1e9 (ms), got 0"],
      ]);
      expect(errs(plan({ slo: [{ metric: "itl", stat: "p99.9x", maxMs: 1e9 + 1 }] }))).toEqual([
        [
          "slo[0].stat",
          expected("a statistic: mean, min, max, std or pNN (e.g. p99, p99.9)", '"p99.9x"'),
        ],
        ["slo[0].maxMs", "expected more than 0 up to 1e9 (ms), got 1.000000001e9"],
      ]);
    });

    it("a statistic must be a string: an array whose text is a statistic is refused", () => {
      expect(errs(plan({ slo: [{ metric: "ttft", stat: ["p99"], maxMs: 1 }] }))).toEqual([
        [
          "slo[0].stat",
          expected("a statistic: mean, min, max, std or pNN (e.g. p99, p99.9)", "an array of 1"),
        ],
      ]);
    });

    it("sloMode and recommendBy take their listed values only", () => {
      expect(errs(plan({ sloMode: "measured", recommendBy: "blended" }))).toEqual([]);
      expect(errs(plan({ sloMode: "interpolated", recommendBy: "peak" }))).toEqual([]);
      expect(errs(plan({ recommendBy: "static" }))).toEqual([]);
      expect(errs(plan({ recommendBy: "autoscaled" }))).toEqual([]);
      expect(errs(plan({ sloMode: "all", recommendBy: "cheapest" }))).toEqual([
        ["sloMode", expected('one of "measured", "interpolated"', '"all"')],
        ["recommendBy", expected('one of "peak", "static", "autoscaled", "blended"', '"cheapest"')],
      ]);
      expect(errs(plan({ sloMode: 1 }))).toEqual([
        ["sloMode", expected('one of "measured", "interpolated"', "1")],
      ]);
    });

    it("maxErrorRatePct is an optional number without a range", () => {
      expect(errs(plan({ maxErrorRatePct: 250 }))).toEqual([]);
      expect(errs(plan({ maxErrorRatePct: "five" }))).toEqual([
        ["maxErrorRatePct", expected(NUM, '"five"')],
      ]);
    });

    it("factors: an object; elasticity and redundancy > 0 up to 1000; redundancy { spare } from 0 up to 1e6 and required there", () => {
      expect(errs(plan({ factors: [] }))).toEqual([
        ["factors", expected("an object with elasticity and redundancy", "an array of 0")],
      ]);
      expect(errs(plan({ factors: { elasticity: 1000, redundancy: 1000 } }))).toEqual([]);
      expect(errs(plan({ factors: {} }))).toEqual([]);
      expect(errs(plan({ factors: { elasticity: 0, redundancy: 1000.5 } }))).toEqual([
        ["factors.elasticity", "expected more than 0 up to 1000 (factor), got 0"],
        ["factors.redundancy", "expected more than 0 up to 1000 (factor), got 1000.5"],
      ]);
      expect(errs(plan({ factors: { redundancy: { spare: 0 } } }))).toEqual([]);
      expect(errs(plan({ factors: { redundancy: {} } }))).toEqual([
        ["factors.redundancy.spare", expected(NUM, "missing")],
      ]);
      expect(errs(plan({ factors: { redundancy: { spare: -1 } } }))).toEqual([
        ["factors.redundancy.spare", "expected from 0 up to 1e6 (spare replicas), got -1"],
      ]);
      expect(errs(plan({ factors: { redundancy: "two" } }))).toEqual([
        ["factors.redundancy", expected(NUM, '"two"')],
      ]);
    });
  });

  describe("validatePlan: SKUs and their sweeps", () => {
    const sku = (over: Record<string, unknown> = {}) => ({
      name: "H",
      gpusPerReplica: 1,
      pricePerGpuHour: 1,
      sweep: { replicaOutputTokensPerSec: 1 },
      ...over,
    });
    const skus = (...s: unknown[]) => plan({ skus: s });

    it("skus must be an array of SKU objects", () => {
      expect(errs(plan({ skus: undefined }))).toEqual([
        ["skus", expected("an array of skus", "missing")],
      ]);
      expect(errs(plan({ skus: [sku(), 1] }))).toEqual([
        ["skus[1]", expected("a sku object", "1")],
      ]);
    });

    it("name, gpusPerReplica and pricePerGpuHour are required, gpu is an optional string, in this order", () => {
      expect(errs(skus({ gpu: "" }))).toEqual([
        ["skus[0].name", expected("a non-empty string", "missing")],
        ["skus[0].gpu", expected("a non-empty string", '""')],
        ["skus[0].gpusPerReplica", expected(NUM, "missing")],
        ["skus[0].pricePerGpuHour", expected(NUM, "missing")],
      ]);
      expect(errs(skus(sku({ gpu: "H100" })))).toEqual([]);
    });

    it("the SKU's numbers at their bounds: gpusPerReplica > 0 up to 1e6, pricePerGpuHour from 0", () => {
      expect(errs(skus(sku({ gpusPerReplica: 1e6, pricePerGpuHour: 0 })))).toEqual([]);
      expect(errs(skus(sku({ gpusPerReplica: 0, pricePerGpuHour: -0.01 })))).toEqual([
        ["skus[0].gpusPerReplica", "expected more than 0 up to 1e6 (GPUs), got 0"],
        ["skus[0].pricePerGpuHour", "expected from 0 up to 1e7 (USD per GPU-hour), got -0.01"],
      ]);
    });

    it("an id is an identifier: letters, digits and _, not starting with a digit, nothing around it", () => {
      const idErr = (got: string) => [
        [
          "skus[0].id",
          expected("an identifier (letters, digits, _; not starting with a digit)", got),
        ],
      ];
      expect(errs(skus(sku({ id: "h100_tp4" })))).toEqual([]);
      expect(errs(skus(sku({ id: "_A9" })))).toEqual([]);
      expect(errs(skus(sku({ id: "9a" })))).toEqual(idErr('"9a"'));
      expect(errs(skus(sku({ id: "a-b" })))).toEqual(idErr('"a-b"'));
      expect(errs(skus(sku({ id: "-ab" })))).toEqual(idErr('"-ab"'));
      expect(errs(skus(sku({ id: "" })))).toEqual(idErr('""'));
      expect(errs(skus(sku({ id: "$a" })))).toEqual(idErr('"$a"'));
      expect(errs(skus(sku({ id: 4 })))).toEqual(idErr("4"));
      expect(errs(skus(sku({ id: ["ab"] })))).toEqual(idErr("an array of 1")); // not read as its text "ab"
    });

    it("a sweep is an object with exactly one of points, file and replicaOutputTokensPerSec", () => {
      expect(errs(skus(sku({ sweep: "s.json" })))).toEqual([
        [
          "skus[0].sweep",
          expected("a sweep object with points, file or replicaOutputTokensPerSec", '"s.json"'),
        ],
      ]);
      expect(
        errs(skus(sku({ sweep: { file: "a.json", points: [], replicaOutputTokensPerSec: 5 } }))),
      ).toEqual([
        [
          "skus[0].sweep",
          expected(
            "exactly one of points, file, replicaOutputTokensPerSec",
            "points and file and replicaOutputTokensPerSec",
          ),
        ],
      ]);
      const r = validatePlan(skus(sku({ sweep: {} })));
      expect(r.ok ? [] : r.errors.map((e) => [e.path, e.expected, e.got, e.message])).toEqual([
        [
          "skus[0].sweep",
          "exactly one of points, file, replicaOutputTokensPerSec",
          "an object",
          "expected exactly one of points, file, replicaOutputTokensPerSec, got none",
        ],
      ]);
      expect(errs(skus(sku({ sweep: { file: "a.json" } })))).toEqual([]);
      expect(errs(skus(sku({ sweep: { points: [] } })))).toEqual([]);
    });

    it("a sweep's file is a non-empty string and its replicaOutputTokensPerSec > 0 up to 1e12", () => {
      expect(errs(skus(sku({ sweep: { file: 3 } })))).toEqual([
        ["skus[0].sweep.file", expected("a non-empty string", "3")],
      ]);
      expect(errs(skus(sku({ sweep: { replicaOutputTokensPerSec: 1e12 } })))).toEqual([]);
      expect(errs(skus(sku({ sweep: { replicaOutputTokensPerSec: 0 } })))).toEqual([
        [
          "skus[0].sweep.replicaOutputTokensPerSec",
          "expected more than 0 up to 1e12 (tokens per second), got 0",
        ],
      ]);
      expect(errs(skus(sku({ sweep: { replicaOutputTokensPerSec: null } })))).toEqual([
        ["skus[0].sweep.replicaOutputTokensPerSec", expected(NUM, "null")],
      ]);
    });

    it("inline points: objects whose numbers may be null, formulas or numbers, requestRate also 'inf'; statistics objects of numbers", () => {
      const point = {
        concurrency: 1,
        rps: null,
        outputTokensPerSec: "=2*3",
        totalTokensPerSec: "1,000",
        meanInputTokens: -5,
        meanOutputTokens: 1,
        completed: 10,
        failed: 0,
        requestRate: "inf",
        ttftMs: { p99: 5, "p99.9": "6" },
        e2eMs: {},
      };
      expect(
        errs(
          skus(
            sku({
              sweep: {
                points: [point, { ...point, requestRate: null }, { ...point, requestRate: 4 }],
              },
            }),
          ),
        ),
      ).toEqual([]);
      const bad = {
        concurrency: "one",
        rps: "x",
        outputTokensPerSec: "y",
        totalTokensPerSec: "z",
        meanInputTokens: "a",
        meanOutputTokens: "b",
        completed: "c",
        failed: "d",
        requestRate: "fast",
      };
      expect(errs(skus(sku({ sweep: { points: [bad] } })))).toEqual(
        [
          "concurrency",
          "rps",
          "outputTokensPerSec",
          "totalTokensPerSec",
          "meanInputTokens",
          "meanOutputTokens",
          "completed",
          "failed",
          "requestRate",
        ].map((k) => [
          `skus[0].sweep.points[0].${k}`,
          expected(NUM, JSON.stringify((bad as Record<string, string>)[k])),
        ]),
      );
      expect(
        errs(
          skus(
            sku({
              sweep: {
                points: [
                  {
                    ttftMs: 5,
                    itlMs: { p50: "fast" },
                    tpotMs: [],
                    ntpotMs: { max: null },
                    e2eMs: "x",
                  },
                ],
              },
            }),
          ),
        ),
      ).toEqual([
        ["skus[0].sweep.points[0].ttftMs", expected("an object of statistics in ms", "5")],
        ["skus[0].sweep.points[0].itlMs.p50", expected(NUM, '"fast"')],
        [
          "skus[0].sweep.points[0].tpotMs",
          expected("an object of statistics in ms", "an array of 0"),
        ],
        ["skus[0].sweep.points[0].ntpotMs.max", expected(NUM, "null")],
        ["skus[0].sweep.points[0].e2eMs", expected("an object of statistics in ms", '"x"')],
      ]);
    });

    it("a non-finite number in a point is an error even under a key without a range", () => {
      expect(
        errs(
          skus(
            sku({
              sweep: {
                points: [
                  {
                    rps: Number.POSITIVE_INFINITY,
                    concurrency: Number.NaN,
                    ttftMs: { p99: Number.NEGATIVE_INFINITY },
                  },
                ],
              },
            }),
          ),
        ),
      ).toEqual([
        ["skus[0].sweep.points[0].concurrency", expected(NUM, "null")],
        ["skus[0].sweep.points[0].rps", expected(NUM, "null")],
        ["skus[0].sweep.points[0].ttftMs.p99", expected(NUM, "null")],
      ]);
    });

    it("points must be an array of point objects; a bad point is reported and no point is read further", () => {
      expect(errs(skus(sku({ sweep: { points: {} } })))).toEqual([
        ["skus[0].sweep.points", expected("an array of points", "an object")],
      ]);
      expect(errs(skus(sku({ sweep: { points: [{ rps: "x" }, 4] } })))).toEqual([
        ["skus[0].sweep.points[1]", expected("a point object", "4")],
      ]);
    });

    it("sweeps: an object of workload names to sweeps; an unknown name is planFile.notWorkload, and its sweep is checked too", () => {
      const two = {
        format: FORMAT,
        workloads: [
          { name: "chat", peakRps: 1, inputTokens: 1, outputTokens: 1 },
          { name: "my load", peakRps: 1, inputTokens: 1, outputTokens: 1 },
        ],
      };
      const ref = { replicaOutputTokensPerSec: 1 };
      expect(
        errs({ ...two, skus: [sku({ sweep: undefined, sweeps: { chat: ref, "my load": ref } })] }),
      ).toEqual([]);
      expect(errs({ ...two, skus: [sku({ sweep: undefined, sweeps: [ref] })] })).toEqual([
        ["skus[0].sweeps", expected("an object mapping workload names to sweeps", "an array of 1")],
      ]);
      const r = validatePlan({
        ...two,
        skus: [sku({ sweep: undefined, sweeps: { chat: ref, "my load": { file: 1 }, "x y": 5 } })],
      });
      expect(
        r.ok ? [] : r.errors.map((e) => [e.path, e.expected, e.message, e.problem?.code]),
      ).toEqual([
        [
          'skus[0].sweeps["my load"].file',
          "a non-empty string",
          expected("a non-empty string", "1"),
          "planFile.expected",
        ],
        [
          'skus[0].sweeps["x y"]',
          'a workload name ("chat", "my load")',
          '"x y" is not a workload of this plan; expected a workload name ("chat", "my load")',
          "planFile.notWorkload",
        ],
        [
          'skus[0].sweeps["x y"]',
          "a sweep object with points, file or replicaOutputTokensPerSec",
          expected("a sweep object with points, file or replicaOutputTokensPerSec", "5"),
          "planFile.expected",
        ],
      ]);
    });

    it("warns, per SKU and workload, when a SKU has no sweep for a workload (labelled by name, else by path)", () => {
      const two = {
        format: FORMAT,
        workloads: [
          { name: "a", peakRps: 1, inputTokens: 1, outputTokens: 1 },
          { name: "b", peakRps: 1, inputTokens: 1, outputTokens: 1 },
        ],
      };
      const r = validatePlan({
        ...two,
        skus: [
          sku({ sweep: undefined, sweeps: { b: { file: "b.json" } } }),
          { gpusPerReplica: 1, pricePerGpuHour: 1, name: "X", sweeps: "none" },
        ],
      });
      expect(r.ok ? [] : r.errors.map((e) => e.path)).toEqual(["skus[1].sweeps"]);
      const w = validatePlan({
        ...two,
        skus: [
          sku({ sweep: undefined, sweeps: { b: { file: "b.json" } } }),
          { gpusPerReplica: 1, pricePerGpuHour: 1, name: "X" },
          sku({ name: "Y" }),
        ],
      });
      expect(w.ok && w.warnings).toEqual([
        'SKU "H" has no sweep for workload "a"; it cannot be sized',
        'SKU "X" has no sweep for workload "a"; it cannot be sized',
        'SKU "X" has no sweep for workload "b"; it cannot be sized',
      ]);
      expect(w.ok && w.problems).toEqual([
        {
          code: "planFile.noSweepFor",
          severity: "warning",
          params: { sku: 'SKU "H"', workload: "a" },
          path: "skus[0]",
        },
        {
          code: "planFile.noSweepFor",
          severity: "warning",
          params: { sku: 'SKU "X"', workload: "a" },
          path: "skus[1]",
        },
        {
          code: "planFile.noSweepFor",
          severity: "warning",
          params: { sku: 'SKU "X"', workload: "b" },
          path: "skus[1]",
        },
      ]);
      const unnamed = validatePlan({ ...two, skus: [sku({ name: 5, sweep: undefined })] });
      expect(unnamed.ok ? [] : unnamed.errors.map((e) => e.path)).toEqual(["skus[0].name"]);
    });

    it("duplicate SKU names refer to the first; SKU names feed tenants' pools", () => {
      expect(errs(plan({ skus: [sku(), sku({ name: "G" }), sku()] }))).toEqual([
        ["skus[2].name", 'duplicate SKU name "H" (also at skus[0].name)'],
      ]);
    });
  });

  describe("validatePlan: tenants", () => {
    const row = (over: Record<string, unknown> = {}) => ({
      team: "a",
      inputTokens: 1,
      outputTokens: 1,
      ...over,
    });
    const ten = (t: unknown) => plan({ tenants: t });

    it("tenants must be an object with usage rows", () => {
      expect(errs(ten([]))).toEqual([
        ["tenants", expected("an object with usage rows", "an array of 0")],
      ]);
      expect(errs(ten({}))).toEqual([
        ["tenants.usage", expected("an array of usage rows", "missing")],
      ]);
      expect(errs(ten({ usage: [row(), "b"] }))).toEqual([
        ["tenants.usage[1]", expected("a usage row object", '"b"')],
      ]);
    });

    it("method, idle and basis take their listed values", () => {
      expect(
        errs(ten({ method: "output", idle: "proportional", basis: "usage", usage: [] })),
      ).toEqual([]);
      expect(
        errs(ten({ method: "tokens", idle: "separate", basis: "reservation", usage: [] })),
      ).toEqual([]);
      expect(errs(ten({ method: "fair", idle: "never", basis: "commitment", usage: [] }))).toEqual([
        ["tenants.method", expected('one of "tokens", "output", "weighted"', '"fair"')],
        ["tenants.idle", expected('one of "proportional", "separate"', '"never"')],
        ["tenants.basis", expected('one of "usage", "reservation"', '"commitment"')],
      ]);
    });

    it("the weights are required with the weighted method only, from 0 up to 1e6", () => {
      expect(errs(ten({ method: "weighted", usage: [] }))).toEqual([
        ["tenants.inputWeight", expected(NUM, "missing")],
        ["tenants.outputWeight", expected(NUM, "missing")],
      ]);
      expect(errs(ten({ method: "output", usage: [] }))).toEqual([]);
      expect(
        errs(ten({ method: "weighted", inputWeight: 0, outputWeight: 1e6, usage: [] })),
      ).toEqual([]);
      expect(errs(ten({ inputWeight: -1, outputWeight: 1e6 + 1, usage: [] }))).toEqual([
        ["tenants.inputWeight", "expected from 0 up to 1e6 (weight), got -1"],
        ["tenants.outputWeight", "expected from 0 up to 1e6 (weight), got 1.000001e6"],
      ]);
    });

    it("pools: an array of pool objects, each with a name, optional numbers in range and an optional SKU of the plan", () => {
      expect(errs(ten({ pools: {}, usage: [] }))).toEqual([
        ["tenants.pools", expected("an array of pools", "an object")],
      ]);
      expect(errs(ten({ pools: [1], usage: [] }))).toEqual([
        ["tenants.pools[0]", expected("a pool object", "1")],
      ]);
      expect(
        errs(
          ten({
            pools: [
              { name: "p", sku: "H", costPerDay: 0, capacityTokensPerDay: 1e18, replicas: 1e9 },
            ],
            usage: [row()],
          }),
        ),
      ).toEqual([]);
      expect(
        errs(
          ten({
            pools: [{ costPerDay: -1, capacityTokensPerDay: 0, replicas: 0, sku: "G" }],
            usage: [],
          }),
        ),
      ).toEqual([
        ["tenants.pools[0].name", expected("a non-empty string", "missing")],
        ["tenants.pools[0].costPerDay", "expected from 0 up to 1e10 (USD per day), got -1"],
        [
          "tenants.pools[0].capacityTokensPerDay",
          "expected more than 0 up to 1e18 (tokens per day), got 0",
        ],
        ["tenants.pools[0].replicas", "expected more than 0 up to 1e9 (replicas), got 0"],
        ["tenants.pools[0].sku", expected("the name of a SKU of this plan", '"G"')],
      ]);
      expect(errs(ten({ pools: [{ name: "p", sku: "" }], usage: [] }))).toEqual([
        ["tenants.pools[0].sku", expected("a non-empty string", '""')],
      ]);
    });

    it("duplicate pool names refer to the first", () => {
      expect(
        errs(ten({ pools: [{ name: "p" }, { name: "p" }], usage: [row({ pool: "p" })] })),
      ).toEqual([
        ["tenants.pools[1].name", 'duplicate pool name "p" (also at tenants.pools[0].name)'],
      ]);
    });

    it("a usage row's pool: optional with one pool, required with several, and one of the pools' names", () => {
      const pools = [{ name: "p1" }, { name: "p2" }];
      expect(errs(ten({ pools: [{ name: "p1" }], usage: [row()] }))).toEqual([]);
      expect(errs(ten({ pools, usage: [row({ pool: "p2" })] }))).toEqual([]);
      expect(errs(ten({ pools, usage: [row(), row({ pool: "p3" }), row({ pool: 3 })] }))).toEqual([
        ["tenants.usage[0].pool", expected("a pool name (the plan has several pools)", "missing")],
        ["tenants.usage[1].pool", expected('a pool name ("p1", "p2")', '"p3"')],
        ["tenants.usage[2].pool", expected("a non-empty string", "3")],
      ]);
      // no pools at all: any pool name is taken as written (the pool is defined by use)
      expect(errs(ten({ usage: [row({ pool: "anything" })] }))).toEqual([]);
      // pools whose names are not strings do not count as pools to choose from
      expect(errs(ten({ pools: [{ name: 1 }, { name: 2 }], usage: [row({ pool: "x" })] }))).toEqual(
        [
          ["tenants.pools[0].name", expected("a non-empty string", "1")],
          ["tenants.pools[1].name", expected("a non-empty string", "2")],
        ],
      );
    });

    it("a usage row: team and both token counts required (from 0 up to 1e18), reservedReplicas optional (up to 1e9)", () => {
      expect(errs(ten({ usage: [{}] }))).toEqual([
        ["tenants.usage[0].team", expected("a non-empty string", "missing")],
        ["tenants.usage[0].inputTokens", expected(NUM, "missing")],
        ["tenants.usage[0].outputTokens", expected(NUM, "missing")],
      ]);
      expect(
        errs(ten({ usage: [row({ inputTokens: 1e18, outputTokens: 0, reservedReplicas: 1e9 })] })),
      ).toEqual([]);
      expect(
        errs(ten({ usage: [row({ inputTokens: 2e18, outputTokens: -1, reservedReplicas: 2e9 })] })),
      ).toEqual([
        ["tenants.usage[0].inputTokens", "expected from 0 up to 1e18 (tokens per day), got 2e18"],
        ["tenants.usage[0].outputTokens", "expected from 0 up to 1e18 (tokens per day), got -1"],
        ["tenants.usage[0].reservedReplicas", "expected from 0 up to 1e9 (replicas), got 2e9"],
      ]);
    });

    it("shared costs: an array of objects with a name, a required cost (from 0) and a split", () => {
      expect(errs(ten({ usage: [], shared: "x" }))).toEqual([
        ["tenants.shared", expected("an array of shared costs", '"x"')],
      ]);
      expect(errs(ten({ usage: [], shared: [null] }))).toEqual([
        ["tenants.shared[0]", expected("a shared cost object", "null")],
      ]);
      expect(
        errs(
          ten({
            usage: [],
            shared: [
              { name: "a", costPerDay: 0, split: "weighted" },
              { name: "b", costPerDay: 1e10, split: "none" },
            ],
          }),
        ),
      ).toEqual([]);
      expect(
        errs(
          ten({
            usage: [],
            shared: [
              { split: "half" },
              { name: "a", costPerDay: -1 },
              { name: "a", costPerDay: 2e10 },
            ],
          }),
        ),
      ).toEqual([
        ["tenants.shared[0].name", expected("a non-empty string", "missing")],
        ["tenants.shared[0].costPerDay", expected(NUM, "missing")],
        ["tenants.shared[0].split", expected('one of "weighted", "even", "none"', '"half"')],
        ["tenants.shared[1].costPerDay", "expected from 0 up to 1e10 (USD per day), got -1"],
        ["tenants.shared[2].costPerDay", "expected from 0 up to 1e10 (USD per day), got 2e10"],
        [
          "tenants.shared[2].name",
          'duplicate shared cost name "a" (also at tenants.shared[1].name)',
        ],
      ]);
    });

    it("the order of the tenants' errors: enums, weights, pools, shared, usage", () => {
      expect(
        errs(
          ten({
            method: "x",
            inputWeight: -1,
            pools: [{}],
            shared: [{ name: "s" }],
            usage: [{ team: "t", inputTokens: 1 }],
          }),
        ),
      ).toEqual([
        ["tenants.method", expected('one of "tokens", "output", "weighted"', '"x"')],
        ["tenants.inputWeight", "expected from 0 up to 1e6 (weight), got -1"],
        ["tenants.pools[0].name", expected("a non-empty string", "missing")],
        ["tenants.shared[0].costPerDay", expected(NUM, "missing")],
        ["tenants.usage[0].outputTokens", expected(NUM, "missing")],
      ]);
    });
  });

  describe("validatePlan: the order of errors over the whole document", () => {
    it("format, title, currency, cells, workloads, slo, sloMode, recommendBy, maxErrorRatePct, factors, skus, tenants", () => {
      const bad = {
        tenants: 1,
        skus: 2,
        factors: 3,
        maxErrorRatePct: "x",
        recommendBy: 4,
        sloMode: 5,
        slo: 6,
        workload: 7,
        cells: 8,
        currency: "eur",
        title: 9,
        format: 10,
      };
      expect(errs(bad).map(([p]) => p)).toEqual([
        "format",
        "title",
        "currency",
        "cells",
        "workload",
        "slo",
        "sloMode",
        "recommendBy",
        "maxErrorRatePct",
        "factors",
        "skus",
        "tenants",
      ]);
    });
  });

  describe("parsePlanText / readPlanText: the text of a plan file", () => {
    it("an empty or blank file is planFile.fileEmpty", () => {
      for (const t of ["", "  \n\t", "\ufeff", "\ufeff \n"]) {
        expect(parsePlanText(t, "p.json")).toEqual({
          ok: false,
          errors: [
            {
              path: "",
              expected: "a JSON plan file (p.json)",
              got: "an empty file",
              message: "the file is empty",
              problem: { code: "planFile.fileEmpty", severity: "error", params: {} },
            },
          ],
        });
      }
    });

    it("a leading BOM is dropped; a BOM elsewhere is not", () => {
      expect(parsePlanText('\ufeff{"a": 1}', "p.json")).toEqual({ ok: true, value: { a: 1 } });
      expect(parsePlanText(' {"a": 1}', "p.json")).toEqual({ ok: true, value: { a: 1 } });
      const r = parsePlanText(' \ufeff{"a": 1}', "p.json");
      expect(r.ok).toBe(false);
    });

    it("a syntax error: planFile.invalidJsonAt with line, column and the 20 characters from there as 'got'", () => {
      const text = '{\n  "a": 1,\n  "b": tru,\n  "c": "0123456789012345678901234"\n}';
      const r = parsePlanText(text, "dir/p.json");
      expect(r.ok).toBe(false);
      const e = !r.ok ? r.errors : [];
      expect(e).toHaveLength(1);
      expect(e[0]!.path).toBe("");
      expect(e[0]!.expected).toBe("a JSON plan file (dir/p.json)");
      expect(e[0]!.problem?.code).toBe("planFile.invalidJsonAt");
      expect(e[0]!.problem?.params).toMatchObject({ line: 3, column: 8 });
      expect(e[0]!.message).toMatch(/^invalid JSON at line 3, column 8: /);
      expect(e[0]!.got).toBe(
        JSON.stringify(text.slice(text.indexOf("tru"), text.indexOf("tru") + 20)),
      );
      expect(e[0]!.got).toBe('"tru,\\n  \\"c\\": \\"0123456"');
    });

    it("readPlanText gives the text's error, or the validation of the value", () => {
      expect(readPlanText("", "p.json")).toEqual(parsePlanText("", "p.json"));
      const r = readPlanText(JSON.stringify(plan({ format: "x" })), "p.json");
      expect(r.ok ? [] : r.errors.map((x) => [x.path, x.message])).toEqual([
        ["format", expected('"capplan.plan/v1"', '"x"')],
      ]);
      const ok = readPlanText(`\ufeff${JSON.stringify(plan())}`, "p.json");
      expect(ok).toEqual({ ok: true, plan: plan(), warnings: [], problems: [] });
    });
  });

  describe("serializePlan: key order and format", () => {
    it("writes the known top-level keys in document order, then the others in their own order, with 2 spaces and a final newline", () => {
      const p = {
        zeta: 1,
        tenants: { usage: [] },
        recommendBy: "peak",
        skus: [],
        factors: {},
        maxErrorRatePct: 1,
        sloMode: "measured",
        slo: [],
        workload: {},
        workloads: [],
        cells: {},
        currency: "EUR",
        title: "t",
        alpha: 2,
        format: FORMAT,
        ignored: undefined,
      } as unknown as PlanFile;
      const text = serializePlan(p);
      expect(Object.keys(JSON.parse(text) as object)).toEqual([
        "format",
        "title",
        "currency",
        "cells",
        "workloads",
        "workload",
        "slo",
        "sloMode",
        "maxErrorRatePct",
        "factors",
        "skus",
        "recommendBy",
        "tenants",
        "zeta",
        "alpha",
      ]);
      expect(serializePlan({ format: FORMAT, x: [1] } as unknown as PlanFile)).toBe(
        '{\n  "format": "capplan.plan/v1",\n  "x": [\n    1\n  ]\n}\n',
      );
    });
  });
});

describe("size limits (100,000 cells, 1,000,000 rates)", () => {
  /**
   * The size limits of plan validation (src/engine/plan/plan-file.ts, docs/security.md): exactly at the
   * limit passes, one more is refused. Separate from survivors-plan-file.test.ts because these
   * build 100,000 cells and 1,000,000 rates (seconds per run, under mutation testing each mutant
   * these cover runs them).
   */

  describe("plan validation: size limits", () => {
    it(`holds at most MAX_CELLS (${MAX_CELLS}) cells: exactly the limit passes, one more is refused with planFile.tooManyCells`, () => {
      const cells = (n: number) =>
        Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, 1]));
      expect(MAX_CELLS).toBe(100_000);
      expect(errs(plan({ cells: cells(100_000) }))).toEqual([]);
      const r = validatePlan(plan({ cells: cells(100_001) }));
      expect(
        r.ok ? [] : r.errors.map((e) => [e.path, e.expected, e.got, e.message, e.problem?.code]),
      ).toEqual([
        [
          "cells",
          "at most 100000 cells",
          "an object",
          "the plan has 100001 cells; the limit is 100000 (docs/security.md)",
          "planFile.tooManyCells",
        ],
      ]);
    });

    it("at most 1,000,000 intervals: exactly that many pass, one more is refused before any rate is read", () => {
      expect(
        errs(
          plan({
            workload: {
              peakRps: 1,
              inputTokens: 1,
              outputTokens: 1,
              schedule: { intervalSec: 1, rps: new Array(1_000_000).fill(0) },
            },
          }),
        ),
      ).toEqual([]);
      expect(
        errs(
          plan({
            workload: {
              peakRps: 1,
              inputTokens: 1,
              outputTokens: 1,
              schedule: { intervalSec: 1, rps: new Array(1_000_001) },
            },
          }),
        ),
      ).toEqual([
        ["workload.schedule.rps", expected("at most 1,000,000 intervals", "an array of 1000001")],
      ]);
    });
  });
});
