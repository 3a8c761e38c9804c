/**
 * What GenAI-Perf and AIPerf encode in their artifact directory names:
 * `artifacts/<model, "/" → "_">-<service kind>-<backend or endpoint type>-concurrency<N>/`
 * (GenAI-Perf `perf_analyzer_config.py`, AIPerf `user_config._compute_artifact_directory`), or
 * `…-request_rate<R>`, `…-session_concurrency<N>`, `…-fixed_schedule`.
 */
import { concurrencyFromPath } from "../path-load";

/** Parts of an artifact directory name found in a path, or null. */
export interface ArtifactDir {
  /** Model as written in the directory name (`/` replaced by `_`). */
  dirModel: string;
  /** Model with the organisation's `/` restored when the prefix is a well-known hub organisation. */
  model: string;
  serviceKind: string;
  /** Backend (`tensorrtllm`, `vllm` for Triton) or endpoint type (`chat`, `completions`). */
  backendOrEndpoint: string;
  concurrency: number | null;
  requestRate: number | null;
}

const DIR_RE =
  /(?:^|[/\\])([^/\\]+?)-(openai|triton|tensorrtllm_engine|dynamic_grpc|triton_c_api|torchserve)-([A-Za-z0-9_]+)-(?:(session_)?concurrency(\d+)|request_rate(\d+(?:\.\d+)?)|fixed_schedule)(?=$|[/\\-])/;

/**
 * Hub organisations whose `org_` prefix is turned back into `org/` (the tools replace `/` by `_`
 * and the reverse is ambiguous: Triton model names such as `tensorrt_llm_bls` keep their `_`).
 */
const KNOWN_ORGS = new Set([
  "meta-llama",
  "mistralai",
  "qwen",
  "deepseek-ai",
  "google",
  "microsoft",
  "nvidia",
  "ibm-granite",
  "redhatai",
  "neuralmagic",
  "openai",
  "facebook",
  "tiiuae",
  "bigscience",
  "eleutherai",
  "huggingfaceh4",
  "tinyllama",
  "moonshotai",
  "zai-org",
  "thudm",
  "01-ai",
  "baichuan-inc",
  "internlm",
  "allenai",
  "amd",
  "snowflake",
  "databricks",
  "cohereforai",
  "coherelabs",
  "stabilityai",
  "lmsys",
  "hf-internal-testing",
]);

/** Restore `org/name` from the directory form `org_name` for well-known organisations. */
export function modelFromDirName(dirModel: string): string {
  const i = dirModel.indexOf("_");
  if (i > 0 && !dirModel.includes("/") && KNOWN_ORGS.has(dirModel.slice(0, i).toLowerCase())) {
    return `${dirModel.slice(0, i)}/${dirModel.slice(i + 1)}`;
  }
  return dirModel;
}

/** Parse the artifact directory name in a path (`artifacts/<model>-openai-chat-concurrency8/…`). */
export function artifactDirOf(path: string): ArtifactDir | null {
  const m = DIR_RE.exec(path);
  if (!m) return null;
  const dirModel = m[1]!;
  return {
    dirModel,
    model: modelFromDirName(dirModel),
    serviceKind: m[2]!,
    backendOrEndpoint: m[3]!,
    concurrency: m[5] ? Number(m[5]) : null,
    requestRate: m[6] ? Number(m[6]) : null,
  };
}

/** Request rate encoded in a path (`…-request_rate10/`), or null. */
export function requestRateFromPath(path: string): number | null {
  const m = /request[_-]rate[_-]?(\d+(?:\.\d+)?)(?=$|[/\\_.-])/i.exec(path);
  if (!m) return null;
  const r = Number(m[1]);
  return Number.isFinite(r) && r > 0 ? r : null;
}

/** Whether a path carries a concurrency the import pipeline will read (docs/metrics.md). */
export function pathHasConcurrency(path: string): boolean {
  return concurrencyFromPath(path) != null;
}
