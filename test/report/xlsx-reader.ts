/**
 * Second readers for the workbook tests: Python's openpyxl (Debian python3-openpyxl) reads each
 * cell's formula and cached value; LibreOffice (Debian libreoffice-calc-nogui), when installed,
 * recalculates every formula of a file and saves the result.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

/** A cell as openpyxl reads it: its formula (without `=`; null for a value) and its value. */
export interface ReadCell {
  formula: string | null;
  value: number | string | boolean | null;
}
/** Sheet name → A1 reference → cell. */
export type ReadBook = Record<string, Record<string, ReadCell>>;

/** The Python that sees python3-openpyxl (Debian's, before a pyenv shim that may not). */
export function openpyxlPython(): string | null {
  for (const py of ["/usr/bin/python3", "python3"]) {
    const r = spawnSync(py, ["-c", "import openpyxl"], { encoding: "utf8" });
    if (r.status === 0) return py;
  }
  return null;
}

const DUMP = `
import json, sys, openpyxl
out = {}
for path in sys.argv[1:]:
    f = openpyxl.load_workbook(path)
    v = openpyxl.load_workbook(path, data_only=True)
    book = {}
    for ws in f.worksheets:
        cells = {}
        for row in ws.iter_rows():
            for c in row:
                val = v[ws.title][c.coordinate].value
                if c.value is None and val is None:
                    continue
                isf = c.data_type == "f"
                cells[c.coordinate] = {"formula": c.value[1:] if isf else None, "value": val}
        book[ws.title] = cells
    out[path] = book
json.dump(out, sys.stdout)
`;

/** Read workbooks with openpyxl: path → sheets → cells. */
export function readWithOpenpyxl(python: string, paths: string[]): Record<string, ReadBook> {
  const out = execFileSync(python, ["-c", DUMP, ...paths], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  return JSON.parse(out) as Record<string, ReadBook>;
}

/** `soffice` when LibreOffice is installed, else null. */
export function soffice(): string | null {
  for (const p of ["/usr/bin/soffice", "/usr/bin/libreoffice"]) if (existsSync(p)) return p;
  return null;
}

/**
 * Recalculate workbooks in LibreOffice: opens each file with "recalculate on load: always" (a
 * private profile, so nothing depends on the machine's settings) and saves it as .xlsx into a new
 * folder. Returns the paths of the saved files, in the order given.
 */
export function recalcWithLibreOffice(bin: string, paths: string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), "capplan-lo-"));
  const profile = join(dir, "profile");
  mkdirSync(join(profile, "user"), { recursive: true });
  writeFileSync(
    join(profile, "user", "registrymodifications.xcu"),
    `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`,
  );
  const outDir = join(dir, "out");
  const args = [`-env:UserInstallation=file://${profile}`, "--headless", "--convert-to", "xlsx"];
  execFileSync(bin, [...args, "--outdir", outDir, ...paths], { stdio: "ignore", timeout: 120_000 });
  return paths.map((p) => join(outDir, basename(p)));
}
