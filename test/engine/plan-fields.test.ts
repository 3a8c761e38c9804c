/**
 * The plan field registry (src/engine/plan/plan-fields.ts, docs/plan-fields.md) and what is derived
 * from it: the JSON Schema lists the same numeric fields, the sheet's entries are exactly the
 * registry's fields of the plan, isNumberField matches the registry, ranges come from it, and an
 * incremental edit of every patchable field equals a fresh evaluation.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPlanEngine } from "../../src/engine/plan/incremental";
import { computePlan } from "../../src/engine/plan/plan";
import {
  fieldAt,
  fieldOfSteps,
  fieldRange,
  mayHaveRange,
  PLAN_FIELDS,
} from "../../src/engine/plan/plan-fields";
import { rangeProblem } from "../../src/engine/plan/plan-file";
import { parsePath, setAtPath } from "../../src/engine/plan/plan-path";
import { isNumberField, planEntries, resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../src/engine/base/types";
import { randomPlan } from "../golden/gen";

type Schema = Record<string, unknown>;
const schema = JSON.parse(
  readFileSync(join(__dirname, "../../models/plan.schema.json"), "utf8"),
) as Schema;
const defs = schema.$defs as Record<string, Schema>;

/** Patterns (`skus[].sweeps.*.replicaOutputTokensPerSec`) of every place the schema accepts a number or formula. */
function schemaNumbers(node: Schema, at: string, out: Set<string>, seen: string[] = []): void {
  const ref = node.$ref as string | undefined;
  if (ref) {
    const name = ref.replace("#/$defs/", "");
    if (name === "num" || name === "numOrNull") out.add(at);
    else if (!seen.includes(name)) schemaNumbers(defs[name]!, at, out, [...seen, name]);
    return;
  }
  for (const alt of (node.anyOf as Schema[] | undefined) ?? []) schemaNumbers(alt, at, out, seen);
  const props = node.properties as Record<string, Schema> | undefined;
  if (props)
    for (const [k, v] of Object.entries(props)) schemaNumbers(v, at ? `${at}.${k}` : k, out, seen);
  if (node.items) schemaNumbers(node.items as Schema, `${at}[]`, out, seen);
  if (node.additionalProperties && typeof node.additionalProperties === "object")
    schemaNumbers(node.additionalProperties as Schema, `${at}.*`, out, seen);
}

describe("plan field registry", () => {
  it("lists exactly the numeric fields of the JSON Schema", () => {
    const fromSchema = new Set<string>();
    schemaNumbers(schema, "", fromSchema);
    expect([...fromSchema].sort()).toEqual(PLAN_FIELDS.map((f) => f.pattern).sort());
  });

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
    const plan = {
      format: "capplan.plan/v1",
      workloads: [{ peakRps: 1, inputTokens: 1, outputTokens: 1 }, 7],
      workload: { peakRps: 1, inputTokens: 1, outputTokens: 1 },
      factors: { redundancy: { spare: 1 } },
      skus: [
        {
          name: "a",
          gpusPerReplica: 1,
          pricePerGpuHour: 1,
          sweep: { replicaOutputTokensPerSec: 5 },
          sweeps: { chat: { points: [] } },
        },
      ],
      tenants: { usage: [{ team: "t", inputTokens: 1, outputTokens: 2 }] },
    } as unknown as PlanFile;
    const yes = [
      "workloads[0].peakRps",
      "workloads[0].avgRps",
      "factors.redundancy.spare",
      "factors.elasticity",
      "maxErrorRatePct",
      "skus[0].pricePerGpuHour",
      "skus[0].sweep.replicaOutputTokensPerSec",
      "skus[0].sweeps.chat.replicaOutputTokensPerSec",
      "tenants.inputWeight",
      "tenants.usage[0].outputTokens",
    ];
    const no = [
      "workloads[1].peakRps",
      "workloads[2].peakRps",
      "workload.peakRps",
      "factors.redundancy",
      "cells.x",
      "skus[1].pricePerGpuHour",
      "skus[0].name",
      "skus[0].sweeps.other.replicaOutputTokensPerSec",
      "skus[0].sweeps.chat.points[0].rps",
      "tenants.pools[0].costPerDay",
      "tenants.usage[0].team",
      "slo[0].maxMs",
    ];
    for (const p of yes) expect(isNumberField(plan, parsePath(p)!), p).toBe(true);
    for (const p of no) expect(isNumberField(plan, parsePath(p)!), p).toBe(false);
    const one = {
      format: "capplan.plan/v1",
      workload: { peakRps: 1 },
      factors: { redundancy: 1.2 },
      skus: [],
    } as unknown as PlanFile;
    expect(isNumberField(one, ["workload", "peakRps"])).toBe(true);
    expect(isNumberField(one, ["factors", "redundancy"])).toBe(true);
    expect(isNumberField(one, ["factors", "redundancy", "spare"])).toBe(false);
  });

  it("ranges come from the registry (validation and formula results alike)", () => {
    expect(fieldRange('skus[3].sweeps["my load"].replicaOutputTokensPerSec')).toEqual({
      min: 0,
      minExclusive: true,
      max: 1e12,
      unit: "tokens per second",
    });
    expect(fieldRange("skus[3].sweeps.chat.replicaOutputTokensPerSec")?.max).toBe(1e12);
    expect(fieldRange("skus[0].pricePerGpuHour", "JPY")?.unit).toBe("JPY per GPU-hour");
    expect(fieldRange("workload.dailyRequests")?.max).toBe(1e15);
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
    for (const k of ["p99", "mean", "rps", "concurrency", "completed", "ttftMs"])
      expect(mayHaveRange(k), k).toBe(false);
    for (const k of [
      "peakRps",
      "pricePerGpuHour",
      "maxMs",
      "inputTokens",
      "costPerDay",
      "replicaOutputTokensPerSec",
      "rps[]",
    ])
      expect(mayHaveRange(k), k).toBe(true);
    expect(fieldRange("workloads[2].schedule.rps[17]")?.max).toBe(1e9);
    expect(fieldRange("workloads[2].schedule.rps")).toBeNull();
  });

  it("an incremental edit of every patchable field equals a fresh evaluation", () => {
    const plan: PlanFile = {
      format: "capplan.plan/v1",
      cells: { peak: 30 },
      workloads: [
        {
          name: "chat",
          peakRps: "=peak",
          avgRps: 10,
          dailyRequests: 5000,
          inputTokens: 500,
          outputTokens: 200,
        },
      ],
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
    const edits: [string, number][] = [
      ["cells.peak", 45],
      ["workloads[0].peakRps", 12],
      ["workloads[0].avgRps", 3],
      ["workloads[0].dailyRequests", 900],
      ["workloads[0].inputTokens", 700],
      ["workloads[0].outputTokens", 300],
      ["slo[0].maxMs", 500],
      ["maxErrorRatePct", 2],
      ["factors.elasticity", 1.5],
      ["factors.redundancy", 1.1],
      ["skus[0].gpusPerReplica", 4],
      ["skus[1].pricePerGpuHour", 2.5],
      ["skus[1].sweep.replicaOutputTokensPerSec", 900],
      ["tenants.inputWeight", 2],
      ["tenants.outputWeight", 1],
      ["tenants.pools[0].costPerDay", 800],
      ["tenants.pools[0].capacityTokensPerDay", 2e10],
      ["tenants.usage[0].inputTokens", 5e6],
      ["tenants.usage[0].outputTokens", 1e5],
    ];
    const engine = createPlanEngine(plan);
    const shadow = structuredClone(plan);
    for (const [path, v] of edits) {
      const field = fieldOfSteps(parsePath(path)!);
      expect(field, path).not.toBeNull();
      const got = engine.edit(path, v);
      setAtPath(shadow, path, v);
      expect(got, path).toStrictEqual(computePlan(resolvePlan(structuredClone(shadow))));
    }
  });
});
