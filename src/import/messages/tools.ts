/** Messages of the per-tool importers (vLLM, SGLang, the seed script, GuideLLM, LLMPerf, Locust, inference-perf, InferenceX, trtllm-bench). */
import type { Catalogue } from "../../engine/problems";

/** The catalogues of this family (registered through ./index.ts). */
export const toolsCatalogues: readonly Catalogue[] = [];
