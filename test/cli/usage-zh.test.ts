/**
 * Usage errors follow --lang (docs/problems.md, `cli.*`): the same line in Chinese under
 * `--lang zh`, byte for byte the old English otherwise.
 */
import { describe, expect, it } from "vitest";
import { cliMessages } from "../../src/cli/messages";
import { run } from "./helpers";

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
