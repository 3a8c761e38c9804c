/**
 * `capplan import` in-process (docs/cli.md), plus one real `node bin/capplan.mjs` run for exit codes and
 * an empty stdout on failure.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { run, runLine, runStdin, tmpDir, writeTmp } from "../helpers";
import { startTestServer } from "../../sweep/server";
import { importOrFail } from "../../../src/cli/commands/import";
import { CliError } from "../../../src/cli/io";
import { importMessages } from "../../../src/import/messages/pipeline";
import { words } from "../../words";

/** Set to make the next reads fail as an unreadable file does (a problem beside a plain sentence). */
const reads = vi.hoisted(() => ({ fail: false }));
vi.mock("../../../src/cli/io", async (orig) => {
  const io = await orig<typeof import("../../../src/cli/io")>();
  const readInputs: typeof io.readInputs = (...a) => {
    if (!reads.fail) return io.readInputs(...a);
    const p = importMessages.problem("readFailed", { error: "EACCES" });
    throw new io.CliError([`x.json: ${importMessages.en(p)}`, "a sentence"], [p, null]);
  };
  return { ...io, readInputs };
});

const GOOD = "fixtures/malformed/bom-crlf.csv"; // generic CSV: concurrency 1, 8, 32 (see fixtures/malformed/README.md)

describe("capplan import", () => {
  it("prints { sweeps } as JSON with the values of the file", async () => {
    const r = await run("import", GOOD, "--json");
    expect(r.code).toBe(0);
    const { sweeps } = JSON.parse(r.out);
    expect(sweeps).toHaveLength(1);
    expect(sweeps[0].source.files).toEqual([GOOD]);
    // line 3 of the file: 8,3.90,410.2,44.6,54.8,13.5,16.2
    expect(sweeps[0].points[1]).toMatchObject({
      concurrency: 8,
      rps: 3.9,
      outputTokensPerSec: 410.2,
      ttftMs: { p50: 44.6, p99: 54.8 },
      itlMs: { p95: 13.5, p99: 16.2 },
    });
  });

  it.each([
    [[], `Files: ${GOOD} · Format: csv · Model: — · Engine: — · GPU: —`],
    [[], "| Concurrency | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL |"],
    [[], "| 8 | 3.90 | 410.2 | 44.6 | 54.8 | 13.5 | 16.2 |"],
    [[], "| 32 | 9.75 | 1020.4 | 120.3 | 480.9 | 21.7 | 35.5 |"],
    [["--lang", "zh"], "延迟单位：毫秒。"],
    [["--lang", "zh"], "| 并发 | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL |"],
  ])(
    "prints a heading, a source line and the report table (docs/report.md) without --json %j: %s",
    async (flags, line) => {
      const r = await run("import", GOOD, ...flags);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^### /);
      expect(r.out).toContain(line);
    },
  );

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
    const r = await runLine(
      "import fixtures/malformed/empty.csv fixtures/malformed/binary.bin --json",
    );
    expect([r.code, r.out]).toEqual([2, ""]);
    expect(r.errLines).toHaveLength(2);
    expect(r.errLines[0]).toContain("fixtures/malformed/empty.csv:1: file is empty");
    expect(r.errLines[1]).toContain("fixtures/malformed/binary.bin: file looks binary");
  });

  it.each([
    ["fixtures/nope.csv", "capplan import: fixtures/nope.csv: no such file or directory"],
    [
      `${GOOD} fixtures/malformed/tab.tsv --concurrency 8`,
      "--concurrency applies to a single file; 2 files were given",
    ],
    [`${GOOD} --concurrency eight`, '--concurrency must be a positive number, got "eight"'],
    [`${GOOD} --format nosuch`, 'unknown --format "nosuch"'],
    [`${GOOD} --frobnicate`, "unknown option --frobnicate"],
    ["", ""], // needs at least one input
  ])("refuses `import %s` with exit 2, nothing on stdout: %s", async (args, message) => {
    const r = await runLine(`import ${args}`);
    expect([r.code, r.out]).toEqual([2, ""]);
    expect(r.err).toContain(message);
    if (args === "fixtures/nope.csv") expect(r.errLines).toEqual([message]);
  });
});

const SPAWN = { encoding: "utf8", timeout: 60000 } as const;
const bin = (...args: string[]) =>
  spawnSync(process.execPath, ["bin/capplan.mjs", "import", ...args], SPAWN);

describe("the real capplan binary", () => {
  it("exits 2 on bad input with one stderr line per problem, an empty stdout and no stack trace", () => {
    const p = bin("fixtures/malformed/empty.csv", "fixtures/malformed/unknown-format.txt");
    expect([p.stdout, p.status]).toEqual(["", 2]);
    expect(p.stderr.split("\n").filter((l) => l.trim())).toEqual([
      expect.stringContaining("empty.csv:1: file is empty"),
      expect.stringContaining("unknown-format.txt:1: unrecognised format"),
    ]);
    expect(p.stderr).not.toMatch(/\n\s+at /);
  });

  it("exits 0 and prints JSON on good input", () => {
    const p = bin(GOOD, "--json");
    const { points } = JSON.parse(p.stdout).sweeps[0];
    const levels = points.map((x: { concurrency: number }) => x.concurrency);
    expect([p.status, levels]).toEqual([0, [1, 8, 32]]);
  });

  it("reads an Excel paste on stdin whose header cell holds a line break (`capplan import -`)", async () => {
    const paste = 'Concurrency\t"TTFT p99\n(ms)"\tOutput tok/s\n8\t120\t1500\n16\t180\t2600\n';
    const r = await runStdin(paste, "import", "-", "--json");
    const ttft = JSON.parse(r.out).sweeps[0].points.map(
      (p: { ttftMs: { p99: number } }) => p.ttftMs.p99,
    );
    expect([r.err, r.code, ttft]).toEqual(["", 0, [120, 180]]);
  });
});

type Row = [
  conc: number,
  ttftP99: number,
  itlP50: number,
  e2eP99: number,
  rps: number,
  tps: number,
];
/** A `capplan sweep` file (capplan-sweep, stored points) of one run. */
function runFile(dir: string, name: string, date: string, rows: Row[], gpu = "H100"): string {
  const points = rows.map(([concurrency, ttft, itl, e2e, rps, tps]) => ({
    concurrency,
    requestRate: null,
    ttftMs: { p50: ttft / 2, p99: ttft },
    itlMs: { p50: itl, p99: itl * 2 },
    e2eMs: { p99: e2e },
    rps,
    outputTokensPerSec: tps,
  }));
  const meta = { model: "test/model", engine: "vllm", gpu, gpuCount: 1, date };
  return writeTmp({ capplan: "sweep/1", sweeps: [{ meta, points }] }, name, dir);
}

describe("capplan import of an archived run: since the previous run", () => {
  // Concurrency 8 by hand: TTFT p99 120 → 150 is +25.0 % (regression), ITL p50 20 → 20.5 is
  // +2.5 %, E2E p99 1000 → 1040 is +4.0 %, RPS 10 → 9.4 is −6.0 % (regression), tokens/s
  // 1000 → 980 is −2.0 %. The first run of the folder is older still, the A100 run another
  // deployment, and notes.json no run at all.
  const dir = tmpDir("capplan-since-");
  const at = (name: string, date: string, rows: Row[], gpu?: string) =>
    runFile(dir, name, date, rows, gpu);
  const oldest = at("2026-11-01-old.json", "2026-11-01T00:00:00Z", [[8, 999, 99, 9999, 1, 100]]);
  const first = at("2026-12-01-run.json", "2026-12-01T10:00:00Z", [
    [1, 40, 10, 400, 2, 200],
    [8, 120, 20, 1000, 10, 1000],
  ]);
  const latest = at("2026-12-02-run.json", "2026-12-02T10:00:00Z", [
    [1, 40, 10, 400, 2, 200],
    [8, 150, 20.5, 1040, 9.4, 980],
    [16, 300, 30, 2000, 12, 1200],
  ]);
  const a100 = at("2026-12-03-a100.json", "2026-12-03T00:00:00Z", [[8, 1, 1, 1, 1, 1]], "A100");
  writeTmp('{"note": "not a run"}', "notes.json", dir);

  it("compares with the latest earlier run of the same deployment in its folder, in Chinese with --lang zh", async () => {
    const r = await run("import", latest);
    expect(r.code).toBe(0);
    for (const line of [
      "#### Since the previous run",
      "Previous run: 2026-12-01-run.json (2026-12-01T10:00:00Z) · threshold: 5 %",
      "| P99 TTFT | 120.0 | 150.0 | +25.0 % ▲ regression |",
      "| P50 ITL | 20.0 | 20.5 | +2.5 % |",
      "| P99 E2E | 1000.0 | 1040.0 | +4.0 % |",
      "| RPS | 10.00 | 9.40 | \u22126.0 % ▲ regression |",
      "| tokens/s | 1000 | 980 | \u22122.0 % |",
      "Regressions since the previous run: 2",
    ])
      expect(r.out).toContain(line);
    expect(r.out).not.toContain("Concurrency 16\n");
    // The section follows the run's own report table.
    expect(r.out.indexOf("#### Since")).toBeGreaterThan(r.out.indexOf("| 16 |"));
    const zh = (await run("import", latest, "--lang", "zh")).out;
    for (const line of [
      "#### 与上次运行相比",
      "上次运行：2026-12-01-run.json (2026-12-01T10:00:00Z) · 阈值：5 %",
      "| 指标 | 之前 | 之后 | 变化 |",
      "| RPS | 10.00 | 9.40 | \u22126.0 % ▲ 退化 |",
    ])
      expect(zh).toContain(line);
  });

  it("--json adds sinceRun with the same numbers", async () => {
    const j = JSON.parse((await run("import", latest, "--json")).out);
    expect(Object.keys(j)).toEqual(["sweeps", "sinceRun"]);
    expect(Object.keys(j.sinceRun)).toEqual(words("previous current threshold levels regression"));
    const run1 = { file: "2026-12-01-run.json", date: "2026-12-01T10:00:00Z" };
    const run2 = { file: "2026-12-02-run.json", date: "2026-12-02T10:00:00Z" };
    expect([j.sinceRun.previous, j.sinceRun.current]).toEqual([run1, run2]);
    expect(j.sinceRun.regression).toBe(true);
    expect(j.sinceRun.levels.map((l: { at: unknown }) => l.at)).toEqual([
      { concurrency: 1, requestRate: null },
      { concurrency: 8, requestRate: null },
    ]);
    const ttft = j.sinceRun.levels[1].metrics[0];
    expect(Object.keys(ttft)).toEqual(words("key before after changePct regression"));
    expect(ttft).toMatchObject({ key: "ttft.p99", before: 120, after: 150, regression: true });
    expect(ttft.changePct).toBeCloseTo(25, 9);
  });

  it("no section for the first run of a deployment, nor for a file outside an archive", async () => {
    for (const f of [oldest, a100, GOOD]) {
      const r = await run("import", f);
      expect(r.code).toBe(0);
      expect(r.out).not.toContain("Since the previous run");
      expect(Object.keys(JSON.parse((await run("import", f, "--json")).out))).toEqual(["sweeps"]);
    }
  });

  it("the run before the latest is compared with the one before it in turn", async () => {
    const { sinceRun } = JSON.parse((await run("import", first, "--json")).out);
    // Only concurrency 8 is shared; TTFT p99 999 → 120 is −87.987… %, an improvement.
    const { previous, levels, regression } = sinceRun;
    expect([previous.file, levels.length, regression]).toEqual(["2026-11-01-old.json", 1, false]);
    expect(levels[0].metrics[0].changePct).toBeCloseTo(((120 - 999) / 999) * 100, 9);
  });

  it("--since FILE compares with a named run, even a later-named one in another folder", async () => {
    const other = tmpDir("capplan-since-");
    const row: Row = [8, 100, 20, 1000, 10, 1000];
    const old = runFile(other, "baseline.json", "2026-10-01T00:00:00Z", [row]);
    const r = await run("import", latest, "--since", old);
    expect(r.code).toBe(0);
    // 100 → 150 is +50.0 %.
    expect(r.out).toContain(`Previous run: ${old} (2026-10-01T00:00:00Z)`);
    expect(r.out).toContain("| P99 TTFT | 100.0 | 150.0 | +50.0 % ▲ regression |");
  });

  it("--since another deployment: exit 2 naming both", async () => {
    const r = await run("import", latest, "--since", a100);
    expect([r.code, r.out]).toEqual([2, ""]);
    expect(r.errLines).toEqual([
      `capplan import: --since ${a100} is another deployment (test/model · vllm · 1 × A100) than ${latest} (test/model · vllm · 1 × H100): model, engine, GPU and GPU count must agree`,
    ]);
    const zh = await run("import", latest, "--since", a100, "--lang", "zh");
    expect(zh.code).toBe(2);
    expect(zh.err).toContain("是另一个部署（test/model · vllm · 1 × A100）");
  });

  it("--since a missing file: the CLI's file error; --since with several sweeps: exit 2", async () => {
    const nope = join(dir, "nope.json");
    const r = await run("import", latest, "--since", nope);
    expect([r.code, r.out]).toEqual([2, ""]);
    expect(r.errLines).toEqual([`capplan import: ${nope}: no such file or directory`]);
    const many = await run("import", latest, first, "--separate", "--since", first);
    const holds = "--since compares one run, but the input holds 2 sweeps";
    expect([many.code, many.err]).toEqual([2, expect.stringContaining(holds)]);
  });
});

describe("capplan import of runs written by capplan sweep --archive", () => {
  it("reports the same change as capplan history, from the test server's slower second run", async () => {
    const dir = tmpDir("capplan-since-sweep-");
    for (const ttftBaseMs of [10, 60]) {
      const s = await startTestServer({
        latency: { ttftBaseMs, ttftPerActiveMs: 0, itlBaseMs: 1, itlPerActiveMs: 0 },
      });
      const r = await run(
        "sweep",
        ...["--url", s.url, "--model", "test/model", "--concurrency", "1,2", "--requests", "6"],
        ...["--output-tokens", "3", "--archive", dir, "--meta", "gpu=H100"],
      );
      await s.close();
      expect(r.code).toBe(0);
      await new Promise((res) => setTimeout(res, 5)); // distinct dates in the file names
    }
    const names = readdirSync(dir).sort();
    expect(names).toHaveLength(2);
    const j = JSON.parse((await run("import", join(dir, names[1]!), "--json")).out);
    expect(j.sinceRun.previous.file).toBe(names[0]);
    const h = JSON.parse((await run("history", dir, "--json", "--at", "concurrency=2")).out);
    const [b, a] = h.deployments[0].runs;
    const ttft = j.sinceRun.levels[1].metrics[0];
    expect(j.sinceRun.levels[1].at).toEqual({ concurrency: 2, requestRate: null });
    const want = { key: "ttft.p99", before: b.value, after: a.value, changePct: a.changePct };
    expect(ttft).toEqual({ ...want, regression: true });
    // The server's TTFT went from 10 ms to 60 ms, a floor no run can beat; `regression` above
    // says the p99 rose by more than 5 %. (A difference of 40 ms was asserted here: on a loaded
    // machine the difference once fell to 38.7 ms.)
    expect(ttft.after).toBeGreaterThanOrEqual(60);
    expect(ttft.before).toBeGreaterThanOrEqual(10);
    expect(j.sinceRun.levels[1].metrics[1].key).toBe("itl.p50");
  }, 30_000);
});

/**
 * `capplan import --lang zh` prints the import pipeline's messages from their problems
 * (code `import.*`, docs/problems.md): skipped files, a corrupt file's lost level, the flags.
 */
function folder(): string {
  const dir = join(tmpDir("capplan-imsg-"), "run");
  mkdirSync(dir);
  writeTmp("concurrency,rps\n4,2\n", "c4.csv", dir);
  writeTmp('{"oops": ', "c8.json", dir);
  writeTmp("hello\n", "notes.txt", dir);
  return dir;
}

describe("capplan import --lang zh", () => {
  it("says in Chinese which files were skipped and which level the sweep lacks", async () => {
    const dir = folder();
    const zh = await run("import", dir, "--lang", "zh");
    expect(zh.code).toBe(2);
    expect(zh.errLines).toEqual(
      expect.arrayContaining([
        `error: ${dir}/c8.json:1:10: JSON 无效：JSON 意外结束`,
        `skipped: ${dir}/notes.txt: 不是可识别的压测输出；已跳过`,
      ]),
    );
    expect(zh.out).toContain(
      `警告：\n- ${dir}/c8.json:1:10 无法导入（JSON 无效：JSON 意外结束）：该扫描缺少这个负载档位（按路径为并发 8）`,
    );
    const en = await run("import", dir);
    expect(en.errLines).toEqual(
      expect.arrayContaining([
        `error: ${dir}/c8.json:1:10: invalid JSON: Unexpected end of JSON input`,
        `skipped: ${dir}/notes.txt: not a recognised benchmark output; skipped`,
      ]),
    );
    expect(en.out).toContain(
      `Warnings:\n- ${dir}/c8.json:1:10 could not be imported (invalid JSON: Unexpected end of JSON input): this sweep lacks its load level (concurrency 8, by its path)`,
    );
  });

  it("--concurrency with several files is refused in the language asked for", async () => {
    const dir = folder();
    const files = `${join(dir, "c4.csv")} ${join(dir, "notes.txt")}`;
    const en = await runLine(`import ${files} --concurrency 8`);
    const msg =
      "--concurrency applies to a single file; 2 files were given (name the load level in each path, e.g. …-concurrency8/)";
    expect([en.code, en.err]).toEqual([2, expect.stringContaining(msg)]);
    const zh = await runLine(`import ${files} --concurrency 8 --lang zh`);
    expect(zh.err).toContain(
      "--concurrency 只适用于单个文件；给出了 2 个文件（请在每个路径中写明负载档位，例如 …-concurrency8/）",
    );
  });
});

describe("importOrFail", () => {
  it("renders the reading errors that are problems in Chinese, and keeps the others", () => {
    reads.fail = true;
    const io = { out: () => {}, err: () => {} };
    const call = () => importOrFail(["x.json"], {}, io, true, "zh");
    try {
      expect(call).toThrow(CliError);
      expect(call).toThrow(
        expect.objectContaining({ lines: ["无法读取（EACCES）", "a sentence"] }),
      );
    } finally {
      reads.fail = false;
    }
  });
});
