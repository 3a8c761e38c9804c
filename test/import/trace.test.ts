/**
 * src/import/trace.ts: the streaming reader of a request trace (docs/traffic.md). Every request
 * row that counts reaches `onRequest` as (seconds, input tokens, output tokens); the expected
 * seconds are worked out by hand in the comments.
 */
import { describe, expect, it } from "vitest";
import { MAX_ROW_ISSUES, readTraceText, TraceReader } from "../../src/import/trace";

/** The requests `onRequest` sees, and the result. */
function read(name: string, text: string) {
  const requests: [number, number, number][] = [];
  const r = readTraceText(name, text, { onRequest: (t, i, o) => requests.push([t, i, o]) });
  return { r, requests };
}

/** As `read`, for a trace that must be read; the requests as "seconds input output" strings. */
function readOk(name: string, text: string) {
  const { r, requests } = read(name, text);
  if (!r.ok) throw new Error(r.errors[0]!.message);
  return { r, requests, rows: requests.map((q) => q.join(" ")) };
}

const AZURE =
  "TIMESTAMP,ContextTokens,GeneratedTokens\n2023-11-16 18:15:46.6805900,374,44\n2023-11-16 18:15:50.9951690,396,109\n";

describe("readTraceText", () => {
  it("reads the Azure LLM inference trace: ISO times in seconds since the epoch", () => {
    const { r, requests } = readOk("azure.csv", AZURE);
    expect(r).toMatchObject({ format: "azure-llm-trace", timeKind: "iso", rows: 2, badRows: 0 });
    expect(r.acc.count).toBe(2);
    expect(r.columns).toEqual({
      time: "TIMESTAMP",
      input: "ContextTokens",
      output: "GeneratedTokens",
    });
    // 2023-11-16 = 1,700,092,800 s; + 18 h 15 min 46.68059 s = 65,746.68059 s.
    expect(requests[0]![0]).toBeCloseTo(1_700_158_546.68059, 5);
    expect(requests[1]![0]! - requests[0]![0]!).toBeCloseTo(4.314579, 5);
    expect(requests.map(([, i, o]) => `${i} ${o}`)).toEqual(["374 44", "396 109"]);
  });

  it("reads BurstGPT: a response of 0 tokens is a failed request, counted and left out", () => {
    const text =
      "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n5,ChatGPT,472,18,490,Conversation log\n45,GPT-4,1087,0,1087,Conversation log\n118,ChatGPT,417,276,693,Conversation log\n";
    const { r, rows } = readOk("burst.csv", text);
    expect(r).toMatchObject({ format: "burstgpt", timeKind: "relative", rows: 3, badRows: 0 });
    expect([r.acc.count, rows]).toEqual([2, ["5 472 18", "118 417 276"]]);
  });

  const json = (ts: number) => `{"timestamp": ${ts}, "input_tokens": 10, "output_tokens": 5}\n`;
  it.each([
    [
      "time,input tokens,output tokens\n1700000000000,10,5\n1700000000500,10,5\n",
      "unix-ms",
      [1_700_000_000, 1_700_000_000.5],
    ],
    [json(1700000000) + json(1700000002.5), "unix-s", [1_700_000_000, 1_700_000_002.5]],
    ["time\tinput tokens\toutput tokens\n0\t10\t5\n1.5\t10\t5\n", "relative", [0, 1.5]],
  ])("reads the times of %j as %s", (text, kind, times) => {
    const { r, requests } = readOk("t", text);
    expect(r.timeKind).toBe(kind);
    expect(requests.map(([t]) => t)).toEqual(times);
  });

  it("names the format by its delimiter or JSON lines", () => {
    const fmt = (text: string) => {
      const { r } = read("t", text);
      return r.ok ? r.format : r.errors[0]!.code;
    };
    expect(fmt("time,input tokens,output tokens\n0,1,1\n")).toBe("trace-csv");
    expect(fmt("time\tinput tokens\toutput tokens\n0\t1\t1\n")).toBe("trace-tsv");
    expect(fmt('{"ts": 0, "input tokens": 1, "output tokens": 1}\n')).toBe("trace-jsonl");
  });

  it("reports bad rows with line and column, counts them, and keeps the good ones", () => {
    const text = "time,input tokens,output tokens\n1,10,5\n2,abc,5\n3,10,-1\n,10,5\n4,10,5\n";
    const { r, rows } = readOk("bad.csv", text);
    expect([r.rows, r.badRows, r.acc.count]).toEqual([5, 3, 2]);
    expect(r.warnings.map((w) => [w.code, w.line, w.column, w.message])).toEqual([
      ["trace-bad-row", 3, 3, 'input tokens is "abc", not a whole number ≥ 0'],
      ["trace-bad-row", 4, 6, 'output tokens is "-1", not a whole number ≥ 0'],
      [
        "trace-bad-row",
        5,
        1,
        'time "" is not a date-time (ISO 8601), Unix seconds or milliseconds, or seconds from the start',
      ],
    ]);
    expect(rows).toEqual(["1 10 5", "4 10 5"]);
  });

  it("leaves out a request whose status says it failed (text or an HTTP 4xx/5xx code)", () => {
    const text =
      "time,input tokens,output tokens,status\n0,10,5,ok\n1,10,5,failed\n2,10,5,500\n3,10,5,200\n";
    const { r, requests } = readOk("s.csv", text);
    expect([r.rows, requests.map(([t]) => t)]).toEqual([4, [0, 3]]);
  });

  it("reads quoted thousands, a BOM and CRLF line ends", () => {
    const { rows } = readOk(
      "q.csv",
      '\uFEFFtime,input tokens,output tokens\r\n0,"1,000",5\r\n2,7,"2,500"\r\n',
    );
    expect(rows).toEqual(["0 1000 5", "2 7 2500"]);
  });

  it("reads the per-bin form into the accumulator, with no request rows", () => {
    const { r, requests } = readOk(
      "bins.csv",
      "binStart,requests,inputTokens,outputTokens\n0,3,30,15\n60,2,20,10\n",
    );
    expect([r.format, r.rows, r.acc.count]).toEqual(["trace-bins", 2, 5]);
    expect(requests).toEqual([]);
  });

  it.each([
    ["", "empty", "the file is empty: no header and no rows"],
    ["time,input tokens,output tokens\n", "trace-empty", "the trace has a header but no rows"],
    [
      "a,b,c\n1,2,3\n",
      "not-a-trace",
      "not a request trace: no column for a timestamp, input tokens, output tokens (found: a, b, c); see docs/traffic.md for the recognised names",
    ],
  ])("refuses %j: %s", (text, code, message) => {
    const { r } = read("x.csv", text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ file: "x.csv", code, message });
  });

  it("reports the first MAX_ROW_ISSUES bad rows and counts the rest", () => {
    const bad = Array.from({ length: MAX_ROW_ISSUES + 5 }, (_, i) => `${i},x,1`).join("\n");
    const { r } = readOk("many.csv", `time,input tokens,output tokens\n0,1,1\n${bad}\n`);
    const rowIssues = r.warnings.filter((w) => w.code === "trace-bad-row");
    expect([r.badRows, rowIssues.length, rowIssues[0]!.line]).toEqual([
      MAX_ROW_ISSUES + 5,
      MAX_ROW_ISSUES,
      3,
    ]);
  });
});

describe("TraceReader", () => {
  it("gives the same result whatever the chunking (one character at a time, or split in a quote)", () => {
    const text = `${AZURE}2023-11-16 18:16:00,"1,200",7\n2023-11-16 18:16:01,bad,7\n`;
    const whole = read("a.csv", text);
    for (const size of [1, 3, 17]) {
      const requests: [number, number, number][] = [];
      const rd = new TraceReader("a.csv", { onRequest: (t, i, o) => requests.push([t, i, o]) });
      for (let k = 0; k < text.length; k += size) rd.push(text.slice(k, k + size));
      const r = rd.finish();
      expect(requests).toEqual(whole.requests);
      expect(r.ok && whole.r.ok && [r.rows, r.badRows, r.warnings]).toEqual(
        whole.r.ok && [whole.r.rows, whole.r.badRows, whole.r.warnings],
      );
    }
    expect(whole.requests).toHaveLength(3);
  });

  it("reads a last line without a line end", () => {
    const rd = new TraceReader("n.csv");
    rd.push("time,input tokens,output tokens\n0,1,2");
    const r = rd.finish();
    expect(r.ok && r.acc.count).toBe(1);
  });
});
