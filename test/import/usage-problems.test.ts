/**
 * Every message of a team usage import is a problem (docs/problems.md, code `usage.*`): its
 * English is the issue's message byte for byte, and the app and `--lang zh` render its Chinese
 * from the code.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { englishOf } from "../../src/engine/base/problems";
import {
  importUsageCsv,
  parseUsageTsv,
  MAX_USAGE_CHARS,
  type UsageImport,
} from "../../src/import/usage";
import type { ImportIssue } from "../../src/import/types";
import { localizeIssue, renderProblem } from "../../src/report/messages";

const DIR = new URL("../../fixtures/usage/", import.meta.url);

/** Every issue of a usage import (errors or warnings). */
const issuesOf = (r: UsageImport): ImportIssue[] => (r.ok ? r.warnings : r.errors);

/** Malformed tables that reach every message of src/import/usage.ts. */
const MALFORMED: [string, string][] = [
  ["empty.csv", " \n"],
  ["bin.csv", "team\u0000\u0001"],
  ["noteam.csv", "who,input tokens,output tokens,notes\na,1,2,x\n"],
  ["notokens.csv", "team,requests\na,1\n"],
  ["noout.csv", "team,input tokens\na,1\n"],
  ["noin.csv", "team,output tokens\na,1\n"],
  ["below.csv", "team,input tokens,total tokens\na,10,4\n"],
  ["belowout.csv", "team,output tokens,total tokens\na,10,4\n"],
  [
    "cells.csv",
    'team,input tokens,output tokens,reserved replicas\n,1,1,\na,,1,\nb,"x y",1,\nc,-1,1,\nd,1,1,many\ne,1,1,-2\nf, ,1,\n',
  ],
  ["header.csv", "team,input tokens,output tokens\n"],
  [
    "days.csv",
    "date,team,input tokens,output tokens,extra,extra2\n2025-01-01,a,1,2,x,y\n2025-01-02,a,3,4,x,y\nTotal,,4,6,,\n合计,,4,6,,\n",
  ],
];

describe("usage import messages are problems", () => {
  const cases: [string, UsageImport][] = [];
  for (const f of readdirSync(DIR).filter((n) => /\.(csv|tsv)$/.test(n))) {
    const text = readFileSync(new URL(f, DIR), "utf8");
    cases.push([f, f.endsWith(".tsv") ? parseUsageTsv(text, f) : importUsageCsv(text, f)]);
    cases.push([`${f} (totals as input)`, importUsageCsv(text, f, { totalsAs: "input" })]);
  }
  for (const [name, text] of MALFORMED) {
    cases.push([name, importUsageCsv(text, name)]);
    cases.push([`${name} (sums)`, importUsageCsv(text, name, { perDay: false })]);
  }
  cases.push(["huge.csv", importUsageCsv("x".repeat(MAX_USAGE_CHARS + 1), "huge.csv")]);

  it("gives every issue of every fixture and malformed table a problem whose English is its message", () => {
    const codes = new Set<string>();
    for (const [name, r] of cases) {
      for (const i of issuesOf(r)) {
        expect(i.problem, `${name}: ${i.message}`).toBeDefined();
        expect(englishOf(i.problem!), name).toBe(i.message);
        expect(renderProblem(i.problem!, "en"), name).toBe(i.message);
        // JSON-safe: survives the worker boundary and --json.
        expect(renderProblem(JSON.parse(JSON.stringify(i.problem)), "zh")).toBe(
          renderProblem(i.problem!, "zh"),
        );
        codes.add(i.problem!.code);
      }
    }
    // Every code of the catalogue is reached by some table above (plus the plan-file empty-file code).
    expect([...codes].sort()).toEqual([
      "planFile.fileEmpty",
      "usage.binary",
      "usage.emptyCount",
      "usage.ignoredColumns",
      "usage.multiDayDivided",
      "usage.multiDaySums",
      "usage.negative",
      "usage.noColumn",
      "usage.noRows",
      "usage.noTeamColumn",
      "usage.noTokenColumns",
      "usage.notCount",
      "usage.notReplicaCount",
      "usage.skippedTotals",
      "usage.teamEmpty",
      "usage.tooLarge",
      "usage.totalAsInput",
      "usage.totalBelowPart",
      "usage.totalOnly",
    ]);
  });

  it("renders representative messages in English and Chinese, with file, line and column", () => {
    const bad = importUsageCsv(
      readFileSync(new URL("usage-bad.csv", DIR), "utf8"),
      "usage-bad.csv",
    );
    if (bad.ok) throw new Error("expected errors");
    expect(bad.errors.map((i) => localizeIssue(i, "en"))).toEqual([
      'usage-bad.csv:2 column "output tokens": token count -5 is negative',
      'usage-bad.csv:3 column "input tokens": "lots" is not a token count',
      'usage-bad.csv:4 column "team": the team name is empty',
    ]);
    expect(bad.errors.map((i) => localizeIssue(i, "zh"))).toEqual([
      'usage-bad.csv:2 column "output tokens": token 数 -5 为负数',
      'usage-bad.csv:3 column "input tokens": "lots" 不是 token 数',
      'usage-bad.csv:4 column "team": 团队名为空',
    ]);
    const zh = importUsageCsv(
      readFileSync(new URL("team-usage-zh.csv", DIR), "utf8"),
      "team-usage-zh.csv",
    );
    if (!zh.ok) throw new Error("expected rows");
    expect(zh.warnings.map((i) => renderProblem(i.problem!, "zh"))).toEqual([
      "已忽略的列：请求数",
      "跳过了 1 行合计行（Total/合计）",
      "文件涵盖 3 个日期（2025-06-01 … 2025-06-03）：token 合计已除以 3，得到每日用量",
    ]);
    const one = (text: string, opts = {}) => issuesOf(importUsageCsv(text, "u.csv", opts))[0]!;
    const below = one("team,input tokens,total tokens\na,10,4\n");
    expect(below.message).toBe("total tokens 4 are less than the input tokens 10");
    expect(renderProblem(below.problem!, "zh")).toBe("总 token 数 4 小于输入 token 数 10");
    const noOut = one("team,input tokens\na,1\n");
    expect(noOut.message).toBe(
      "no output tokens column (output tokens, completion tokens, 输出 token) and no total tokens to derive it from",
    );
    expect(renderProblem(noOut.problem!, "zh")).toBe(
      "没有输出 token 列（output tokens, completion tokens, 输出 token），也没有可用于推算的总 token 数",
    );
    const empty = one('team,input tokens,output tokens\na, ,1\nb,"",1\n');
    expect(empty.message).toBe("empty token count; write 0 if the team used none");
    expect(renderProblem(empty.problem!, "zh")).toBe("token 数为空；团队未使用时请填 0");
    const reserved = one("team,input tokens,output tokens,reserved\na,1,1,-2\n");
    expect(reserved.message).toBe('"-2" is not a replica count ≥ 0');
    expect(renderProblem(reserved.problem!, "zh")).toBe('"-2" 不是 ≥ 0 的副本数');
    const sums = issuesOf(
      importUsageCsv("date,team,input tokens,output tokens\nd1,a,1,2\nd2,a,1,2\n", "u.csv", {
        perDay: false,
      }),
    )[0]!;
    expect(sums.message).toBe(
      "the file covers 2 dates (d1 … d2): the rows hold 2-day sums, not daily usage",
    );
    expect(renderProblem(sums.problem!, "zh")).toBe(
      "文件涵盖 2 个日期（d1 … d2）：各行是 2 天的合计，而不是每日用量",
    );
    expect(renderProblem(one(" \n").problem!, "zh")).toBe("文件为空");
    const totals = one("team,total tokens\na,5\n");
    expect(renderProblem(totals.problem!, "zh")).toBe(
      '只有总 token 数（"total tokens"）：分摊需要分开的输入和输出 token；请补上这两列，或把总数作为输入 token 导入（仅对 "tokens" 方法精确）',
    );
  });
});
