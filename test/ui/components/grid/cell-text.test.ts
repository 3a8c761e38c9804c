import { describe, expect, it } from "vitest";
import { cellAddress, cellDetail, errorCode } from "../../../../src/ui/components/grid/cell-text";

describe("errorCode", () => {
  it.each([
    ["CYCLE", "#CYCLE"],
    ["FORBIDDEN", "#NAME"],
    ["PARSE", "#SYNTAX"],
    ["VALUE", "#VALUE"],
  ])("%s shows as %s", (kind, code) => expect(errorCode(kind)).toBe(code));
});

describe("cellAddress", () => {
  it("names the row by label, else key, then the column", () => {
    const rps = { key: "rps", label: "Req/s" };
    expect(cellAddress({ key: "r0", label: "H100" }, rps)).toBe("H100 · Req/s");
    expect(cellAddress({ key: "r3" }, rps)).toBe("r3 · Req/s");
  });
});

describe("cellDetail", () => {
  it("shows a formula with its result, a note, or nothing for a plain value", () => {
    expect(cellDetail({ raw: "=a*2", display: "8" }, "en")).toEqual({
      text: "=a*2 → 8",
      error: false,
    });
    const noted = cellDetail({ raw: "", display: "3", note: "derived" }, "en");
    expect(noted).toEqual({ text: "derived", error: false });
    expect(cellDetail({ raw: "4", display: "4" }, "en")).toBeNull();
  });
  it("puts the error code before the reason", () => {
    const error = { kind: "CYCLE", message: "a → b → a" };
    const d = cellDetail({ raw: "=b", display: "", error }, "en");
    expect(d).toMatchObject({ error: true, text: expect.stringMatching(/^#CYCLE — /) });
  });
});
