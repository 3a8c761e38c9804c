/**
 * What is derived from the plan field registry (src/engine/plan/plan-fields.ts, docs/plan-fields.md):
 * the sheet's entries are exactly the registry's fields of the plan, isNumberField matches the
 * registry, ranges come from it, the field tree, path text, the document-order walk, the lookups
 * by plan and by pattern, and an incremental edit of every patchable field equals a fresh
 * evaluation. The registry's own rows: plan-field-registry.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPlanEngine } from "../../../src/engine/plan/incremental";
import { computePlan } from "../../../src/engine/plan/plan";
import {
  fieldAt,
  fieldOfSteps,
  fieldRange,
  mayHaveRange,
  PLAN_FIELDS,
  FIELD_TREE,
  pathText,
  walkFields,
} from "../../../src/engine/plan/plan-fields";
import { rangeProblem } from "../../../src/engine/plan/plan-file";
import { parsePath, setAtPath, type PathStep } from "../../../src/engine/plan/plan-path";
import { isNumberField, planEntries, resolvePlan } from "../../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../../src/engine/base/types";
import { randomPlan } from "../../golden/gen";

/** The registry's top-level keys in document order. */
const ROOTS =
  "cells workloads workload slo maxErrorRatePct gpuMemoryUtilization factors skus tenants".split(
    " ",
  );

describe("plan field registry", () => {
  it("the sheet entries of random plans are registry fields of that plan, and isNumberField agrees with the field kind", () => {
    for (let seed = 1; seed <= 60; seed++) {
      const plan = randomPlan(seed) as unknown as PlanFile;
      for (const [path] of planEntries(plan)) {
        const steps = parsePath(path)!;
        if (/^skus\[\d+\]\.replicaOutputTokensPerSec$/.test(path)) continue; // computed `<id>_tok_s`
        const field = fieldAt(plan, steps);
        expect(field, `${seed}: ${path}`).not.toBeNull();
        expect(isNumberField(plan, steps), path).toBe(field!.kind === "input");
      }
    }
  });

  it("isNumberField: containers must exist; `workload` only without `workloads`; redundancy as a number or as { spare }", () => {
    const sku = { name: "a", gpusPerReplica: 1, pricePerGpuHour: 1 };
    const plan = {
      format: "capplan.plan/v1",
      workloads: [{ peakRps: 1, inputTokens: 1, outputTokens: 1 }, 7],
      workload: { peakRps: 1, inputTokens: 1, outputTokens: 1 },
      factors: { redundancy: { spare: 1 } },
      skus: [{ ...sku, sweep: { replicaOutputTokensPerSec: 5 }, sweeps: { chat: { points: [] } } }],
      tenants: { usage: [{ team: "t", inputTokens: 1, outputTokens: 2 }] },
    } as unknown as PlanFile;
    const yes = [
      "workloads[0].peakRps workloads[0].avgRps factors.redundancy.spare factors.elasticity",
      "maxErrorRatePct skus[0].pricePerGpuHour skus[0].sweep.replicaOutputTokensPerSec",
      "skus[0].sweeps.chat.replicaOutputTokensPerSec tenants.inputWeight",
      "tenants.usage[0].outputTokens",
    ];
    const no = [
      "workloads[1].peakRps workloads[2].peakRps workload.peakRps factors.redundancy cells.x",
      "skus[1].pricePerGpuHour skus[0].name skus[0].sweeps.other.replicaOutputTokensPerSec",
      "skus[0].sweeps.chat.points[0].rps tenants.pools[0].costPerDay tenants.usage[0].team",
      "slo[0].maxMs",
    ];
    const isNum = (p: string, of: unknown = plan) => isNumberField(of as PlanFile, parsePath(p)!);
    for (const p of yes.join(" ").split(" ")) expect(isNum(p), p).toBe(true);
    for (const p of no.join(" ").split(" ")) expect(isNum(p), p).toBe(false);
    const one = { format: "capplan.plan/v1", workload: { peakRps: 1 } };
    const oneSkus = { ...one, factors: { redundancy: 1.2 }, skus: [] };
    expect(isNum("workload.peakRps", oneSkus)).toBe(true);
    expect(isNum("factors.redundancy", oneSkus)).toBe(true);
    expect(isNum("factors.redundancy.spare", oneSkus)).toBe(false);
  });

  it("ranges come from the registry (validation and formula results alike)", () => {
    // skus[3].sweeps["my load"].replicaOutputTokensPerSec: the fieldRange table below
    expect(fieldRange("skus[3].sweeps.chat.replicaOutputTokensPerSec")?.max).toBe(1e12);
    expect(fieldRange("skus[0].pricePerGpuHour", "JPY")?.unit).toBe("JPY per GPU-hour");
    expect(fieldRange("workload.dailyRequests")?.max).toBe(1e15);
    // minExclusive is absent, not false, when the minimum is allowed
    expect(Object.hasOwn(fieldRange("workloads[3].peakRps")!, "minExclusive")).toBe(false);
    expect(fieldRange("workloads[0].inputTokens")?.max).toBe(1e9);
    expect(fieldRange("workload.inputTokens")?.unit).toBe("tokens per request");
    expect(fieldRange("cells.peak")).toBeNull();
    expect(fieldRange("skus[0].sweep.points[0].rps")).toBeNull();
    expect(fieldRange("maxErrorRatePct")).toBeNull();
    expect(rangeProblem("factors.elasticity", 0)).toBe(
      "expected more than 0 up to 1000 (factor), got 0",
    );
    expect(rangeProblem("tenants.usage[12].inputTokens", -1)).toBe(
      "expected from 0 up to 1e18 (tokens per day), got -1",
    );
    for (const f of PLAN_FIELDS)
      if (f.kind === "input" && f.pattern !== "maxErrorRatePct")
        expect(f.range, f.pattern).toBeDefined();
  });

  it("a range is found by the path's last key exactly as by testing every pattern (random paths)", () => {
    // The reference: every ranged pattern's regular expression, first match in registry order.
    const stepsOf = (pattern: string) => pattern.replace(/\[\]/g, ".[]").split(".");
    const regexOf = (pattern: string) =>
      new RegExp(
        `^${stepsOf(pattern)
          .map((k, i) =>
            k === "[]"
              ? "\\[\\d+\\]"
              : k === "*"
                ? '(?:\\.[^.[]+|\\["(?:[^"\\\\]|\\\\.)*"\\])'
                : `${i === 0 ? "" : "\\."}${k}`,
          )
          .join("")}$`,
      );
    const ranged = PLAN_FIELDS.filter((f) => f.range).map((f) => ({ re: regexOf(f.pattern), f }));
    const reference = (path: string) => ranged.find((r) => r.re.test(path))?.f ?? null;
    const keys = [...new Set(PLAN_FIELDS.flatMap((f) => stepsOf(f.pattern)))].filter(
      (k) => k !== "*" && k !== "[]",
    );
    const step = fc.oneof(
      fc.constantFrom(...keys).map((k) => `.${k}`),
      fc.nat(20).map((i) => `[${i}]`),
      fc.constantFrom('["a.b"]', '["x"]', ".chat", '["peakRps"]', '["p.maxMs"]', ".", "[]"),
    );
    const path = fc
      .tuple(fc.constantFrom(...keys), fc.array(step, { maxLength: 6 }))
      .map(([k, rest]) => k + rest.join(""));
    // Instances of every pattern, too, so that matches are common.
    const instance = fc
      .constantFrom(...ranged.map((r) => r.f.pattern))
      .chain((pattern) =>
        fc
          .tuple(
            ...stepsOf(pattern).map((k, i) =>
              k === "[]"
                ? fc.nat(99).map((n) => `[${n}]`)
                : k === "*"
                  ? fc.constantFrom(".chat", '["my load"]', '["a.b"]')
                  : fc.constant(i === 0 ? k : `.${k}`),
            ),
          )
          .map((parts) => parts.join("")),
      );
    let matched = 0;
    fc.assert(
      fc.property(fc.oneof(path, instance), fc.constantFrom("USD", "JPY"), (p, cur) => {
        const f = reference(p);
        if (f) matched++;
        const got = fieldRange(p, cur);
        // mayHaveRange(last key) false ⇒ no range (validation skips fieldRange on it).
        if (!mayHaveRange(p.slice(p.lastIndexOf(".") + 1).replace(/\[\d+\]/g, "[]")) && f)
          return false;
        if (!f) return got === null;
        return (
          got !== null &&
          got.min === f.range!.min &&
          got.unit === f.unit.replace("{currency}", cur) &&
          got.max === (typeof f.range!.max === "function" ? f.range!.max(cur) : f.range!.max)
        );
      }),
      { numRuns: 3000 },
    );
    expect(matched).toBeGreaterThan(500);
    // mayHaveRange of last keys: the mayHaveRange test below
    expect(fieldRange("workloads[2].schedule.rps[17]")?.max).toBe(1e9);
    expect(fieldRange("workloads[2].schedule.rps")).toBeNull();
  });

  it("an incremental edit of every patchable field equals a fresh evaluation", () => {
    const tokens = { inputTokens: 500, outputTokens: 200 };
    const plan: PlanFile = {
      format: "capplan.plan/v1",
      cells: { peak: 30 },
      workloads: [{ name: "chat", peakRps: "=peak", avgRps: 10, dailyRequests: 5000, ...tokens }],
      slo: [{ metric: "ttft", stat: "p99", maxMs: 800 }],
      maxErrorRatePct: 1,
      factors: { elasticity: 1.2, redundancy: 1.3 },
      skus: [
        {
          name: "A",
          gpusPerReplica: 2,
          pricePerGpuHour: 3,
          sweep: {
            points: [
              { concurrency: 1, requestRate: null, outputTokensPerSec: 500, ttftMs: { p99: 100 } },
              { concurrency: 8, requestRate: null, outputTokensPerSec: 2000, ttftMs: { p99: 900 } },
            ],
          },
        },
        {
          name: "B",
          gpusPerReplica: 1,
          pricePerGpuHour: 2,
          sweep: { replicaOutputTokensPerSec: 700 },
        },
      ],
      tenants: {
        method: "weighted",
        inputWeight: 1,
        outputWeight: 3,
        idle: "separate",
        pools: [{ name: "p", costPerDay: 500, capacityTokensPerDay: 1e10 }],
        usage: [{ team: "t", pool: "p", inputTokens: 1e6, outputTokens: 2e6 }],
      },
    };
    // path=value, applied in this order
    const edits = [
      "cells.peak=45 workloads[0].peakRps=12 workloads[0].avgRps=3 workloads[0].dailyRequests=900",
      "workloads[0].inputTokens=700 workloads[0].outputTokens=300 slo[0].maxMs=500",
      "maxErrorRatePct=2 factors.elasticity=1.5 factors.redundancy=1.1 skus[0].gpusPerReplica=4",
      "skus[1].pricePerGpuHour=2.5 skus[1].sweep.replicaOutputTokensPerSec=900",
      "tenants.inputWeight=2 tenants.outputWeight=1 tenants.pools[0].costPerDay=800",
      "tenants.pools[0].capacityTokensPerDay=2e10 tenants.usage[0].inputTokens=5e6",
      "tenants.usage[0].outputTokens=1e5",
    ]
      .join(" ")
      .split(" ")
      .map((e) => e.split("=") as [string, string]);
    expect(edits).toHaveLength(19);
    const engine = createPlanEngine(plan);
    const shadow = structuredClone(plan);
    for (const [path, text] of edits) {
      const v = Number(text);
      const field = fieldOfSteps(parsePath(path)!);
      expect(field, path).not.toBeNull();
      const got = engine.edit(path, v);
      setAtPath(shadow, path, v);
      expect(got, path).toStrictEqual(computePlan(resolvePlan(structuredClone(shadow))));
    }
  });
});

describe("the registry's lookups: tree, path text, walk, fieldAt, fieldOfSteps, ranges", () => {
  /**
   * The registry of the plan's numbers (src/engine/plan/plan-fields.ts, docs/plan-fields.md): every row's
   * kind, unit, range and invalidation, the resolved locations, path text, the document-order walk,
   * the lookup of a field in a plan and by pattern, and the range lookup by last key (issue #15).
   */
  describe("FIELD_TREE: the registry as a tree", () => {
    it("the tree has one node per key, children in document order", () => {
      expect([FIELD_TREE.key, FIELD_TREE.field]).toEqual(["", null]);
      expect(FIELD_TREE.children.map((c) => c.key)).toEqual(ROOTS);
      const workloads = FIELD_TREE.children[1]!;
      expect([workloads.field, workloads.children.map((c) => c.key)]).toEqual([null, ["[]"]]);
      expect(workloads.children[0]!.children.map((c) => c.key).join(" ")).toBe(
        "peakRps avgRps dailyRequests inputTokens outputTokens schedule",
      );
      expect(FIELD_TREE.children[6]!.children[1]).toMatchObject({
        key: "redundancy",
        field: { pattern: "factors.redundancy" },
        children: [{ key: "spare", field: { pattern: "factors.redundancy.spare" } }],
      });
    });
  });

  describe("pathText: the text of a path", () => {
    it("indexes in brackets, identifier keys after a dot, other keys as JSON in brackets; the first key as written", () => {
      expect(pathText(["skus", 1, "sweeps", "my load", "points", 0, "ttftMs", "p99"])).toBe(
        'skus[1].sweeps["my load"].points[0].ttftMs.p99',
      );
      expect(pathText(["cells", "$x_1", "a.b", "9", ""])).toBe('cells.$x_1["a.b"]["9"][""]');
      expect(pathText(["my load", "x"])).toBe("my load.x");
      expect(pathText([0, "a", 2])).toBe("[0].a[2]");
      expect(pathText(["a-b"])).toBe("a-b");
      expect(pathText([])).toBe("");
    });
  });

  describe("walkFields: every field of a plan in document order", () => {
    function walk(plan: unknown): { visits: [string, unknown, string][]; after: string[] } {
      const visits: [string, unknown, string][] = [];
      const after: string[] = [];
      walkFields(
        plan,
        (f, v, path) => visits.push([f.pattern, v, path()]),
        (k) => after.push(k),
      );
      return { visits, after };
    }

    it("visits the values present, in registry order, with their path text, and calls after() once per root key", () => {
      const points = [{ rps: 1, ttftMs: { p99: 5, "p99.9": 6 } }];
      const load = { replicaOutputTokensPerSec: 9, points };
      const plan = {
        tenants: { usage: [{ team: "t", outputTokens: 2, inputTokens: 1 }], inputWeight: 3 },
        skus: [
          { name: "A", gpusPerReplica: 2, sweeps: { "my load": load }, pricePerGpuHour: "=x" },
        ],
        factors: { redundancy: { spare: 1 }, elasticity: 1.2 },
        maxErrorRatePct: 2,
        slo: [{ metric: "ttft", maxMs: 100 }],
        workloads: [
          {
            name: "w",
            inputTokens: 3,
            peakRps: 10,
            schedule: { rps: [1, null, 2], intervalSec: 60 },
          },
        ],
        cells: { b: 2, a: "=b" },
      };
      const ML = 'skus[0].sweeps["my load"]';
      expect(walk(plan)).toEqual({
        visits: [
          ["cells.*", 2, "cells.b"],
          ["cells.*", "=b", "cells.a"],
          ["workloads[].peakRps", 10, "workloads[0].peakRps"],
          ["workloads[].inputTokens", 3, "workloads[0].inputTokens"],
          ["workloads[].schedule.intervalSec", 60, "workloads[0].schedule.intervalSec"],
          ["workloads[].schedule.rps[]", 1, "workloads[0].schedule.rps[0]"],
          ["workloads[].schedule.rps[]", 2, "workloads[0].schedule.rps[2]"],
          ["slo[].maxMs", 100, "slo[0].maxMs"],
          ["maxErrorRatePct", 2, "maxErrorRatePct"],
          ["factors.elasticity", 1.2, "factors.elasticity"],
          ["factors.redundancy.spare", 1, "factors.redundancy.spare"],
          ["skus[].gpusPerReplica", 2, "skus[0].gpusPerReplica"],
          ["skus[].pricePerGpuHour", "=x", "skus[0].pricePerGpuHour"],
          ["skus[].sweeps.*.replicaOutputTokensPerSec", 9, `${ML}.replicaOutputTokensPerSec`],
          ["skus[].sweeps.*.points[].rps", 1, `${ML}.points[0].rps`],
          ["skus[].sweeps.*.points[].ttftMs.*", 5, `${ML}.points[0].ttftMs.p99`],
          ["skus[].sweeps.*.points[].ttftMs.*", 6, `${ML}.points[0].ttftMs["p99.9"]`],
          ["tenants.inputWeight", 3, "tenants.inputWeight"],
          ["tenants.usage[].inputTokens", 1, "tenants.usage[0].inputTokens"],
          ["tenants.usage[].outputTokens", 2, "tenants.usage[0].outputTokens"],
        ],
        after: ROOTS,
      });
    });

    const w = { peakRps: 4 };
    /** A visit of a field whose pattern is its path. */
    const same = (path: string, v: unknown) => [path, v, path];
    const rps = (j: number, v: unknown) => [
      "workloads[].schedule.rps[]",
      v,
      `workloads[1].schedule.rps[${j}]`,
    ];
    it.each<[unknown, unknown[]]>([
      // `workload` is walked only when `workloads` is not an array
      [{ workload: w }, [same("workload.peakRps", 4)]],
      [{ workload: w, workloads: "x" }, [same("workload.peakRps", 4)]],
      [
        { workload: w, workloads: [{ avgRps: 1 }] },
        [["workloads[].avgRps", 1, "workloads[0].avgRps"]],
      ],
      // a redundancy factor as a number is a field; null values are not visited
      [{ factors: { redundancy: 1.3, elasticity: null } }, [same("factors.redundancy", 1.3)]],
      // an array is not the { spare } container: it is the factor's value (validation refuses it)
      [{ factors: { redundancy: [1] } }, [same("factors.redundancy", [1])]],
      // a container of the wrong kind is not entered
      [
        {
          workloads: { 0: { peakRps: 1 } },
          skus: [7, null, [], { gpusPerReplica: 1 }],
          cells: [1, 2],
          tenants: [{ inputWeight: 1 }],
          slo: { maxMs: 1 },
        },
        [["skus[].gpusPerReplica", 1, "skus[3].gpusPerReplica"]],
      ],
      [
        { workloads: [{ schedule: { rps: { 0: 5 } } }, { schedule: { rps: [[1], { a: 1 }, 3] } }] },
        [rps(0, [1]), rps(1, { a: 1 }), rps(2, 3)],
      ],
      [{ cells: { a: null, b: undefined, c: 0 } }, [["cells.*", 0, "cells.c"]]],
      // a field without children takes any value, an object too (validation refuses it later)
      [
        { cells: { o: { x: 1 } }, maxErrorRatePct: [2] },
        [["cells.*", { x: 1 }, "cells.o"], same("maxErrorRatePct", [2])],
      ],
      // only `workload` depends on another key: a key "undefined" holding an array changes nothing
      [{ undefined: [], cells: { a: 1 } }, [["cells.*", 1, "cells.a"]]],
      // record keys are the object's own keys only
      [
        { cells: Object.assign(Object.create({ inherited: 1 }), { own: 2 }) },
        [["cells.*", 2, "cells.own"]],
      ],
    ])("walks %j: %j", (plan, visits) => {
      expect(walk(plan).visits).toEqual(visits);
    });

    it('`workloads: []` walks nothing of `workload`; a key named "undefined" does not hide a cell from fieldAt', () => {
      expect(walk({ workload: w, workloads: [] })).toEqual({ visits: [], after: ROOTS });
      expect(fieldAt({ undefined: [], cells: { a: 1 } }, ["cells", "a"])?.pattern).toBe("cells.*");
    });

    it("a value that is not an object walks nothing and calls nothing", () => {
      for (const v of [null, 5, "plan", [{ cells: { a: 1 } }]])
        expect(walk(v)).toEqual({ visits: [], after: [] });
      expect(walk({})).toEqual({ visits: [], after: ROOTS });
    });

    it("path() is built only when called", () => {
      let calls = 0;
      walkFields({ cells: { a: 1, b: 2 } }, () => {
        calls++;
      });
      expect(calls).toBe(2);
    });
  });

  describe("fieldAt: the field at a path of a plan", () => {
    const chat = { replicaOutputTokensPerSec: 5, points: [{ rps: 1, ttftMs: { p99: 3 } }] };
    const plan = {
      cells: { peak: 3, nested: { x: 1 } },
      workloads: [{ peakRps: 1, schedule: { rps: [1, 2] } }, 7],
      workload: { peakRps: 2 },
      factors: { redundancy: { spare: 1 }, elasticity: 2 },
      skus: [{ gpusPerReplica: 1, sweeps: { chat }, sweep: { points: [] } }],
      tenants: { usage: [{ inputTokens: 1 }] },
    };
    const at = (...steps: PathStep[]) => fieldAt(plan, steps)?.pattern ?? null;

    // finds fields whose containers exist; refuses missing containers, record keys not present,
    // elements that are not objects, and containers of fields
    it.each<[PathStep[], string | null]>([
      [["cells", "peak"], "cells.*"],
      [["workloads", 0, "peakRps"], "workloads[].peakRps"],
      [["workloads", 0, "avgRps"], "workloads[].avgRps"],
      [["workloads", 0, "schedule", "rps", 1], "workloads[].schedule.rps[]"],
      [["workloads", 0, "schedule", "rps", 5], "workloads[].schedule.rps[]"], // the array exists
      [["factors", "redundancy", "spare"], "factors.redundancy.spare"],
      [["factors", "elasticity"], "factors.elasticity"],
      [["maxErrorRatePct"], "maxErrorRatePct"],
      [["skus", 0, "gpusPerReplica"], "skus[].gpusPerReplica"],
      [
        ["skus", 0, "sweeps", "chat", "replicaOutputTokensPerSec"],
        "skus[].sweeps.*.replicaOutputTokensPerSec",
      ],
      [
        ["skus", 0, "sweeps", "chat", "points", 0, "ttftMs", "p99"],
        "skus[].sweeps.*.points[].ttftMs.*",
      ],
      [["skus", 0, "sweeps", "chat", "points", 0, "ttftMs", "p50"], null], // a record key must be present
      [["tenants", "usage", 0, "outputTokens"], "tenants.usage[].outputTokens"],
      [["workloads", 1, "peakRps"], null], // 7 is not an object
      [["workloads", 2, "peakRps"], null],
      [["workload", "peakRps"], null], // workloads is an array
      [["cells", "missing"], null],
      [["cells", "nested"], "cells.*"], // a cell holds any value
      [["skus", 0, "sweeps", "other", "replicaOutputTokensPerSec"], null],
      [["skus", 0, "sweep", "replicaOutputTokensPerSec"], "skus[].sweep.replicaOutputTokensPerSec"],
      [["skus", 1, "gpusPerReplica"], null],
      [["skus", "0", "gpusPerReplica"], null],
      [["factors", "redundancy"], null], // { spare } is a container
      [["factors", 0], null],
      [["nope"], null],
      [["skus", 0, "name"], null],
      [["skus", 0], null], // a container, not a field
      [["skus"], null],
      [["workloads", 0], null],
      [["tenants", "usage", 0, "inputTokens", "x"], null],
      [["cells", "peak", "x"], null],
    ])("fieldAt(plan, %j) is %s", (steps, want) => {
      expect(at(...steps)).toBe(want);
    });

    // the last step may be any value, but an indexed element on the way must be an object;
    // `workload` counts when `workloads` is not an array; a non-object plan has no fields
    it.each<[unknown, string | PathStep[], string | null]>([
      [{ workloads: [{ peakRps: "=x" }] }, "workloads[0].peakRps", "workloads[].peakRps"],
      [{ workloads: [{}] }, "workloads[0].peakRps", "workloads[].peakRps"],
      [{ workloads: [null] }, "workloads[0].peakRps", null],
      [{ workloads: [[]] }, "workloads[0].peakRps", null],
      [
        { workloads: [{ schedule: { rps: [null] } }] },
        "workloads[0].schedule.rps[0]",
        "workloads[].schedule.rps[]",
      ],
      [
        { workloads: [{ schedule: { rps: [{}] } }] },
        "workloads[0].schedule.rps[0]",
        "workloads[].schedule.rps[]",
      ],
      [{ workloads: {} }, "workloads[0].peakRps", null],
      [{ skus: [{ sweeps: { chat: 5 } }] }, "skus[0].sweeps.chat.replicaOutputTokensPerSec", null],
      [{ skus: [{ sweeps: { chat: [] } }] }, "skus[0].sweeps.chat.replicaOutputTokensPerSec", null],
      [{ factors: { redundancy: 1.2 } }, "factors.redundancy", "factors.redundancy"],
      [{ factors: { redundancy: [1] } }, "factors.redundancy", "factors.redundancy"],
      [{ factors: 3 }, "factors.elasticity", null],
      [{ cells: Object.create({ inherited: 1 }) }, "cells.inherited", null],
      [{ workload: { peakRps: 1 } }, "workload.peakRps", "workload.peakRps"],
      [{ workload: { peakRps: 1 }, workloads: {} }, "workload.peakRps", "workload.peakRps"],
      [null, "workload.peakRps", null],
      [[{ peakRps: 1 }], [0, "peakRps"], null],
      [{ cells: { a: 1 } }, [], null], // no steps, no field
    ])("fieldAt(%j, %s) is %s", (p, path, want) => {
      const steps = typeof path === "string" ? parsePath(path)! : path;
      expect(fieldAt(p, steps)?.pattern ?? null).toBe(want);
    });
  });

  describe("fieldOfSteps: the field a path's pattern names", () => {
    // matches indexes to [], unknown keys to *, and nothing else
    it.each<[PathStep[], string | null]>([
      [
        ["skus", 4, "sweeps", "anything", "replicaOutputTokensPerSec"],
        "skus[].sweeps.*.replicaOutputTokensPerSec",
      ],
      [["skus", 4, "sweep", "replicaOutputTokensPerSec"], "skus[].sweep.replicaOutputTokensPerSec"],
      [["cells", "x"], "cells.*"],
      [["workload", "peakRps"], "workload.peakRps"],
      [["factors", "redundancy"], "factors.redundancy"],
      [["skus", 0], null],
      [["skus"], null],
      [["skus", "x", "gpusPerReplica"], null],
      [["workloads", 0, 1], null],
      [["nope"], null],
      [[], null],
    ])("fieldOfSteps(%j) is %s", (steps, want) => {
      expect(fieldOfSteps(steps)?.pattern ?? null).toBe(want);
    });
  });

  describe("fieldRange and mayHaveRange: a path's range, found by its last key", () => {
    /** A range from 0 (refused when `exclusive`) up to `max`. */
    const range = (max: number, unit: string, exclusive = false) =>
      exclusive ? { min: 0, minExclusive: true, max, unit } : { min: 0, max, unit };
    // min, max (by currency), unit, and minExclusive only when the minimum is refused; the same
    // last key in different places takes its own row (inputTokens of a workload, of a usage row)
    it.each([
      ["workloads[3].peakRps", undefined, range(1e9, "requests per second")],
      ["slo[0].maxMs", undefined, range(1e9, "ms", true)],
      ["tenants.pools[1].costPerDay", "EUR", range(1e10, "EUR per day")],
      ["tenants.shared[0].costPerDay", "JPY", range(1e12, "JPY per day")],
      ["skus[0].reservedPricePerGpuHour", undefined, range(1e7, "USD per GPU-hour")],
      ["workload.schedule.rps[0]", undefined, range(1e9, "requests per second")],
      ["workloads[10].schedule.rps[999]", undefined, range(1e9, "requests per second")],
      ["tenants.usage[0].inputTokens", undefined, range(1e18, "tokens per day")],
      ["tenants.pools[0].replicas", undefined, range(1e9, "replicas", true)],
      ["workloads[0].schedule.minReplicas", undefined, range(1e6, "replicas")],
      [
        'skus[3].sweeps["my load"].replicaOutputTokensPerSec',
        undefined,
        range(1e12, "tokens per second", true),
      ],
    ])("fieldRange(%j, %s) is %j", (path, currency, want) => {
      expect(fieldRange(path, currency)).toEqual(want);
    });

    it('a path must match the whole pattern: nothing before it, indexes where the pattern has them, record keys as .key or ["…"]', () => {
      const none = [
        "x.workloads[0].peakRps xworkloads[0].peakRps workloads.peakRps workloads[a].peakRps",
        "workload[0].peakRps workloads[0].schedule.rps[x] workloads[0].schedule.rps[1][2]",
        "workloads[0].schedule.rps skus[0].sweeps.a.b.replicaOutputTokensPerSec",
        'skus[0].sweeps["a"]["b"].replicaOutputTokensPerSec',
        'skus[0].sweeps["a].replicaOutputTokensPerSec skus[0].sweeps[0].replicaOutputTokensPerSec',
        "skus[0].sweeps..replicaOutputTokensPerSec skus[0].sweeps.x[.replicaOutputTokensPerSec",
      ];
      for (const p of ["", ...none.join(" ").split(" ")]) expect(fieldRange(p), p).toBeNull();
      expect(fieldRange('skus[0].sweeps["a\\"b"].replicaOutputTokensPerSec')?.max).toBe(1e12);
      expect(fieldRange('skus[0].sweeps["a.b"].replicaOutputTokensPerSec')?.max).toBe(1e12);
      expect(fieldRange("skus[0].sweeps.chat.replicaOutputTokensPerSec")?.unit).toBe(
        "tokens per second",
      );
    });

    it("mayHaveRange is true exactly for the last keys of ranged patterns", () => {
      const ranged = [
        "peakRps avgRps dailyRequests inputTokens outputTokens intervalSec rps[] minReplicas",
        "leadIntervals maxMs elasticity redundancy spare gpusPerReplica pricePerGpuHour",
        "reservedPricePerGpuHour replicaOutputTokensPerSec inputWeight outputWeight costPerDay",
        "capacityTokensPerDay replicas reservedReplicas",
      ];
      for (const k of ranged.join(" ").split(" ")) expect(mayHaveRange(k), k).toBe(true);
      const unranged =
        "maxErrorRatePct rps p99 * requestRate rps[0] peakrps mean concurrency completed ttftMs";
      for (const k of ["", ...unranged.split(" ")]) expect(mayHaveRange(k), k).toBe(false);
    });
  });

  describe("a schedule rate is a numeric field of the plan", () => {
    const schedule = { intervalSec: 3600, rps: [50, 25, 5, 0], minReplicas: 1, leadIntervals: 1 };
    const plan = {
      format: "capplan.plan/v1",
      workloads: [{ name: "chat", peakRps: 50, inputTokens: 300, outputTokens: 300, schedule }],
      factors: { elasticity: 1.2, redundancy: 1.2 },
      skus: [
        {
          name: "H100",
          gpusPerReplica: 4,
          pricePerGpuHour: 20,
          sweep: { replicaOutputTokensPerSec: 1500 },
        },
      ],
    } as unknown as PlanFile;

    it("isNumberField is true for rps[j] (its containers exist), and an edit of it gives the fresh result", () => {
      expect(isNumberField(plan, ["workloads", 0, "schedule", "rps", 1])).toBe(true);
      expect(isNumberField(plan, ["workloads", 0, "schedule", "rps"])).toBe(false);
      const engine = createPlanEngine(plan);
      const edited = engine.edit("workloads[0].schedule.rps[1]", 50);
      const shadow = structuredClone(plan);
      setAtPath(shadow as unknown as Record<string, unknown>, "workloads[0].schedule.rps[1]", 50);
      expect(edited).toStrictEqual(computePlan(resolvePlan(shadow)));
      // 50 req/s needs 15 replicas (the first interval); each interval also covers the next one's rate (lead 1)
      expect(edited.skus[0]!.schedule!.replicas).toEqual([15, 15, 2, 15]);
    });
  });
});
