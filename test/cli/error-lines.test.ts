/**
 * The stderr lines of a plan's errors (src/cli/error-lines.ts): a formula loop is one line naming
 * its size, however many cells it has, as a spreadsheet reports one circular reference.
 */
import { describe, expect, it } from "vitest";
import { run, writeTmp } from "./helpers";

/** A plan whose cells hold loops of the given sizes (`a0 → a1 → … → a0`, `b0 → …`). */
function loops(...sizes: number[]): string {
  const cells: Record<string, string> = {};
  sizes.forEach((n, k) => {
    const p = String.fromCharCode(97 + k);
    for (let i = 0; i < n; i++) cells[`${p}${i}`] = `=${p}${(i + 1) % n} + 1`;
  });
  const workload = { peakRps: 10, inputTokens: 100, outputTokens: 100 };
  return writeTmp({ format: "capplan.plan/v1", cells, workload, skus: [] });
}

describe("planErrorLines", () => {
  it.each([
    [
      [4000],
      [
        "cells.a0: circular reference: cells.a0 → cells.a1",
        "(a loop of 4000 entries; the other 3999 are not listed one by one)",
      ],
    ],
    [
      [3, 2],
      [
        "cells.a0: circular reference: cells.a0 → cells.a1 → cells.a2 → cells.a0 (a loop of 3 entries",
        "cells.b0: circular reference: cells.b0 → cells.b1 → cells.b0 (a loop of 2 entries; the other one is not listed on a line of its own)",
      ],
    ],
    [[1], ["cells.a0: circular reference: cells.a0 → cells.a0"]],
  ])("loops of %j cells: one stderr line per loop", async (sizes, want) => {
    const r = await run("plan", loops(...sizes));
    expect([r.code, r.errLines.length]).toEqual([2, sizes.length]);
    for (const [i, w] of want.entries())
      expect(r.errLines[sizes.length === 1 ? 0 : i]).toContain(w);
    expect(r.err.length).toBeLessThan(2000 * sizes.length);
  });

  it("speaks Chinese with --lang zh", async () => {
    const r = await run("plan", loops(5), "--lang", "zh");
    expect(r.errLines).toHaveLength(1);
    expect(r.errLines[0]).toContain("（含 5 项的循环；其余 4 项不逐一列出）");
  });
});
