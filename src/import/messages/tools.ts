/**
 * The catalogues of the per-tool importers (vLLM, SGLang, the seed script, GuideLLM, LLMPerf,
 * Locust, inference-perf, InferenceX, trtllm-bench), gathered for registration (./index.ts). Each
 * catalogue lives beside its importer, in src/import/formats/<tool>-messages.ts.
 */
import type { Catalogue } from "../../engine/base/problems";
import { guidellmMessages } from "../formats/guidellm-messages";
import { inferencePerfMessages } from "../formats/inference-perf-messages";
import { inferencexMessages } from "../formats/inferencex-messages";
import { llmperfMessages } from "../formats/llmperf-messages";
import { locustMessages } from "../formats/locust-messages";
import { trtllmMessages } from "../formats/trtllm-bench-messages";
import { vllmMessages } from "../formats/vllm-messages";

/** The catalogues of this family (registered through ./index.ts). */
export const toolsCatalogues: readonly Catalogue[] = [
  vllmMessages,
  guidellmMessages,
  llmperfMessages,
  locustMessages,
  inferencePerfMessages,
  inferencexMessages,
  trtllmMessages,
] as unknown as Catalogue[];
