/**
 * Importer messages as problems (docs/problems.md) for the generic tables, per-request records,
 * the Markdown report, llm-load-test and NVIDIA GenAI-Perf/AIPerf: every issue and every sweep
 * note these importers write carries the problem its English was rendered from, and the Chinese
 * comes from the code (the literal texts below are what the old sentence table gave).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { englishOf, type Problem } from "../../src/engine/problems";
import { detectFormat, importFiles, makeInputFile } from "../../src/import/index";
import { FORMATS } from "../../src/import/formats/index";
import { renderProblem } from "../../src/report/messages";
import type { FileImportResult, FormatImporter, ImportIssue, InputFile } from "../../src/import/types";

const ROOT = join(__dirname, "../..");
/** The importers of this family (ids of src/import/formats/*). */
const OURS = new Set(["csv", "jsonl-records", "markdown-report", "llm-load-test", "genai-perf", "aiperf"]);
const importer = (id: string): FormatImporter => FORMATS.find(f => f.id === id)!;

/** Every data file under `dir` (READMEs, source sidecars and generator scripts left out). */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (!/\.(md|txt|py|mjs)$/.test(e) || /^report-(en|zh)\.md$/.test(e)) out.push(relative(ROOT, p));
    }
  };
  walk(join(ROOT, dir));
  return out;
}

/** Check that every issue and note of a parse carries its problem; returns the codes seen. */
function checkResult(r: FileImportResult, where: string, codes: Set<string>): void {
  const issues: ImportIssue[] = r.ok ? r.value.warnings : r.errors;
  for (const i of issues) {
    expect(i.problem, `${where}: issue without a problem: ${i.message}`).toBeDefined();
    expect(englishOf(i.problem!), where).toBe(i.message);
    codes.add(i.problem!.code);
  }
  if (!r.ok) return;
  for (const s of r.value.sweeps) {
    const problems = s.problems ?? [];
    expect(problems.map(p => englishOf(p)), `${where}: sweep notes`).toEqual(s.warnings);
    for (const p of problems) codes.add(p.code);
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
    const dirs = ["fixtures/generic", "fixtures/per-request", "fixtures/malformed", "fixtures/llm-load-test", "fixtures/genai-perf", "fixtures/aiperf", "fixtures/seed"];
    let parsed = 0;
    for (const dir of dirs) {
      for (const path of filesUnder(dir)) {
        const file = makeInputFile(path, readFileSync(join(ROOT, path), "utf8"));
        let r = parseOurs(file);
        // A malformed table no importer claims is read as `--format csv` would read it.
        if (!r && dir === "fixtures/malformed" && /\.(csv|tsv)$/.test(path) && file.text.length) r = parseOurs(file, "csv");
        if (!r) continue;
        parsed++;
        checkResult(r, path, codes);
      }
    }
    // 11 generic + 1 per-request + 12 malformed tables + 2 llm-load-test + 9 GenAI-Perf + 8 AIPerf + 2 reports.
    expect(parsed).toBe(45);
    // Notes and errors met on the way, each from a catalogue of this family.
    expect([...codes].sort()).toEqual(
      expect.arrayContaining(["nv.aggregatedRecords", "nv.missingTtftRow", "table.aggregated", "table.numberFound", "table.positiveFound", "table.nonNegativeFound", "markdown.tablesSkipped"]),
    );
  });

  it("keeps the problems of the parts through the import pipeline (Sweep.problems)", () => {
    const r = importFiles([{ name: "fixtures/generic/bom-crlf.csv", text: readFileSync(join(ROOT, "fixtures/generic/bom-crlf.csv"), "utf8") }]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = r.sweeps[0]!;
    for (const w of s.warnings) expect(s.problems?.some(p => englishOf(p) === w), w).toBe(true);
  });
});

describe("Chinese of the table messages (table.*, markdown.*)", () => {
  it("renders cell, column and per-request notes from their codes", () => {
    const csv = (text: string) => parseOurs(makeInputFile("t.csv", text), "csv")!;
    const bad = csv("concurrency,P99 TTFT (ms),foo\n1,fast,2\n");
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors[0]!.message).toBe('expected a number, found "fast"');
    expect(zh(bad.errors[0]!.problem)).toBe('应为数字，实际为 "fast"');

    const noLoad = csv("model,P99 TTFT (ms),rps\nm,5,2\n");
    if (noLoad.ok) throw new Error("should fail");
    expect(noLoad.errors[0]!.message).toBe("no load column (concurrency, request rate, 并发…) among the 3 columns of the header");
    expect(zh(noLoad.errors[0]!.problem)).toBe("表头的 3 列中没有负载列（并发、请求速率…）");

    const ok = csv("concurrency,ttft p99,foo\n1,5,x\n,6,y\n2,7");
    if (!ok.ok) throw new Error(ok.errors[0]!.message);
    const notes = ok.value.sweeps[0]!.problems!;
    expect(notes.map(p => englishOf(p))).toEqual([
      'columns ignored (not recognised or not used here): "foo"',
      'unit of column "ttft p99" not stated: assumed ms',
      "1 row(s) without a load value were skipped",
      'line 4 (the last line) looks cut off: 2 of 3 cells, and the file does not end with a line break; check that the file was written completely',
    ]);
    expect(notes.map(zh)).toEqual([
      '已忽略的列（无法识别或此处不用）："foo"',
      '列 "ttft p99" 未注明单位：按 ms 处理',
      "跳过了 1 行没有负载值的数据",
      "第 4 行（最后一行）似乎被截断：只有 2/3 个单元格，且文件不以换行结尾；请确认文件已完整写入",
    ]);
    // The file-level issues carry the same problems.
    expect(ok.value.warnings.map(i => i.problem!.code)).toEqual(["table.columnsIgnored", "table.unitAssumedMs", "table.rowsSkipped", "table.cutOff"]);
  });

  it("renders the per-request aggregation notes", () => {
    const r = parseOurs(makeInputFile("req.csv", "concurrency,ttft_ms,e2e_ms,request_id\n2,10,100,a\n2,12,120,b\n2,11,110,c\n"), "csv")!;
    if (!r.ok) throw new Error(r.errors[0]!.message);
    const notes = r.value.sweeps[0]!.problems!;
    expect(notes.map(p => englishOf(p))).toEqual([
      "aggregated 3 per-request rows into 1 load level(s) with exact percentiles (numpy linear)",
      "no start/end timestamps: rps and tokens/s estimated by Little's law as concurrency ÷ mean e2e latency",
    ]);
    expect(notes.map(zh)).toEqual([
      "已将 3 行逐请求数据聚合为 1 个负载档位，百分位为精确值（numpy linear）",
      "没有开始/结束时间戳：rps 和 tokens/s 按利特尔法则估算（并发 ÷ 平均 e2e 延迟）",
    ]);
  });

  it("renders the Markdown report's notes", () => {
    const md = "## A\n\n| 并发 | RPS |\n|---|---|\n| 1 | 2 |\n\n| a | b |\n|---|---|\n| x | y |\n";
    const r = parseOurs(makeInputFile("r.md", md), "markdown-report")!;
    if (!r.ok) throw new Error(r.errors[0]!.message);
    const p = r.value.sweeps[0]!.problems!.at(-1)!;
    expect(englishOf(p)).toBe("1 other table(s) without load and metric columns were skipped");
    expect(zh(p)).toBe("跳过了另外 1 个没有负载列和指标列的表");
    const none = parseOurs(makeInputFile("r.md", "| a | b |\n|---|---|\n| x | y |\n"), "markdown-report")!;
    if (none.ok) throw new Error("should fail");
    expect(none.errors[0]!.message).toBe("no Markdown table with a load column (并发/Concurrency) and a metric column");
    expect(zh(none.errors[0]!.problem)).toBe("没有含负载列（并发/Concurrency）和指标列的 Markdown 表格");
  });
});
