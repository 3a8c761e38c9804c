/**
 * src/engine/plan/milp-highs.ts: the optimiser's solver over a loaded HiGHS runtime — its name, the
 * options it passes, the status words it maps, and the primal values it reads back (a real HiGHS
 * solve of a small integer programme, and a stub runtime for the statuses HiGHS rarely returns).
 */
import loadHighs from "highs";
import { describe, expect, it } from "vitest";
import { type HighsLike, highsSolver } from "../../../src/engine/plan/milp-highs";

describe("highsSolver", () => {
  it("solves an integer programme with the real runtime: min x + 2y, x + y ≥ 3.5, y ≥ 1 → x 3, y 1", async () => {
    const s = highsSolver(await loadHighs());
    expect(s.name).toMatch(/^HiGHS \d+\.\d+/);
    const lp =
      "Minimize\n obj: x + 2 y\nSubject To\n c1: x + y >= 3.5\n c2: y >= 1\nGeneral\n x y\nEnd\n";
    expect(s.solve(lp)).toEqual({
      status: "optimal",
      statusText: "Optimal",
      values: { x: 3, y: 1 },
    });
    const none = "Minimize\n obj: x\nSubject To\n c1: x >= 2\n c2: x <= 1\nEnd\n";
    expect(s.solve(none).status).toBe("infeasible");
  });

  const stub = (
    Status: string,
    Columns?: Record<string, object>,
    version?: HighsLike["version"],
  ) => {
    const calls: unknown[] = [];
    const h: HighsLike = {
      ...(version && { version }),
      solve: (lp, options) => {
        calls.push([lp, options]);
        return { Status, Columns: Columns as Record<string, object> };
      },
    };
    return { s: highsSolver(h), calls };
  };

  it.each([
    ["Optimal", "optimal"],
    ["Infeasible", "infeasible"],
    ["Time limit reached", "other"],
    ["Unbounded", "other"],
  ])("status %s → %s, its text kept", (Status, status) => {
    expect(stub(Status, {}).s.solve("lp")).toEqual({ status, statusText: Status, values: {} });
  });

  it("reads only numeric primal values, no columns at all as none; tight tolerances, no output, 60 s", () => {
    const { s, calls } = stub("Optimal", { a: { Primal: 2 }, b: { Primal: "x" }, c: {} });
    expect(s.solve("the lp").values).toEqual({ a: 2 });
    expect(calls).toEqual([
      [
        "the lp",
        {
          output_flag: false,
          primal_feasibility_tolerance: 1e-10,
          mip_feasibility_tolerance: 1e-10,
          mip_rel_gap: 0,
          time_limit: 60,
        },
      ],
    ]);
    expect(stub("Optimal").s.solve("lp").values).toEqual({});
  });

  it.each([
    [{ string: "1.7.0" }, "HiGHS 1.7.0"],
    [{}, "HiGHS"],
    [undefined, "HiGHS"],
  ])("version %j names it %s", (version, name) => {
    expect(stub("Optimal", {}, version).s.name).toBe(name);
  });
});
