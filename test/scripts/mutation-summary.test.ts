/**
 * scripts/mutation-summary.mjs (docs/mutation-testing.md): a whole-file run gives a row with the
 * commit it was run at; a line-range run is kept apart and never replaces a whole-file row; every
 * file of the mutate set without a row is listed as not run (unknown, not 100 %).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const SCRIPT = join(__dirname, "..", "..", "scripts", "mutation-summary.mjs");
const dir = mkdtempSync(join(tmpdir(), "capplan-mutsum-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sh = (cmd: string, ...args: string[]) =>
  execFileSync(cmd, args, { cwd: dir, encoding: "utf8" });
const mutant = (line: number, status: string, extra: Record<string, unknown> = {}) => ({
  mutatorName: "EqualityOperator",
  replacement: "a <= b",
  status,
  location: { start: { line, column: 3 }, end: { line, column: 9 } },
  ...extra,
});
function report(mutate: string[], files: Record<string, unknown[]>) {
  writeFileSync(
    join(dir, "test/mutation/out/mutation.json"),
    JSON.stringify({
      config: { mutate },
      files: Object.fromEntries(Object.entries(files).map(([k, m]) => [k, { mutants: m }])),
    }),
  );
}
const summary = () => execFileSync(process.execPath, [SCRIPT], { cwd: dir, encoding: "utf8" });
const md = () => readFileSync(join(dir, "test/mutation/RESULTS.md"), "utf8");

describe("mutation summary", () => {
  mkdirSync(join(dir, "src/engine/messages"), { recursive: true });
  mkdirSync(join(dir, "test/mutation/out"), { recursive: true });
  for (const f of ["a.ts", "b.ts", "messages/m.ts"])
    writeFileSync(join(dir, "src/engine", f), "export const x = 1;\n");
  // Declarations only (no mutant: Stryker leaves such a file out of its report), and one that has code after its types.
  writeFileSync(
    join(dir, "src/engine/t.ts"),
    '/** A. */\nimport type { X } from "./x";\nexport type K =\n  | "a" // one\n  | "b";\nexport interface R {\n  f(): void;\n  g: { h: string[] };\n}\nexport { y } from "./y";\nexport * from "./z";\n',
  );
  writeFileSync(
    join(dir, "src/engine/u.ts"),
    "export interface R {\n  a: number;\n}\nexport const u = (r: R) => r.a + 1;\n",
  );
  writeFileSync(
    join(dir, "test/mutation/stryker.config.mjs"),
    'export default { mutate: [\n "src/engine/**/*.ts",\n "!src/engine/messages/**",\n] };\n',
  );
  sh("git", "init", "-q");
  sh("git", "-c", "user.email=t@t", "-c", "user.name=t", "add", ".");
  sh("git", "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "init");
  const head = sh("git", "rev-parse", "--short=7", "HEAD").trim();

  it("records a whole-file run with its commit, and lists the files of the mutate set not run", () => {
    report(["src/engine/a.ts"], {
      "src/engine/a.ts": [
        mutant(1, "Killed"),
        mutant(2, "Killed"),
        mutant(3, "Survived"),
        mutant(4, "Timeout"),
      ],
    });
    expect(summary()).toContain("1 file(s), 2 not run; all: 75.0 %");
    const text = md();
    expect(text).toMatch(
      new RegExp(
        `\\| src/engine/a\\.ts \\| [0-9: -]+ \\| ${head} \\| all \\| no \\| 3 \\| 1 \\| 1 \\| 0 \\| 0 \\| 0 \\| 75\\.0 % \\| 75\\.0 % \\|`,
      ),
    );
    expect(text).toContain(
      "**Not run as a whole file yet (2):** `src/engine/b.ts`, `src/engine/u.ts`.",
    );
    expect(text).toContain("**Type declarations only (no mutants, no row):** `src/engine/t.ts`.");
    expect(text).not.toContain("messages/m.ts");
  });

  it("keeps a line-range run apart: it does not replace the whole-file row", () => {
    report(["src/engine/a.ts:1-2"], {
      "src/engine/a.ts": [mutant(1, "Killed"), mutant(2, "Killed")],
    });
    summary();
    const text = md();
    expect(text).toMatch(
      /\| src\/engine\/a\.ts \| [0-9: -]+ \| \w+ \| all \| no \| 3 \| 1 \| 1 \| 0 \| 0 \| 0 \| 75\.0 % /,
    );
    expect(text).toMatch(
      /\| src\/engine\/a\.ts \| 1-2 \| [0-9: -]+ \| \w+ \| 2 \| 0 \| 0 \| 0 \| 100\.0 % \|/,
    );
  });

  it("takes the commit from the run's own record, and a whole-file run replaces the ranges", () => {
    writeFileSync(
      join(dir, "test/mutation/out/run.json"),
      JSON.stringify({ commit: "abc1234", uncommitted: true }),
    );
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, "test/mutation/out/run.json"), past, past);
    report(["src/engine/b.ts"], { "src/engine/b.ts": [mutant(1, "Killed")] });
    summary();
    const text = md();
    expect(text).toMatch(
      /\| src\/engine\/b\.ts \| [0-9: -]+ \| abc1234\+ \| all \| unknown \| 1 \| 0 \| 0 /,
    );
    expect(text).toContain("Line-range runs");
    report(["src/engine/a.ts"], { "src/engine/a.ts": [mutant(1, "Killed")] });
    summary();
    expect(md()).not.toContain("Line-range runs");
    // u.ts (code, never run) is still missing; b.ts and a.ts have rows, t.ts has nothing to run
    expect(md()).toContain("**Not run as a whole file yet (1):** `src/engine/u.ts`.");
  });

  it("counts static mutants not run (--ignoreStatic) apart from the equivalent ones, and says so", () => {
    const stat = (line: number) =>
      mutant(line, "Ignored", { statusReason: 'Static mutant (and "ignoreStatic" was enabled)' });
    report(["src/engine/a.ts"], {
      "src/engine/a.ts": [
        mutant(1, "Killed"),
        mutant(2, "Survived"),
        mutant(3, "Ignored", { statusReason: "cache" }),
        stat(4),
        stat(5),
      ],
    });
    summary();
    const text = md();
    expect(text).toMatch(
      /\| src\/engine\/a\.ts \| [0-9: -]+ \| \w+\+? \| all \| \w+ \| 1 \| 0 \| 1 \| 0 \| 1 \| 2 \| 50\.0 % \(static not run\) \| 50\.0 % \|/,
    );
    expect(text).toContain(
      "**Run without their static mutants (not run, unknown):** `src/engine/a.ts` (2).",
    );
    expect(text).toContain("src/engine/a.ts line 3 (1: EqualityOperator): cache");
    expect(text).not.toContain('ignoreStatic" was enabled');
  });

  it("says a row is out of date when its file changed after the commit it was run at", () => {
    writeFileSync(
      join(dir, "test/mutation/out/run.json"),
      JSON.stringify({ commit: head, uncommitted: false }),
    );
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, "test/mutation/out/run.json"), past, past);
    report(["src/engine/b.ts"], { "src/engine/b.ts": [mutant(1, "Killed")] });
    writeFileSync(join(dir, "src/engine/b.ts"), "export const x = 2;\n");
    summary();
    expect(md()).toMatch(
      new RegExp(`\\| src/engine/b\\.ts \\| [0-9: -]+ \\| ${head} \\| all \\| yes \\|`),
    );
  });

  it("names the test set of a run made with --tests (a lower bound), and 'all' for the whole set", () => {
    writeFileSync(
      join(dir, "test/mutation/out/run.json"),
      JSON.stringify({
        commit: head,
        uncommitted: false,
        tests: "test/import/**/*.test.ts,test/x.test.ts",
      }),
    );
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, "test/mutation/out/run.json"), past, past);
    report(["src/engine/a.ts"], {
      "src/engine/a.ts": [mutant(1, "Killed"), mutant(2, "Survived")],
    });
    summary();
    const text = md();
    expect(text).toMatch(
      /\| src\/engine\/a\.ts \| [0-9: -]+ \| \w+ \| `test\/import\/\*\*\/\*\.test\.ts`, `test\/x\.test\.ts` \| no \| 1 \| 0 \| 1 \|/,
    );
    // the other file's row keeps its own test set
    expect(text).toMatch(/\| src\/engine\/b\.ts \| [0-9: -]+ \| \w+ \| all \|/);
    expect(text).toContain("its score is a lower bound");
  });
});
