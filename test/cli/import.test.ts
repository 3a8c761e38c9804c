/**
 * `capplan import` in-process (docs/cli.md), plus one real `node bin/capplan.mjs` run for exit codes and
 * an empty stdout on failure.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main";
import { run } from "./helpers";

const GOOD = "fixtures/malformed/bom-crlf.csv"; // generic CSV: concurrency 1, 8, 32 (see fixtures/malformed/README.md)

describe("capplan import", () => {
  it("prints { sweeps } as JSON with the values of the file", async () => {
    const r = await run("import", GOOD, "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as {
      sweeps: { source: { files: string[] }; points: Record<string, unknown>[] }[];
    };
    expect(j.sweeps).toHaveLength(1);
    expect(j.sweeps[0]!.source.files).toEqual([GOOD]);
    // line 3 of the file: 8,3.90,410.2,44.6,54.8,13.5,16.2
    expect(j.sweeps[0]!.points[1]).toMatchObject({
      concurrency: 8,
      rps: 3.9,
      outputTokensPerSec: 410.2,
      ttftMs: { p50: 44.6, p99: 54.8 },
      itlMs: { p95: 13.5, p99: 16.2 },
    });
  });

  it("prints a heading, a source line and the report table (docs/report.md) without --json", async () => {
    const r = await run("import", GOOD);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^### /);
    expect(r.out).toContain(`Files: ${GOOD} · Format: csv · Model: — · Engine: — · GPU: —`);
    expect(r.out).toContain(
      "| Concurrency | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL |",
    );
    expect(r.out).toContain("| 8 | 3.90 | 410.2 | 44.6 | 54.8 | 13.5 | 16.2 |");
    expect(r.out).toContain("| 32 | 9.75 | 1020.4 | 120.3 | 480.9 | 21.7 | 35.5 |");
  });

  it("prints the Chinese table with --lang zh", async () => {
    const r = await run("import", GOOD, "--lang", "zh");
    expect(r.out).toContain("延迟单位：毫秒。");
    expect(r.out).toContain("| 并发 | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL |");
  });

  it("sends the repeated-level note to stderr and still exits 0", async () => {
    const r = await run("import", "fixtures/malformed/duplicate-levels.csv", "--json");
    expect(r.code).toBe(0);
    expect(r.errLines.length).toBeGreaterThan(0);
    // Repeats are normal practice: an info, not a warning (an unstable level stays a warning).
    const note = r.errLines.find((l) => l.includes("concurrency 8 was measured 2 times"));
    expect(note?.startsWith("info: ")).toBe(true);
    expect(r.errLines.every((l) => /^(info|warning): /.test(l))).toBe(true);
    expect(JSON.parse(r.out).sweeps[0].points[1].repeats).toBe(2);
  });

  it("fails with one stderr line per bad file and nothing on stdout", async () => {
    const r = await run(
      "import",
      "fixtures/malformed/empty.csv",
      "fixtures/malformed/binary.bin",
      "--json",
    );
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.errLines).toHaveLength(2);
    expect(r.errLines[0]).toContain("fixtures/malformed/empty.csv:1: file is empty");
    expect(r.errLines[1]).toContain("fixtures/malformed/binary.bin: file looks binary");
  });

  it("fails on a missing path", async () => {
    const r = await run("import", "fixtures/nope.csv");
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.errLines).toEqual(["capplan import: fixtures/nope.csv: no such file or directory"]);
  });

  it("refuses --concurrency with several files, and a non-numeric --concurrency", async () => {
    const many = await run("import", GOOD, "fixtures/malformed/tab.tsv", "--concurrency", "8");
    expect(many.code).toBe(2);
    expect(many.out).toBe("");
    expect(many.err).toContain("--concurrency applies to a single file; 2 files were given");
    const bad = await run("import", GOOD, "--concurrency", "eight");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--concurrency must be a positive number, got "eight"');
  });

  it("refuses an unknown --format and an unknown option", async () => {
    const f = await run("import", GOOD, "--format", "nosuch");
    expect(f.code).toBe(2);
    expect(f.err).toContain('unknown --format "nosuch"');
    const o = await run("import", GOOD, "--frobnicate");
    expect(o.code).toBe(2);
    expect(o.err).toContain("unknown option --frobnicate");
  });

  it("needs at least one input", async () => {
    const r = await run("import");
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
  });
});

describe("the real capplan binary", () => {
  it("exits 2 on bad input with one stderr line per problem, an empty stdout and no stack trace", () => {
    const p = spawnSync(
      process.execPath,
      [
        "bin/capplan.mjs",
        "import",
        "fixtures/malformed/empty.csv",
        "fixtures/malformed/unknown-format.txt",
      ],
      {
        encoding: "utf8",
        timeout: 60000,
      },
    );
    expect(p.stdout).toBe("");
    expect(p.status).toBe(2);
    const lines = p.stderr.split("\n").filter((l) => l.trim());
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("empty.csv:1: file is empty");
    expect(lines[1]).toContain("unknown-format.txt:1: unrecognised format");
    expect(p.stderr).not.toMatch(/\n\s+at /);
  });

  it("exits 0 and prints JSON on good input", () => {
    const p = spawnSync(process.execPath, ["bin/capplan.mjs", "import", GOOD, "--json"], {
      encoding: "utf8",
      timeout: 60000,
    });
    expect(p.status).toBe(0);
    expect(
      JSON.parse(p.stdout).sweeps[0].points.map((x: { concurrency: number }) => x.concurrency),
    ).toEqual([1, 8, 32]);
  });

  it("reads an Excel paste on stdin whose header cell holds a line break (`capplan import -`)", async () => {
    let out = "";
    let err = "";
    const paste = 'Concurrency\t"TTFT p99\n(ms)"\tOutput tok/s\n8\t120\t1500\n16\t180\t2600\n';
    const code = await main(["import", "-", "--json"], {
      out: (t) => void (out += t),
      err: (t) => void (err += t),
      stdin: () => paste,
    });
    expect(err).toBe("");
    expect(code).toBe(0);
    const pts = JSON.parse(out).sweeps[0].points;
    expect(pts.map((p: { ttftMs: { p99: number } }) => p.ttftMs.p99)).toEqual([120, 180]);
  });
});
