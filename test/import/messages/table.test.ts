/**
 * Importer messages as problems (docs/problems.md) for the generic tables, per-request records,
 * the Markdown report, llm-load-test and NVIDIA GenAI-Perf/AIPerf: every issue and every sweep
 * note these importers write carries the problem its English was rendered from, and the Chinese
 * comes from the code (the literal texts below are what the old sentence table gave).
 */
import { readdirSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { fixture, words } from "../helpers";
import { englishOf, type Problem } from "../../../src/engine/base/problems";
import { detectFormat, importFiles, makeInputFile } from "../../../src/import/index";
import { FORMATS } from "../../../src/import/formats/index";
import { renderProblem } from "../../../src/report/messages";
import type {
  FileImportResult,
  FormatImporter,
  ImportIssue,
  InputFile,
} from "../../../src/import/types";
import { parseNvCsv } from "../../../src/import/formats/nv-csv";
import { parseAiperfSweepCsv } from "../../../src/import/formats/nv-aiperf-sweep";
import { llmLoadTestMessages } from "../../../src/import/formats/llm-load-test-messages";
import { markdownMessages } from "../../../src/import/formats/markdown-report-messages";
import { nvMessages } from "../../../src/import/formats/nv-messages";
import { tableMessages } from "../../../src/import/messages/table";

/** {@link parseNvCsv} as a file result. */
function parseNvCsvResult(file: InputFile): FileImportResult {
  const r = parseNvCsv(file);
  return r.ok ? { ok: true, value: { sweeps: [], warnings: [] } } : r;
}

const ROOT = join(__dirname, "../../..");
/** The importers of this family (ids of src/import/formats/*). */
const OURS = new Set(words("csv|jsonl-records|markdown-report|llm-load-test|genai-perf|aiperf"));
const importer = (id: string): FormatImporter => FORMATS.find((f) => f.id === id)!;

/** Every data file under `dir` (READMEs, source sidecars and generator scripts left out). */
function filesUnder(dir: string): string[] {
  const data = (e: string) => !/\.(md|txt|py|mjs)$/.test(e) || /^report-(en|zh)\.md$/.test(e);
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => data(basename(f)) && statSync(join(ROOT, dir, f)).isFile())
    .sort()
    .map((f) => join(dir, f));
}

/** Check that every issue and note of a parse carries its problem; returns the codes seen. */
function checkResult(r: FileImportResult, where: string, codes: Set<string>): void {
  const issues: ImportIssue[] = r.ok ? r.value.warnings : r.errors;
  for (const i of issues) {
    expect(i.problem, `${where}: issue without a problem: ${i.message}`).toBeDefined();
    expect(englishOf(i.problem!), where).toBe(i.message);
    // A code of its own, not the `text` bridge of a sentence the old table translated.
    expect(i.problem!.code, `${where}: ${i.message}`).not.toBe("text");
    codes.add(i.problem!.code);
  }
  if (!r.ok) return;
  for (const s of r.value.sweeps) {
    const problems = s.problems ?? [];
    const english = problems.map((p) => englishOf(p));
    expect(english, `${where}: sweep notes`).toEqual(s.warnings);
    for (const p of problems) {
      expect(p.code, `${where}: ${englishOf(p)}`).not.toBe("text");
      codes.add(p.code);
    }
  }
}

/** Parse `file` with the importer detection picks (or `id`), when it is one of ours. */
function parseOurs(file: InputFile, id?: string): FileImportResult | null {
  const imp = id ? importer(id) : detectFormat(file);
  if (!imp || !OURS.has(imp.id)) return null;
  return imp.parse(file, {});
}

const zh = (p: Problem<object> | undefined) => renderProblem(p!, "zh");

describe("every message of the table and NVIDIA importers is a problem", () => {
  it("holds for every fixture of these formats and every malformed fixture", () => {
    const codes = new Set<string>();
    const dirs = words("generic|per-request|malformed|llm-load-test|genai-perf|aiperf|seed");
    let parsed = 0;
    for (const dir of dirs) {
      for (const path of filesUnder(`fixtures/${dir}`)) {
        const file = makeInputFile(path, fixture(relative("fixtures", path)));
        let r = parseOurs(file);
        // A malformed table no importer claims is read as `--format csv` would read it.
        if (!r && dir === "malformed" && /\.(csv|tsv)$/.test(path) && file.text.length)
          r = parseOurs(file, "csv");
        if (!r) continue;
        parsed++;
        checkResult(r, path, codes);
      }
    }
    // 11 generic + 1 per-request + 12 malformed tables + 2 llm-load-test + 9 GenAI-Perf + 8 AIPerf + 2 reports.
    expect(parsed).toBe(45);
    // Notes and errors met on the way, each from a catalogue of this family.
    const met = "nv.aggregatedRecords|nv.missingTtftRow|table.aggregated|table.numberFound|";
    const more = "table.positiveFound|table.nonNegativeFound|markdown.tablesSkipped";
    expect([...codes].sort()).toEqual(expect.arrayContaining(words(met + more)));
  });

  it("keeps the problems of the parts through the import pipeline (Sweep.problems)", () => {
    const name = "fixtures/generic/bom-crlf.csv";
    const r = importFiles([{ name, text: fixture("generic/bom-crlf.csv") }]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = r.sweeps[0]!;
    const english = (s.problems ?? []).map((p) => englishOf(p));
    for (const w of s.warnings) expect(english.includes(w), w).toBe(true);
  });
});

/** An AIPerf per-request record line, and one with a TTFT of 1 ms. */
const rec = (phase: string, metrics: Record<string, unknown>) =>
  JSON.stringify({
    metadata: { request_start_ns: 1e18, request_end_ns: 1e18 + 1e9, benchmark_phase: phase },
    metrics,
    error: null,
  });
const BAD_LATENCY = { request_latency: { value: "x", unit: "ms" } };
const ttftRec = (phase: string) => rec(phase, { time_to_first_token: { value: 1, unit: "ms" } });
const GP = "Metric,avg,min,max,p99,p95,p90,p75,p50,p25\n";
const AP = "Metric,avg,min,max,p1,p5,p10,p25,p50,p75,p90,p95,p99,std\n";
const row10 = (label: string, v: string) => `${label},${Array(9).fill(v).join(",")}\n`;
const TTFT_ABC = row10("Time To First Token (ms)", "abc");
const LAT5 = row10("Request Latency (ms)", "5");
const sweepJson = (metrics: unknown[]) =>
  JSON.stringify({ aggregation_type: "sweep", per_combination_metrics: metrics });
/** An AIPerf sweep aggregate of one level whose request throughput is `mean` ± `std`. */
const sweepOf = (mean: unknown, std: number) =>
  sweepJson([
    { parameters: { concurrency: 1 }, metrics: { request_throughput_avg: { mean, std } } },
  ]);
/** A GenAI-Perf / AIPerf JSON export (`stat(unit, avg)` is one metric of it). */
const json = (o: object) => JSON.stringify(o);
const stat = (unit: string, avg: unknown) => ({ unit, avg });
const AI = { schema_version: "1.3" };
const TTFT1 = { time_to_first_token: stat("ms", 1) };
const ITL1 = { inter_token_latency: stat("ms", 1) };
const lat = (avg: number) => ({ request_latency: stat("ms", avg) });
const osl = (avg: number) => ({ output_sequence_length: stat("tokens", avg) });
const rt = (avg: number) => ({ request_throughput: stat("requests/sec", avg) });
const SESSION = { stimulus: { session_concurrency: 4 } };
const MODEL = { input_config: { model: ["m"] } };
/** An llm-load-test output with `rest` after its empty results and config. */
const llm = (rest = "") => `{"results":[],"config":{}${rest}}`;
const MD = "## A\n\n| 并发 | RPS |\n|---|---|\n| 1 | 2 |\n\n| a | b |\n|---|---|\n| x | y |\n";
const MD_NONE = "| a | b |\n|---|---|\n| x | y |\n";
const CUT =
  "users,throughput,latency p99,first token p50,ttft_ms,TTFT P50 (ms),P50 TTFT\n8,300,900,40,5,6,6\n16,900,1000,50,5,6,6\n,1,1,1,1,1,1\n2,1,1,1,1,1,1.";
const REQ_TIMES =
  "concurrency,ttft_ms,e2e_ms,start,end,request_id\n1,5,50,1700000000,1700000000,a\n1,6,60,1700000000,1700000000,b\n";
const ITL_TPOT =
  '{"concurrency":1,"itl_ms":[1,2],"tpot_ms":3,"ttft_ms":4,"request_id":"a"}\n{"concurrency":1,"itl_ms":[2,3],"tpot_ms":3,"ttft_ms":5,"request_id":"b"}\n';

/** Inputs that reach every message of the family: [file name, text, importer id (else detected)]. */
const CASES: [string, string, string?][] = [
  // Aggregate tables.
  ["cells.csv", "concurrency,P99 TTFT (ms),rps\n1,fast,0\n2,-1,3\n", "csv"],
  ["nometric.csv", "concurrency,foo\n1,2\n", "csv"],
  ["columns.csv", CUT, "csv"],
  ["norows.csv", "concurrency,P99 TTFT (ms)\n,5\n", "csv"],
  ["share.csv", "concurrency,P99 TTFT (ms),error rate\n1,5,2\n", "csv"],
  // Per-request tables.
  ["req-bad.csv", "concurrency,request_rate,ttft,e2e_ms,request_id\n-1,x,abc,-5,a\n", "csv"],
  ["req-nolat.csv", "concurrency,request_id,input_tokens\n1,a,5\n", "csv"],
  ["req-noload.csv", "request_id,ttft_ms\n1,5\n", "csv"],
  ["req-none.csv", "concurrency,ttft_ms,request_id\n", "csv"],
  ["req-times.csv", REQ_TIMES, "csv"],
  ["req-itl.csv", "concurrency,itl_ms,e2e_ms,request_id\n1,5,50,a\n1,6,60,b\n", "csv"],
  ["req-itl-tpot.jsonl", ITL_TPOT, "jsonl-records"],
  ["lines.jsonl", '{"concurrency":1,"ttft_p99_ms":5}\n[1]\n', "jsonl-records"],
  ["lines-bad.jsonl", '{"concurrency":1,"ttft_p99_ms":5}\n{"concurrency":\n', "jsonl-records"],
  ["array.json", '[{"concurrency":1,"ttft_p99_ms":5},3]', "jsonl-records"],
  // Markdown report.
  ["r.md", MD, "markdown-report"],
  ["none.md", MD_NONE, "markdown-report"],
  // llm-load-test.
  ["llm-array.json", "[1]", "llm-load-test"],
  ["llm-nosummary.json", llm(), "llm-load-test"],
  ["llm-bad.json", llm(',"summary":{"ttft":5,"total_requests":"x"}'), "llm-load-test"],
  ["llm-nolat.json", llm(',"summary":{"throughput":5}'), "llm-load-test"],
  ["llm-nostream.json", llm(',"summary":{"response_time":{"mean":5}}'), "llm-load-test"],
  // GenAI-Perf and AIPerf CSV.
  ["g-cells.csv", `${GP}${TTFT_ABC}\nMetric,Value\nRequest Throughput (per sec),x\n`],
  ["g-nolat.csv", `${GP}${row10("Output Sequence Length (tokens)", "5")}`],
  ["g-nottft.csv", `${GP}${LAT5}`],
  ["g-streaming.csv", `${GP}${row10("Inter Token Latency (ms)", "5")}${LAT5}`],
  ["a-nolat.csv", `${AP}Output Sequence Length (tokens),5,5,5,5,5,5,5,5,5,5,5,5,0\n`],
  // GenAI-Perf and AIPerf JSON.
  ["g-nolat.json", json({ ...osl(5), ...rt(3), ...MODEL })],
  ["g-bad.json", json({ time_to_first_token: stat("ms", "x"), ...lat(1), ...MODEL })],
  ["g-session.json", json({ ...TTFT1, ...lat(2), input_config: { perf_analyzer: SESSION } })],
  ["g-other.json", '{"a":1}', "genai-perf"],
  ["a-nottft.json", json({ ...AI, ...ITL1, ...lat(2) })],
  ["a-nolat.json", json({ ...AI, ...osl(1), ...rt(2) })],
  ["a-cancel.json", json({ ...AI, ...TTFT1, ...lat(2), was_cancelled: true })],
  ["a-other.json", '{"a":1}', "aiperf"],
  // AIPerf records and sweep aggregates.
  ["recs.jsonl", `${ttftRec("profiling")}\n{"x":1}\n${rec("profiling", BAD_LATENCY)}\n`],
  ["recs-warm.jsonl", `${ttftRec("warmup")}\n`],
  ["recs-ok.jsonl", `${ttftRec("warmup")}\n${ttftRec("profiling")}\n`],
  ["sweep-bad.json", sweepOf("x", 0)],
  ["sweep-empty.json", sweepJson([])],
  ["sweep-trials.json", sweepOf(2, 0.1)],
];

describe("every code of the family is reached by some input", () => {
  it("covers table.*, markdown.*, llmLoadTest.* and nv.* with problems whose English is the message", () => {
    const codes = new Set<string>();
    for (const [name, text, id] of CASES) {
      const r = parseOurs(makeInputFile(name, text), id);
      expect(r, `${name}: no importer of this family`).not.toBeNull();
      checkResult(r!, name, codes);
    }
    // Paths no detected file reaches: the CSV parsers called on a file without a statistics table
    // or empty, and a `[`-led file whose JSON is not an array (detection rules it out).
    const noTable = makeInputFile("v.csv", "Metric,Value\nRequest Count,5\n");
    checkResult({ ...parseNvCsvResult(noTable) }, "nv csv", codes);
    checkResult(parseAiperfSweepCsv(makeInputFile("s.csv", "")), "sweep csv", codes);
    const notArray: InputFile = {
      ...makeInputFile("x.json", "[]"),
      json: () => ({ ok: true, value: {} }),
    };
    checkResult(importer("jsonl-records").parse(notArray, {}), "not an array", codes);
    const all = [tableMessages, markdownMessages, llmLoadTestMessages, nvMessages].flatMap((c) =>
      Object.keys(c.defs).map((k) => `${c.domain}.${k}`),
    );
    expect(all.filter((c) => !codes.has(c))).toEqual([]);
  });
});

describe("Chinese of the family's messages", () => {
  /** The first problem of a parse: its first error (with its message), else its first note. */
  const first = (name: string, text: string, id?: string) => {
    const r = parseOurs(makeInputFile(name, text), id)!;
    if (r.ok) return [undefined, r.value.sweeps[0]!.problems![0]!] as const;
    return [r.errors[0]!.message, r.errors[0]!.problem!] as const;
  };
  // biome-ignore format: a case table, one row a line
  it.each([
    ["t.csv", "concurrency,P99 TTFT (ms),foo\n1,fast,2\n", "csv", 'expected a number, found "fast"', '应为数字，实际为 "fast"'],
    ["t.csv", "model,P99 TTFT (ms),rps\nm,5,2\n", "csv", "no load column (concurrency, request rate, 并发…) among the 3 columns of the header", "表头的 3 列中没有负载列（并发、请求速率…）"],
    ["r.md", MD_NONE, "markdown-report", "no Markdown table with a load column (并发/Concurrency) and a metric column", "没有含负载列（并发/Concurrency）和指标列的 Markdown 表格"],
    ["o.json", llm(), "llm-load-test", "the file has no summary object", "文件中没有 summary 对象"],
    ["run/output-004.json", llm(',"summary":{"response_time":{"mean":5}}'), "llm-load-test", "run/output-004.json: non-streaming run: TTFT and ITL are unknown", "run/output-004.json: 非流式运行：TTFT 和 ITL 未知"],
    ["g.csv", `${GP}${TTFT_ABC}`, undefined, '"Time To First Token (ms)" avg: "abc" is not a number', '"Time To First Token (ms)" avg："abc" 不是数字'],
    ["a/g.csv", `${GP}${LAT5}`, undefined, "a/g.csv: no Time To First Token row (non-streaming run): TTFT and ITL/TPOT are unknown", "a/g.csv: 没有 Time To First Token 行（非流式运行）：TTFT 和 ITL/TPOT 未知"],
    ["p/profile_export.jsonl", `${ttftRec("profiling")}\n`, undefined, "p/profile_export.jsonl: aggregated from per-request records (exact percentiles); rps and tokens/s use the span from the first request start to the last response", "p/profile_export.jsonl: 由逐请求记录聚合（百分位为精确值）；rps 和 tokens/s 按从第一个请求开始到最后一个响应的时间跨度计算"],
    ["s/sweep.json", sweepOf(2, 0.1), undefined, "s/sweep.json: values are means over several trials per level", "s/sweep.json: 数值为每个负载档位多次试验的平均值"],
    ["a.json", json({ ...AI, ...ITL1, ...lat(2) }), undefined, "missing time_to_first_token although inter_token_latency is present (streaming run)", "缺少 time_to_first_token，但有 inter_token_latency（流式运行）"],
  ])("%s (%#): the first error or note in English and Chinese", (name, text, id, en, zhText) => {
    const [message, p] = first(name, text, id);
    expect([englishOf(p), zh(p)]).toEqual([en, zhText]);
    // The table and Markdown cases (csv, markdown-report) fail; their message is the English too.
    if (id === "csv" || id === "markdown-report") expect(message).toBe(en);
    else if (message !== undefined) expect(message).toBe(en);
  });

  it("a GenAI-Perf table with streaming rows but no TTFT row, in Chinese", () => {
    const path = "genai-perf/malformed/missing-ttft_profile_export_genai_perf.csv";
    const [message, p] = first("m.csv", fixture(path));
    expect(message).toBeDefined();
    expect(zh(p)).toMatch(
      /^缺少 "Time To First Token \(ms\)" 行：统计表有流式相关行（.+），但没有 Time To First Token 行$/,
    );
  });

  it.each([
    [
      "t.csv",
      "concurrency,ttft p99,foo\n1,5,x\n,6,y\n2,7",
      "csv",
      0,
      [
        'columns ignored (not recognised or not used here): "foo"',
        'unit of column "ttft p99" not stated: assumed ms',
        "1 row(s) without a load value were skipped",
        "line 4 (the last line) looks cut off: 2 of 3 cells, and the file does not end with a line break; check that the file was written completely",
      ],
      [
        '已忽略的列（无法识别或此处不用）："foo"',
        '列 "ttft p99" 未注明单位：按 ms 处理',
        "跳过了 1 行没有负载值的数据",
        "第 4 行（最后一行）似乎被截断：只有 2/3 个单元格，且文件不以换行结尾；请确认文件已完整写入",
      ],
      words("table.columnsIgnored|table.unitAssumedMs|table.rowsSkipped|table.cutOff"),
    ],
    [
      "req.csv",
      "concurrency,ttft_ms,e2e_ms,request_id\n2,10,100,a\n2,12,120,b\n2,11,110,c\n",
      "csv",
      0,
      [
        "aggregated 3 per-request rows into 1 load level(s) with exact percentiles (numpy linear)",
        "no start/end timestamps: rps and tokens/s estimated by Little's law as concurrency ÷ mean e2e latency",
      ],
      [
        "已将 3 行逐请求数据聚合为 1 个负载档位，百分位为精确值（numpy linear）",
        "没有开始/结束时间戳：rps 和 tokens/s 按利特尔法则估算（并发 ÷ 平均 e2e 延迟）",
      ],
      null,
    ],
    [
      "r.md",
      MD,
      "markdown-report",
      -1,
      ["1 other table(s) without load and metric columns were skipped"],
      ["跳过了另外 1 个没有负载列和指标列的表"],
      null,
    ],
  ] as [string, string, string, number, string[], string[], string[] | null][])(
    "%s: the sweep notes (from index %i) in English and Chinese",
    (name, text, id, from, en, zhTexts, codes) => {
      const r = parseOurs(makeInputFile(name, text), id)!;
      if (!r.ok) throw new Error(r.errors[0]!.message);
      const notes = r.value.sweeps[0]!.problems!.slice(from);
      expect(notes.map((p) => englishOf(p))).toEqual(en);
      expect(notes.map(zh)).toEqual(zhTexts);
      // The file-level issues carry the same problems.
      if (codes) expect(r.value.warnings.map((i) => i.problem!.code)).toEqual(codes);
    },
  );
});
