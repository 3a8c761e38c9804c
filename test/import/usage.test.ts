/**
 * src/import/usage.ts: team usage CSV/TSV (columns by alias, units, totals rows, per-day averages,
 * reserved replicas, bad cells with file, line and column), and every message it writes is a
 * problem (docs/problems.md, code `usage.*`): its English is the issue's message byte for byte,
 * and the app and `--lang zh` render its Chinese from the code.
 */
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { words } from "./helpers";
import {
  importUsageCsv,
  parseUsageTsv,
  MAX_USAGE_CHARS,
  type UsageImport,
  type UsageOptions,
} from "../../src/import/usage";
import { englishOf } from "../../src/engine/base/problems";
import type { ImportIssue } from "../../src/import/types";
import { localizeIssue, renderProblem } from "../../src/report/messages";

const DIR = new URL("../../fixtures/usage/", import.meta.url);
/** A fixture of fixtures/usage imported under its own name. */
const imported = (name: string, opts?: UsageOptions) =>
  importUsageCsv(readFileSync(new URL(name, DIR), "utf8"), name, opts);
/** The result of an import that must succeed. */
const okOf = (r: UsageImport) => {
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r;
};
/** The errors of an import that must fail. */
const errorsOf = (r: UsageImport) => {
  if (r.ok) throw new Error(`expected errors, got ${JSON.stringify(r.rows)}`);
  return r.errors;
};
/** Every issue of a usage import (errors or warnings). */
const issuesOf = (r: UsageImport): ImportIssue[] => (r.ok ? r.warnings : r.errors);
const zh = (i: ImportIssue) => renderProblem(i.problem!, "zh");

describe("usage import", () => {
  it("sums a gateway's daily export per team and model (5 teams, repeated rows, quoted thousands, CRLF)", () => {
    const r = okOf(imported("gateway-daily-usage.csv"));
    // search/qwen: 3.6M + 1.4M in, 1.2M + 0.8M out; support/qwen: 6M + 2M, 4M + 1M; ads/llama: 0.8M + 0.2M, 1.6M + 0.4M;
    // hr-bot/qwen: 0.45M + 0.05M, 0.27M + 0.03M; the others are single rows.
    expect(r.rows).toEqual([
      { team: "search", pool: "qwen2.5-72b", inputTokens: 5_000_000, outputTokens: 2_000_000 },
      { team: "support", pool: "qwen2.5-72b", inputTokens: 8_000_000, outputTokens: 5_000_000 },
      { team: "support", pool: "llama-3.1-8b", inputTokens: 2_500_000, outputTokens: 500_000 },
      { team: "ads", pool: "llama-3.1-8b", inputTokens: 1_000_000, outputTokens: 2_000_000 },
      { team: "risk", pool: "qwen2.5-72b", inputTokens: 4_500_000, outputTokens: 300_000 },
      { team: "risk", pool: "llama-3.1-8b", inputTokens: 9_000_000, outputTokens: 900_000 },
      { team: "hr-bot", pool: "qwen2.5-72b", inputTokens: 500_000, outputTokens: 300_000 },
    ]);
    expect([r.days, r.warnings.map((w) => [w.code, w.line, w.message])]).toEqual([
      1,
      [["ignored-columns", 1, "ignored columns: api_key_alias, requests, spend_usd"]],
    ]);
  });

  it("reads Chinese headers with a BOM, skips the 合计 row and averages three days to daily usage", () => {
    const r = okOf(imported("team-usage-zh.csv"));
    // 搜索: (1.0 + 1.2 + 0.8)M / 3 = 1M input, (2.0 + 1.8 + 2.2)M / 3 = 2M output;
    // 客服: (6 + 6.6 + 5.4)M / 3 = 6M, (4 + 4.4 + 3.6)M / 3 = 4M — the seed's usage ÷ 10
    expect(r.rows).toEqual([
      { team: "搜索", pool: "70b", inputTokens: 1_000_000, outputTokens: 2_000_000 },
      { team: "客服", pool: "70b", inputTokens: 6_000_000, outputTokens: 4_000_000 },
    ]);
    expect(r.days).toBe(3);
    expect(r.warnings.map((w) => [w.code, zh(w)])).toEqual([
      ["ignored-columns", "已忽略的列：请求数"],
      ["skipped-totals", "跳过了 1 行合计行（Total/合计）"],
      [
        "multi-day",
        "文件涵盖 3 个日期（2025-06-01 … 2025-06-03）：token 合计已除以 3，得到每日用量",
      ],
    ]);
    expect(r.warnings[2]!.message).toBe(
      "the file covers 3 dates (2025-06-01 … 2025-06-03): token sums were divided by 3 to give daily usage",
    );
    const sums = okOf(imported("team-usage-zh.csv", { perDay: false }));
    expect(sums.rows[0]).toEqual({
      team: "搜索",
      pool: "70b",
      inputTokens: 3e6,
      outputTokens: 6e6,
    });
  });

  it("reads semicolons, decimal commas and a millions unit in the header", () => {
    // 60,5 M = 60.5 × 1e6; 39,5 M = 39.5 × 1e6
    expect(imported("usage-semicolon.csv")).toEqual({
      ok: true,
      rows: [
        { team: "search", pool: "70b", inputTokens: 10_000_000, outputTokens: 20_000_000 },
        { team: "support", pool: "70b", inputTokens: 60_500_000, outputTokens: 39_500_000 },
      ],
      days: null,
      warnings: [],
    });
  });

  it("refuses total tokens alone with a reason, or counts them as input when asked", () => {
    expect(errorsOf(imported("usage-total-only.csv"))).toMatchObject([
      { file: "usage-total-only.csv", line: 1, column: "total_tokens", code: "total-only" },
    ]);
    const asInput = okOf(imported("usage-total-only.csv", { totalsAs: "input" }));
    expect(asInput.rows).toEqual([
      { team: "search", pool: "70b", inputTokens: 30_000_000, outputTokens: 0 },
      { team: "support", pool: "70b", inputTokens: 100_000_000, outputTokens: 0 },
    ]);
    expect(asInput.warnings.map((w) => w.code)).toEqual(["total-as-input"]);
  });

  it("derives output tokens from total − input", () => {
    const derived = "team,input_tokens,total_tokens\nsearch,100,350\nsearch,50,50\n";
    const r = importUsageCsv(derived, "derived.csv");
    // (100 + 50) input; (350 − 100) + (50 − 50) = 250 output
    expect(okOf(r).rows).toEqual([{ team: "search", inputTokens: 150, outputTokens: 250 }]);
    const bad = importUsageCsv("team,input_tokens,total_tokens\nsearch,400,350\n", "derived.csv");
    expect(errorsOf(bad)[0]).toMatchObject({ line: 2, column: "total_tokens", code: "negative" });
  });

  it("names file, line and column of negative, non-numeric and empty cells, in English and Chinese", () => {
    const errors = errorsOf(imported("usage-bad.csv"));
    expect(errors.map((e) => [e.file, e.line, e.column, e.code])).toEqual([
      ["usage-bad.csv", 2, "output tokens", "negative"],
      ["usage-bad.csv", 3, "input tokens", "not-a-number"],
      ["usage-bad.csv", 4, "team", "missing-value"],
    ]);
    expect(errors[1]!.message).toBe('"lots" is not a token count');
    expect(errors.map((i) => localizeIssue(i, "en"))).toEqual([
      'usage-bad.csv:2 column "output tokens": token count -5 is negative',
      'usage-bad.csv:3 column "input tokens": "lots" is not a token count',
      'usage-bad.csv:4 column "team": the team name is empty',
    ]);
    expect(errors.map((i) => localizeIssue(i, "zh"))).toEqual([
      'usage-bad.csv:2 column "output tokens": token 数 -5 为负数',
      'usage-bad.csv:3 column "input tokens": "lots" 不是 token 数',
      'usage-bad.csv:4 column "team": 团队名为空',
    ]);
    const empty = "team,input tokens,output tokens\nsearch,,5\n";
    const [blank] = errorsOf(importUsageCsv(empty, "e.csv"));
    expect(blank).toMatchObject({ line: 2, column: "input tokens", code: "missing-value" });
  });

  it("reports a missing team column with the header it found, and empty or binary files", () => {
    const r = importUsageCsv("who,input tokens,output tokens\na,1,2\n", "x.csv");
    expect(errorsOf(r)[0]!.message).toBe(
      "no team column (team, 团队, business unit, tenant, 部门, …); the header is: who, input tokens, output tokens",
    );
    const problem = { code: "planFile.fileEmpty", severity: "error", params: {} };
    const empty = { file: "x.csv", code: "empty", message: "the file is empty", problem };
    expect(importUsageCsv("\uFEFF \n", "x.csv")).toEqual({ ok: false, errors: [empty] });
    expect(importUsageCsv("team\u0000\u0001", "x.bin").ok).toBe(false);
    const onlyHeader = importUsageCsv("team,input tokens,output tokens\n", "h.csv");
    expect(errorsOf(onlyHeader)[0]!.code).toBe("no-rows");
  });

  it("reads a spreadsheet paste (tab-separated, unquoted thousands separators) and sums repeated teams", () => {
    // search: 10M + 5M input, 20M + 0 output
    const pasted = readFileSync(new URL("pasted-usage.tsv", DIR), "utf8");
    expect(okOf(parseUsageTsv(pasted)).rows).toEqual([
      { team: "search", pool: "70b", inputTokens: 15_000_000, outputTokens: 20_000_000 },
      { team: "support", pool: "70b", inputTokens: 60_000_000, outputTokens: 40_000_000 },
    ]);
  });

  it("reads a reserved-replicas column as a level (docs/allocation.md), refusing one that is not a number ≥ 0", () => {
    const csv =
      "date,team,model,input tokens,output tokens,reserved replicas\n2026-11-01,search,70b,100,50,3\n2026-11-02,search,70b,300,150,5\n2026-11-01,ads,70b,10,10,\n2026-11-02,ads,70b,30,30,\n";
    // Two dates: tokens per day (100 + 300) / 2 = 200 in, (50 + 150) / 2 = 100 out; reserved is
    // the largest of a team's rows, not divided by the days: max(3, 5) = 5; ads has none.
    expect(okOf(importUsageCsv(csv, "u.csv")).rows).toEqual([
      { team: "search", pool: "70b", inputTokens: 200, outputTokens: 100, reservedReplicas: 5 },
      { team: "ads", pool: "70b", inputTokens: 20, outputTokens: 20 },
    ]);
    const bad = importUsageCsv(
      "team,input tokens,output tokens,预留副本\nsearch,1,1,-2\n",
      "u.csv",
    );
    const [e] = errorsOf(bad);
    expect(e).toMatchObject({
      line: 2,
      column: "预留副本",
      message: '"-2" is not a replica count ≥ 0',
    });
  });
});

const BAD_CELLS =
  'team,input tokens,output tokens,reserved replicas\n,1,1,\na,,1,\nb,"x y",1,\nc,-1,1,\nd,1,1,many\ne,1,1,-2\nf, ,1,\n';
const DAYS =
  "date,team,input tokens,output tokens,extra,extra2\n2025-01-01,a,1,2,x,y\n2025-01-02,a,3,4,x,y\nTotal,,4,6,,\n合计,,4,6,,\n";
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
  ["cells.csv", BAD_CELLS],
  ["header.csv", "team,input tokens,output tokens\n"],
  ["days.csv", DAYS],
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
        expect(renderProblem(JSON.parse(JSON.stringify(i.problem)), "zh")).toBe(zh(i));
        codes.add(i.problem!.code);
      }
    }
    // Every code of the catalogue is reached by some table above (plus the plan-file empty-file code).
    const usage = words(
      "binary|emptyCount|ignoredColumns|multiDayDivided|multiDaySums|negative|noColumn|noRows|" +
        "noTeamColumn|noTokenColumns|notCount|notReplicaCount|skippedTotals|teamEmpty|tooLarge|" +
        "totalAsInput|totalBelowPart|totalOnly",
    );
    expect([...codes].sort()).toEqual(["planFile.fileEmpty", ...usage.map((c) => `usage.${c}`)]);
  });

  it("renders the first issue of representative tables in English and Chinese", () => {
    const both = (text: string, opts: UsageOptions = {}) => {
      const first = issuesOf(importUsageCsv(text, "u.csv", opts))[0]!;
      return [first.message, zh(first)];
    };
    expect(both("team,input tokens,total tokens\na,10,4\n")).toEqual([
      "total tokens 4 are less than the input tokens 10",
      "总 token 数 4 小于输入 token 数 10",
    ]);
    expect(both("team,input tokens\na,1\n")).toEqual([
      "no output tokens column (output tokens, completion tokens, 输出 token) and no total tokens to derive it from",
      "没有输出 token 列（output tokens, completion tokens, 输出 token），也没有可用于推算的总 token 数",
    ]);
    expect(both('team,input tokens,output tokens\na, ,1\nb,"",1\n')).toEqual([
      "empty token count; write 0 if the team used none",
      "token 数为空；团队未使用时请填 0",
    ]);
    expect(both("team,input tokens,output tokens,reserved\na,1,1,-2\n")).toEqual([
      '"-2" is not a replica count ≥ 0',
      '"-2" 不是 ≥ 0 的副本数',
    ]);
    const twoDays = "date,team,input tokens,output tokens\nd1,a,1,2\nd2,a,1,2\n";
    expect(both(twoDays, { perDay: false })).toEqual([
      "the file covers 2 dates (d1 … d2): the rows hold 2-day sums, not daily usage",
      "文件涵盖 2 个日期（d1 … d2）：各行是 2 天的合计，而不是每日用量",
    ]);
    expect(both(" \n")[1]).toBe("文件为空");
    expect(both("team,total tokens\na,5\n")[1]).toBe(
      '只有总 token 数（"total tokens"）：分摊需要分开的输入和输出 token；请补上这两列，或把总数作为输入 token 导入（仅对 "tokens" 方法精确）',
    );
  });
});
