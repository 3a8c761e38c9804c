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

const FORMAT = "capplan.plan/v1";
type O = Record<string, unknown>;
const NUM = "a number or a formula string starting with =";
const NES = "a non-empty string";
const RPS = "from 0 up to 1e9 (requests per second)";
/** An issue's English text: `expected <what>, got <got>` (a range's `what` is its range). */
const E = (what: string, got: string): string => `expected ${what}, got ${got}`;

/** A small valid plan to break in one place per test; `over` replaces top-level keys. */
function plan(over: O = {}): O {
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

function issues(v: unknown): PlanIssue[] {
  const r = validatePlan(v);
  return r.ok ? [] : r.errors;
}

/** The plan's errors as [path, English message] in the order validation found them. */
function errs(v: unknown): [string, string][] {
  const r = validatePlan(v);
  return r.ok ? [] : r.errors.map((e) => [e.path, e.message]);
}

/** The plan's errors projected onto the issue's fields named in `keys` (problem.code as "code"). */
function fields(v: unknown, ...keys: string[]): unknown[][] {
  const r = validatePlan(v);
  const of = (e: PlanIssue, k: string): unknown =>
    k === "code" ? e.problem?.code : (e as unknown as O)[k];
  return r.ok ? [] : r.errors.map((e) => keys.map((k) => of(e, k)));
}

/**
 * A case table: each row is [input, the errors of build(input) as [path, English message]], one
 * test per row, titled by the builder's name and the input.
 */
function cases<T>(build: (x: T) => unknown, rows: [T, unknown[]][]): void {
  it.each<[T, unknown[]]>(rows)(`${build.name}(%j)`, (x, want) => {
    expect(errs(build(x))).toEqual(want);
  });
}
/** A document as written (for `cases`). */
const doc = (d: unknown): unknown => d;

const GOOD_PLANS: [string, unknown][] = [
  ["the full example of docs/plan-file.md", SPEC_EXAMPLE],
  ["a minimal plan with one workload", plan()],
  [
    "a plan with N+k redundancy, numeric strings, weighted tenants and extra keys",
    plan({
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
    }),
  ],
  [
    "a plan with the reservation basis, pool replicas, reserved replicas and shared costs",
    plan({
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
    }),
  ],
];

/** [overrides of plan(), a path validatePlan reports]. */
const BAD_PLANS: [O, string][] = [
  [{ format: "capplan.plan/v2" }, "format"],
  [{ skus: [{ name: "x", pricePerGpuHour: 1 }] }, "skus[0].gpusPerReplica"],
  [{ skus: [{ name: "x", gpusPerReplica: "four", pricePerGpuHour: 1 }] }, "skus[0].gpusPerReplica"],
  [{ slo: [{ metric: "latency", stat: "p99", maxMs: 1 }] }, "slo[0].metric"],
  [
    {
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
  [{ workload: undefined, skus: [] }, "workloads"],
  [{ tenants: { usage: [{ inputTokens: 1, outputTokens: 1 }] } }, "tenants.usage[0].team"],
  [{ cells: { max: 3 } }, "cells.max"],
  [{ tenants: { basis: "commitment", usage: [] } }, "tenants.basis"],
  [
    { tenants: { usage: [], shared: [{ name: "p", costPerDay: 1, split: "half" }] } },
    "tenants.shared[0].split",
  ],
  [{ tenants: { usage: [], shared: [{ name: "p" }] } }, "tenants.shared[0].costPerDay"],
  [
    {
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

  it.each(BAD_PLANS)(
    "refuses plan(%j) at %s, in validatePlan and in the JSON Schema",
    (over, path) => {
      const bad = JSON.parse(JSON.stringify(plan(over))) as unknown;
      expect(issues(bad).map((i) => i.path)).toContain(path);
      expect(schemaValid(bad)).toBe(false);
    },
  );

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

  it("describes a bad number with path, expected and got; numeric and formula strings pass (formulas are checked when resolved)", () => {
    const sku = (name: string, gpusPerReplica: unknown, pricePerGpuHour: unknown) => ({
      name,
      gpusPerReplica,
      pricePerGpuHour,
    });
    expect(issues(plan({ skus: [sku("a", 4, 1), sku("b", "four", "12")] }))).toEqual([
      {
        path: "skus[1].gpusPerReplica",
        expected: NUM,
        got: '"four"',
        message: 'expected a number or a formula string starting with =, got "four"',
        problem: {
          code: "planFile.expected",
          severity: "error",
          path: "skus[1].gpusPerReplica",
          params: { expected: NUM, got: '"four"' },
        },
      },
    ]);
    expect(validatePlan(plan({ skus: [sku("a", "4", "=nosuch * 2")] })).ok).toBe(true);
  });

  it("reports duplicate names, unknown sweeps keys, bad stats and enums", () => {
    const w = { name: "chat", peakRps: 1, inputTokens: 1, outputTokens: 1 };
    const byPath = Object.fromEntries(
      issues({
        format: FORMAT,
        workloads: [w, w],
        sloMode: "optimistic",
        slo: [{ metric: "ttft", stat: "p999x", maxMs: 100 }],
        skus: [
          {
            name: "A",
            gpusPerReplica: 1,
            pricePerGpuHour: 1,
            sweeps: { docs: { file: "d.json" } },
          },
          { name: "A", gpusPerReplica: 1, pricePerGpuHour: 1, sweep: {} },
        ],
        tenants: { method: "fair", idle: "never", usage: [] },
      }).map((i) => [i.path, i.message]),
    );
    expect(byPath).toMatchObject({
      "workloads[1].name": 'duplicate workload name "chat" (also at workloads[0].name)',
      "skus[1].name": 'duplicate SKU name "A" (also at skus[0].name)',
      "skus[0].sweeps.docs":
        '"docs" is not a workload of this plan; expected a workload name ("chat", "chat")',
      "skus[1].sweep": "expected exactly one of points, file, replicaOutputTokensPerSec, got none",
      sloMode: 'expected one of "measured", "interpolated", got "optimistic"',
    });
    expect(byPath["slo[0].stat"]).toContain("a statistic");
    expect(byPath["tenants.method"]).toContain('"weighted"');
    expect(byPath["tenants.idle"]).toContain('"separate"');
  });

  it("requires a pool on usage rows when there are several pools, and known pools and SKUs", () => {
    const tenants = {
      pools: [
        { name: "p1", costPerDay: 10 },
        { name: "p2", sku: "nope" },
      ],
      usage: [
        { team: "a", inputTokens: 1, outputTokens: 1 },
        { team: "b", pool: "p3", inputTokens: 1, outputTokens: 1 },
      ],
    };
    expect(issues(plan({ tenants })).map((i) => i.path)).toEqual([
      "tenants.pools[1].sku",
      "tenants.usage[0].pool",
      "tenants.usage[1].pool",
    ]);
  });

  it("warns about SKUs without a sweep for a workload and about workload + workloads", () => {
    const r = validatePlan(
      plan({
        workloads: [{ name: "chat", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
        skus: [{ name: "A", gpusPerReplica: 1, pricePerGpuHour: 1 }],
      }),
    );
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
    expect(readPlanText(`\ufeff${SPEC_EXAMPLE_TEXT}`, "plan.json").ok).toBe(true);
  });

  // the first: line 3 is `  "title": "x"`; the missing comma is found at line 4, column 3
  it.each([
    [
      '{\n  "format": "capplan.plan/v1",\n  "title": "x"\n  "skus": []\n}',
      "invalid JSON at line 4, column 3: expected ',' or '}' after property value, found character \"\\\"\"",
    ],
    ['{"a": [1, 2,]}', "invalid JSON at line 1, column 13: trailing comma before ']'"],
    ['{"a": "abc', "invalid JSON at line 1, column 11: unterminated string"],
    ["\r\n  \n", "the file is empty"],
    [
      "{\n\tfoo: 1}",
      'invalid JSON at line 2, column 2: expected a property name in double quotes, found character "f"',
    ],
  ])("reports the JSON syntax error of %j with line and column: %s", (text, message) => {
    const r = parsePlanText(text, "plan.json");
    expect(r.ok ? "" : r.errors[0]!.message).toBe(message);
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
      const defs = (p: unknown) => workloadDefs(p as PlanFile);
      expect(defs({ workloads: [a, b], workload: a })).toEqual([
        { def: a, path: "workloads[0]" },
        { def: b, path: "workloads[1]" },
      ]);
      expect(defs({ workload: b })).toEqual([{ def: b, path: "workload" }]);
      expect(defs({ workload: [b] })).toEqual([]);
      expect(defs({ workload: null })).toEqual([]);
      expect(defs({})).toEqual([]);
    });
  });

  describe("STAT_PATTERN: the statistics an SLO may name", () => {
    const good = "mean min max std median p0 p5 p50 p99 p100 p99.9 p99.99 p9.5".split(" ");
    const bad = [
      "",
      ..."p p101 p999 p1000 p99. p.9 P99 xmean meanx p99x p99.9x ap99 p100.5x avg".split(" "),
    ];
    it.each([...good.map((s) => [s, true]), ...bad.map((s) => [s, false])])("%j: %s", (s, ok) => {
      expect(STAT_PATTERN.test(s as string)).toBe(ok);
    });
  });

  describe("validatePlan: the document, format, title and currency", () => {
    const OBJ = "a JSON object (a capplan plan)";
    const ISO = "a 3-letter ISO 4217 currency code in capitals, such as USD, EUR or CNY";
    const { format: _, ...noFormat } = plan();
    // a non-object is refused, and validation stops there
    cases(doc, [
      [null, [["", E(OBJ, "null")]]],
      ["plan", [["", E(OBJ, '"plan"')]]],
      [noFormat, [["format", E('"capplan.plan/v1"', "missing")]]],
    ]);
    const sku = (price: number) => [
      {
        name: "H",
        gpusPerReplica: 1,
        pricePerGpuHour: price,
        sweep: { replicaOutputTokensPerSec: 1 },
      },
    ];
    /** The currency sets the price range; an invalid currency falls back to USD. */
    const price = (cur: string, max: string, got: string) => [
      "skus[0].pricePerGpuHour",
      E(`from 0 up to ${max} (${cur} per GPU-hour)`, got),
    ];
    const cur = (what: string, got: string) => ["currency", E(what, got)];
    const USD = price("USD", "1e7", "2e7");
    cases(plan, [
      [{ format: "capplan.plan/v2" }, [["format", E('"capplan.plan/v1"', '"capplan.plan/v2"')]]],
      // a title or currency that is not a non-empty string: at `title` / `currency`
      [{ title: 5 }, [["title", E(NES, "5")]]],
      [{ title: "" }, [["title", E(NES, '""')]]],
      [{ currency: 5 }, [cur(NES, "5")]],
      [{ title: "t", currency: "EUR" }, []],
      // the currency is three capital letters, nothing around them
      [{ currency: "usd" }, [cur(ISO, '"usd"')]],
      [{ currency: "USDX" }, [cur(ISO, '"USDX"')]],
      [{ currency: "XUSD" }, [cur(ISO, '"XUSD"')]],
      [{ currency: "US" }, [cur(ISO, '"US"')]],
      [{ currency: "CNY" }, []],
      [{ currency: "JPY", skus: sku(5e8) }, []],
      [{ currency: "JPY", skus: sku(2e9) }, [price("JPY", "1e9", "2e9")]],
      [{ skus: sku(2e7) }, [USD]],
      [{ currency: "jpy", skus: sku(2e7) }, [cur(ISO, '"jpy"'), USD]],
      [{ currency: "JPYY", skus: sku(2e7) }, [cur(ISO, '"JPYY"'), USD]],
      [{ currency: 392, skus: sku(2e7) }, [cur(NES, "392"), USD]],
      // an array is not read as its text "JPY"
      [{ currency: ["JPY"], skus: sku(2e7) }, [cur(NES, "an array of 1"), USD]],
    ]);

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
    const CELLS = "an object mapping cell names to numbers or formulas";
    const badName = (n: string) =>
      `"${n}" is not a valid cell name (letters, digits and _, not starting with a digit)`;
    cases(plan, [
      [{ cells: [1] }, [["cells", E(CELLS, "an array of 1")]]],
      [{ cells: null }, [["cells", E(CELLS, "null")]]],
      // a bad cell name and a bad cell value are both reported, at the cell's path
      // (brackets for a non-identifier)
      [
        { cells: { "9x": 1, sum: 2, ok: "two", "a b": "=1", f: "=ok * 2", n: "1,500", z: -1e30 } },
        [
          ['cells["9x"]', badName("9x")],
          ["cells.sum", '"sum" is reserved (a formula function or keyword) and cannot name a cell'],
          ["cells.ok", E(NUM, '"two"')],
          ['cells["a b"]', badName("a b")],
        ],
      ],
      // a cell without a value is an error (cells are required numbers), also undefined in an
      // object built in code
      [{ cells: { a: null } }, [["cells.a", E(NUM, "null")]]],
      [{ cells: { a: undefined } }, [["cells.a", E(NUM, "missing")]]],
    ]);

    it("a bad cell name's issue expects an identifier that is not a function name", () => {
      expect(fields(plan({ cells: { "9x": 1 } }), "path", "expected")).toEqual([
        ['cells["9x"]', "a cell name that is an identifier and not a function name"],
      ]);
    });
  });

  describe("validatePlan: workloads", () => {
    const wl = (over: O = {}) => ({ peakRps: 1, inputTokens: 1, outputTokens: 1, ...over });
    /** A plan of `over` (workload or workloads) and no SKUs. */
    const noSkus = (over: O) => ({ format: FORMAT, ...over, skus: [] });
    const ARR = "an array of workloads (or one `workload` object)";
    const wobj = "a workload object";
    const missing = (w: string) =>
      ["peakRps", "inputTokens", "outputTokens"].map((k) => [`${w}.${k}`, E(NUM, "missing")]);
    const nameErr = (i: number, got: string) => [`workloads[${i}].name`, E(NES, got)];
    cases(noSkus, [
      // neither workloads nor workload: at `workloads`; a non-object workload: at `workload`
      [{}, [["workloads", E(ARR, "missing")]]],
      [{ workload: [wl()] }, [["workload", E(ARR, "an array of 1")]]],
      [{ workload: 5 }, [["workload", E(ARR, "5")]]],
      // workloads must be an array of objects; each bad entry is reported at its index
      [{ workloads: { a: 1 } }, [["workloads", E("an array of workloads", "an object")]]],
      [
        { workloads: [wl(), 3, null, []] },
        [
          ["workloads[1]", E(wobj, "3")],
          ["workloads[2]", E(wobj, "null")],
          ["workloads[3]", E(wobj, "an array of 0")],
        ],
      ],
      // peakRps, inputTokens, outputTokens required (in this order); avgRps, dailyRequests not
      [{ workloads: [{ name: "a" }] }, missing("workloads[0]")],
      [{ workload: {} }, missing("workload")],
      // a name must be a non-empty string; names that are not strings are never duplicates
      [{ workloads: [wl({ name: "" }), wl({ name: 3 })] }, [nameErr(0, '""'), nameErr(1, "3")]],
      [{ workloads: [wl({ name: 3 }), wl({ name: 3 })] }, [nameErr(0, "3"), nameErr(1, "3")]],
    ]);

    it("both workloads and workload: a warning at `workload`, and `workloads` is checked (not `workload`); no workloads: planFile.noWorkloads", () => {
      const r = validatePlan(
        noSkus({ workloads: [wl({ name: "a" })], workload: { peakRps: "x" } }),
      );
      expect(r.ok && r.warnings).toEqual([
        "both `workloads` and `workload` are given; `workloads` is used",
      ]);
      expect(r.ok && r.problems).toEqual([
        { code: "planFile.bothWorkloads", severity: "warning", params: {}, path: "workload" },
      ]);
      const none = validatePlan(noSkus({ workloads: [] }));
      expect(none.ok && none.warnings).toEqual(["the plan has no workloads"]);
      expect(none.ok && none.problems).toEqual([
        { code: "planFile.noWorkloads", severity: "warning", params: {}, path: "workloads" },
      ]);
    });

    const TOK = "from 0 up to 1e9 (tokens per request)";
    /** peakRps and inputTokens `n`, outputTokens `out`. */
    const tokens = (n: number, out: number) => ({ peakRps: n, inputTokens: n, outputTokens: out });
    cases(plan, [
      // every workload number is range-checked: at the maximum passes, above fails
      [{ workload: wl({ ...tokens(1e9, 1e9), avgRps: 1e9, dailyRequests: 1e15 }) }, []],
      [
        { workload: wl({ ...tokens(2e9, -1), avgRps: 2e9, dailyRequests: 2e15 }) },
        [
          ["workload.peakRps", E(RPS, "2e9")],
          ["workload.inputTokens", E(TOK, "2e9")],
          ["workload.outputTokens", E(TOK, "-1")],
          ["workload.avgRps", E(RPS, "2e9")],
          ["workload.dailyRequests", "expected from 0 up to 1e15 (requests per day), got 2e15"],
        ],
      ],
      // a numeric string is range-checked like a number, keeping its text; formulas are not checked
      [{ workload: wl({ peakRps: "2,000,000,000" }) }, [["workload.peakRps", E(RPS, "2e9")]]],
      [{ workload: wl({ peakRps: " =nope(", avgRps: "=1/0" }) }, []],
      [
        { workload: wl({ peakRps: "x=1", avgRps: "", dailyRequests: true }) },
        [
          ["workload.peakRps", E(NUM, '"x=1"')],
          ["workload.avgRps", E(NUM, '""')],
          ["workload.dailyRequests", E(NUM, "true")],
        ],
      ],
    ]);

    it("a non-finite number or null is not a number", () => {
      const w = wl({ peakRps: Number.POSITIVE_INFINITY, avgRps: null, inputTokens: Number.NaN });
      expect(errs(plan({ workload: w }))).toEqual([
        ["workload.peakRps", E(NUM, "null")],
        ["workload.inputTokens", E(NUM, "null")],
        ["workload.avgRps", E(NUM, "null")],
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

    it("duplicate names refer to the first use", () => {
      const names = ["a", "b", "a", "a", "b"].map((name) => wl({ name }));
      const dup = (i: number, n: string, first: number) => [
        `workloads[${i}].name`,
        "a workload name not used before",
        `"${n}"`,
        `duplicate workload name "${n}" (also at workloads[${first}].name)`,
        "planFile.duplicate",
      ];
      expect(
        fields(noSkus({ workloads: names }), "path", "expected", "got", "message", "code"),
      ).toEqual([dup(2, "a", 0), dup(3, "a", 0), dup(4, "b", 1)]);
    });

    it("the workload names a SKU's sweeps may use: names, 'default' for a lone unnamed one, workload<N> otherwise", () => {
      const sku = (sweeps: O) => [{ name: "H", gpusPerReplica: 1, pricePerGpuHour: 1, sweeps }];
      const ref = { replicaOutputTokensPerSec: 1 };
      const two = [wl({ name: "chat" }), wl()];
      expect(errs({ format: FORMAT, workload: wl(), skus: sku({ default: ref }) })).toEqual([]);
      expect(
        errs({ format: FORMAT, workloads: two, skus: sku({ chat: ref, workload2: ref }) }),
      ).toEqual([]);
      expect(errs({ format: FORMAT, workloads: two, skus: sku({ workload1: ref }) })).toEqual([
        [
          "skus[0].sweeps.workload1",
          '"workload1" is not a workload of this plan; expected a workload name ("chat", "workload2")',
        ],
      ]);
    });
  });

  describe("validatePlan: a workload's trace", () => {
    const traced = (trace: unknown, over: O = {}) => plan({ workload: { trace, ...over } });
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
    const NEITHER = "expected a trace with file (or an imported traffic summary), got neither";
    const BIN = "a bin length in seconds from 0.001 up to 604800 (a week)";
    const binErr = (got: string) => [["workload.trace.binSec", E(BIN, got)]];
    cases(traced, [
      // a traced workload needs no peakRps or token counts
      [{ file: "t.csv" }, []],
      // the trace must be an object with a file or a traffic summary
      [
        "t.csv",
        [
          [
            "workload.trace",
            E("a trace object with file (or an imported traffic summary)", '"t.csv"'),
          ],
        ],
      ],
      [{ name: "x" }, [["workload.trace", NEITHER]]],
      [
        { file: "", name: 3 },
        [
          ["workload.trace.file", E(NES, '""')],
          ["workload.trace.name", E(NES, "3")],
        ],
      ],
      // binSec is from 0.001 up to 604800 seconds, both included
      [{ file: "t", binSec: 0.001 }, []],
      [{ file: "t", binSec: 604800 }, []],
      [{ file: "t", binSec: 0.0009 }, binErr("0.0009")],
      [{ file: "t", binSec: 604801 }, binErr("604801")],
      [{ file: "t", binSec: "60" }, binErr('"60"')],
      [{ file: "t", binSec: Number.POSITIVE_INFINITY }, binErr("null")],
      // peak is max or p99
      [{ file: "t", peak: "p99" }, []],
      [{ file: "t", peak: "max" }, []],
      [{ file: "t", peak: "p95" }, [["workload.trace.peak", E('one of "max", "p99"', '"p95"')]]],
      // an inline traffic summary is checked (a planFile error wrapping the traffic problem)
      [{ traffic: summary }, []],
      [
        { traffic: { ...summary, binSec: 0 } },
        [
          [
            "workload.trace.traffic",
            expect.stringMatching(/^expected a traffic summary \(capplan traffic --json\): ./),
          ],
        ],
      ],
    ]);

    it("a traced workload's numbers are still range-checked; an empty trace is a text problem; a bad traffic summary is traffic.summaryInvalid", () => {
      expect(errs(traced({ file: "t.csv" }, { peakRps: -1 }))).toEqual([
        ["workload.peakRps", E(RPS, "-1")],
      ]);
      expect(validatePlan(traced({}))).toEqual({
        ok: false,
        errors: [
          {
            path: "workload.trace",
            expected: "a trace with file or traffic",
            got: "an object",
            message: NEITHER,
            problem: {
              code: "text",
              severity: "error",
              path: "workload.trace",
              params: { text: NEITHER },
            },
          },
        ],
      });
      expect(fields(traced({ traffic: 7 }), "path", "expected", "message", "code")).toEqual([
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
    const w = { peakRps: 1, inputTokens: 1, outputTokens: 1 };
    const sched = (schedule: unknown, trace?: unknown) =>
      plan({ workload: { ...w, schedule, ...(trace ? { trace } : {}) } });
    /** [schedule, trace], for `cases`. */
    const traced = ([s, trace]: [unknown, unknown]) => sched(s, trace);
    const RATES = "a non-empty array of request rates (or fromTrace: true)";
    /** An error at workload.schedule.<k>. */
    const sc = (k: string, message: string) => [`workload.schedule.${k}`, message];
    const rps = (got: string) => sc("rps", E(RATES, got));
    const SEC = "more than 0 up to 3.16224e7 (seconds)";
    const trace = { file: "t.csv" };
    const NEEDS = sc("fromTrace", "fromTrace needs the workload's trace; the workload has none");
    const EXCL = sc("rps", "rps and fromTrace exclude each other: the rates come from the trace");
    cases(sched, [
      // a schedule must be an object with a non-empty rps array (or fromTrace)
      [
        [1],
        [
          [
            "workload.schedule",
            E("a schedule object with intervalSec and rps (or fromTrace)", "an array of 1"),
          ],
        ],
      ],
      [{ intervalSec: 60 }, [rps("missing")]],
      [{ intervalSec: 60, rps: [] }, [rps("an array of 0")]],
      [{ intervalSec: 60, rps: [1] }, []],
      // every rate is a required number in range, at its index
      [{ intervalSec: 60, rps: [1, undefined] }, [sc("rps[1]", E(NUM, "missing"))]],
      [
        { intervalSec: 60, rps: [1, null, "=2", -1, 1e9, 2e9] },
        [sc("rps[1]", E(NUM, "null")), sc("rps[3]", E(RPS, "-1")), sc("rps[5]", E(RPS, "2e9"))],
      ],
      // intervalSec > 0 up to 31,622,400 (a leap year); minReplicas, leadIntervals 0 up to 1e6
      [{ intervalSec: 31_622_400, minReplicas: 0, leadIntervals: 1e6, rps: [1] }, []],
      [
        { intervalSec: 0, minReplicas: -1, leadIntervals: 1e6 + 1, rps: [1] },
        [
          sc("intervalSec", E(SEC, "0")),
          sc("minReplicas", "expected from 0 up to 1e6 (replicas), got -1"),
          sc("leadIntervals", "expected from 0 up to 1e6 (intervals), got 1.000001e6"),
        ],
      ],
      // fromTrace is true or false; true needs a trace and excludes rps; false needs rps
      [{ fromTrace: "yes", rps: [1] }, [sc("fromTrace", E("true or false", '"yes"'))]],
      [{ fromTrace: true }, [NEEDS]],
      [{ fromTrace: true, rps: ["bad"] }, [NEEDS, EXCL]],
      [{ fromTrace: false, rps: [2] }, []],
    ]);
    it("fromTrace's issues say what was expected: a workload with a trace, no rps", () => {
      expect(fields(sched({ fromTrace: true, rps: [1] }), "path", "expected")).toEqual([
        ["workload.schedule.fromTrace", "a workload with a trace"],
        ["workload.schedule.rps", "no rps with fromTrace"],
      ]);
    });
    cases(traced, [
      [[{ fromTrace: true }, trace], []],
      [[{ fromTrace: true, rps: [1] }, trace], [EXCL]],
      [[{ fromTrace: false }, trace], [rps("missing")]],
    ]);

    it("the interval's bound holds in `workloads` too; a schedule's issues come after the workload's numbers and before avgRps", () => {
      expect(
        errs({
          format: FORMAT,
          workloads: [{ ...w, schedule: { intervalSec: 31_622_401, rps: [1] } }],
          skus: [],
        }),
      ).toEqual([["workloads[0].schedule.intervalSec", E(SEC, "3.1622401e7")]]);
      expect(
        errs(plan({ workload: { ...w, peakRps: -1, schedule: { rps: "x" }, avgRps: -1 } })),
      ).toEqual([
        ["workload.peakRps", E(RPS, "-1")],
        rps('"x"'),
        ["workload.avgRps", E(RPS, "-1")],
      ]);
    });
  });

  describe("validatePlan: SLOs, modes, error rate and factors", () => {
    const STAT = "a statistic: mean, min, max, std or pNN (e.g. p99, p99.9)";
    const FACT = "more than 0 up to 1000 (factor)";
    cases(plan, [
      // slo must be an array of SLO objects
      [{ slo: { metric: "ttft" } }, [["slo", E("an array of SLOs", "an object")]]],
      [{ slo: ["p99"] }, [["slo[0]", E("a SLO object", '"p99"')]]],
      // an SLO's metric (one of the five), stat and maxMs, each at its path
      [
        {
          slo: [
            { metric: "ttft", stat: "p99", maxMs: 500 },
            { metric: "e2e", stat: "mean", maxMs: "=1e3" },
          ],
        },
        [],
      ],
      [
        { slo: [{}] },
        [
          ["slo[0].metric", E("one of ttft, itl, tpot, ntpot, e2e", "missing")],
          ["slo[0].stat", E(STAT, "missing")],
          ["slo[0].maxMs", E(NUM, "missing")],
        ],
      ],
      [
        {
          slo: [
            { metric: "ttft", stat: "p99", maxMs: 1 },
            { metric: "latency", stat: 99, maxMs: 0 },
          ],
        },
        [
          ["slo[1].metric", E('one of "ttft", "itl", "tpot", "ntpot", "e2e"', '"latency"')],
          ["slo[1].stat", E(STAT, "99")],
          ["slo[1].maxMs", "expected more than 0 up to 1e9 (ms), got 0"],
        ],
      ],
      [
        { slo: [{ metric: "itl", stat: "p99.9x", maxMs: 1e9 + 1 }] },
        [
          ["slo[0].stat", E(STAT, '"p99.9x"')],
          ["slo[0].maxMs", "expected more than 0 up to 1e9 (ms), got 1.000000001e9"],
        ],
      ],
      // a statistic must be a string: an array whose text is a statistic is refused
      [
        { slo: [{ metric: "ttft", stat: ["p99"], maxMs: 1 }] },
        [["slo[0].stat", E(STAT, "an array of 1")]],
      ],
      // sloMode and recommendBy take their listed values only
      [{ sloMode: "measured", recommendBy: "blended" }, []],
      [{ sloMode: "interpolated", recommendBy: "peak" }, []],
      [{ recommendBy: "static" }, []],
      [{ recommendBy: "autoscaled" }, []],
      [
        { sloMode: "all", recommendBy: "cheapest" },
        [
          ["sloMode", E('one of "measured", "interpolated"', '"all"')],
          ["recommendBy", E('one of "peak", "static", "autoscaled", "blended"', '"cheapest"')],
        ],
      ],
      [{ sloMode: 1 }, [["sloMode", E('one of "measured", "interpolated"', "1")]]],
      // maxErrorRatePct is an optional number without a range
      [{ maxErrorRatePct: 250 }, []],
      [{ maxErrorRatePct: "five" }, [["maxErrorRatePct", E(NUM, '"five"')]]],
      // factors: an object; elasticity and redundancy > 0 up to 1000; redundancy { spare }
      // from 0 up to 1e6 and required there
      [
        { factors: [] },
        [["factors", E("an object with elasticity and redundancy", "an array of 0")]],
      ],
      [{ factors: { elasticity: 1000, redundancy: 1000 } }, []],
      [{ factors: {} }, []],
      [
        { factors: { elasticity: 0, redundancy: 1000.5 } },
        [
          ["factors.elasticity", E(FACT, "0")],
          ["factors.redundancy", E(FACT, "1000.5")],
        ],
      ],
      [{ factors: { redundancy: { spare: 0 } } }, []],
      [{ factors: { redundancy: {} } }, [["factors.redundancy.spare", E(NUM, "missing")]]],
      [
        { factors: { redundancy: { spare: -1 } } },
        [["factors.redundancy.spare", "expected from 0 up to 1e6 (spare replicas), got -1"]],
      ],
      [{ factors: { redundancy: "two" } }, [["factors.redundancy", E(NUM, '"two"')]]],
    ]);
  });

  describe("validatePlan: SKUs and their sweeps", () => {
    const sku = (over: O = {}) => ({
      name: "H",
      gpusPerReplica: 1,
      pricePerGpuHour: 1,
      sweep: { replicaOutputTokensPerSec: 1 },
      ...over,
    });
    /** A plan whose one SKU is sku(over). */
    const oneSku = (over: O) => plan({ skus: [sku(over)] });
    const sweep = (s: unknown) => oneSku({ sweep: s });
    const ID = "an identifier (letters, digits, _; not starting with a digit)";
    const idErr = (got: string) => [["skus[0].id", E(ID, got)]];
    const SWEEP = "a sweep object with points, file or replicaOutputTokensPerSec";
    const ONE = "exactly one of points, file, replicaOutputTokensPerSec";
    const TPS = "skus[0].sweep.replicaOutputTokensPerSec";
    cases(plan, [
      // skus must be an array of SKU objects
      [{ skus: undefined }, [["skus", E("an array of skus", "missing")]]],
      [{ skus: [sku(), 1] }, [["skus[1]", E("a sku object", "1")]]],
      // name, gpusPerReplica and pricePerGpuHour are required, gpu optional, in this order
      [
        { skus: [{ gpu: "" }] },
        [
          ["skus[0].name", E(NES, "missing")],
          ["skus[0].gpu", E(NES, '""')],
          ["skus[0].gpusPerReplica", E(NUM, "missing")],
          ["skus[0].pricePerGpuHour", E(NUM, "missing")],
        ],
      ],
      // duplicate SKU names refer to the first
      [
        { skus: [sku(), sku({ name: "G" }), sku()] },
        [["skus[2].name", 'duplicate SKU name "H" (also at skus[0].name)']],
      ],
    ]);
    cases(oneSku, [
      [{ gpu: "H100" }, []],
      // the SKU's numbers at their bounds: gpusPerReplica > 0 up to 1e6, pricePerGpuHour from 0
      [{ gpusPerReplica: 1e6, pricePerGpuHour: 0 }, []],
      [
        { gpusPerReplica: 0, pricePerGpuHour: -0.01 },
        [
          ["skus[0].gpusPerReplica", "expected more than 0 up to 1e6 (GPUs), got 0"],
          ["skus[0].pricePerGpuHour", "expected from 0 up to 1e7 (USD per GPU-hour), got -0.01"],
        ],
      ],
      // an id is an identifier: letters, digits and _, not starting with a digit, nothing around it
      [{ id: "h100_tp4" }, []],
      [{ id: "_A9" }, []],
      [{ id: "9a" }, idErr('"9a"')],
      [{ id: "a-b" }, idErr('"a-b"')],
      [{ id: "-ab" }, idErr('"-ab"')],
      [{ id: "" }, idErr('""')],
      [{ id: "$a" }, idErr('"$a"')],
      [{ id: 4 }, idErr("4")],
      [{ id: ["ab"] }, idErr("an array of 1")], // not read as its text "ab"
    ]);
    cases(sweep, [
      // a sweep is an object with exactly one of points, file and replicaOutputTokensPerSec
      ["s.json", [["skus[0].sweep", E(SWEEP, '"s.json"')]]],
      [
        { file: "a.json", points: [], replicaOutputTokensPerSec: 5 },
        [["skus[0].sweep", E(ONE, "points and file and replicaOutputTokensPerSec")]],
      ],
      [{ file: "a.json" }, []],
      [{ points: [] }, []],
      // a sweep's file is a non-empty string and its replicaOutputTokensPerSec > 0 up to 1e12
      [{ file: 3 }, [["skus[0].sweep.file", E(NES, "3")]]],
      [{ replicaOutputTokensPerSec: 1e12 }, []],
      [
        { replicaOutputTokensPerSec: 0 },
        [[TPS, "expected more than 0 up to 1e12 (tokens per second), got 0"]],
      ],
      [{ replicaOutputTokensPerSec: null }, [[TPS, E(NUM, "null")]]],
      // points must be an array of point objects; after a bad point no point is read
      [{ points: {} }, [["skus[0].sweep.points", E("an array of points", "an object")]]],
      [{ points: [{ rps: "x" }, 4] }, [["skus[0].sweep.points[1]", E("a point object", "4")]]],
    ]);

    it("an empty sweep: expected exactly one of the three, got an object, English 'got none'", () => {
      expect(fields(sweep({}), "path", "expected", "got", "message")).toEqual([
        ["skus[0].sweep", ONE, "an object", `expected ${ONE}, got none`],
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
      const points = [point, { ...point, requestRate: null }, { ...point, requestRate: 4 }];
      expect(errs(sweep({ points }))).toEqual([]);
      const keys = ["concurrency rps outputTokensPerSec totalTokensPerSec meanInputTokens"]
        .concat("meanOutputTokens completed failed failedPct requestRate")
        .join(" ");
      const bad = { concurrency: "one", rps: "x", outputTokensPerSec: "y", totalTokensPerSec: "z" };
      const more = { meanInputTokens: "a", meanOutputTokens: "b", completed: "c", failed: "d" };
      const failedPct = "e";
      const all: Record<string, string> = { ...bad, ...more, failedPct, requestRate: "fast" };
      expect(errs(sweep({ points: [all] }))).toEqual(
        keys
          .split(" ")
          .map((k) => [`skus[0].sweep.points[0].${k}`, E(NUM, JSON.stringify(all[k]))]),
      );
      // a statistic that is undefined (an object built in code) is skipped; null is an error
      const stats = {
        ttftMs: 5,
        itlMs: { p50: "fast", p90: undefined },
        tpotMs: [],
        ntpotMs: { max: null },
        e2eMs: "x",
      };
      const STATS = "an object of statistics in ms";
      const at = (k: string) => `skus[0].sweep.points[0].${k}`;
      expect(errs(sweep({ points: [stats] }))).toEqual([
        [at("ttftMs"), E(STATS, "5")],
        [at("itlMs.p50"), E(NUM, '"fast"')],
        [at("tpotMs"), E(STATS, "an array of 0")],
        [at("ntpotMs.max"), E(NUM, "null")],
        [at("e2eMs"), E(STATS, '"x"')],
      ]);
      // a non-finite number in a point is an error even under a key without a range
      const inf = {
        rps: Number.POSITIVE_INFINITY,
        concurrency: Number.NaN,
        ttftMs: { p99: -Infinity },
      };
      expect(errs(sweep({ points: [inf] }))).toEqual([
        [at("concurrency"), E(NUM, "null")],
        [at("rps"), E(NUM, "null")],
        [at("ttftMs.p99"), E(NUM, "null")],
      ]);
    });

    const two = {
      format: FORMAT,
      workloads: [
        { name: "a", peakRps: 1, inputTokens: 1, outputTokens: 1 },
        { name: "b", peakRps: 1, inputTokens: 1, outputTokens: 1 },
      ],
    };
    it("sweeps: an object of workload names to sweeps; an unknown name is planFile.notWorkload, and its sweep is checked too", () => {
      const chat = {
        ...two,
        workloads: [
          { ...two.workloads[0], name: "chat" },
          { ...two.workloads[1], name: "my load" },
        ],
      };
      const ref = { replicaOutputTokensPerSec: 1 };
      const sweeps = (s: unknown) => ({ ...chat, skus: [sku({ sweep: undefined, sweeps: s })] });
      expect(errs(sweeps({ chat: ref, "my load": ref }))).toEqual([]);
      expect(errs(sweeps([ref]))).toEqual([
        ["skus[0].sweeps", E("an object mapping workload names to sweeps", "an array of 1")],
      ]);
      const r = sweeps({ chat: ref, "my load": { file: 1 }, "x y": 5 });
      expect(fields(r, "path", "expected", "message", "code")).toEqual([
        ['skus[0].sweeps["my load"].file', NES, E(NES, "1"), "planFile.expected"],
        [
          'skus[0].sweeps["x y"]',
          'a workload name ("chat", "my load")',
          '"x y" is not a workload of this plan; expected a workload name ("chat", "my load")',
          "planFile.notWorkload",
        ],
        ['skus[0].sweeps["x y"]', SWEEP, E(SWEEP, "5"), "planFile.expected"],
      ]);
    });

    it("warns, per SKU and workload, when a SKU has no sweep for a workload (labelled by name, else by path)", () => {
      const onlyB = sku({ sweep: undefined, sweeps: { b: { file: "b.json" } } });
      const x = { gpusPerReplica: 1, pricePerGpuHour: 1, name: "X" };
      expect(fields({ ...two, skus: [onlyB, { ...x, sweeps: "none" }] }, "path")).toEqual([
        ["skus[1].sweeps"],
      ]);
      const w = validatePlan({ ...two, skus: [onlyB, x, sku({ name: "Y" })] });
      const noSweep = [
        ['SKU "H"', "a", 0],
        ['SKU "X"', "a", 1],
        ['SKU "X"', "b", 1],
      ] as const;
      expect(w.ok && w.warnings).toEqual(
        noSweep.map(([s, wl]) => `${s} has no sweep for workload "${wl}"; it cannot be sized`),
      );
      expect(w.ok && w.problems).toEqual(
        noSweep.map(([s, wl, i]) => ({
          code: "planFile.noSweepFor",
          severity: "warning",
          params: { sku: s, workload: wl },
          path: `skus[${i}]`,
        })),
      );
      expect(fields({ ...two, skus: [sku({ name: 5, sweep: undefined })] }, "path")).toEqual([
        ["skus[0].name"],
      ]);
    });
  });

  describe("validatePlan: tenants", () => {
    const row = (over: O = {}) => ({ team: "a", inputTokens: 1, outputTokens: 1, ...over });
    const ten = (t: unknown) => plan({ tenants: t });
    /** An error at tenants.<k>. */
    const t = (k: string, message: string) => [`tenants.${k}`, message];
    const METHOD = 'one of "tokens", "output", "weighted"';
    const WEIGHT = "from 0 up to 1e6 (weight)";
    const DAY = "from 0 up to 1e10 (USD per day)";
    const TPD = "from 0 up to 1e18 (tokens per day)";
    const pools = [{ name: "p1" }, { name: "p2" }];
    cases(ten, [
      // tenants must be an object with usage rows
      [[], [["tenants", E("an object with usage rows", "an array of 0")]]],
      [{}, [["tenants.usage", E("an array of usage rows", "missing")]]],
      [{ usage: [row(), "b"] }, [["tenants.usage[1]", E("a usage row object", '"b"')]]],
      // method, idle and basis take their listed values
      [{ method: "output", idle: "proportional", basis: "usage", usage: [] }, []],
      [{ method: "tokens", idle: "separate", basis: "reservation", usage: [] }, []],
      [
        { method: "fair", idle: "never", basis: "commitment", usage: [] },
        [
          t("method", E(METHOD, '"fair"')),
          t("idle", E('one of "proportional", "separate"', '"never"')),
          t("basis", E('one of "usage", "reservation"', '"commitment"')),
        ],
      ],
      // the weights are required with the weighted method only, from 0 up to 1e6
      [
        { method: "weighted", usage: [] },
        [t("inputWeight", E(NUM, "missing")), t("outputWeight", E(NUM, "missing"))],
      ],
      [{ method: "output", usage: [] }, []],
      [{ method: "weighted", inputWeight: 0, outputWeight: 1e6, usage: [] }, []],
      [
        { inputWeight: -1, outputWeight: 1e6 + 1, usage: [] },
        [t("inputWeight", E(WEIGHT, "-1")), t("outputWeight", E(WEIGHT, "1.000001e6"))],
      ],
      // pools: an array of pool objects, each with a name, optional numbers in range and an
      // optional SKU of the plan
      [{ pools: {}, usage: [] }, [["tenants.pools", E("an array of pools", "an object")]]],
      [{ pools: [1], usage: [] }, [["tenants.pools[0]", E("a pool object", "1")]]],
      [
        {
          pools: [
            { name: "p", sku: "H", costPerDay: 0, capacityTokensPerDay: 1e18, replicas: 1e9 },
          ],
          usage: [row()],
        },
        [],
      ],
      [
        { pools: [{ costPerDay: -1, capacityTokensPerDay: 0, replicas: 0, sku: "G" }], usage: [] },
        [
          t("pools[0].name", E(NES, "missing")),
          t("pools[0].costPerDay", E(DAY, "-1")),
          t("pools[0].capacityTokensPerDay", E("more than 0 up to 1e18 (tokens per day)", "0")),
          t("pools[0].replicas", "expected more than 0 up to 1e9 (replicas), got 0"),
          t("pools[0].sku", E("the name of a SKU of this plan", '"G"')),
        ],
      ],
      [{ pools: [{ name: "p", sku: "" }], usage: [] }, [["tenants.pools[0].sku", E(NES, '""')]]],
      // duplicate pool names refer to the first
      [
        { pools: [{ name: "p" }, { name: "p" }], usage: [row({ pool: "p" })] },
        [["tenants.pools[1].name", 'duplicate pool name "p" (also at tenants.pools[0].name)']],
      ],
      // a usage row's pool: optional with one pool, else required and one of the pools' names
      [{ pools: [{ name: "p1" }], usage: [row()] }, []],
      [{ pools, usage: [row({ pool: "p2" })] }, []],
      [
        { pools, usage: [row(), row({ pool: "p3" }), row({ pool: 3 })] },
        [
          t("usage[0].pool", E("a pool name (the plan has several pools)", "missing")),
          t("usage[1].pool", E('a pool name ("p1", "p2")', '"p3"')),
          t("usage[2].pool", E(NES, "3")),
        ],
      ],
      // no pools at all: any pool name is taken as written (the pool is defined by use)
      [{ usage: [row({ pool: "anything" })] }, []],
      // pools whose names are not strings do not count as pools to choose from
      [
        { pools: [{ name: 1 }, { name: 2 }], usage: [row({ pool: "x" })] },
        [t("pools[0].name", E(NES, "1")), t("pools[1].name", E(NES, "2"))],
      ],
      // a usage row: team and both token counts required (from 0 up to 1e18),
      // reservedReplicas optional (up to 1e9)
      [
        { usage: [{}] },
        [
          t("usage[0].team", E(NES, "missing")),
          t("usage[0].inputTokens", E(NUM, "missing")),
          t("usage[0].outputTokens", E(NUM, "missing")),
        ],
      ],
      [{ usage: [row({ inputTokens: 1e18, outputTokens: 0, reservedReplicas: 1e9 })] }, []],
      [
        { usage: [row({ inputTokens: 2e18, outputTokens: -1, reservedReplicas: 2e9 })] },
        [
          t("usage[0].inputTokens", E(TPD, "2e18")),
          t("usage[0].outputTokens", E(TPD, "-1")),
          t("usage[0].reservedReplicas", "expected from 0 up to 1e9 (replicas), got 2e9"),
        ],
      ],
      // shared costs: an array of objects with a name, a required cost (from 0) and a split
      [{ usage: [], shared: "x" }, [["tenants.shared", E("an array of shared costs", '"x"')]]],
      [{ usage: [], shared: [null] }, [["tenants.shared[0]", E("a shared cost object", "null")]]],
      [
        {
          usage: [],
          shared: [
            { name: "a", costPerDay: 0, split: "weighted" },
            { name: "b", costPerDay: 1e10, split: "none" },
          ],
        },
        [],
      ],
      [
        {
          usage: [],
          shared: [
            { split: "half" },
            { name: "a", costPerDay: -1 },
            { name: "a", costPerDay: 2e10 },
          ],
        },
        [
          t("shared[0].name", E(NES, "missing")),
          t("shared[0].costPerDay", E(NUM, "missing")),
          t("shared[0].split", E('one of "weighted", "even", "none"', '"half"')),
          t("shared[1].costPerDay", E(DAY, "-1")),
          t("shared[2].costPerDay", E(DAY, "2e10")),
          t("shared[2].name", 'duplicate shared cost name "a" (also at tenants.shared[1].name)'),
        ],
      ],
      // the order of the tenants' errors: enums, weights, pools, shared, usage
      [
        {
          method: "x",
          inputWeight: -1,
          pools: [{}],
          shared: [{ name: "s" }],
          usage: [{ team: "t", inputTokens: 1 }],
        },
        [
          t("method", E(METHOD, '"x"')),
          t("inputWeight", E(WEIGHT, "-1")),
          t("pools[0].name", E(NES, "missing")),
          t("shared[0].costPerDay", E(NUM, "missing")),
          t("usage[0].outputTokens", E(NUM, "missing")),
        ],
      ],
    ]);
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
      const keys = Object.keys(bad).reverse();
      expect(errs(bad).map(([p]) => p)).toEqual(keys);
    });
  });

  describe("parsePlanText / readPlanText: the text of a plan file", () => {
    it.each(["", "  \n\t", "\ufeff", "\ufeff \n"])(
      "the empty or blank file %j is planFile.fileEmpty",
      (t) => {
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
      },
    );

    it("a leading BOM is dropped; a BOM elsewhere is not", () => {
      expect(parsePlanText('\ufeff{"a": 1}', "p.json")).toEqual({ ok: true, value: { a: 1 } });
      expect(parsePlanText(' {"a": 1}', "p.json")).toEqual({ ok: true, value: { a: 1 } });
      expect(parsePlanText(' \ufeff{"a": 1}', "p.json").ok).toBe(false);
    });

    it("a syntax error: planFile.invalidJsonAt with line, column and the 20 characters from there as 'got'", () => {
      const text = '{\n  "a": 1,\n  "b": tru,\n  "c": "0123456789012345678901234"\n}';
      const r = parsePlanText(text, "dir/p.json");
      expect(r.ok).toBe(false);
      const e = !r.ok ? r.errors : [];
      expect(e).toHaveLength(1);
      expect(e[0]).toMatchObject({
        path: "",
        expected: "a JSON plan file (dir/p.json)",
        problem: { code: "planFile.invalidJsonAt", params: { line: 3, column: 8 } },
        message: expect.stringMatching(/^invalid JSON at line 3, column 8: /),
        got: JSON.stringify(text.slice(text.indexOf("tru"), text.indexOf("tru") + 20)),
      });
      expect(e[0]!.got).toBe('"tru,\\n  \\"c\\": \\"0123456"');
    });

    it("readPlanText gives the text's error, or the validation of the value", () => {
      expect(readPlanText("", "p.json")).toEqual(parsePlanText("", "p.json"));
      const r = readPlanText(JSON.stringify(plan({ format: "x" })), "p.json");
      expect(r.ok ? [] : r.errors.map((x) => [x.path, x.message])).toEqual([
        ["format", E('"capplan.plan/v1"', '"x"')],
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
      const known = ["format title currency cells workloads workload slo sloMode maxErrorRatePct"]
        .concat("factors skus recommendBy tenants")
        .join(" ");
      expect(Object.keys(JSON.parse(serializePlan(p)) as object)).toEqual([
        ...known.split(" "),
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
   * limit passes, one more is refused. Kept apart because these build 100,000 cells and 1,000,000
   * rates (seconds per run; under mutation testing each mutant these cover runs them).
   */

  describe("plan validation: size limits", () => {
    it(`holds at most MAX_CELLS (${MAX_CELLS}) cells: exactly the limit passes, one more is refused with planFile.tooManyCells`, () => {
      const cells = (n: number) =>
        Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, 1]));
      expect(MAX_CELLS).toBe(100_000);
      expect(errs(plan({ cells: cells(100_000) }))).toEqual([]);
      expect(
        fields(plan({ cells: cells(100_001) }), "path", "expected", "got", "message", "code"),
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
      const rates = (rps: unknown[]) =>
        plan({
          workload: {
            peakRps: 1,
            inputTokens: 1,
            outputTokens: 1,
            schedule: { intervalSec: 1, rps },
          },
        });
      expect(errs(rates(new Array(1_000_000).fill(0)))).toEqual([]);
      expect(errs(rates(new Array(1_000_001)))).toEqual([
        ["workload.schedule.rps", E("at most 1,000,000 intervals", "an array of 1000001")],
      ]);
    });
  });
});
