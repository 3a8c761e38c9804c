/** src/import/formats/nv-json.ts: a GenAI-Perf or AIPerf JSON export read into one point. */
import { describe, expect, it } from "vitest";
import { aiperfImporter } from "../../../src/import/formats/aiperf";
import { genaiPerfImporter } from "../../../src/import/formats/genai-perf";
import { fixtureFile } from "../helpers";

const AIPERF_C64 = "aiperf/akamas_rtxpro4500_qwen3-4b_concurrency_64_profile_export_aiperf";
const AIPERF_X16 =
  "aiperf/inferencex-fork_mi355x_kimi-k2.5_tp4_conc16_agentic_profile_export_aiperf";
const G2502 =
  "genai-perf/gen-2025-02/artifacts/meta-llama_Llama-3.1-70B-Instruct-openai-chat-concurrency32/profile_export_genai_perf";
const G2506 =
  "genai-perf/gen-2025-06/artifacts/Qwen_Qwen2.5-7B-Instruct-openai-chat-concurrency16/profile_export_genai_perf";

describe("pointFromNvJson", () => {
  it("reads concurrency from input_config: phases[] in 0.11 and loadgen in 0.8", () => {
    const j64 = aiperfImporter.parse(
      fixtureFile(`${AIPERF_C64}.json`, "profile_export_aiperf.json"),
      {},
    );
    if (!j64.ok) throw new Error(JSON.stringify(j64.errors));
    const s = j64.value.sweeps[0]!;
    expect(s.points[0]!.concurrency).toBe(64);
    expect(s.meta).toMatchObject({ model: "qwen3-4b", tool: "aiperf", toolVersion: "0.11.0" });
    expect(s.points[0]!.itlMs!.p99).toBe(35.77192187038921);
    expect(s.points[0]!.tpotMs!.p99).toBe(16.979203304085505);
    const j16 = aiperfImporter.parse(
      fixtureFile(`${AIPERF_X16}.json`, "profile_export_aiperf.json"),
      {},
    );
    if (!j16.ok) throw new Error(JSON.stringify(j16.errors));
    const s16 = j16.value.sweeps[0]!;
    expect(s16.points[0]!.concurrency).toBe(16);
    expect(s16.meta.model).toBe("amd/Kimi-K2.5-MXFP4");
    expect(s16.points[0]!.failed).toBe(1);
  });

  it("reads the flat input_config of a 2025-02 JSON and the nested perf_analyzer.stimulus of a 2025-06 JSON", () => {
    const flat = genaiPerfImporter.parse(
      fixtureFile(`${G2502}.json`, "profile_export_genai_perf.json"),
      {},
    );
    if (!flat.ok) throw new Error(JSON.stringify(flat.errors));
    const fs = flat.value.sweeps[0]!;
    expect(fs.points[0]!.concurrency).toBe(32); // input_config.concurrency
    expect(fs.meta.model).toBe("meta-llama/Llama-3.1-70B-Instruct");
    expect(fs.points[0]!.tpotMs!.p50).toBeCloseTo(37.89, 2); // the CSV of the same run says 37.89
    expect(fs.points[0]!.itlMs).toBeUndefined();
    const nested = genaiPerfImporter.parse(
      fixtureFile(`${G2506}.json`, "profile_export_genai_perf.json"),
      {},
    );
    if (!nested.ok) throw new Error(JSON.stringify(nested.errors));
    const ns = nested.value.sweeps[0]!;
    expect(ns.points[0]!.concurrency).toBe(16); // input_config.perf_analyzer.stimulus.concurrency
    expect(ns.meta.model).toBe("Qwen/Qwen2.5-7B-Instruct");
    expect(ns.points[0]!.e2eMs!.p99).toBeCloseTo(4728.574446901158, 9);
    expect(ns.points[0]!.completed).toBe(800);
  });
});
