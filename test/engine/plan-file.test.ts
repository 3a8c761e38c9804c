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
} from "../../src/engine/plan/plan-file";
import type { PlanFile } from "../../src/engine/base/types";
import { SPEC_EXAMPLE_TEXT } from "./plan-example";

const schema = JSON.parse(
  readFileSync(join(__dirname, "../../models/plan.schema.json"), "utf8"),
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
    const dir = join(__dirname, "../../models/examples");
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
