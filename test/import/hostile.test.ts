/**
 * Bad days and hostile files (docs/import.md): corrupt files in folders, limits on lines and
 * columns, files that are not recognised (never echoed), line endings, encodings, cut-off rows,
 * numbers out of range, and the one rule for which files of a folder are read.
 */
import { describe, expect, it } from "vitest";
import { importOk, importErrors, words, fixture } from "./helpers";
import {
  decodeBytes,
  formatIssue,
  importFiles,
  importNotes,
  MAX_COLUMNS,
  MAX_LINE_CHARS,
} from "../../src/import/index";

const SWEEP = "vllm/concurrency-sweep-h100/";
const FILES = words(
  "vllm-infqps-concurrency1-Llama-3.1-8B-Instruct-20250612-100105.json|" +
    "vllm-infqps-concurrency4-Llama-3.1-8B-Instruct-20250612-100342.json|" +
    "vllm-infqps-concurrency16-Llama-3.1-8B-Instruct-20250612-100829.json|" +
    "vllm-infqps-concurrency64-Llama-3.1-8B-Instruct-20250612-101446.json",
);
const GOOD_CSV =
  "concurrency,rps,output_tokens_per_sec,p99_ttft_ms\n1,0.52,55.1,61\n8,3.9,410.2,54.8\n";

describe("a corrupt file inside an imported folder", () => {
  it("is a file error with line and column, and the sweep says it lacks that load level", () => {
    const inputs = FILES.map((f) => ({
      name: `run/${f}`,
      text: fixture(SWEEP + f),
      optional: true,
    }));
    inputs[2]!.text = inputs[2]!.text.slice(0, 300); // cut off mid-write
    const r = importFiles(inputs);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.sweeps[0]!.points.map((p) => p.concurrency)).toEqual([1, 4, 64]);
    const at = { file: `run/${FILES[2]}`, line: 1, column: 301 };
    expect(r.fileErrors).toEqual([expect.objectContaining({ ...at, code: "json-syntax" })]);
    expect(r.sweeps[0]!.warnings[0]).toMatch(
      /^run\/vllm-infqps-concurrency16-.*\.json:1:301 could not be imported \(invalid JSON: .*\): this sweep lacks its load level \(concurrency 16, by its path\)$/,
    );
    // not folded into the "skipped" notes
    expect(r.warnings.some((w) => w.file === `run/${FILES[2]}`)).toBe(false);
    expect(importNotes(r)[0]!.text).toContain("could not be imported");
    // … and records it as data on the sweep, which the app's plan keeps (trust state "dropped").
    const { message: reason, problem } = r.fileErrors[0]!;
    expect(r.sweeps[0]!.dropped).toEqual([{ ...at, reason, problem }]);
    // … with the reason as a problem, to show it in Chinese too
    expect(r.sweeps[0]!.dropped![0]!.problem?.code).toBe("import.invalidJson");
  });

  it("an empty results file in a folder is a file error too; a binary one is skipped with a note", () => {
    const r = importFiles([
      { name: "d/a.csv", text: GOOD_CSV, optional: true },
      { name: "d/b.json", text: "", optional: true },
      { name: "d/c.bin", text: "\u0000\u0001\u0002", optional: true },
    ]);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.fileErrors.map((e) => [e.file, e.code])).toEqual([["d/b.json", "empty"]]);
    expect(r.warnings.find((w) => w.file === "d/c.bin")?.code).toBe("skipped");
  });
});

describe("limits on text tables", () => {
  it("refuses a line over the limit with file and line, before splitting it into cells", () => {
    const text = "concurrency,rps\n" + "1,".repeat(MAX_LINE_CHARS / 2 + 10) + "\n";
    const errors = importErrors([{ name: "one-line.csv", text }]);
    expect(errors).toEqual([
      expect.objectContaining({ file: "one-line.csv", line: 2, code: "line-too-long" }),
    ]);
  });

  it("refuses a header with more columns than the limit", () => {
    const text = Array.from({ length: MAX_COLUMNS + 1 }, (_, i) => `c${i}`).join(",") + "\n1\n";
    const r = importFiles([{ name: "wide.csv", text }]);
    expect(r.ok ? [] : r.errors).toEqual([
      expect.objectContaining({ file: "wide.csv", line: 1, code: "too-many-columns" }),
    ]);
  });

  it("does not apply the line limit to a one-line JSON document", () => {
    const v = JSON.parse(fixture(SWEEP + FILES[0]!)) as Record<string, unknown>;
    v.padding = "x".repeat(MAX_LINE_CHARS + 10);
    expect(importFiles([{ name: "big.json", text: JSON.stringify(v) }]).ok).toBe(true);
  });
});

describe("a file that is not recognised is described, never quoted", () => {
  const SECRET = "ghp_0123456789abcdefSECRET";
  const cases: [string, string, RegExp][] = [
    [
      ".git-credentials",
      `https://user:${SECRET}@github.com\n`,
      /text of 1 line\(s\) in no known format/,
    ],
    [
      "keys.csv",
      `name,value\nGITHUB_TOKEN,${SECRET}\n`,
      /comma-separated table of 2 column\(s\) .* without a load column .* or a metric column/,
    ],
    [
      "config.json",
      `{"token": "${SECRET}", "user": "a"}`,
      /a JSON object of another shape \(2 top-level key\(s\)/,
    ],
    ["list.json", `["${SECRET}"]`, /a JSON array of 1 element\(s\) \(string\)/],
  ];
  it.each(cases)("%s: says what it looked like", (name, text, shape) => {
    const all = importErrors([{ name, text }]).map(formatIssue).join("\n");
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain("github.com");
    expect(all).toMatch(shape);
  });
});

describe("line endings, encodings, cut-off rows, numbers out of range", () => {
  it("reads CR-only line endings as lines", () => {
    const sweeps = importOk([{ name: "mac.csv", text: GOOD_CSV.replace(/\n/g, "\r") }]);
    expect(sweeps[0]!.points.map((p) => p.concurrency)).toEqual([1, 8]);
  });

  it("decodes UTF-16 by its BOM and Latin-1 when the bytes are not UTF-8, with a note", () => {
    const text = "concurrency,rps,p99_ttft_ms,modèle\n1,0.5,40,café\n8,3.9,55,café\n";
    const le = new Uint8Array(2 + text.length * 2);
    le[0] = 0xff;
    le[1] = 0xfe;
    for (let i = 0; i < text.length; i++) le[2 + 2 * i] = text.charCodeAt(i);
    const be = new Uint8Array(le.length);
    for (let i = 0; i < le.length; i += 2) [be[i], be[i + 1]] = [le[i + 1]!, le[i]!];
    const latin1 = Uint8Array.from(text, (c) => c.charCodeAt(0)); // è, é as single bytes: invalid UTF-8
    const encodings = { "utf-16le": le, "utf-16be": be, "windows-1252": latin1 };
    for (const [enc, bytes] of Object.entries(encodings)) {
      const d = decodeBytes(bytes);
      expect(d.encoding).toBe(enc);
      expect(d.text.replace(/^\uFEFF/, "")).toBe(text);
      const r = importFiles([{ name: "x.csv", text: d.text, encoding: d.encoding }]);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      expect(r.sweeps[0]!.points).toHaveLength(2);
      expect(r.warnings.some((w) => w.code === "encoding")).toBe(true);
    }
    expect(decodeBytes(new TextEncoder().encode("a,b")).encoding).toBe("utf-8");
  });

  it("warns about a cut-off last CSV row, naming the line", () => {
    const text = "concurrency,rps,output_tokens_per_sec\n1,0.5,55\n32,8.71,1114.";
    const r = importFiles([{ name: "cut.csv", text }]);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const cut = r.warnings.find((w) => w.code === "cut-off");
    expect(cut).toMatchObject({ file: "cut.csv", line: 3 });
    expect(r.sweeps[0]!.warnings.join("\n")).toContain("line 3 (the last line) looks cut off");
  });
});
