/**
 * The Teams sheet of the workbook export (src/report/xlsx-teams.ts), checked without a spreadsheet
 * program: a small evaluator below recomputes every formula of the sheet from its input cells and
 * must land on the cached value capplan wrote beside it. (xlsx-model.test.ts reads the written file
 * back with openpyxl and LibreOffice.)
 */
import { describe, expect, it } from "vitest";
import type { XCell, XSheet } from "../../src/report/xlsx-cells";
import { xlsxLabels } from "../../src/report/xlsx-labels";
import { teamsSheet } from "../../src/report/xlsx-teams";
import { compute, separatePlan } from "./alloc-helpers";

/** The weights the token formulas name; the plans here use the default 1 : 1. */
const NAMES: Record<string, number> = { input_weight: 1, output_weight: 1 };

const cellAt = (s: XSheet, a1: string): XCell | null => {
  const m = /^\$?([A-Z]+)\$?(\d+)$/.exec(a1)!;
  const col = [...m[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
  return s.rows[Number(m[2]) - 1]?.[col - 1] ?? null;
};

/** Cells of a range `$E$2:$E$3` (one column), top to bottom. */
function range(s: XSheet, r: string): (XCell | null)[] {
  const [a, b] = r.split(":").map((x) => /^\$?([A-Z]+)\$?(\d+)$/.exec(x)!);
  const out: (XCell | null)[] = [];
  for (let row = Number(a![2]); row <= Number(b![2]); row++) out.push(cellAt(s, `${a![1]}${row}`));
  return out;
}

/** Value of a cell: its formula recomputed when it has one, else its value. */
function valueOf(s: XSheet, c: XCell | null): number | string {
  if (!c) return 0;
  if (c.formula) return evaluate(s, c.formula);
  return typeof c.value === "number" || typeof c.value === "string" ? c.value : 0;
}

/** + - * / ( ), references, the names above, SUM, MAX and SUMPRODUCT(EXACT(range,ref)*range). */
function evaluate(s: XSheet, f: string): number {
  let i = 0;
  const peek = () => f[i];
  const num = (v: number | string) => (typeof v === "number" ? v : Number.NaN);
  const atom = (): number => {
    if (peek() === "(") {
      i++;
      const v = sum();
      i++;
      return v;
    }
    const m = /^(\d+(\.\d+)?(e[+-]?\d+)?|\$?[A-Z]+\$?\d+(:\$?[A-Z]+\$?\d+)?|[A-Za-z_]+)/.exec(
      f.slice(i),
    )!;
    i += m[0].length;
    const word = m[0];
    if (/^\d/.test(word)) return Number(word);
    if (word === "SUM" || word === "MAX" || word === "SUMPRODUCT") {
      const args = f.slice(i + 1, closing(i));
      i = closing(i) + 1;
      if (word === "SUM") return range(s, args).reduce((t, c) => t + num(valueOf(s, c)), 0);
      if (word === "MAX") return Math.max(...args.split(",").map((a) => evaluate(s, a)));
      const m2 = /^EXACT\(([^,]+),([^)]+)\)\*(.+)$/.exec(args)!;
      const key = valueOf(s, cellAt(s, m2[2]!));
      const costs = range(s, m2[3]!);
      return range(s, m2[1]!).reduce(
        (t, c, k) => t + (valueOf(s, c) === key ? num(valueOf(s, costs[k]!)) : 0),
        0,
      );
    }
    if (word in NAMES) return NAMES[word]!;
    return num(valueOf(s, cellAt(s, word)));
  };
  const closing = (open: number): number => {
    let depth = 0;
    for (let k = open; k < f.length; k++) {
      if (f[k] === "(") depth++;
      if (f[k] === ")" && --depth === 0) return k;
    }
    return f.length;
  };
  const product = (): number => {
    let v = atom();
    while (peek() === "*" || peek() === "/") v = f[i++] === "*" ? v * atom() : v / atom();
    return v;
  };
  const sum = (): number => {
    let v = product();
    while (peek() === "+" || peek() === "-") v = f[i++] === "+" ? v + product() : v - product();
    return v;
  };
  return sum();
}

const formulas = (s: XSheet) =>
  s.rows.flatMap((row, r) =>
    row.flatMap((c, k) => (c?.formula ? [{ c, at: [r + 1, k + 1] }] : [])),
  );

describe("teamsSheet", () => {
  // separatePlan: a 1,000/day pool with capacity 2e8 tokens, idle kept apart; teams of 3e7 and
  // 1e8 tokens → 150 and 500, idle 1,000 − 650 = 350 (test/report/alloc-helpers.ts).
  const t = compute(separatePlan()).tenants!;
  const sheet = teamsSheet(t, () => null, xlsxLabels("en"));

  it("recomputes every formula from the sheet's inputs to the value capplan cached", () => {
    const all = formulas(sheet);
    expect(all.length).toBeGreaterThanOrEqual(9);
    for (const { c, at } of all)
      expect([at, evaluate(sheet, c.formula!)]).toEqual([at, expect.closeTo(c.value as number, 6)]);
  });

  it.each([
    ["$G$2", 150, "$E$2*($G$4/$I$4)"],
    ["$G$3", 500, "$E$3*($G$4/$I$4)"],
    ["$E$4", 1.3e8, "SUM($E$2:$E$3)"],
    ["$G$5", 350, "MAX(0,$G$4-SUM($G$2:$G$3))"],
  ])("%s is %d by %s", (a1, value, f) => {
    expect(cellAt(sheet, a1)).toMatchObject({ value: expect.closeTo(value, 6), formula: f });
  });

  it("writes team names as text, never as formulas (a name may start with =)", () => {
    expect(cellAt(sheet, "B2")).toEqual({ value: '=HYPERLINK("x")', bold: false });
    expect(cellAt(sheet, "B3")).toEqual({ value: "-2+3", bold: false });
  });

  it("takes a pool's cost from the Comparison sheet when the pool is priced from a SKU", () => {
    const fromSku = teamsSheet(t, () => "Comparison!$B$9", xlsxLabels("en"));
    expect(cellAt(fromSku, "G4")).toMatchObject({ formula: "Comparison!$B$9", value: 1000 });
    expect(cellAt(sheet, "G4")).toMatchObject({ input: true, value: 1000 });
  });

  it("team totals: each team's own cost, shared cost, total and the rounded amount booked", () => {
    const head = sheet.rows.findIndex((r) => r[0]?.value === xlsxLabels("en").teamTotals);
    const totals = sheet.rows
      .slice(head + 2, head + 4)
      .map((r) =>
        r.map((c) => (typeof c?.value === "number" ? Number(c.value.toFixed(6)) : c?.value)),
      );
    expect(totals).toEqual([
      ['=HYPERLINK("x")', 150, 0, 150, 150],
      ["-2+3", 500, 0, 500, 500],
    ]);
  });

  it("headers in the language asked for", () => {
    const zh = teamsSheet(t, () => null, xlsxLabels("zh"));
    expect(zh.rows[0]!.map((c) => c?.value)).toEqual(xlsxLabels("zh").teamsHead);
    expect(zh.rows[0]).not.toEqual(sheet.rows[0]);
  });
});
