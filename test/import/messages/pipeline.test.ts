/**
 * The import pipeline's messages are problems (docs/problems.md, code `import.*` and
 * `importShape.*`): every issue and sweep note the pipeline writes carries the problem its English
 * was rendered from, and renders in Chinese from its code.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { words, fixture } from "../helpers";
import { readInputs } from "../../../src/cli/io";
import { englishOf, type Problem } from "../../../src/engine/base/problems";
import type { Sweep } from "../../../src/engine/base/types";
import { importFiles, type ImportInput, type ImportIssue } from "../../../src/import/index";
import { importNotes } from "../../../src/import/notes";
import { shown, shownZh } from "../../../src/import/show";
import { localizeNote, renderProblem } from "../../../src/report/messages";

const C16 =
  "vllm/concurrency-sweep-h100/vllm-infqps-concurrency16-Llama-3.1-8B-Instruct-20250612-100829.json";

const ROOT = join(__dirname, "..", "..", "..");
const CJK = /[\u4e00-\u9fff]/;

/** Issue codes only the pipeline writes (importers write `skipped` and `no-points` too). */
const PIPELINE_CODES = new Set(
  words(
    "empty|binary|too-large|line-too-long|too-many-columns|no-input|unknown-format|internal|read|" +
      "worker|encoding|out-of-range|json-syntax|repeats|unstable-repeats",
  ),
);
/** Sweep notes the pipeline writes (repeats, unstable repeats, a load read from the path, a lost level). */
const PIPELINE_NOTE =
  /was measured \d+ times|repeated runs differ by more than 10 %|^concurrency read from the file path|could not be imported \(/;
/** Pipeline messages under an importer's codes. */
const PIPELINE_MESSAGE =
  /^(file is empty|file looks binary|file is \d+ MiB|not a recognised benchmark output|no load levels with results were found)/;

/** What importing every fixture gave: the issues of all imports and the sweeps. */
type Seen = { issues: ImportIssue[]; sweeps: Sweep[] };

function run(inputs: ImportInput[], seen: Seen): void {
  const r = importFiles(inputs);
  const issues = r.ok ? [r.warnings, r.fileErrors] : [r.errors, r.fileErrors, r.warnings];
  seen.issues.push(...issues.flatMap((list) => list ?? []));
  seen.sweeps.push(...(r.sweeps ?? []));
}

/** Every fixture folder imported as a folder, and every fixture file on its own (the malformed ones too). */
function importEverything(): Seen {
  const seen: Seen = { issues: [], sweeps: [] };
  const all = readdirSync(join(ROOT, "fixtures"), { recursive: true, encoding: "utf8" }).sort();
  const isDir = (f: string) => statSync(join(ROOT, "fixtures", f)).isDirectory();
  const importEach = (fs: string[]) => {
    for (const f of fs) run(readInputs([`fixtures/${f}`], ROOT), seen);
  };
  importEach(all.filter((f) => !f.includes("/") && isDir(f)));
  importEach(all.filter((f) => !isDir(f) && !/\.(md|py|txt)$/.test(f)));
  return seen;
}

const zh = (p: Problem<object> | undefined) => (p ? renderProblem(p, "zh") : "");
/** The result of an import that must succeed. */
const importedOk = (...args: Parameters<typeof importFiles>) => {
  const r = importFiles(...args);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r;
};
/** An input file of a folder (skipped when no importer knows it). */
const opt = (name: string, text: string): ImportInput => ({ name, text, optional: true });
const c16 = () => JSON.parse(fixture(C16)) as Record<string, number>;
const ARTIFACTS = "fixtures/aiperf/synthetic/artifacts";
const PATH_LOAD = [
  "concurrency read from the file path (the file's content does not record it)",
  "并发取自文件路径（文件内容中没有记录）",
];
const en = (p: Problem<object> | undefined) => (p ? renderProblem(p, "en") : "");

describe("import pipeline messages over every fixture", () => {
  const seen = importEverything();

  it("every issue (the pipeline's and every importer's) has a problem whose English is its message, and renders in Chinese", () => {
    const ours = (i: ImportIssue) => PIPELINE_CODES.has(i.code) || PIPELINE_MESSAGE.test(i.message);
    const mine = seen.issues.filter(ours);
    // json-syntax, unknown-format, empty, binary, repeats, unstable-repeats, skipped… all occur in the fixtures
    expect(new Set(mine.map((i) => i.code)).size).toBeGreaterThanOrEqual(6);
    const wrong = mine.filter(
      (i) => !i.problem || englishOf(i.problem) !== i.message || en(i.problem) !== i.message,
    );
    expect(wrong.map((i) => `${i.code}: ${i.message}`)).toEqual([]);
    expect(seen.issues.length).toBeGreaterThan(50);
    const without = seen.issues.filter((i) => !i.problem || englishOf(i.problem) !== i.message);
    expect(without.map((i) => `${i.code}: ${i.message}`)).toEqual([]);
    const english = seen.issues.filter((i) => i.problem && !CJK.test(zh(i.problem)));
    expect(english.map((i) => `${i.problem!.code}: ${i.message}`)).toEqual([]);
  });

  it("every note of every sweep (the pipeline's among them) has its problem in sweep.problems", () => {
    const without = seen.sweeps.flatMap((s) => {
      const english = new Set((s.problems ?? []).map((p) => englishOf(p)));
      return s.warnings.filter((w) => !english.has(w));
    });
    expect(without).toEqual([]);
    // …each in Chinese from its code (none is an English sentence wrapped as a `text` problem)
    const problems = seen.sweeps.flatMap((s) => s.problems ?? []);
    expect(
      problems.filter((p) => p.code === "text" || !CJK.test(zh(p))).map((p) => englishOf(p)),
    ).toEqual([]);
    expect(seen.issues.filter((i) => i.problem?.code === "text").map((i) => i.message)).toEqual([]);
    let n = 0;
    for (const s of seen.sweeps) {
      const english = new Set((s.problems ?? []).map((p) => englishOf(p)));
      for (const w of s.warnings.filter((w) => PIPELINE_NOTE.test(w))) {
        n++;
        expect(english.has(w), w).toBe(true);
      }
    }
    // the vLLM sweep's repeats (and their instability) and the AIPerf folders' concurrency from the path
    expect(n).toBeGreaterThanOrEqual(3);
  });
});

describe("import.* problems render in English and Chinese", () => {
  const firstError = (name: string, text: string) => {
    const r = importFiles([{ name, text }]);
    return r.ok ? undefined : r.errors[0]!;
  };

  // An unrecognised file says what it looked like, in both languages.
  // biome-ignore format: a case table, one row a line
  it.each([
    ["x.csv", "a,b,c\n1,2,3\n4,5,6\n7,8,9\n", "unrecognised format: a comma-separated table of 3 column(s) and 4 line(s) without a load column (concurrency, request rate, 并发…) or a metric column (RPS, tokens/s, P99 TTFT…); see `capplan formats` for what can be imported", "无法识别的格式：逗号分隔的表格（3 列，4 行），缺少负载列（并发、请求速率…）或指标列（RPS、tokens/s、P99 TTFT…）；可导入的格式见 `capplan formats`"],
    ["x.json", '{"a": 1, "b": 2}', null, "无法识别的格式：其他结构的 JSON 对象（2 个顶层键，都不属于已知格式）；可导入的格式见 `capplan formats`"],
    ["y.json", '[1, "x", 2]', "unrecognised format: a JSON array of 3 element(s) (number, string) that no importer knows; see `capplan formats` for what can be imported", "无法识别的格式：JSON 数组，3 个元素（number, string），没有导入器认识；可导入的格式见 `capplan formats`"],
    ["z.txt", "hello\nworld\n", null, "无法识别的格式：文本（2 行），不属于任何已知格式；可导入的格式见 `capplan formats`"],
  ])("an unrecognised %s", (name, text, message, zhText) => {
    const e = firstError(name, text)!;
    if (message !== null) expect(e.message).toBe(message);
    expect(zh(e.problem)).toBe(zhText);
  });

  it("a broken JSON file names the engine's reason; a number out of range", () => {
    const bad = firstError("r.json", '{"a": 1 "b": 2}')!;
    expect([bad.code, bad.line, bad.column]).toEqual(["json-syntax", 1, 9]);
    expect(bad.message).toBe("invalid JSON: Expected ',' or '}' after property value");
    expect(zh(bad.problem)).toBe("JSON 无效：属性值之后应为 ',' 或 '}'");
    const huge = firstError("h.json", '{"a": 1e999}')!;
    expect([huge.code, huge.message, zh(huge.problem)]).toEqual([
      "out-of-range",
      "number 1e999 is out of range (beyond ±1.8e308)",
      "数字 1e999 超出范围（超过 ±1.8e308）",
    ]);
  });

  it("files of a folder that are skipped, and the flags of the import", () => {
    const skipped = [opt("run/notes.txt", "hello\n"), opt("run/empty.txt", "")];
    const r = importedOk([...skipped, opt("run/c8.csv", "concurrency,rps\n8,2\n")]);
    // biome-ignore format: a case table, one row a line
    expect(r.warnings.map((w) => [w.file, w.code, w.line, w.message, zh(w.problem)])).toEqual([
      ["run/notes.txt", "skipped", undefined, "not a recognised benchmark output; skipped", "不是可识别的压测输出；已跳过"],
      ["run/empty.txt", "skipped", 1, "file is empty; skipped", "文件为空；已跳过"],
    ]);
    const none = importFiles([]);
    expect(!none.ok && zh(none.errors[0]!.problem)).toBe("没有要导入的文件");
    const csv = { name: "a.csv", text: "concurrency,rps\n8,2\n" };
    const fmt = importFiles([csv], { format: "nope" });
    expect(!fmt.ok && [fmt.errors[0]!.message, zh(fmt.errors[0]!.problem)]).toEqual([
      'unknown --format "nope"; see `capplan formats`',
      '未知的 --format "nope"；参见 `capplan formats`',
    ]);
  });

  it("a file that was not UTF-8", () => {
    const read = (encoding: "windows-1252" | "utf-16le") =>
      importFiles([{ name: "a.csv", text: "concurrency,rps\n8,2\n", encoding }]);
    const r = read("windows-1252");
    expect(r.ok && [r.warnings[0]!.message, zh(r.warnings[0]!.problem)]).toEqual([
      "not valid UTF-8: read as Latin-1 (Windows-1252); check names with accents",
      "不是有效的 UTF-8：按 Latin-1（Windows-1252）读取；请核对带重音的名称",
    ]);
    const le = read("utf-16le");
    expect(le.ok && zh(le.warnings[0]!.problem)).toBe("按 UTF-16（小端，依据字节顺序标记）读取");
  });

  it("a load read from the path is a sweep note with its problem, also among importNotes (a sweep's own note, not an issue of a file)", () => {
    const r = importedOk(readInputs([ARTIFACTS], ROOT));
    const { sweeps } = r;
    const p = sweeps[0]!.problems!.find((q) => q.code === "import.pathLoad")!;
    expect(sweeps[0]!.warnings).toContain(englishOf(p));
    expect([englishOf(p), zh(p)]).toEqual(PATH_LOAD);
    const path = importNotes(r).find((n) => n.text === PATH_LOAD[0])!;
    const zhPath = localizeNote(path, "zh");
    expect([path.problem?.code, zhPath]).toEqual(["import.pathLoad", PATH_LOAD[1]]);
  });

  it("repeats and unstable repeats are sweep notes with problems", () => {
    const run = (n: number, p99: number): ImportInput => ({
      name: `run${n}/c16.json`,
      text: JSON.stringify({ ...c16(), mean_ttft_ms: 100, p99_ttft_ms: p99 }),
    });
    const r = importedOk([run(1, 100), run(2, 300)]);
    const notes = (r.sweeps[0]!.problems ?? []).map((p) => [p.code, englishOf(p), zh(p)]);
    expect(notes).toContainEqual([
      "import.repeats",
      "concurrency 16 was measured 2 times (in run1/c16.json, run2/c16.json): repeats, the point holds the median of each statistic",
      "并发 16 测了 2 次（run1/c16.json, run2/c16.json）：视为重复运行，该点取每个统计量的中位数",
    ]);
    expect(notes).toContainEqual([
      "import.unstable",
      "concurrency 16: the 2 repeated runs differ by more than 10 %: ttft p99 100–300 ms (+200 %); the point holds their median (the runs were not stable: warm-up, noisy neighbour?)",
      "并发 16：2 次重复运行相差超过 10 %：ttft p99 100–300 ms (+200 %)；该点取其中位数（运行不稳定：预热不足或有干扰？）",
    ]);
    // the same problems on the issues of the import
    expect(r.warnings.map((w) => w.problem?.code)).toEqual(["import.repeats", "import.unstable"]);
  });

  it("a corrupt file of a folder: the lost level nests the file's own problem", () => {
    const csv = (c: number, rps: number) =>
      opt(`run/c${c}/b.csv`, `concurrency,rps\n${c},${rps}\n`);
    const r = importedOk([opt("run/c4/a.json", '{"oops": '), csv(4, 2), csv(8, 3)]);
    const s = r.sweeps[0]!;
    const lost = s.problems!.find((p) => p.code === "import.lostLevel")!;
    expect([englishOf(lost), zh(lost), s.warnings[0]]).toEqual([
      "run/c4/a.json:1:10 could not be imported (invalid JSON: Unexpected end of JSON input): this sweep lacks its load level (concurrency 4, by its path)",
      "run/c4/a.json:1:10 无法导入（JSON 无效：JSON 意外结束）：该扫描缺少这个负载档位（按路径为并发 4）",
      englishOf(lost),
    ]);
    expect(s.dropped?.map((d) => [d.reason, zh(d.problem)])).toEqual([
      ["invalid JSON: Unexpected end of JSON input", "JSON 无效：JSON 意外结束"],
    ]);
  });

  // biome-ignore format: a case table, one row a line
  it.each([
    ["importerFailed", { importer: "vllm", error: "boom" }, "vllm importer failed: boom", "vllm 导入器出错：boom"],
    ["readFailed", { error: "NotReadableError" }, "could not be read (NotReadableError)", "无法读取（NotReadableError）"],
    ["workerFailed", { error: "x" }, "the import worker failed: x", "导入 worker 出错：x"],
  ])("import.%s (an importer that throws, the read and worker failures)", (key, params, enText, zhText) => {
    const p = { code: `import.${key}`, severity: "error" as const, params };
    expect([en(p), zh(p)]).toEqual([enText, zhText]);
  });
});

describe("importNotes keeps each note's problem", () => {
  it("lists every note once, and each renders in Chinese", () => {
    const text = JSON.stringify(c16());
    const runs = [opt("run1/c16.json", text), opt("run2/c16.json", text)];
    const r = importedOk([...runs, opt("run2/notes.txt", "hello")]);
    const notes = importNotes(r);
    expect(notes.map((n) => n.text)).toEqual([
      "run2/notes.txt: not a recognised benchmark output; skipped",
      "run2/c16.json: concurrency 16 was measured 2 times (in run1/c16.json, run2/c16.json): repeats, the point holds the median of each statistic",
      // the sweep's own note (the vLLM importer's), not repeated from the file issues above
      "GPUs per replica taken as tensor parallel × pipeline parallel from --metadata (1)",
    ]);
    expect(notes.slice(0, 2).map((n) => localizeNote(n, "zh"))).toEqual([
      "run2/notes.txt: 不是可识别的压测输出；已跳过",
      "run2/c16.json: 并发 16 测了 2 次（run1/c16.json, run2/c16.json）：视为重复运行，该点取每个统计量的中位数",
    ]);
    expect(notes.map((n) => localizeNote(n, "en"))).toEqual(notes.map((n) => n.text));
  });
});

describe("shownZh", () => {
  it("keeps quoted strings and numbers, and words the other values in Chinese", () => {
    const values = ["abc", 12.5, Infinity, undefined, {}, [1, 2, 3]];
    const zhTexts = words('"abc"|12.5|超出范围的数（超过 ±1.8e308）|空|对象|3 个元素的数组');
    expect(values.map((v) => shownZh(shown(v)))).toEqual(zhTexts);
  });
});

describe("a sweep merged from many files", () => {
  it("holds each note and its problem once", () => {
    // One AIPerf export copied into six run folders: each file notes that its load is read from its path.
    const dir = "aiperf/synthetic/artifacts/qwen3-4b-openai-chat-concurrency4";
    const text = fixture(`${dir}/profile_export.jsonl`);
    const name = (c: number) => `art/model-concurrency${c}/profile_export.jsonl`;
    const r = importedOk([1, 2, 4, 8, 16, 32].map((c) => ({ name: name(c), text })));
    const s = r.sweeps[0]!;
    const fromPath = s.warnings.filter((w) => w.startsWith("concurrency read from the file path"));
    const pathLoads = s.problems!.filter((p) => p.code === "import.pathLoad");
    expect([s.points.length, fromPath.length, pathLoads.length]).toEqual([6, 1, 1]);
    expect(s.problems!.map((p) => englishOf(p))).toEqual(s.warnings);
  });
});
