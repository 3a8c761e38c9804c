/**
 * src/import/aliases.ts: every header alias maps to its field (the tables below are the documented
 * interface, written out here so that a changed or lost alias fails), metric × statistic × unit
 * headers in any order and style, the unit factors, the header-length limit and mapHeaders'
 * ambiguous / unknown / duplicate lists.
 */
import { describe, expect, it } from "vitest";
import { rows, words } from "./helpers";
import {
  aliasKey,
  type Field,
  fieldLabel,
  fieldsOf,
  mapHeaders,
  MAX_HEADER_CHARS,
  toMsFactor,
} from "../../src/import/aliases";
import { importFiles } from "../../src/import/index";

const LOAD_CONC = words(
  "concurrency|并发|并发数|并发度|并发量|users|num users|user count|用户数|num_concurrent_requests|" +
    "max_concurrency|max concurrency|concurrent requests|concurrency level|batch|batch size|" +
    "batch_size|bs|conc|clients|num clients|vus|parallel|parallelism",
);
const LOAD_RATE = words(
  "request_rate|request rate|qps|rate|请求速率|请求率|arrival rate|target rate|target qps|" +
    "offered rate|req rate",
);
const VALUES: [string, string[]][] = [
  [
    "rps",
    words(
      "rps|req/s|reqs/s|requests/s|requests per second|request throughput|request_throughput|" +
        "吞吐(rps)|吞吐量(rps)|请求吞吐|achieved rps|throughput (req/s)|throughput (rps)|" +
        "throughput(requests/s)|实际rps",
    ),
  ],
  [
    "outputTokensPerSec",
    words(
      "tokens/s|token/s|tok/s|toks/s|tokens per second|output tokens/s|output tok/s|" +
        "output tokens per second|output throughput|output_throughput|output token throughput|" +
        "output_token_throughput|输出吞吐|token 吞吐|token吞吐|输出token吞吐|tps|output tps|生成吞吐|" +
        "throughput (tokens/s)|throughput (tok/s)|吞吐(tokens/s)|吞吐(token/s)|gen tokens/s|" +
        "generation throughput",
    ),
  ],
  [
    "totalTokensPerSec",
    words(
      "total tokens/s|total tok/s|total throughput|total_token_throughput|" +
        "total token throughput|总吞吐|总token吞吐|total tps|total tokens per second",
    ),
  ],
  [
    "meanInputTokens",
    words(
      "isl|input len|input length|input_len|input tokens|input_tokens|mean input tokens|" +
        "avg input tokens|prompt tokens|prompt_tokens|prompt len|prompt length|输入长度|输入token|" +
        "输入token数|平均输入长度|输入tokens|num input tokens|mean input len",
    ),
  ],
  [
    "meanOutputTokens",
    words(
      "osl|output len|output length|output_len|output tokens|output_tokens|mean output tokens|" +
        "avg output tokens|completion tokens|completion_tokens|generated tokens|输出长度|输出token|" +
        "输出token数|平均输出长度|输出tokens|num output tokens|mean output len",
    ),
  ],
  [
    "completed",
    words(
      "completed|successful requests|completed requests|success count|成功请求数|成功数|num completed",
    ),
  ],
  ["failed", words("failed|failed requests|errors|error count|失败|失败请求数|失败数|num failed")],
];
const REQUEST: [string, string[]][] = [
  [
    "requestId",
    words("request_id|req_id|request id|requestid|请求id|id|request|request index|request_idx"),
  ],
  [
    "start",
    words(
      "start|start_time|start time|start_ts|timestamp|send time|开始时间|发送时间|start timestamp",
    ),
  ],
  ["end", words("end|end_time|end time|end_ts|finish time|结束时间|完成时间|end timestamp")],
  ["ok", ["ok", "success", "succeeded", "is success", "成功"]],
  ["error", ["error", "error_msg", "error message", "err", "错误", "错误信息"]],
];
const META: [string, string[]][] = [
  ["label", ["sweep", "label", "deployment", "config", "配置", "部署"]],
  ["model", ["model", "model name", "模型", "模型名"]],
  ["engine", ["engine", "framework", "backend", "引擎", "推理引擎"]],
  ["gpu", words("gpu|gpu type|gpu model|hardware|hw|accelerator|sku|gpu型号|硬件|显卡")],
  ["gpuCount", ["gpus", "gpu count", "num gpus", "gpu数", "卡数", "gpu 数量"]],
];

const metric = (m: string, stat: string | null, unit: string | null): Field =>
  ({ kind: "metric", metric: m, stat, unit }) as Field;
const TABLES: [Field, string[]][] = [
  [{ kind: "load", key: "concurrency" }, LOAD_CONC],
  [{ kind: "load", key: "requestRate" }, LOAD_RATE],
  ...VALUES.map(([key, al]): [Field, string[]] => [{ kind: "value", key } as Field, al]),
  ...REQUEST.map(([key, al]): [Field, string[]] => [
    { kind: "request", key, unit: null } as Field,
    al,
  ]),
  ...META.map(([key, al]): [Field, string[]] => [{ kind: "meta", key } as Field, al]),
];

describe("every alias of the tables maps to its one field", () => {
  it.each(TABLES.map(([f, al]) => [JSON.stringify(f), f, al] as const))(
    "%s",
    (_name, field, aliases) => {
      for (const a of aliases) {
        expect(fieldsOf(a), a).toStrictEqual([field]);
        // Case, spaces, underscores and hyphens do not matter.
        expect(fieldsOf(a.toUpperCase()), a.toUpperCase()).toStrictEqual([field]);
        expect(fieldsOf(` ${a.replace(/ /g, "_")} `), a).toStrictEqual([field]);
      }
    },
  );

  it("throughput, 吞吐 and 吞吐量 are ambiguous between req/s and output tokens/s (in that order)", () => {
    for (const h of ["throughput", "Throughput", "吞吐", "吞吐量", "吞吐量 (单位)"]) {
      expect(fieldsOf(h), h).toStrictEqual([
        { kind: "value", key: "rps" },
        { kind: "value", key: "outputTokensPerSec" },
      ]);
    }
  });
});

describe("headers with fullwidth punctuation, a BOM, units in parentheses", () => {
  it.each([
    ["吞吐（RPS）", { kind: "value", key: "rps" }],
    ["吞吐量（rps）", { kind: "value", key: "rps" }],
    ["token／s", { kind: "value", key: "outputTokensPerSec" }],
    ["\uFEFFconcurrency", { kind: "load", key: "concurrency" }],
    ["Concurrency (users)", { kind: "load", key: "concurrency" }],
    ["并发数（个）", { kind: "load", key: "concurrency" }],
    ["rps (measured)", { kind: "value", key: "rps" }],
    ["TTFT（秒）P99", metric("ttft", "p99", "s")],
    ["首字延迟：P50（毫秒）", metric("ttft", "p50", "ms")],
    ["\uFEFFttft p99 (ms)", metric("ttft", "p99", "ms")],
  ] as [string, Field][])("%s", (h, f) => {
    expect(fieldsOf(h)).toStrictEqual([f]);
  });

  it("aliasKey: BOM, fullwidth parentheses, case, separators and spaces folded", () => {
    expect(aliasKey("  Num_Users ")).toBe("numusers");
    expect(aliasKey("\uFEFFReq-Rate")).toBe("reqrate");
    expect(aliasKey("吞吐（RPS）")).toBe("吞吐(rps)");
    expect(aliasKey("a：b／c")).toBe("a:bc");
  });
});

describe("metric headers: which metric (most specific first)", () => {
  it.each([
    ...rows(
      "ntpot|NTPOT p50|normalized time per output token|normalised time per output token|" +
        "归一化延迟",
      "ntpot",
    ),
    ...rows(
      "ttft|time to first token|first token latency|first token time|首 token 延迟|首token时延|" +
        "首字|首包|首词耗时|首包时间",
      "ttft",
    ),
    ...rows("tpot|time per output token|每个输出token延迟|每 token 耗时|每输出 token 时间", "tpot"),
    ...rows(
      "itl|inter token latency|inter-token latency|intertoken latency|inter token|" +
        "token 间隔|token间延迟|token间",
      "itl",
    ),
    ...rows(
      "e2e|e2el|end to end|end-to-end latency|latency|request latency|response time|端到端|" +
        "请求延迟|响应时间|延迟 p99|总延迟|时延",
      "e2e",
    ),
  ])("%s → %s", (h, m) => {
    const fs = fieldsOf(h);
    expect(fs).toHaveLength(1);
    expect(fs[0]).toMatchObject({ kind: "metric", metric: m });
  });

  it("words inside other words are not metrics: 'ttfts', 'splitl', 'latencyx' map to nothing", () => {
    for (const h of ["ttfts", "xitl", "latencyx", "e2ex", "ntpots", "tpotx"])
      expect(fieldsOf(h), h).toStrictEqual([]);
  });
});

describe("metric headers: the statistic", () => {
  it.each([
    ["ttft p99", "p99"],
    ["ttft P 99", "p99"],
    ["ttft_p50", "p50"],
    ["ttft p50.0", "p50"],
    ["ttft p05", "p5"],
    ["ttft p5", "p5"],
    ["ttft_p99.9_ms", "p99.9"],
    ["ttft p99.99", "p99.99"],
    ["ttft 99th", "p99"],
    ["ttft 99.9th", "p99.9"],
    ["ttft 1.5.99th", "p99"],
    ["ttft 50th", "p50"],
    ["ttft 90%", "p90"],
    ["ttft 95 %", "p95"],
    ["ttft 90分位", "p90"],
    ["ttft 99百分位", "p99"],
    ...rows("ttft median|med ttft|ttft 中位数", "p50"),
    ...rows("ttft mean|avg ttft|average ttft|平均首字延迟|ttft 均值", "mean"),
    ...rows("ttft std|ttft stdev|ttft stddev|ttft sd|ttft 标准差", "std"),
    ...rows("ttft min|ttft minimum|最小首字延迟", "min"),
    ...rows("ttft max|ttft maximum|最大首字延迟", "max"),
  ])("%s → %s", (h, stat) => {
    expect(fieldsOf(h)[0]).toMatchObject({ kind: "metric", metric: "ttft", stat });
  });

  it("no statistic (one value per request): ttft, ttft_ms; p100 and a percentile inside a number are not statistics", () => {
    for (const h of words(
      "ttft|ttft_ms|ttft p100|ttft 199th|ttft 100th|ttft 100%|ttft minutes|ttft maxed|" +
        "ttft meaning|ttft p",
    )) {
      expect(fieldsOf(h)[0], h).toMatchObject({ kind: "metric", metric: "ttft", stat: null });
    }
  });

  it("statistic words only as whole words: 'top5', 'medium', 'xmedian', 'demean', 'avgx', 'xstd', 'admin', 'xmax' are no statistic", () => {
    for (const h of words(
      "ttft top5|ttft medium|xmedian ttft|ttft medx|ttft demean|ttft meanx|ttft avgx|ttft xavg|" +
        "ttft averages|ttft xstd|ttft stdx|ttft stdevx|ttft sdx|ttft admin|ttft minx|ttft xmax|" +
        "ttft maximumx",
    )) {
      expect(fieldsOf(h)[0], h).toMatchObject({ kind: "metric", metric: "ttft", stat: null });
    }
  });

  it("a th/% percentile at the start of the header: '99th ttft', '95% itl'", () => {
    expect(fieldsOf("99th ttft")[0]).toMatchObject({ metric: "ttft", stat: "p99" });
    expect(fieldsOf("95% itl")[0]).toMatchObject({ metric: "itl", stat: "p95" });
  });

  it("a p-percentile wins over a word statistic; a th-percentile over median/mean", () => {
    expect(fieldsOf("mean ttft p99")[0]).toMatchObject({ stat: "p99" });
    expect(fieldsOf("mean ttft 95th")[0]).toMatchObject({ stat: "p95" });
    expect(fieldsOf("median mean ttft")[0]).toMatchObject({ stat: "p50" });
    expect(fieldsOf("mean std ttft")[0]).toMatchObject({ stat: "mean" });
    expect(fieldsOf("std min ttft")[0]).toMatchObject({ stat: "std" });
    expect(fieldsOf("min max ttft")[0]).toMatchObject({ stat: "min" });
  });
});

describe("metric headers: the unit", () => {
  it.each([
    ...rows(
      "ttft 毫秒|ttft ms|ttft (ms)|ttft msec|ttft millis|ttft millisecond|ttft milliseconds|" +
        "ttft_p99ms|ttft 100ms",
      "ms",
    ),
    ...rows(
      "ttft us|ttft (us)|ttft usec|ttft microsecond|ttft microseconds|ttft 微秒|ttft µs|" +
        "TTFT (µs) P99|ttft_p99_μs|latency(µs)|ttft 100µs",
      "us",
    ),
    ...rows(
      "ttft 秒|ttft s|ttft (s)|TTFT(s) P99|ttft sec|ttft secs|ttft second|ttft seconds|" +
        "e2e_latency_s",
      "s",
    ),
  ])("%s → %s", (h, unit) => {
    expect(fieldsOf(h)[0]).toMatchObject({ kind: "metric", unit });
  });

  it("no unit stated → null (not ms): unit words only as whole words", () => {
    const tokens = words(
      "ms|msec|millis|millisecond|milliseconds|us|usec|microsecond|microseconds|s|sec|secs|" +
        "second|seconds",
    );
    for (const h of [
      "ttft p99",
      "ttft µsx",
      ...tokens.flatMap((t) => [`ttft x${t}`, `ttft ${t}x`]),
    ])
      expect(fieldsOf(h)[0], h).toMatchObject({ metric: "ttft", unit: null });
  });

  it("toMsFactor: s × 1000, us × 0.001, ms and unknown × 1", () => {
    expect(toMsFactor("s")).toBe(1000);
    expect(toMsFactor("us")).toBe(0.001);
    expect(toMsFactor("ms")).toBe(1);
    expect(toMsFactor(null)).toBe(1);
  });
});

describe("throughput headers with a unit, timestamps with a unit", () => {
  it.each([
    ["吞吐 (req/s)", { kind: "value", key: "rps" }],
    ["throughput (requests per second)", { kind: "value", key: "rps" }],
    ["throughput (request per sec)", { kind: "value", key: "rps" }],
    ["throughput rps", { kind: "value", key: "rps" }],
    ["吞吐 qps", { kind: "value", key: "rps" }],
    ["output throughput (tok/s)", { kind: "value", key: "outputTokensPerSec" }],
    ["throughput (tokens per second)", { kind: "value", key: "outputTokensPerSec" }],
    ["throughput (token/s)", { kind: "value", key: "outputTokensPerSec" }],
    ["gen tps", { kind: "value", key: "outputTokensPerSec" }],
    ["总吞吐 tok/s", { kind: "value", key: "totalTokensPerSec" }],
    ["total throughput (tokens/s)", { kind: "value", key: "totalTokensPerSec" }],
    ["start_ms", { kind: "request", key: "start", unit: "ms" }],
    ["send_ts_ms", { kind: "request", key: "start", unit: "ms" }],
    ["start timestamp (s)", { kind: "request", key: "start", unit: "s" }],
    ["start (s)", { kind: "request", key: "start", unit: "s" }],
    ["开始时间（秒）", { kind: "request", key: "start", unit: "s" }],
    ["end time (ms)", { kind: "request", key: "end", unit: "ms" }],
    ["完成时间 (us)", { kind: "request", key: "end", unit: "us" }],
    ["end (unknown)", { kind: "request", key: "end", unit: null }],
    ["end_time_s", { kind: "request", key: "end", unit: "s" }],
    ["finish_time_us", { kind: "request", key: "end", unit: "us" }],
    ["finish timestamp (s)", { kind: "request", key: "end", unit: "s" }],
    ["end_ts_ms", { kind: "request", key: "end", unit: "ms" }],
  ] as [string, Field][])("%s", (h, f) => {
    expect(fieldsOf(h)).toStrictEqual([f]);
  });

  it("input or prefill tokens/s are not a sweep field; 'ending', 'started' are not timestamps", () => {
    for (const h of words(
      "input tokens/s|prefill tok/s|输入 tokens/s|ending ms|started_s|xstart_ms",
    ))
      expect(fieldsOf(h), h).toStrictEqual([]);
  });
});

describe("a timestamp column's stated unit is used (not guessed from the values' size)", () => {
  it("start (s) / end (s) with relative seconds: 3 requests over 0 … 4 s are 0.75 req/s, not 750", () => {
    const r = importFiles([
      {
        name: "reqs.csv",
        text: "concurrency,start (s),end (s),ttft_ms\n4,0,2,50\n4,1,3,60\n4,2,4,70\n",
      },
    ]);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const p = r.sweeps[0]!.points[0]!;
    expect(p.rps).toBe(0.75);
    expect(p.ttftMs!.mean).toBe(60);
    expect(r.sweeps[0]!.warnings.filter((w) => w.includes("not stated"))).toStrictEqual([]);
  });

  it("a timestamp header without a unit is still guessed from the values (relative values: ms)", () => {
    const r = importFiles([
      { name: "reqs.csv", text: "concurrency,start,end,ttft_ms\n4,0,2000,50\n4,1000,4000,60\n" },
    ]);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    // 2 requests over 0 … 4,000 ms
    expect(r.sweeps[0]!.points[0]!.rps).toBe(0.5);
    expect(r.sweeps[0]!.warnings).toContain(
      'unit of column "start" not stated: read as ms from its magnitude',
    );
  });
});

describe("microseconds written µs or μs", () => {
  it("a sweep CSV with 'TTFT (µs) P99' = 50,000 gives 50 ms (it was read as seconds: 50,000,000 ms)", () => {
    const r = importFiles([
      {
        name: "sweep.csv",
        text: "concurrency,TTFT (µs) P99,ITL (μs) P50\n4,50000,8000\n8,70000,9000\n",
      },
    ]);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(
      r.sweeps[0]!.points.map((p) => [p.concurrency, p.ttftMs!.p99, p.itlMs!.p50]),
    ).toStrictEqual([
      [4, 50, 8],
      [8, 70, 9],
    ]);
  });
});

describe("header length limit", () => {
  it(`a header of exactly ${MAX_HEADER_CHARS} characters is still read; one more is an unknown column`, () => {
    expect(MAX_HEADER_CHARS).toBe(256);
    const at = `ttft p99${" ".repeat(MAX_HEADER_CHARS - 8)}`;
    expect(at.length).toBe(256);
    expect(fieldsOf(at)).toStrictEqual([metric("ttft", "p99", null)]);
    expect(fieldsOf(`${at} `)).toStrictEqual([]);
  });

  it("the same header asked twice gives the same fields", () => {
    expect(fieldsOf("p95 itl (ms)")).toStrictEqual([metric("itl", "p95", "ms")]);
    expect(fieldsOf("p95 itl (ms)")).toStrictEqual([metric("itl", "p95", "ms")]);
  });
});

describe("mapHeaders", () => {
  const cases: [string, Field][] = [
    ["P99 TTFT", metric("ttft", "p99", null)],
    ["TTFT P99", metric("ttft", "p99", null)],
    ["ttft_p99_ms", metric("ttft", "p99", "ms")],
    ["p99_ttft_ms", metric("ttft", "p99", "ms")],
    ["TTFT p99 (ms)", metric("ttft", "p99", "ms")],
    ["TTFT(s) P99", metric("ttft", "p99", "s")],
    ["median ttft", metric("ttft", "p50", null)],
    ["mean_itl_ms", metric("itl", "mean", "ms")],
    ["avg TPOT", metric("tpot", "mean", null)],
    ["P95 ITL", metric("itl", "p95", null)],
    ["e2e p50", metric("e2e", "p50", null)],
    ["latency p99", metric("e2e", "p99", null)],
    ["p99.9_ttft_ms", metric("ttft", "p99.9", "ms")],
    ["首 token 延迟 P99", metric("ttft", "p99", null)],
    ["首字延迟 P50（秒）", metric("ttft", "p50", "s")],
    ["token 间延迟 P95(毫秒)", metric("itl", "p95", "ms")],
    ["端到端延迟 P99", metric("e2e", "p99", null)],
    ["ntpot p50", metric("ntpot", "p50", null)],
    ["ttft_ms", metric("ttft", null, "ms")],
    ["Output Throughput (tok/s)", { kind: "value", key: "outputTokensPerSec" }],
    // A failed share: `%` (or pct/percent) makes it a percentage, a bare rate a fraction 0–1.
    ["Failed %", { kind: "value", key: "failedPct" }],
    ["failed_pct", { kind: "value", key: "failedPct" }],
    ["Error rate (%)", { kind: "value", key: "failedPct" }],
    ["error rate %", { kind: "value", key: "failedPct" }],
    ["失败率 (%)", { kind: "value", key: "failedPct" }],
    ["error rate", { kind: "value", key: "failedFraction" }],
    ["failure_ratio", { kind: "value", key: "failedFraction" }],
    ["错误率", { kind: "value", key: "failedFraction" }],
  ];
  // Load, rate and count headers (concurrency, qps, RPS, failed, errors …) are in the alias tables above.
  it.each(cases)("mapHeaders([%s]) maps it to %j", (header, field) => {
    expect(mapHeaders([header]).mapping[0]).toEqual(field);
  });
  it("lists ambiguous, unknown and duplicate columns", () => {
    const r = mapHeaders(["concurrency", "throughput", "notes", "P99 TTFT", "ttft_p99_ms"]);
    expect(r.mapping.map((f) => f?.kind ?? null)).toEqual(["load", null, null, "metric", null]);
    expect(r.ambiguous).toEqual([
      {
        index: 1,
        column: "throughput",
        candidates: [
          { kind: "value", key: "rps" },
          { kind: "value", key: "outputTokensPerSec" },
        ],
      },
    ]);
    expect(r.unknown).toEqual(["notes"]);
    expect(r.duplicates).toEqual([{ index: 4, column: "ttft_p99_ms", firstIndex: 3 }]);
  });

  it("blank headers are neither mapped nor unknown; unknown columns listed by name", () => {
    const r = mapHeaders(["", "  ", "notes", "concurrency"]);
    expect(r).toStrictEqual({
      mapping: [null, null, null, { kind: "load", key: "concurrency" }],
      ambiguous: [],
      unknown: ["notes"],
      duplicates: [],
    });
  });

  it("a duplicate names the first column of its field, counted over all columns (nulls included)", () => {
    const r = mapHeaders(
      words("notes|throughput|p99 ttft (s)|ttft_p99_ms|ttft p50|concurrency|users"),
    );
    expect(r.mapping).toStrictEqual([
      null,
      null,
      metric("ttft", "p99", "s"),
      null,
      metric("ttft", "p50", null),
      { kind: "load", key: "concurrency" },
      null,
    ]);
    expect(r.ambiguous).toStrictEqual([
      {
        index: 1,
        column: "throughput",
        candidates: [
          { kind: "value", key: "rps" },
          { kind: "value", key: "outputTokensPerSec" },
        ],
      },
    ]);
    expect(r.duplicates).toStrictEqual([
      { index: 3, column: "ttft_p99_ms", firstIndex: 2 },
      { index: 6, column: "users", firstIndex: 5 },
    ]);
  });

  it("different keys or kinds are not duplicates: start/end, rps/requestRate, ttft/itl of one stat, per-request ttft/ttft mean", () => {
    const r = mapHeaders(
      words("start_ms|end_ms|rps|request rate|ttft p99|itl p99|ttft_ms|mean ttft|gpu|gpus|model"),
    );
    expect(r.duplicates).toStrictEqual([]);
    expect(r.mapping.every((m) => m !== null)).toBe(true);
  });

  it("two columns of one per-request metric are duplicates; two timestamps of one kind too", () => {
    const r = mapHeaders(["ttft_ms", "ttft (s)", "start", "start_ms"]);
    expect(r.duplicates).toStrictEqual([
      { index: 1, column: "ttft (s)", firstIndex: 0 },
      { index: 3, column: "start_ms", firstIndex: 2 },
    ]);
  });
});

describe("fieldLabel", () => {
  it("key for load/value/meta, 'request <key>', metric with statistic or '(per request)' and the unit in parentheses", () => {
    expect(fieldLabel({ kind: "load", key: "requestRate" })).toBe("requestRate");
    expect(fieldLabel({ kind: "value", key: "rps" })).toBe("rps");
    expect(fieldLabel({ kind: "meta", key: "gpu" })).toBe("gpu");
    expect(fieldLabel({ kind: "request", key: "start", unit: "ms" })).toBe("request start");
    expect(fieldLabel(metric("ttft", "p99", "s"))).toBe("ttft p99 (s)");
    expect(fieldLabel(metric("itl", "p50", null))).toBe("itl p50");
    expect(fieldLabel(metric("e2e", null, "ms"))).toBe("e2e (per request) (ms)");
    expect(fieldLabel(metric("tpot", null, null))).toBe("tpot (per request)");
  });
});
