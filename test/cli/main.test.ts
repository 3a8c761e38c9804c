/**
 * src/cli/main.ts: the usage text of `capplan`, `--help` and `help`, the nearest command for a
 * misspelt one, and usage errors in English and, with `--lang zh`, in Chinese.
 */
import { describe, expect, it } from "vitest";
import { COMMANDS, nearestCommand } from "../../src/cli/main";
import { run } from "./helpers";
import { cliMessages } from "../../src/cli/messages";

describe("capplan usage", () => {
  it("prints the general usage with every command and the exit codes for --help and help", async () => {
    for (const args of [["--help"], ["help"], ["-h"]]) {
      const r = await run(...args);
      expect(r.code).toBe(0);
      expect(r.out).toContain(
        "capplan plan <plan.json|-> [--json | --markdown | --csv | --focus [--start YYYY-MM-DD] [--days N] | --xlsx -o FILE.xlsx] [--lang en|zh]",
      );
      expect(r.out).toContain("capplan actuals <plan.json|-> <focus.csv> [--json]");
      expect(r.out).toContain("capplan formats [--json]");
      expect(r.out).toContain(
        "exit codes: 0 success, 1 regression (compare), 2 bad input or usage",
      );
    }
  });
  // Contract v2 §7: `<command> --help` prints that command's options (it printed the general usage).
  it("prints a command's own synopsis and options for `<command> --help`, `-h` and `help <command>`", async () => {
    const plan = await run("plan", "--help");
    expect(plan.code).toBe(0);
    expect(plan.out).toMatch(/^usage: capplan plan <plan.json\|->/);
    expect(plan.out).toContain("--allow-path DIR");
    expect(plan.out).toContain("--markdown");
    expect(plan.out).toContain("-o, --output FILE");
    expect(plan.out).not.toContain("--threshold");
    expect(plan.out).not.toContain("capplan import");
    const imp = await run("import", "-h");
    expect(imp.out).toMatch(/^usage: capplan import /);
    expect(imp.out).toContain("--concurrency N");
    expect(imp.out).not.toContain("--allow-path");
    const cmp = await run("help", "compare");
    expect(cmp.out).toContain("--threshold PCT");
    // After `--`, --help is an operand, not a request for help.
    const op = await run("formats", "--", "--help");
    expect(op.code).toBe(2);
    expect(op.out).toBe("");
  });
  it("exits 2 with the usage on stderr when no command is given, and names an unknown command", async () => {
    const none = await run();
    expect(none.code).toBe(2);
    expect(none.out).toBe("");
    expect(none.err).toContain("usage:");
    const bad = await run("plna");
    expect(bad.code).toBe(2);
    // One line with the nearest command, not the whole usage.
    expect(bad.err).toBe(
      'unknown command "plna"; did you mean "plan"? (capplan --help lists the commands)\n',
    );
  });
  it.each([
    ["plna", "plan"],
    ["imprt", "import"],
    ["imp", "import"],
    ["reprot", "report"],
    ["actual", "actuals"],
    ["frobnicate", null],
    ["x", null],
  ])("nearestCommand(%s) = %s", (typed, want) => {
    expect(nearestCommand(typed, Object.keys(COMMANDS))).toBe(want);
  });
  it("prints a version", async () => {
    const r = await run("--version");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^capplan \S+\n$/);
  });
});

describe("capplan compare without a common load level", () => {
  it("exits 2 instead of passing a CI gate on nothing compared", async () => {
    const r = await run(
      "compare",
      "fixtures/vllm/concurrency-sweep-h100/",
      "fixtures/inference-perf/",
    );
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
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
  it.each([
    [
      ["plan", "a.json", "b.json"],
      "capplan plan: usage: capplan plan <plan.json|-> [--json",
      "capplan plan: 用法：capplan plan <plan.json|-> [--json",
    ],
    [
      ["plan", "x.json", "--json", "--csv"],
      "capplan plan: choose one of --json, --markdown, --csv, --focus, --xlsx (got --json --csv)",
      "capplan plan: 只能选择 --json、--markdown、--csv、--focus、--xlsx 之一（实际为 --json --csv）",
    ],
    [
      ["plan", "x.json", "--days", "400", "--focus"],
      "capplan plan: --days must be a whole number of days from 1 to 366, got 400",
      "capplan plan: --days 必须是 1 至 366 之间的整数天数，实际为 400",
    ],
    [
      ["plan", "x.json", "--start", "2026-01-01"],
      "capplan plan: --start and --days go with --focus or --xlsx",
      "capplan plan: --start 和 --days 需与 --focus 或 --xlsx 一起使用",
    ],
    [
      ["plan", "x.json", "--nope"],
      "capplan plan: unknown option --nope",
      "capplan plan: 未知选项 --nope",
    ],
    [
      ["import", "x.csv", "--concurrency=0"],
      'capplan import: --concurrency must be a positive number, got "0"',
      'capplan import: --concurrency 必须是正数，实际为 "0"',
    ],
    [
      ["traffic", "x.csv", "--bin", "0"],
      "capplan traffic: --bin must be a positive number of seconds, got 0",
      "capplan traffic: --bin 必须是正的秒数，实际为 0",
    ],
    [
      ["compare", "a.json"],
      "capplan compare: expected a baseline and a candidate, got 1 argument(s)",
      "capplan compare: 需要基线和候选两个参数，实际为 1 个参数",
    ],
    [
      ["plan", "x.json", "--output="],
      "capplan plan: --output needs a file name",
      "capplan plan: --output 需要文件名",
    ],
  ])("%j", async (args, en, zh) => {
    const e = await run(...args);
    expect(e.code).toBe(2);
    expect(e.err.startsWith(en)).toBe(true);
    const z = await run(...args, "--lang", "zh");
    expect(z.code).toBe(2);
    expect(z.err.startsWith(zh), z.err).toBe(true);
  });

  it("an invalid --lang is said in English; an unknown command follows --lang", async () => {
    expect((await run("plan", "x.json", "--lang", "fr")).err).toBe(
      "capplan plan: --lang must be en or zh, got fr\n",
    );
    expect((await run("frobnicate", "--lang", "zh")).err).toBe(
      '未知命令 "frobnicate"（capplan --help 列出所有命令）\n',
    );
    expect((await run("frobnicate")).err).toBe(
      'unknown command "frobnicate" (capplan --help lists the commands)\n',
    );
  });

  it("has English without CJK and Chinese with CJK for every code", () => {
    for (const key of Object.keys(cliMessages.defs)) {
      const params = new Proxy(
        {},
        {
          get: (_t, k) =>
            k === "options" || k === "names" || k === "given" ? ["x"] : k === "got" ? "7" : "x",
        },
      );
      const p = { code: `cli.${key}`, severity: "error" as const, params };
      expect(cliMessages.render(p, "zh"), key).toMatch(/[\u4e00-\u9fff]/);
      expect(cliMessages.render(p, "en"), key).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
