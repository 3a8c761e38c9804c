import { describe, expect, test } from "vitest";
import { type Field, fieldsOf, mapHeaders } from "../../../src/import/aliases";
import {
  ambiguousColumns,
  applyColumnChoice,
  canonicalHeader,
  columnViews,
  fieldText,
} from "../../../src/ui/state/column-map";

const TABLE =
  "users,throughput,latency p99,first token p50\n1,100,300,40\n8,700,500,60\n32,2100,1900,250\n";

describe("the column-mapping step", () => {
  test("shows every column with what it will be read as, the ambiguous one to choose", () => {
    const v = columnViews("pasted.csv", TABLE);
    expect(v.map((c) => [c.column, c.status])).toEqual([
      ["users", "mapped"],
      ["throughput", "ambiguous"],
      ["latency p99", "mapped"],
      ["first token p50", expect.stringMatching(/mapped|unknown/)],
    ]);
    expect(fieldText(v[0]!.field!, "en")).toBe("Concurrency (requests in flight)");
    expect(v[1]!.candidates.map((f) => fieldText(f, "en"))).toEqual([
      "Requests per second achieved (RPS)",
      "Output tokens per second",
    ]);
    expect(v[1]!.candidates.map((f) => fieldText(f, "zh"))).toEqual([
      "实际每秒请求数（RPS）",
      "每秒输出 token 数",
    ]);
    expect(fieldText(v[2]!.field!, "en")).toBe("End-to-end latency · P99 (ms)");
  });

  test("labels never show internal keys", () => {
    const headers =
      "throughput|rps|output tokens/s|ttft p99 ms|concurrency|request rate|mean input tokens|failed";
    for (const h of headers.split("|")) {
      for (const f of fieldsOf(h))
        for (const lang of ["en", "zh"] as const)
          expect(fieldText(f, lang)).not.toMatch(
            /outputTokensPerSec|requestRate|meanInputTokens|^rps$|^failed$/,
          );
    }
  });

  test("ignoring the ambiguous column imports it as nothing, not as RPS", () => {
    const out = applyColumnChoice(TABLE, new Map([[1, null]]));
    const header = out.split("\n")[0]!.split(",");
    expect(header[1]).toBe("ignored 2");
    expect(fieldsOf(header[1]!)).toEqual([]);
  });
});

describe("column mapping", () => {
  const fields: Field[] = [
    { kind: "load", key: "concurrency" },
    { kind: "load", key: "requestRate" },
    { kind: "value", key: "rps" },
    { kind: "value", key: "outputTokensPerSec" },
    { kind: "value", key: "totalTokensPerSec" },
    { kind: "metric", metric: "ttft", stat: "p99", unit: "ms" },
    { kind: "metric", metric: "itl", stat: "p95", unit: "s" },
  ];
  test("every canonical header maps back to exactly its field", () => {
    for (const f of fields) expect(fieldsOf(canonicalHeader(f)), canonicalHeader(f)).toEqual([f]);
  });
  test("an ambiguous 'throughput' column is found, and the choice rewrites only the header", () => {
    const csv = "concurrency,throughput,p99 ttft ms\r\n1,100,50\r\n4,300,80\r\n";
    const amb = ambiguousColumns("t.csv", csv);
    expect(amb.map((a) => a.column)).toEqual(["throughput"]);
    expect(amb[0]!.candidates.map((c) => c.label)).toEqual(["rps", "outputTokensPerSec"]);
    const out = applyColumnChoice(csv, new Map([[1, amb[0]!.candidates[1]!.field]]));
    expect(out).toBe("concurrency,output tokens/s,p99 ttft ms\r\n1,100,50\r\n4,300,80\r\n");
    expect(mapHeaders(["concurrency", "output tokens/s", "p99 ttft ms"]).ambiguous).toEqual([]);
  });
  test("JSON text never goes through the mapping step", () => {
    expect(ambiguousColumns("x.json", '{"throughput": 1}')).toEqual([]);
  });
});
