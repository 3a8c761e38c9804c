/** src/import/formats/nv-json.ts: a GenAI-Perf or AIPerf JSON export read into one point. */
import { describe, expect, it } from "vitest";
import { aiperfImporter } from "../../../src/import/formats/aiperf";
import { genaiPerfImporter } from "../../../src/import/formats/genai-perf";
import type { FormatImporter } from "../../../src/import/types";
import { fixtureFile } from "../helpers";

const AIPERF_C64 = "aiperf/akamas_rtxpro4500_qwen3-4b_concurrency_64_profile_export_aiperf";
const AIPERF_X16 =
  "aiperf/inferencex-fork_mi355x_kimi-k2.5_tp4_conc16_agentic_profile_export_aiperf";
const G2502 =
  "genai-perf/gen-2025-02/artifacts/meta-llama_Llama-3.1-70B-Instruct-openai-chat-concurrency32/profile_export_genai_perf";
const G2506 =
  "genai-perf/gen-2025-06/artifacts/Qwen_Qwen2.5-7B-Instruct-openai-chat-concurrency16/profile_export_genai_perf";

/** The one sweep of a JSON export parsed by `importer`, under the tool's own file name. */
function sweepOf(importer: FormatImporter, rel: string, name: string) {
  const r = importer.parse(fixtureFile(`${rel}.json`, name), {});
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value.sweeps[0]!;
}

describe("pointFromNvJson", () => {
  it("reads concurrency from input_config: phases[] in 0.11 and loadgen in 0.8", () => {
    const s = sweepOf(aiperfImporter, AIPERF_C64, "profile_export_aiperf.json");
    expect(s.meta).toMatchObject({ model: "qwen3-4b", tool: "aiperf", toolVersion: "0.11.0" });
    const p99 = { itlMs: { p99: 35.77192187038921 }, tpotMs: { p99: 16.979203304085505 } };
    expect(s.points[0]).toMatchObject({ concurrency: 64, ...p99 });
    const s16 = sweepOf(aiperfImporter, AIPERF_X16, "profile_export_aiperf.json");
    expect(s16.points[0]).toMatchObject({ concurrency: 16, failed: 1 });
    expect(s16.meta.model).toBe("amd/Kimi-K2.5-MXFP4");
  });

  it("reads the flat input_config of a 2025-02 JSON and the nested perf_analyzer.stimulus of a 2025-06 JSON", () => {
    const fs = sweepOf(genaiPerfImporter, G2502, "profile_export_genai_perf.json");
    // concurrency: input_config.concurrency
    expect(fs.points[0]!.concurrency).toBe(32);
    expect(fs.meta.model).toBe("meta-llama/Llama-3.1-70B-Instruct");
    expect(fs.points[0]!.tpotMs!.p50).toBeCloseTo(37.89, 2); // the CSV of the same run says 37.89
    expect(fs.points[0]!.itlMs).toBeUndefined();
    const ns = sweepOf(genaiPerfImporter, G2506, "profile_export_genai_perf.json");
    // concurrency: input_config.perf_analyzer.stimulus.concurrency
    expect(ns.points[0]).toMatchObject({ concurrency: 16, completed: 800 });
    expect(ns.meta.model).toBe("Qwen/Qwen2.5-7B-Instruct");
    expect(ns.points[0]!.e2eMs!.p99).toBeCloseTo(4728.574446901158, 9);
  });
});
