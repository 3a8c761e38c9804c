/**
 * Messages of `capplan sweep` (the runner, src/cli/sweep/) and of its output's importer
 * (src/import/formats/capplan-sweep.ts), docs/sweep.md. Endpoints are printed without
 * credentials (the runner strips them before any message is made).
 */
import { defineMessages, message } from "../../engine/base/problems";

export const sweepMessages = defineMessages("sweep", {
  unreachable: message({
    severity: "error",
    en: (p: { url: string; reason: string }) =>
      `cannot reach ${p.url} (${p.reason}); nothing was sent and nothing written`,
    zh: (p) => `无法连接 ${p.url}（${p.reason}）；未发送请求，也未写入任何内容`,
  }),
  notOpenAi: message({
    severity: "error",
    en: (p: { url: string; why: string }) =>
      `${p.url} is not an OpenAI-compatible endpoint (${p.why}); nothing was sent and nothing written`,
    zh: (p) => `${p.url} 不是 OpenAI 兼容端点（${p.why}）；未发送请求，也未写入任何内容`,
  }),
  unauthorized: message({
    severity: "error",
    en: (p: { url: string; status: number }) =>
      `${p.url} refused the request (HTTP ${p.status}): give the API key with --api-key-env VAR`,
    zh: (p) => `${p.url} 拒绝了请求（HTTP ${p.status}）：请用 --api-key-env VAR 提供 API 密钥`,
  }),
  keyEnvMissing: message({
    severity: "error",
    en: (p: { name: string }) => `--api-key-env ${p.name}: the environment variable is not set`,
    zh: (p) => `--api-key-env ${p.name}：该环境变量未设置`,
  }),
  badOption: message({
    severity: "error",
    en: (p: { option: string; want: string; got: string }) =>
      `${p.option} must be ${p.want}, got ${p.got}`,
    zh: (p) => `${p.option} 必须是${p.want}，实际为 ${p.got}`,
  }),
  needsOption: message({
    severity: "error",
    en: (p: { option: string }) => `${p.option} is required`,
    zh: (p) => `缺少 ${p.option}`,
  }),
  loadChoice: message({
    severity: "error",
    en: () => "give the load levels with --concurrency or --rate (one of them)",
    zh: () => "请用 --concurrency 或 --rate（二选一）给出负载档位",
  }),
  modelNotListed: message({
    severity: "warning",
    en: (p: { model: string; listed: string[] }) =>
      `model ${p.model} is not in the endpoint's model list (${p.listed.join(", ") || "empty"})`,
    zh: (p) => `模型 ${p.model} 不在端点的模型列表中（${p.listed.join(", ") || "空"}）`,
  }),
  tokensCounted: message({
    severity: "warning",
    en: (p: { n: number; level: string }) =>
      `${p.level}: the server sent no usage for ${p.n} request(s); their output tokens are the counted content chunks and their input tokens the requested ones`,
    zh: (p) =>
      `${p.level}：服务端有 ${p.n} 个请求未返回 usage；其输出 token 数取自计数的内容块，输入 token 数取自请求值`,
  }),
  partialLevel: message({
    severity: "warning",
    en: (p: { level: string }) =>
      `${p.level}: interrupted (Ctrl-C); the level holds the requests completed before it`,
    zh: (p) => `${p.level}：被中断（Ctrl-C）；该档位只包含中断前完成的请求`,
  }),
  stoppedErrors: message({
    severity: "warning",
    en: (p: { level: string; pct: number; max: number }) =>
      `${p.level}: ${p.pct.toFixed(1)} % of requests failed (more than ${p.max} %): saturation reached, the sweep stopped after this level`,
    zh: (p) =>
      `${p.level}：${p.pct.toFixed(1)} % 的请求失败（超过 ${p.max} %）：已达饱和，扫描在此档位后停止`,
  }),
  stoppedSlo: message({
    severity: "warning",
    en: (p: { level: string; slo: string; value: number; max: number }) =>
      `${p.level}: ${p.slo} is ${p.value.toFixed(1)} ms, more than twice the SLO (${p.max} ms): saturation reached, the sweep stopped after this level`,
    zh: (p) =>
      `${p.level}：${p.slo} 为 ${p.value.toFixed(1)} ms，超过 SLO（${p.max} ms）的两倍：已达饱和，扫描在此档位后停止`,
  }),
  badRecords: message({
    severity: "warning",
    en: (p: { n: number }) => `${p.n} request record(s) could not be read and were skipped`,
    zh: (p) => `${p.n} 条请求记录无法读取，已跳过`,
  }),
  lengthsNoRows: message({
    severity: "error",
    en: (p: { file: string }) =>
      `${p.file}: no request rows with input and output tokens to draw lengths from (a per-bin trace has none)`,
    zh: (p) =>
      `${p.file}：没有同时含输入与输出 token 的请求行可供抽取长度（分箱汇总的 trace 没有）`,
  }),
  lengthsBadRows: message({
    severity: "error",
    en: (p: { file: string; bad: number }) =>
      `${p.file}: ${p.bad} bad row(s); lengths are drawn only from a trace without them, nothing was sent`,
    zh: (p) => `${p.file}：有 ${p.bad} 行无法读取；只从没有坏行的 trace 中抽取长度，未发送任何请求`,
  }),
  lengthsZero: message({
    severity: "warning",
    en: (p: { file: string; n: number }) =>
      `${p.file}: ${p.n} row(s) with 0 input or 0 output tokens cannot be sent and are left out of the draw`,
    zh: (p) => `${p.file}：${p.n} 行的输入或输出 token 为 0，无法发送，已从抽取中排除`,
  }),
  locustDisagrees: message({
    severity: "warning",
    en: (p: { what: string; locust: number; records: number; inFlight: number }) =>
      `Locust counts ${p.locust} ${p.what === "requests" || p.what === "failures" ? p.what : `failures (${p.what})`}, the records ${p.records}: more apart than the ${p.inFlight} request(s) in flight at the stop; the sweep is computed from the records`,
    zh: (p) =>
      `Locust 统计的${p.what === "requests" ? "请求数" : p.what === "failures" ? "失败数" : `失败数（${p.what}）`}为 ${p.locust}，请求记录为 ${p.records}：差距超过停止时在途的 ${p.inFlight} 个请求；扫描按请求记录计算`,
  }),
  locustJoined: message({
    severity: "info",
    en: (p: { files: string[]; requests: number; failures: number }) =>
      `read with Locust's ${p.files.join(", ")}: ${p.requests} requests, ${p.failures} failed, as Locust counted them`,
    zh: (p) =>
      `与 Locust 的 ${p.files.join("、")} 一并读取：Locust 统计 ${p.requests} 个请求，${p.failures} 个失败`,
  }),
  noSweeps: message({
    severity: "error",
    en: () => "a capplan-sweep file without sweeps",
    zh: () => "capplan-sweep 文件中没有扫描",
  }),
});

export const sweepCatalogues = [sweepMessages];
