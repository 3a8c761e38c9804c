/** src/import/formats/vllm-meta.ts: engine, label and `--metadata` of a vLLM record. */
import { describe, expect, it } from "vitest";
import { engineName } from "../../../src/import/formats/vllm-meta";
import { importFixture } from "../helpers";

describe("engineName", () => {
  it.each([
    ["sgl", "sglang"],
    ["sglang-oai", "sglang"],
    ["vllm-chat", "vllm"],
    ["tensorrt-llm", "tensorrt-llm"],
    ["tgi", "tgi"],
  ])("%s → %s", (v, name) => expect(engineName(v)).toBe(name));
});

describe("vllmRecordMeta (vllm bench sweep serve, er0080, vLLM 0.25.1)", () => {
  it('reads run=0.json: concurrency 2, no rate ("inf" with a limit is pure closed loop), override in the label', () => {
    const [s] = importFixture("vllm/er0080_vllm_bench_sweep_serve_v0.25.1_run0.json");
    const p = s!.points[0]!;
    expect(p).toMatchObject({ concurrency: 2, requestRate: null, rps: 5.859229976904171 });
    // e2e p50: median_e2el_ms
    expect([p.ttftMs?.p99, p.e2eMs?.p50]).toEqual([762.4942294094944, 166.47808399284258]);
    expect(s!.label).toBe("vllm · facebook/opt-125m · max_num_seqs=4");
    expect(s!.meta).toMatchObject({ tool: "vllm bench sweep serve", engine: "vllm" });
  });
});
