/**
 * Registry of every format importer, in detection priority order (a specific format before
 * the generic CSV fallback). Detection picks the highest `detect()` score; ties go to the
 * earlier entry.
 */
import type { FormatImporter } from "../types";
import { vllmImporters } from "./vllm";
import { sglangImporters } from "./sglang";
import { genaiPerfImporters } from "./genai-perf";
import { aiperfImporters } from "./aiperf";
import { trtllmBenchImporters } from "./trtllm-bench";
import { llmLoadTestImporters } from "./llm-load-test";
import { guidellmImporters } from "./guidellm";
import { locustImporters } from "./locust";
import { inferencePerfImporters } from "./inference-perf";
import { llmperfImporters } from "./llmperf";
import { inferencexImporters } from "./inferencex";
import { seedScriptImporters } from "./seed-script";
import { markdownReportImporters } from "./markdown-report";
import { genericCsvImporters } from "./generic-csv";
import { capplanSweepImporters } from "./capplan-sweep";

export const FORMATS: readonly FormatImporter[] = [
  ...capplanSweepImporters,
  ...vllmImporters,
  ...sglangImporters,
  ...genaiPerfImporters,
  ...aiperfImporters,
  ...trtllmBenchImporters,
  ...llmLoadTestImporters,
  ...guidellmImporters,
  ...locustImporters,
  ...inferencePerfImporters,
  ...llmperfImporters,
  ...inferencexImporters,
  ...seedScriptImporters,
  ...markdownReportImporters,
  ...genericCsvImporters,
];
