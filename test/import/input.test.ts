/** src/import/input.ts: an input file's lenient JSON views and numbers no double can hold. */
import { describe, expect, it } from "vitest";
import { importFiles } from "../../src/import/index";
import { findOutOfRangeNumber, makeInputFile, parseJsonLenient } from "../../src/import/input";
import { fixture } from "./helpers";

const VLLM_C1 =
  "vllm/concurrency-sweep-h100/vllm-infqps-concurrency1-Llama-3.1-8B-Instruct-20250612-100105.json";

describe("findOutOfRangeNumber", () => {
  it.each([
    ['{"a": 1e999}', { offset: 6, literal: "1e999" }],
    ['{"a": "1e999", "b": -2E+400}', { offset: 20, literal: "-2E+400" }],
    ['{"b": "x\\" 1e999", "a": 1e308}', null],
  ])("%s → %j", (text, at) => expect(findOutOfRangeNumber(text)).toEqual(at));
});

describe("parseJsonLenient and makeInputFile", () => {
  it("accept Python's bare NaN and Infinity, strip a BOM, and give the first line", () => {
    const lenient = '\uFEFF{"a": NaN, "b": [Infinity, -Infinity], "c": "NaN"}';
    const r = parseJsonLenient(lenient, "p.json");
    expect(r.ok && r.value).toEqual({ a: Number.NaN, b: [Infinity, -Infinity], c: "NaN" });
    const f = makeInputFile("r.jsonl", '\uFEFFa,b\n\n{"x": 1}\n');
    expect(f.firstLine()).toBe("a,b");
  });

  it("reports 1e999 as out of range with line and column (not as null)", () => {
    const v = fixture(VLLM_C1).replace(/"mean_ttft_ms": [0-9.e-]+/, '"mean_ttft_ms": 1e999');
    const r = importFiles([{ name: "huge.json", text: v }]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const message = "number 1e999 is out of range (beyond ±1.8e308)";
    const at = { line: expect.any(Number), column: expect.any(Number) };
    expect(r.errors[0]).toMatchObject({ code: "out-of-range", message, ...at });
    const text =
      '{"concurrency": 1, "ttft_ms": 5, "latency_ms": 100}\n{"concurrency": 1, "ttft_ms": 1e999, "latency_ms": 100}\n';
    const jl = importFiles([{ name: "r.jsonl", text }]);
    expect(jl.ok ? [] : jl.errors).toEqual([expect.objectContaining({ line: 2, column: 31 })]);
  });

  it("names the line and column of a broken JSONL line, the first one included", () => {
    const good = '{"concurrency": 1, "ttft_ms": 5, "latency_ms": 100}\n';
    const errorsOf = (name: string, text: string) => {
      const r = importFiles([{ name, text }]);
      return r.ok ? [] : r.errors;
    };
    const first = errorsOf("a.jsonl", '{"concurrency": 1, "ttft_ms": \n' + good);
    expect(first).toEqual([expect.objectContaining({ line: 1, column: expect.any(Number) })]);
    const later = errorsOf("b.jsonl", good + good + '{"concurrency": 1}{"x": 1}\n');
    expect(later).toEqual([expect.objectContaining({ line: 3, column: 19 })]);
  });
});
