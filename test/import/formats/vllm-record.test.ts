/** src/import/formats/vllm-record.ts: one vLLM / SGLang result record read into a point. */
import { describe, expect, it } from "vitest";
import { importErrors, words } from "../helpers";
import { latencyKeyOf } from "../../../src/import/formats/vllm-record";

describe("latencyKeyOf", () => {
  it.each([
    ["p99_ttft_ms", { field: "ttftMs", stat: "p99" }],
    ["median_itl_ms", { field: "itlMs", stat: "p50" }],
    ["std_tpot_ms", { field: "tpotMs", stat: "std" }],
    ["p99.9_ttft_ms", { field: "ttftMs", stat: "p99.9" }],
    ["p95_e2e_latency_ms", { field: "e2eMs", stat: "p95" }],
    ["mean_e2el_ms", { field: "e2eMs", stat: "mean" }],
    ["request_throughput", null],
  ])("%s → %j", (key, read) => expect(latencyKeyOf(key)).toEqual(read));
});

describe("readRecord: bad values name the record and key", () => {
  const good = { model_id: "m", backend: "vllm", request_rate: 1, duration: 10, completed: 10 };
  const rec = (o: object) => JSON.stringify({ ...good, ...o });

  it("rejects a vLLM-looking object without any latency key, naming the file and key", () => {
    const errors = importErrors([{ name: "bad.json", text: rec({ request_throughput: 2 }) }]);
    expect(errors[0]).toMatchObject({ file: "bad.json", code: "missing-key", key: "mean_ttft_ms" });
  });

  it("rejects zero and negative throughput with the line and key of the JSONL record", () => {
    const ok = { request_throughput: 1, output_throughput: 100, mean_ttft_ms: 20 };
    const text = [
      rec(ok),
      rec({ ...ok, request_rate: 2, request_throughput: 0 }),
      rec({ ...ok, request_rate: 3, output_throughput: -5 }),
    ].join("\n");
    const errors = importErrors([{ name: "sweep.jsonl", text }]);
    const where = errors.map((e) => `${e.line} ${e.key} ${e.code}`);
    expect(where).toEqual(
      words("2 request_throughput bad-throughput|3 output_throughput bad-throughput"),
    );
  });

  it("rejects a zero request_rate, naming the key", () => {
    const text = rec({ request_rate: 0, request_throughput: 1, mean_ttft_ms: 20 });
    const [e] = importErrors([{ name: "bad.json", text }]);
    expect(e).toMatchObject({ key: "request_rate", code: "bad-rate" });
  });
});
