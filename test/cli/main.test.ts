/**
 * src/cli/main.ts: the usage text of `capplan`, `--help` and `help`, the nearest command for a
 * misspelt one, and usage errors in English and, with `--lang zh`, in Chinese.
 */
import { describe, expect, it } from "vitest";
import { COMMANDS, nearestCommand } from "../../src/cli/main";
import { run, runLine, writeTmp } from "./helpers";

describe("capplan usage", () => {
  // The synopsis is written by hand; the options' table is what parses and what --help prints.
  it.each(Object.keys(COMMANDS))(
    "%s: the synopsis names every option of its table, and no other",
    async (name) => {
      const c = await COMMANDS[name]!();
      const inUsage = [...c.usage.matchAll(/--([a-z][\w-]*)/g)].map((m) => m[1]);
      expect(new Set(inUsage)).toEqual(new Set((c.options ?? []).map((o) => o.name)));
    },
  );

  it("prints the general usage with every command and the exit codes for --help and help", async () => {
    const lines = [
      "capplan plan <plan.json|-> [--json | --markdown | --csv | --focus [--start YYYY-MM-DD] [--days N] | --xlsx -o FILE.xlsx] [--lang en|zh]",
      "capplan actuals <plan.json|-> <focus.csv> [--json]",
      "capplan formats [--json]",
      "exit codes: 0 success, 1 regression (compare), 2 bad input or usage",
    ];
    for (const flag of ["--help", "help", "-h"]) {
      const r = await run(flag);
      expect(r.code).toBe(0);
      for (const line of lines) expect(r.out).toContain(line);
    }
  });
  // docs/cli.md: `<command> --help` prints that command's options (it printed the general usage).
  it("prints a command's own synopsis and options for `<command> --help`, `-h` and `help <command>`", async () => {
    const plan = await run("plan", "--help");
    expect(plan.code).toBe(0);
    expect(plan.out).toMatch(/^usage: capplan plan <plan.json\|->/);
    for (const o of ["--allow-path DIR", "--markdown", "-o, --output FILE"])
      expect(plan.out).toContain(o);
    for (const o of ["--threshold", "capplan import"]) expect(plan.out).not.toContain(o);
    const imp = await run("import", "-h");
    expect(imp.out).toMatch(/^usage: capplan import /);
    expect(imp.out).toContain("--concurrency N");
    expect(imp.out).not.toContain("--allow-path");
    const cmp = await run("help", "compare");
    expect(cmp.out).toContain("--threshold PCT");
    // After `--`, --help is an operand, not a request for help.
    const op = await run("formats", "--", "--help");
    expect([op.code, op.out]).toEqual([2, ""]);
  });
  it("exits 2 with the usage on stderr when no command is given, and names an unknown command", async () => {
    const none = await run();
    expect([none.code, none.out]).toEqual([2, ""]);
    expect(none.err).toContain("usage:");
    const bad = await run("plna");
    // One line with the nearest command, not the whole usage.
    const line =
      'unknown command "plna"; did you mean "plan"? (capplan --help lists the commands)\n';
    expect([bad.code, bad.err]).toEqual([2, line]);
  });
  // "typed nearest", or only "typed" when no command is near.
  const rows = ["plna plan", "imprt import", "imp import", "reprot report", "actual actuals"];
  it.each([...rows, "frobnicate", "x"])("nearestCommand: %s", (row) => {
    const [typed, want = null] = row.split(" ");
    expect(nearestCommand(typed!, Object.keys(COMMANDS))).toBe(want);
  });
  it("prints a version", async () => {
    const r = await run("--version");
    expect([r.code, r.out]).toEqual([0, expect.stringMatching(/^capplan \S+\n$/)]);
  });
});

describe("capplan compare without a common load level", () => {
  it("exits 2 instead of passing a CI gate on nothing compared", async () => {
    const r = await runLine(
      "compare fixtures/vllm/concurrency-sweep-h100/ fixtures/inference-perf/",
    );
    expect([r.code, r.out]).toEqual([2, ""]);
    expect(r.err).toContain("no load level matches");
  });
});

describe("capplan import of a folder of unrelated runs whose files do not record the model", () => {
  it("keeps runs of different names apart and merges the levels of one run family", async () => {
    const r = await run("import", "fixtures/aiperf/", "--json");
    expect(r.code).toBe(0);
    const { sweeps } = JSON.parse(r.out);
    // akamas_rtxpro4500_qwen3-4b_concurrency_{64,512}_…csv are one family; the MI355X Kimi run is another
    const akamas = sweeps.find((s: { source: { files: string[] } }) =>
      s.source.files.some(
        (f) => f.includes("akamas") && f.endsWith("_512_profile_export_aiperf.csv"),
      ),
    );
    expect(akamas.points.map((p: { concurrency: number }) => p.concurrency)).toEqual([64, 512]);
    expect(akamas.source.files.every((f: string) => f.includes("akamas"))).toBe(true);
    expect(r.err).not.toContain("duplicate load level");
  });
});

/**
 * Usage errors follow --lang (docs/problems.md, `cli.*`): the same line in Chinese under
 * `--lang zh`, byte for byte the old English otherwise.
 */
describe("capplan usage errors in the language of --lang", () => {
  // Each row: the arguments, then the message after "capplan <command>: " in English and Chinese.
  it.each([
    [
      "plan a.json b.json",
      "usage: capplan plan <plan.json|-> [--json",
      "用法：capplan plan <plan.json|-> [--json",
    ],
    [
      "plan x.json --json --csv",
      "choose one of --json, --markdown, --csv, --focus, --xlsx (got --json --csv)",
      "只能选择 --json、--markdown、--csv、--focus、--xlsx 之一（实际为 --json --csv）",
    ],
    [
      "plan x.json --days 400 --focus",
      "--days must be a whole number of days from 1 to 366, got 400",
      "--days 必须是 1 至 366 之间的整数天数，实际为 400",
    ],
    [
      "plan x.json --start 2026-01-01",
      "--start and --days go with --focus or --xlsx",
      "--start 和 --days 需与 --focus 或 --xlsx 一起使用",
    ],
    ["plan x.json --nope", "unknown option --nope", "未知选项 --nope"],
    [
      "import x.csv --concurrency=0",
      '--concurrency must be a positive number, got "0"',
      '--concurrency 必须是正数，实际为 "0"',
    ],
    [
      "traffic x.csv --bin 0",
      "--bin must be a positive number of seconds, got 0",
      "--bin 必须是正的秒数，实际为 0",
    ],
    [
      "compare a.json",
      "expected a baseline and a candidate, got 1 argument(s)",
      "需要基线和候选两个参数，实际为 1 个参数",
    ],
    ["plan x.json --output=", "--output needs a file name", "--output 需要文件名"],
  ])("%s", async (line, en, zh) => {
    const prefix = `capplan ${line.split(" ")[0]}: `;
    const e = await runLine(line);
    expect([e.code, e.err.startsWith(prefix + en)]).toEqual([2, true]);
    const z = await runLine(`${line} --lang zh`);
    expect([z.code, z.err.startsWith(prefix + zh)], z.err).toEqual([2, true]);
  });

  it("an invalid --lang is said in English; an unknown command follows --lang", async () => {
    const errs = [
      ["plan", "x.json", "--lang", "fr"],
      ["frobnicate", "--lang", "zh"],
      ["frobnicate"],
    ];
    expect(await Promise.all(errs.map(async (a) => (await run(...a)).err))).toEqual([
      "capplan plan: --lang must be en or zh, got fr\n",
      '未知命令 "frobnicate"（capplan --help 列出所有命令）\n',
      'unknown command "frobnicate" (capplan --help lists the commands)\n',
    ]);
  });
});

/** A plan whose only SKU fails P99 TTFT ≤ 1000 ms already at concurrency 1 (1500 ms: 500 ms, 50 % over). */
function infeasiblePlan(): string {
  const point = { concurrency: 1, outputTokensPerSec: 50, ttftMs: { p99: 1500 } };
  const plan = {
    format: "capplan.plan/v1",
    title: "too slow",
    workloads: [{ name: "chat", peakRps: 1, inputTokens: 100, outputTokens: 100 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    skus: [{ name: "T4", gpusPerReplica: 1, pricePerGpuHour: 1, sweep: { points: [point] } }],
  };
  return writeTmp(plan);
}

// Engine and importer messages follow --lang (issue #5); the English output is unchanged.
describe("capplan --lang zh translates engine and importer messages", () => {
  it("plan lists its warnings in Chinese, keeping SKU names and numbers", async () => {
    const zh = await run("plan", "models/examples/multi-sku.json", "--lang", "zh");
    expect(zh.out).toContain("  L40S ×1：SLO P95 ITL 改用 TPOT 判断：该扫描没有 ITL");
    expect(zh.out).toContain(
      "  H200 ×1 (estimate)：chat 的容量为给定值（2,381.5 tok/s），因此未用扫描数据检查 SLO",
    );
    const en = await run("plan", "models/examples/multi-sku.json");
    expect(en.out).toContain("  L40S ×1: SLO P95 ITL evaluated on TPOT: the sweep has no ITL");
  });

  it("plan prints plan-file validation errors in Chinese on stderr", async () => {
    const r = await runLine("plan fixtures/malformed/bad-plan-shape.json --lang zh");
    expect(r.code).toBe(2);
    const file = "fixtures/malformed/bad-plan-shape.json";
    expect(r.err).toContain(`${file}: workloads: 应为负载数组，实际为 "chat"`);
    expect(r.err).toContain(`${file}: skus: 应为 SKU 数组，实际为对象`);
  });

  it("import prints its errors and warnings in Chinese after the file location", async () => {
    const bad = await run("import", "fixtures/malformed/empty.csv", "--lang", "zh");
    expect([bad.code, bad.err]).toEqual([
      2,
      expect.stringContaining("malformed/empty.csv:1: 文件为空"),
    ]);
    const dup = await runLine(`import fixtures/malformed/duplicate-levels.csv --json --lang zh`);
    expect(dup.code).toBe(0);
    const line =
      "并发 8 测了 2 次（fixtures/malformed/duplicate-levels.csv）：视为重复运行，该点取每个统计量的中位数";
    expect(dup.err).toContain(line);
    const md = await runLine("import fixtures/malformed/duplicate-levels.csv --lang zh");
    expect(md.out).toContain(`警告：\n- ${line}`);
  });

  it("report and plan give the reason of an infeasible SKU in Chinese", async () => {
    const plan = infeasiblePlan();
    const r = await run("report", plan, "--lang", "zh");
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      "T4：在所有测得的负载下都不满足 SLO（P99 TTFT ≤ 1000 ms 在最低负载（1）下就不满足：1,500 ms，超出 500 ms（50 %））",
    );
    const p = await run("plan", plan, "--lang", "zh");
    expect(p.out).toMatch(
      /原因\s+P99 TTFT ≤ 1000 ms 在最低负载（1）下就不满足：1,500 ms，超出 500 ms（50 %）/,
    );
    expect(p.out).toContain(
      "  T4：不可行：最低负载（并发 1）下 P99 TTFT 为 1,500 ms，超出 1,000 ms 上限 500 ms（50 %）",
    );
    const en = await run("report", plan);
    expect(en.out).toContain(
      "T4: does not meet the SLOs at any measured load (P99 TTFT ≤ 1000 ms fails already at the lowest load (1): 1,500 ms, 500 ms (50 %) over)",
    );
  });
});
