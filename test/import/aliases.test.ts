/**
 * src/import/aliases.ts: every header alias maps to its field (the tables below are the documented
 * interface, written out here so that a changed or lost alias fails), metric × statistic × unit
 * headers in any order and style, the unit factors, the header-length limit and mapHeaders'
 * ambiguous / unknown / duplicate lists.
 */
import { describe, expect, it } from "vitest";
import { importOk, rows, words } from "./helpers";
import {
  aliasKey,
  type Field,
  fieldLabel,
  fieldsOf,
  mapHeaders,
  MAX_HEADER_CHARS,
  toMsFactor,
} from "../../src/import/aliases";

const metric = (m: string, stat: string | null, unit: string | null): Field =>
  ({ kind: "metric", metric: m, stat, unit }) as Field;
const value = (key: string): Field => ({ kind: "value", key }) as Field;
const load = (key: string): Field => ({ kind: "load", key }) as Field;
const request = (key: string, unit: string | null = null): Field =>
  ({ kind: "request", key, unit }) as Field;
const THROUGHPUT_CANDIDATES = [value("rps"), value("outputTokensPerSec")];

/**
 * The alias tables, one field a paragraph: `kind key:` then its aliases separated by `|`, which may
 * run on over the following lines (each alias is whole on one line).
 */
const ALIAS_TABLES = `
load concurrency: concurrency|并发|并发数|并发度|并发量|users|num users|user count|用户数
  |num_concurrent_requests|max_concurrency|max concurrency|concurrent requests|concurrency level
  |batch|batch size|batch_size|bs|conc|clients|num clients|vus|parallel|parallelism
load requestRate: request_rate|request rate|qps|rate|请求速率|请求率|arrival rate|target rate
  |target qps|offered rate|req rate
value rps: rps|req/s|reqs/s|requests/s|requests per second|request throughput|request_throughput
  |吞吐(rps)|吞吐量(rps)|请求吞吐|achieved rps|throughput (req/s)|throughput (rps)
  |throughput(requests/s)|实际rps
value outputTokensPerSec: tokens/s|token/s|tok/s|toks/s|tokens per second|output tokens/s
  |output tok/s|output tokens per second|output throughput|output_throughput
  |output token throughput|output_token_throughput|输出吞吐|token 吞吐|token吞吐|输出token吞吐|tps
  |output tps|生成吞吐|throughput (tokens/s)|throughput (tok/s)|吞吐(tokens/s)|吞吐(token/s)
  |gen tokens/s|generation throughput
value totalTokensPerSec: total tokens/s|total tok/s|total throughput|total_token_throughput
  |total token throughput|总吞吐|总token吞吐|total tps|total tokens per second
value meanInputTokens: isl|input len|input length|input_len|input tokens|input_tokens
  |mean input tokens|avg input tokens|prompt tokens|prompt_tokens|prompt len|prompt length
  |输入长度|输入token|输入token数|平均输入长度|输入tokens|num input tokens|mean input len
value meanOutputTokens: osl|output len|output length|output_len|output tokens|output_tokens
  |mean output tokens|avg output tokens|completion tokens|completion_tokens|generated tokens
  |输出长度|输出token|输出token数|平均输出长度|输出tokens|num output tokens|mean output len
value completed: completed|successful requests|completed requests|success count|成功请求数|成功数
  |num completed
value failed: failed|failed requests|errors|error count|失败|失败请求数|失败数|num failed
request requestId: request_id|req_id|request id|requestid|请求id|id|request|request index
  |request_idx
request start: start|start_time|start time|start_ts|timestamp|send time|开始时间|发送时间
  |start timestamp
request end: end|end_time|end time|end_ts|finish time|结束时间|完成时间|end timestamp
request ok: ok|success|succeeded|is success|成功
request error: error|error_msg|error message|err|错误|错误信息
meta label: sweep|label|deployment|config|配置|部署
meta model: model|model name|模型|模型名
meta engine: engine|framework|backend|引擎|推理引擎
meta gpu: gpu|gpu type|gpu model|hardware|hw|accelerator|sku|gpu型号|硬件|显卡
meta gpuCount: gpus|gpu count|num gpus|gpu数|卡数|gpu 数量
`;
const TABLES: [string, Field, string[]][] = ALIAS_TABLES.trim()
  .replace(/\n\s+\|/g, "|")
  .split("\n")
  .map((line) => {
    const [, kind, key, aliases] = /^(\w+) (\w+): (.*)$/.exec(line)!;
    const field = { kind, key, ...(kind === "request" ? { unit: null } : {}) } as Field;
    return [JSON.stringify(field), field, words(aliases!)];
  });

describe("every alias of the tables maps to its one field", () => {
  it.each(TABLES)("%s", (_name, field, aliases) => {
    for (const a of aliases) {
      expect(fieldsOf(a), a).toStrictEqual([field]);
      // Case, spaces, underscores and hyphens do not matter.
      expect(fieldsOf(a.toUpperCase()), a.toUpperCase()).toStrictEqual([field]);
      expect(fieldsOf(` ${a.replace(/ /g, "_")} `), a).toStrictEqual([field]);
    }
  });

  it("throughput, 吞吐 and 吞吐量 are ambiguous between req/s and output tokens/s (in that order)", () => {
    for (const h of words("throughput|Throughput|吞吐|吞吐量|吞吐量 (单位)"))
      expect(fieldsOf(h), h).toStrictEqual(THROUGHPUT_CANDIDATES);
  });
});

describe("headers with fullwidth punctuation, a BOM, units in parentheses", () => {
  it.each([
    ...rows("吞吐（RPS）|吞吐量（rps）|rps (measured)", value("rps")),
    ["token／s", value("outputTokensPerSec")],
    ...rows("\uFEFFconcurrency|Concurrency (users)|并发数（个）", load("concurrency")),
    ["TTFT（秒）P99", metric("ttft", "p99", "s")],
    ["首字延迟：P50（毫秒）", metric("ttft", "p50", "ms")],
    ["\uFEFFttft p99 (ms)", metric("ttft", "p99", "ms")],
  ] as [string, Field][])("%s", (h, f) => {
    expect(fieldsOf(h)).toStrictEqual([f]);
  });

  it.each([
    ["  Num_Users ", "numusers"],
    ["\uFEFFReq-Rate", "reqrate"],
    ["吞吐（RPS）", "吞吐(rps)"],
    ["a：b／c", "a:bc"],
  ])(
    "aliasKey(%j) = %j: BOM, fullwidth parentheses, case, separators and spaces folded",
    (h, k) => {
      expect(aliasKey(h)).toBe(k);
    },
  );
});

describe("metric headers: which metric (most specific first)", () => {
  it.each([
    ...rows("ntpot|NTPOT p50|归一化延迟", "ntpot"),
    ...rows("normalized time per output token|normalised time per output token", "ntpot"),
    ...rows("ttft|time to first token|first token latency|first token time", "ttft"),
    ...rows("首 token 延迟|首token时延|首字|首包|首词耗时|首包时间", "ttft"),
    ...rows("tpot|time per output token", "tpot"),
    ...rows("每个输出token延迟|每 token 耗时|每输出 token 时间", "tpot"),
    ...rows("itl|inter token latency|inter-token latency|intertoken latency|inter token", "itl"),
    ...rows("token 间隔|token间延迟|token间", "itl"),
    ...rows("e2e|e2el|end to end|end-to-end latency|latency|request latency|response time", "e2e"),
    ...rows("端到端|请求延迟|响应时间|延迟 p99|总延迟|时延", "e2e"),
  ])("%s → %s", (h, m) => {
    const fs = fieldsOf(h);
    expect(fs).toHaveLength(1);
    expect(fs[0]).toMatchObject({ kind: "metric", metric: m });
  });

  it("words inside other words are not metrics: 'ttfts', 'splitl', 'latencyx' map to nothing", () => {
    for (const h of words("ttfts|xitl|latencyx|e2ex|ntpots|tpotx"))
      expect(fieldsOf(h), h).toStrictEqual([]);
  });
});

describe("metric headers: the statistic", () => {
  it.each([
    ...rows("ttft p99|ttft P 99|ttft 99th|ttft 1.5.99th|ttft 99百分位", "p99"),
    ...rows("ttft_p50|ttft p50.0|ttft 50th|ttft median|med ttft|ttft 中位数", "p50"),
    ...rows("ttft p05|ttft p5", "p5"),
    ...rows("ttft_p99.9_ms|ttft 99.9th", "p99.9"),
    ...rows("ttft p99.99", "p99.99"),
    ...rows("ttft 90%|ttft 90分位", "p90"),
    ...rows("ttft 95 %", "p95"),
    ...rows("ttft mean|avg ttft|average ttft|平均首字延迟|ttft 均值", "mean"),
    ...rows("ttft std|ttft stdev|ttft stddev|ttft sd|ttft 标准差", "std"),
    ...rows("ttft min|ttft minimum|最小首字延迟", "min"),
    ...rows("ttft max|ttft maximum|最大首字延迟", "max"),
    // No statistic (one value per request); p100 and a percentile inside a number are none, and
    // statistic words count only as whole words.
    ...rows("ttft|ttft_ms|ttft p100|ttft 199th|ttft 100th|ttft 100%|ttft minutes|ttft maxed", null),
    ...rows("ttft meaning|ttft p|ttft top5|ttft medium|xmedian ttft|ttft medx|ttft demean", null),
    ...rows("ttft meanx|ttft avgx|ttft xavg|ttft averages|ttft xstd|ttft stdx|ttft stdevx", null),
    ...rows("ttft sdx|ttft admin|ttft minx|ttft xmax|ttft maximumx", null),
  ])("%s → %s", (h, stat) => {
    expect(fieldsOf(h)[0]).toMatchObject({ kind: "metric", metric: "ttft", stat });
  });

  // A th/% percentile may open the header; a p-percentile wins over a word statistic, a
  // th-percentile over median/mean, and of two words the earlier in this order.
  it.each([
    ["99th ttft", { metric: "ttft", stat: "p99" }],
    ["95% itl", { metric: "itl", stat: "p95" }],
    ["mean ttft p99", { stat: "p99" }],
    ["mean ttft 95th", { stat: "p95" }],
    ["median mean ttft", { stat: "p50" }],
    ["mean std ttft", { stat: "mean" }],
    ["std min ttft", { stat: "std" }],
    ["min max ttft", { stat: "min" }],
  ])("%s → %j", (h, expected) => {
    expect(fieldsOf(h)[0]).toMatchObject(expected);
  });
});

describe("metric headers: the unit", () => {
  const tokens = words(
    "ms|msec|millis|millisecond|milliseconds|us|usec|microsecond|microseconds",
  ).concat(words("s|sec|secs|second|seconds"));
  it.each([
    ...rows("ttft ms|ttft (ms)|ttft msec|ttft millis|ttft millisecond|ttft milliseconds", "ms"),
    ...rows("ttft 毫秒|ttft_p99ms|ttft 100ms", "ms"),
    ...rows("ttft us|ttft (us)|ttft usec|ttft microsecond|ttft microseconds|ttft µs", "us"),
    ...rows("ttft 微秒|TTFT (µs) P99|ttft_p99_μs|latency(µs)|ttft 100µs", "us"),
    ...rows("ttft s|ttft (s)|TTFT(s) P99|ttft sec|ttft secs|ttft second|ttft seconds", "s"),
    ...rows("ttft 秒|e2e_latency_s", "s"),
  ])("%s → %s", (h, unit) => {
    expect(fieldsOf(h)[0]).toMatchObject({ kind: "metric", unit });
  });

  it("no unit stated → null (not ms): unit words only as whole words", () => {
    const headers = tokens
      .flatMap((t) => [`ttft x${t}`, `ttft ${t}x`])
      .concat("ttft p99", "ttft µsx");
    for (const h of headers)
      expect(fieldsOf(h)[0], h).toMatchObject({ metric: "ttft", unit: null });
  });

  it.each([
    ["s", 1000],
    ["us", 0.001],
    ["ms", 1],
    [null, 1],
  ] as const)("toMsFactor(%s) = %s: s × 1000, us × 0.001, ms and unknown × 1", (unit, factor) => {
    expect(toMsFactor(unit)).toBe(factor);
  });
});

describe("throughput headers with a unit, timestamps with a unit", () => {
  it.each([
    ...rows("吞吐 (req/s)|throughput (requests per second)|throughput rps|吞吐 qps", value("rps")),
    ...rows("throughput (request per sec)", value("rps")),
    ...rows("output throughput (tok/s)|throughput (token/s)|gen tps", value("outputTokensPerSec")),
    ...rows("throughput (tokens per second)", value("outputTokensPerSec")),
    ...rows("总吞吐 tok/s|total throughput (tokens/s)", value("totalTokensPerSec")),
    ...rows("start_ms|send_ts_ms", request("start", "ms")),
    ...rows("start timestamp (s)|start (s)|开始时间（秒）", request("start", "s")),
    ...rows("end time (ms)|end_ts_ms", request("end", "ms")),
    ...rows("完成时间 (us)|finish_time_us", request("end", "us")),
    ...rows("end (unknown)", request("end", null)),
    ...rows("end_time_s|finish timestamp (s)", request("end", "s")),
  ])("%s", (h, f) => {
    expect(fieldsOf(h)).toStrictEqual([f]);
  });

  it("input or prefill tokens/s are not a sweep field; 'ending', 'started' are not timestamps", () => {
    const none = words("input tokens/s|prefill tok/s|输入 tokens/s|ending ms|started_s|xstart_ms");
    for (const h of none) expect(fieldsOf(h), h).toStrictEqual([]);
  });
});

describe("a unit stated in a header is used on import (not guessed from the values' size)", () => {
  it("start (s) / end (s) with relative seconds: 3 requests over 0 … 4 s are 0.75 req/s, not 750", () => {
    const text = "concurrency,start (s),end (s),ttft_ms\n4,0,2,50\n4,1,3,60\n4,2,4,70\n";
    const [s] = importOk([{ name: "reqs.csv", text }]);
    expect(s!.points[0]).toMatchObject({ rps: 0.75, ttftMs: { mean: 60 } });
    expect(s!.warnings.filter((w) => w.includes("not stated"))).toStrictEqual([]);
  });

  it("a timestamp header without a unit is still guessed from the values (relative values: ms)", () => {
    const text = "concurrency,start,end,ttft_ms\n4,0,2000,50\n4,1000,4000,60\n";
    const [s] = importOk([{ name: "reqs.csv", text }]);
    // 2 requests over 0 … 4,000 ms
    expect(s!.points[0]!.rps).toBe(0.5);
    expect(s!.warnings).toContain(
      'unit of column "start" not stated: read as ms from its magnitude',
    );
  });

  it("microseconds written µs or μs: 'TTFT (µs) P99' = 50,000 gives 50 ms (it was read as seconds: 50,000,000 ms)", () => {
    const text = "concurrency,TTFT (µs) P99,ITL (μs) P50\n4,50000,8000\n8,70000,9000\n";
    const [s] = importOk([{ name: "sweep.csv", text }]);
    const got = s!.points.map((p) => `${p.concurrency} ${p.ttftMs!.p99} ${p.itlMs!.p50}`);
    expect(got).toStrictEqual(["4 50 8", "8 70 9"]);
  });
});

describe("header length limit", () => {
  it(`a header of exactly ${MAX_HEADER_CHARS} characters is still read; one more is an unknown column; asked twice, the same`, () => {
    const at = `ttft p99${" ".repeat(MAX_HEADER_CHARS - 8)}`;
    expect([MAX_HEADER_CHARS, at.length]).toEqual([256, 256]);
    expect(fieldsOf(at)).toStrictEqual([metric("ttft", "p99", null)]);
    expect(fieldsOf(`${at} `)).toStrictEqual([]);
    expect(fieldsOf("p95 itl (ms)")).toStrictEqual([metric("itl", "p95", "ms")]);
    expect(fieldsOf("p95 itl (ms)")).toStrictEqual([metric("itl", "p95", "ms")]);
  });
});

describe("mapHeaders", () => {
  // Load, rate and count headers (concurrency, qps, RPS, failed, errors …) are in the alias tables
  // above. A failed share: `%` (or pct/percent) makes it a percentage, a bare rate a fraction 0–1.
  it.each([
    ...rows("P99 TTFT|TTFT P99|首 token 延迟 P99", metric("ttft", "p99", null)),
    ...rows("ttft_p99_ms|p99_ttft_ms|TTFT p99 (ms)", metric("ttft", "p99", "ms")),
    ...rows("TTFT(s) P99", metric("ttft", "p99", "s")),
    ...rows("median ttft", metric("ttft", "p50", null)),
    ...rows("mean_itl_ms", metric("itl", "mean", "ms")),
    ...rows("avg TPOT", metric("tpot", "mean", null)),
    ...rows("P95 ITL", metric("itl", "p95", null)),
    ...rows("e2e p50", metric("e2e", "p50", null)),
    ...rows("latency p99|端到端延迟 P99", metric("e2e", "p99", null)),
    ...rows("p99.9_ttft_ms", metric("ttft", "p99.9", "ms")),
    ...rows("首字延迟 P50（秒）", metric("ttft", "p50", "s")),
    ...rows("token 间延迟 P95(毫秒)", metric("itl", "p95", "ms")),
    ...rows("ntpot p50", metric("ntpot", "p50", null)),
    ...rows("ttft_ms", metric("ttft", null, "ms")),
    ...rows("Output Throughput (tok/s)", value("outputTokensPerSec")),
    ...rows("Failed %|failed_pct|Error rate (%)|error rate %|失败率 (%)", value("failedPct")),
    ...rows("error rate|failure_ratio|错误率", value("failedFraction")),
  ])("mapHeaders([%s]) maps it to %j", (header, field) => {
    expect(mapHeaders([header]).mapping[0]).toEqual(field);
  });

  const [CONC, TTFT_P50] = [load("concurrency"), metric("ttft", "p50", null)];
  const AMBIGUOUS = [{ index: 1, column: "throughput", candidates: THROUGHPUT_CANDIDATES }];
  it.each([
    [
      "ambiguous, unknown and duplicate columns listed",
      ["concurrency", "throughput", "notes", "P99 TTFT", "ttft_p99_ms"],
      {
        mapping: [CONC, null, null, metric("ttft", "p99", null), null],
        ambiguous: AMBIGUOUS,
        unknown: ["notes"],
        duplicates: [{ index: 4, column: "ttft_p99_ms", firstIndex: 3 }],
      },
    ],
    [
      "blank headers are neither mapped nor unknown; unknown columns listed by name",
      ["", "  ", "notes", "concurrency"],
      { mapping: [null, null, null, CONC], ambiguous: [], unknown: ["notes"], duplicates: [] },
    ],
    [
      "a duplicate names the first column of its field, counted over all columns (nulls included)",
      words("notes|throughput|p99 ttft (s)|ttft_p99_ms|ttft p50|concurrency|users"),
      {
        mapping: [null, null, metric("ttft", "p99", "s"), null, TTFT_P50, CONC, null],
        ambiguous: AMBIGUOUS,
        duplicates: [
          { index: 3, column: "ttft_p99_ms", firstIndex: 2 },
          { index: 6, column: "users", firstIndex: 5 },
        ],
      },
    ],
    [
      "two columns of one per-request metric are duplicates; two timestamps of one kind too",
      ["ttft_ms", "ttft (s)", "start", "start_ms"],
      {
        duplicates: [
          { index: 1, column: "ttft (s)", firstIndex: 0 },
          { index: 3, column: "start_ms", firstIndex: 2 },
        ],
      },
    ],
  ] as [string, string[], Record<string, unknown>][])("%s", (_name, headers, expected) => {
    const r = mapHeaders(headers) as unknown as Record<string, unknown>;
    // Only the lists a case names are compared, each exactly.
    expect(Object.fromEntries(Object.keys(expected).map((k) => [k, r[k]]))).toStrictEqual(expected);
  });

  it("different keys or kinds are not duplicates: start/end, rps/requestRate, ttft/itl of one stat, per-request ttft/ttft mean", () => {
    const headers = "start_ms|end_ms|rps|request rate|ttft p99|itl p99|ttft_ms|mean ttft|gpu|gpus";
    const r = mapHeaders(words(`${headers}|model`));
    expect([r.duplicates, r.mapping.every((m) => m !== null)]).toStrictEqual([[], true]);
  });
});

describe("fieldLabel", () => {
  it.each([
    [load("requestRate"), "requestRate"],
    [value("rps"), "rps"],
    [{ kind: "meta", key: "gpu" } as Field, "gpu"],
    [request("start", "ms"), "request start"],
    [metric("ttft", "p99", "s"), "ttft p99 (s)"],
    [metric("itl", "p50", null), "itl p50"],
    [metric("e2e", null, "ms"), "e2e (per request) (ms)"],
    [metric("tpot", null, null), "tpot (per request)"],
    // key for load/value/meta, 'request <key>', a metric with its statistic or '(per request)'
    // and the unit in parentheses
  ])("%j → %s", (f, label) => {
    expect(fieldLabel(f)).toBe(label);
  });
});
