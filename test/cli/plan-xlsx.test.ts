// `capplan plan --xlsx -o FILE.xlsx` (docs/xlsx.md): the workbook is written atomically to FILE,
// needs -o, excludes the other output modes, and takes --start / --days for its FOCUS sheet.
import { afterAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "./helpers";
import { openpyxlPython, readWithOpenpyxl } from "../report/xlsx-reader";

const dir = mkdtempSync(join(tmpdir(), "capplan-cli-xlsx-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("plan --xlsx", () => {
  it("writes the workbook to -o: the seed's 15 replicas as a formula, the FOCUS sheet on --start", async () => {
    const file = join(dir, "seed.xlsx");
    const r = await run(
      "plan",
      "models/examples/seed.json",
      "--xlsx",
      "--start",
      "2026-03-01",
      "-o",
      file,
    );
    expect(r.code).toBe(0);
    expect(r.out).toBe("");
    // An .xlsx is a zip file.
    expect(readFileSync(file).subarray(0, 2).toString("latin1")).toBe("PK");
    const python = openpyxlPython();
    expect(python, "python3-openpyxl").not.toBeNull();
    const book = readWithOpenpyxl(python!, [file])[file]!;
    expect(Object.keys(book)).toEqual(["Assumptions", "Comparison", "Teams", "FOCUS"]);
    expect(book.Comparison!.C8).toEqual({ formula: "CEILING($C$7-1E-9,1)", value: 15 });
    expect(book.Comparison!.C11).toEqual({ formula: "$C$10*24", value: 28800 });
    expect(book.FOCUS!.F2!.value).toBe("2026-03-01T00:00:00Z");
  });

  it.each([
    [["--xlsx"], /--xlsx writes a workbook file: give it with -o FILE\.xlsx/],
    [["--xlsx", "--lang", "zh"], /--xlsx 生成工作簿文件：请用 -o FILE\.xlsx 指定文件/],
    [
      ["--xlsx", "--json", "-o", "x.xlsx"],
      /choose one of --json, --markdown, --csv, --focus, --xlsx/,
    ],
    [["--days", "2"], /--start and --days go with --focus or --xlsx/],
  ])("refuses %j with a one-line reason and exit 2", async (flags, message) => {
    const r = await run("plan", "models/examples/seed.json", ...flags);
    expect(r.code).toBe(2);
    expect(r.errLines).toHaveLength(1);
    expect(r.err).toMatch(message);
    expect(existsSync("x.xlsx")).toBe(false);
  });
});
