/**
 * src/engine/plan/lineage-tree.ts: walking a lineage tree (each node once, depth first), its sweep
 * leaves, its lines as text (a step shown again without its inputs), and whether a step's
 * recomputed value matches its value.
 */
import { describe, expect, it } from "vitest";
import { sweepLeaves } from "../../../src/engine/plan/lineage";
import { consistent, lineageNodes, lineageText } from "../../../src/engine/plan/lineage-tree";
import type { LineageNode } from "../../../src/engine/plan/lineage-types";
import { ctxOf, SKU_MIX, RESERVATION_SEPARATE, node, SWEEPS } from "./lineage-plans-b";

describe("walking a tree", () => {
  it("lineageNodes visits each node object once, depth first, in input order; the same path built twice is visited twice", () => {
    expect(
      lineageNodes(node(ctxOf(SKU_MIX), "workloads[0].tokensPerSec")).map((n) => n.path),
    ).toEqual([
      "workloads[0].tokensPerSec",
      "workloads[0].peakRps",
      "cells.peak",
      "workloads[0].tokensPerRequest",
      "workloads[0].inputTokens",
      "workloads[0].outputTokens",
      "cells.out",
    ]);
    expect(
      lineageNodes(node(ctxOf(RESERVATION_SEPARATE), "tenants.pools[0].usedTokens")).map(
        (n) => n.path,
      ),
    ).toEqual([
      "tenants.pools[0].usedTokens",
      "tenants.pools[0].teams[0].tokens",
      "inputWeight (method tokens)",
      "tenants.pools[0].teams[0].inputTokens",
      "tenants.usage[0].inputTokens",
      "outputWeight (method tokens)",
      "tenants.pools[0].teams[0].outputTokens",
      "tenants.usage[0].outputTokens",
      "tenants.pools[0].teams[1].tokens",
      "inputWeight (method tokens)",
      "tenants.pools[0].teams[1].inputTokens",
      "tenants.usage[1].inputTokens",
      "outputWeight (method tokens)",
      "tenants.pools[0].teams[1].outputTokens",
      "tenants.usage[1].outputTokens",
    ]);
  });

  it("lineageText indents each input by two spaces under '← '; a step shown again with its inputs says '(inputs above)' instead", () => {
    const n = node(ctxOf(RESERVATION_SEPARATE), "tenants.pools[0].teams[0].share");
    expect(lineageText(n, (x) => `${x.path} = ${x.value}`).split("\n")).toEqual([
      "tenants.pools[0].teams[0].share = 0.5",
      "  ← tenants.pools[0].teams[0].tokens = 1000000",
      "    ← inputWeight (method tokens) = 1",
      "    ← tenants.pools[0].teams[0].inputTokens = 600000",
      "      ← tenants.usage[0].inputTokens = 600000",
      "    ← outputWeight (method tokens) = 1",
      "    ← tenants.pools[0].teams[0].outputTokens = 400000",
      "      ← tenants.usage[0].outputTokens = 400000",
      "  ← tenants.pools[0].usedTokens = 2000000",
      "    ← tenants.pools[0].teams[0].tokens = 1000000  (inputs above)",
      "    ← tenants.pools[0].teams[1].tokens = 1000000",
      "      ← inputWeight (method tokens) = 1",
      "      ← tenants.pools[0].teams[1].inputTokens = 500000",
      "        ← tenants.usage[1].inputTokens = 500000",
      "      ← outputWeight (method tokens) = 1",
      "      ← tenants.pools[0].teams[1].outputTokens = 500000",
      "        ← tenants.usage[1].outputTokens = 500000",
    ]);
    // A leaf seen twice (a cell read by two formulas) is shown twice, without the note.
    expect(lineageText(node(ctxOf(SKU_MIX), "workloads[0].tokensPerSec"), (x) => x.path)).toBe(
      [
        "workloads[0].tokensPerSec",
        "  ← workloads[0].peakRps",
        "    ← cells.peak",
        "  ← workloads[0].tokensPerRequest",
        "    ← workloads[0].inputTokens",
        "    ← workloads[0].outputTokens",
        "      ← cells.out",
        "        ← cells.peak",
      ].join("\n"),
    );
  });
});

describe("consistent: a step's recomputed value against its value", () => {
  const n = (value: number | null, recomputed?: number | null): LineageNode => ({
    path: "x",
    kind: "computed",
    value,
    inputs: [],
    ...(recomputed === undefined ? {} : { recomputed }),
  });
  it("no recomputed value (a leaf) is consistent", () => expect(consistent(n(5))).toBe(true));
  it("both absent is consistent; one absent is not, except a value absent because the formula gives Infinity or NaN", () => {
    expect(consistent(n(null, null))).toBe(true);
    expect(consistent(n(5, null))).toBe(false);
    expect(consistent(n(0, null))).toBe(false);
    expect(consistent(n(null, 5))).toBe(false);
    expect(consistent(n(null, 0))).toBe(false);
    expect(consistent(n(null, Number.POSITIVE_INFINITY))).toBe(true);
    expect(consistent(n(null, Number.NaN))).toBe(true);
  });
  it("equal up to 1e-9 relative (absolute below 1)", () => {
    expect(consistent(n(1, 1 + 0.9e-9))).toBe(true);
    expect(consistent(n(1, 1 + 1.1e-9))).toBe(false);
    expect(consistent(n(1, 1 - 1.1e-9))).toBe(false);
    expect(consistent(n(0, 0.9e-9))).toBe(true);
    expect(consistent(n(0, -1.1e-9))).toBe(false);
    expect(consistent(n(1e9, 1e9 + 0.9))).toBe(true);
    expect(consistent(n(1e9, 1e9 + 1.1))).toBe(false);
    expect(consistent(n(1e9 + 1.1, 1e9))).toBe(false);
    expect(consistent(n(-1e9, -1e9 - 0.9))).toBe(true);
    expect(consistent(n(-1e9, -1e9 - 1.1))).toBe(false);
    expect(consistent(n(2, 2))).toBe(true);
  });
});

describe("sweepLeaves of a whole explanation", () => {
  const c = ctxOf(SWEEPS);

  it("the sweep leaves of a tree are its sweep points", () => {
    const n = node(c, "skus[2].replicas");
    expect(sweepLeaves(n).map((x) => [x.path, x.value, x.source!.load])).toEqual([
      ["skus[2].workloads[0].operatingPoint.outputTokensPerSec", 1000, "12 req/s achieved"],
    ]);
    expect(sweepLeaves(node(c, "skus[0].workloads[0].kneeIndex"))).toEqual([]);
  });
});
