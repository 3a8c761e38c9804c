/** The cells of the workbook export (docs/xlsx.md): column letters, references, cached values. */
import { describe, expect, it } from "vitest";
import { columnName, formula, input, ref, text } from "../../src/report/xlsx-cells";

describe("columnName and ref", () => {
  it.each([
    [1, "A"],
    [26, "Z"],
    [27, "AA"],
    [52, "AZ"],
    [53, "BA"],
    [702, "ZZ"],
    [703, "AAA"],
  ])("column %d is %s", (n, name) => expect(columnName(n)).toBe(name));

  it("is absolute, with the sheet when given", () => {
    expect([ref(3, 7), ref(28, 2, "Assumptions")]).toEqual(["$C$7", "Assumptions!$AB$2"]);
  });
});

describe("text, input and formula", () => {
  it("cache a finite number and leave the cell empty otherwise", () => {
    expect(text("x")).toEqual({ value: "x", bold: false });
    expect(input(2)).toEqual({ value: 2, input: true, format: "num" });
    expect(input(Number.NaN, "money")).toEqual({ value: null, input: true, format: "money" });
    expect(formula("A1*2", Infinity, "int")).toEqual({
      value: null,
      formula: "A1*2",
      format: "int",
    });
    expect(formula("A1*2", undefined, "int").value).toBeNull();
    expect(formula("A1*2", 4, "ratio")).toEqual({ value: 4, formula: "A1*2", format: "ratio" });
  });
});
