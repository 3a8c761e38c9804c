/** src/import/formats/vllm-json.ts: the records of a JSON, JSON-array or JSON Lines result file. */
import { describe, expect, it } from "vitest";
import { makeInputFile } from "../../../src/import/index";
import { allRecords, firstRecord } from "../../../src/import/formats/vllm-json";
import { sglangImporters } from "../../../src/import/formats/sglang";
import { vllmImporters } from "../../../src/import/formats/vllm";
import { fixture } from "../helpers";

const RUN0 = "vllm/er0080_vllm_bench_sweep_serve_v0.25.1_run0.json";

describe("firstRecord and allRecords", () => {
  it.each([
    ['{"a": 1}', { a: 1 }, [1]],
    ['[{"a": 1}, {"a": 2}]', { a: 1 }, [0, 1]],
    ['{"a": 1}\n\n{"a": 2}\n', { a: 1 }, [1, 3]],
    ["a,b\n1,2\n", null, null],
  ])("%j → first %j, records at %j", (text, first, at) => {
    const f = makeInputFile("r.json", text);
    expect(firstRecord(f)).toEqual(first);
    const all = allRecords(f, "vLLM");
    expect(all.ok ? all.records.map((r) => r.loc.line ?? r.loc.record) : null).toEqual(at);
  });

  it("reports truncated JSON as a syntax error instead of throwing", () => {
    const text = fixture(RUN0).slice(0, 600);
    const f = makeInputFile("run=0.json", text);
    const res = vllmImporters[0]!.parse(f, {});
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.errors[0]!.code).toBe("json-syntax");
  });

  it("returns 0 at once for a 30 MB CSV", () => {
    const row = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20\n";
    const text =
      "a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t\n" + row.repeat(Math.ceil(30e6 / row.length));
    text.charCodeAt(text.length - 1); // flatten the rope built by repeat(), as a file read from disk is
    const f = makeInputFile("big.csv", text);
    const t0 = performance.now();
    for (const imp of [...vllmImporters, ...sglangImporters]) expect(imp.detect(f)).toBe(0);
    expect(performance.now() - t0).toBeLessThan(50);
  });
});
