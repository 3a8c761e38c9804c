/**
 * src/import/trace-header.ts: which role a trace header plays (English and Chinese aliases, any
 * case and separator), what a failed status looks like, how a CSV/TSV line splits into cells, the
 * column a cell starts at, and the cheap sniff that routes a file to the trace reader.
 */
import { describe, expect, it } from "vitest";
import { rows, words } from "./helpers";
import {
  clip,
  columnOf,
  countQuotes,
  FAILED_STATUS,
  looksLikeTrace,
  splitLine,
  TRACE_FORMAT_TITLES,
  traceRoleOf,
} from "../../src/import/trace-header";

describe("traceRoleOf", () => {
  // The Azure LLM inference trace and BurstGPT headers first, then other separators and cases,
  // then Chinese; the last rows are the per-bin form.
  it.each([
    ...rows("TIMESTAMP|Timestamp|时间戳", "time"),
    ...rows("ContextTokens|Request tokens|input_tokens|prompt tokens", "input"),
    ...rows("GeneratedTokens|Response tokens|Output-Tokens|completion tokens", "output"),
    ...rows("Model|模型", "model"),
    ...rows("tenant", "team"),
    ...rows("status|状态", "status"),
    ...rows("binStart|bin start", "binStart"),
    ...rows("requests", "requests"),
    ...rows("firstTs", "firstTs"),
    ...rows("last timestamp|末个请求时间", "lastTs"),
  ])("%j → %s", (header, role) => {
    expect(traceRoleOf(header)).toBe(role);
  });

  it.each(words("Total tokens|Log Type|latency||tokens"))("%j has no role", (header) => {
    expect(traceRoleOf(header)).toBeNull();
  });
});

describe("FAILED_STATUS", () => {
  it.each(
    words(
      "false|FALSE|0|no|n|fail|failed|failure|error|err|errored|timeout|timed out|timedout|" +
        "canceled|cancelled|aborted|rejected|失败|错误|超时|否|取消|400|429|503",
    ),
  )("%j is a failure", (s) => {
    expect(FAILED_STATUS.test(s)).toBe(true);
  });

  it.each(words("true|1|ok|success|200|201|302|600|4000|failed!||成功"))(
    "%j is not a failure",
    (s) => {
      expect(FAILED_STATUS.test(s)).toBe(false);
    },
  );
});

describe("TRACE_FORMAT_TITLES", () => {
  it("names every trace format for the summary line", () => {
    expect(Object.keys(TRACE_FORMAT_TITLES).sort()).toEqual(
      words("azure-llm-trace|burstgpt|trace-bins|trace-csv|trace-jsonl|trace-tsv"),
    );
    expect(TRACE_FORMAT_TITLES["azure-llm-trace"]).toBe("Azure LLM inference trace (2023/2024)");
    expect(TRACE_FORMAT_TITLES["trace-bins"]).toBe("per-bin trace (sums per time bin)");
  });
});

describe("clip", () => {
  it.each([
    ["", ""],
    ["a".repeat(40), "a".repeat(40)],
    ["a".repeat(41), `${"a".repeat(40)}…`],
    ["0123456789".repeat(10), `${"0123456789".repeat(4)}…`],
  ])("%j → %j", (s, out) => {
    expect(clip(s)).toBe(out);
  });
});

describe("countQuotes", () => {
  it.each([
    ["", 0],
    ["abc", 0],
    ['"a"', 2],
    ['a,"b ""c""",d', 6],
    ['"', 1],
  ])("%j has %d", (s, n) => {
    expect(countQuotes(s)).toBe(n);
  });
});

describe("splitLine", () => {
  it.each([
    ["a,b,c", ",", ["a", "b", "c"]],
    ["a,,c,", ",", ["a", "", "c", ""]],
    ["a\tb,c\td", "\t", ["a", "b,c", "d"]],
    ["a;b", ";", ["a", "b"]],
    ['"x,y",z', ",", ["x,y", "z"]],
    ['"say ""hi""",2', ",", ['say "hi"', "2"]],
    ['a,"b\tc"', ",", ["a", "b\tc"]],
    ['"unclosed,rest', ",", ["unclosed,rest"]],
    ['pre"q,r"post,s', ",", ["preq,rpost", "s"]],
    ["", ",", [""]],
  ] as const)("%j split at %j", (line, d, cells) => {
    expect(splitLine(line, d)).toEqual(cells);
  });
});

describe("columnOf", () => {
  it.each([
    [["a", "bb", "ccc"], 0, 1],
    [["a", "bb", "ccc"], 1, 3],
    [["a", "bb", "ccc"], 2, 6],
    [["", "", "x"], 2, 3],
  ])("cells %j: cell %d starts at column %d", (cells, i, col) => {
    expect(columnOf(cells, i, ",")).toBe(col);
  });
});

describe("looksLikeTrace", () => {
  it.each([
    ["TIMESTAMP,ContextTokens,GeneratedTokens", true],
    ["Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type", true],
    ["time\tinput tokens\toutput tokens", true],
    ["时间戳;输入tokens;输出tokens", true],
    ["  binStart,requests,inputTokens,outputTokens  ", true],
    ['"timestamp","input tokens","output tokens"', true],
    ['{"timestamp": 1, "input_tokens": 10, "output_tokens": 5}', true],
    // Missing one of time, input and output.
    ["timestamp,input tokens", false],
    ["input tokens,output tokens", false],
    ["requests,inputTokens,outputTokens", false],
    ['{"timestamp": 1, "input_tokens": 10}', false],
    ["concurrency,ttft_ms,e2e_ms", false],
    ["{not json", false],
    ["", false],
  ])("%j → %s", (line, yes) => {
    expect(looksLikeTrace(line)).toBe(yes);
  });
});
