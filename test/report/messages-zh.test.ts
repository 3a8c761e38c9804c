import { describe, expect, it } from "vitest";
import { hasTranslation, TEMPLATE_COUNT, translateMessage } from "../../src/report/messages-zh";
import { edgePlanMessages, fixtureMessages, malformedMessages, perFileMessages, planMessages, usageMessages, zhOf, type Collected } from "./messages-collect";

const CJK = /[\u4e00-\u9fff]/;

// Each pair: a message as the engine or an importer writes it (copied from a real run of the
// example plans / fixtures, or from the template in the source named in the comment) and the
// Chinese a planner should read. Numbers, names, paths and metric names are kept as written.
const CASES: [string, string][] = [
  // (src/engine/slo.ts, capacity.ts and plan.ts render from their codes: test/engine/messages-engine.test.ts)
  // (src/engine/plan-file.ts and json-error.ts render from their codes: test/engine/messages-engine.test.ts)
  // (src/engine/formula/*.ts render from their codes: test/engine/messages-engine.test.ts)
  // a formatted import issue (src/import/types.ts formatIssue) keeps its file location
  ['metrics.csv:4 column "p99_ttft_ms": must be a finite number ≥ 0, found "Infinity"', 'metrics.csv:4 column "p99_ttft_ms": 必须是 ≥ 0 的有限数，实际为 "Infinity"'],
  // src/import/** (fixtures)
  ["concurrency read from the file path (the file's content does not record it)", "并发取自文件路径（文件内容中没有记录）"],
  ["duplicate load level (concurrency 8) at lines 3 and 4: the later row is kept", "负载档位重复（并发 8）：第 3 行和第 4 行，保留后一行"],
  // src/import/index.ts + repeats.ts (fixtures/vllm/er0080_…_summary.json)
  ["concurrency 2 was measured 2 times (in summary.json): repeats, the point holds the median of each statistic", "并发 2 测了 2 次（summary.json）：视为重复运行，该点取每个统计量的中位数"],
  ["concurrency 2: the 2 repeated runs differ by more than 10 %: ttft mean 39.31–217.3 ms (+453 %), rps 5.859–12.46 req/s (+113 %), ttft p99 57.58–762.5 ms (+1224 %), and 9 other statistic(s); the point holds their median (the runs were not stable: warm-up, noisy neighbour?)",
    "并发 2：2 次重复运行相差超过 10 %：ttft mean 39.31–217.3 ms (+453 %), rps 5.859–12.46 req/s (+113 %), ttft p99 57.58–762.5 ms (+1224 %)，另有 9 个统计量；该点取其中位数（运行不稳定：预热不足或有干扰？）"],
  ["achieved rps derived as completed / duration (the file has no request_throughput)", "实测 rps 按 completed / duration 推算（文件中没有 request_throughput）"],
  ["fixtures/aiperf/synthetic/artifacts/qwen3-4b-openai-chat-concurrency4/profile_export.jsonl: 1 warm-up record(s) left out",
    "fixtures/aiperf/synthetic/artifacts/qwen3-4b-openai-chat-concurrency4/profile_export.jsonl: 已排除 1 条预热记录"],
  ["Locust exceptions file: not a benchmark result; import the _stats.csv or _stats_history.csv; skipped", "Locust 异常文件：不是压测结果；请导入 _stats.csv 或 _stats_history.csv；已跳过"],
  ["unrecognised format: a comma-separated table of 3 column(s) and 4 line(s) without a load column (concurrency, request rate, 并发…) or a metric column (RPS, tokens/s, P99 TTFT…); see `capplan formats` for what can be imported", "无法识别的格式：逗号分隔的表格（3 列，4 行），缺少负载列（并发、请求速率…）或指标列（RPS、tokens/s、P99 TTFT…）；可导入的格式见 `capplan formats`"],
  ["unrecognised format: a JSON object of another shape (2 top-level key(s), none of a known format); see `capplan formats` for what can be imported", "无法识别的格式：其他结构的 JSON 对象（2 个顶层键，都不属于已知格式）；可导入的格式见 `capplan formats`"],
  ["invalid JSON: Expected ',' or '}' after property value", "JSON 无效：属性值之后应为 ',' 或 '}'"],
  ["file is empty", "文件为空"],
];

/** Unique messages with their Chinese (from the message's problem, else the sentence table). */
function unique(list: Collected[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const c of list) if (!m.has(c.message)) m.set(c.message, zhOf(c));
  return m;
}

describe("translateMessage", () => {
  it("has more than 40 message templates", () => {
    expect(TEMPLATE_COUNT).toBeGreaterThan(40);
  });

  it.each(CASES)("translates %s", (en, zh) => {
    expect(translateMessage(en, "zh")).toBe(zh);
    expect(translateMessage(en, "en")).toBe(en);
  });

  it("covers every message of the example plans and of importing each fixture folder but malformed", () => {
    const msgs = unique([...planMessages(), ...fixtureMessages()]);
    // The example plans and the 16 folders produce well over 50 distinct messages (131 at the time of writing).
    expect(msgs.size).toBeGreaterThan(50);
    const untranslated = [...msgs].filter(([m, zh]) => !CJK.test(zh) || zh === m);
    expect(untranslated).toEqual([]);
    for (const m of msgs.keys()) expect(translateMessage(m, "en")).toBe(m);
  });

  it("covers the malformed fixtures, each fixture file on its own, the usage tables and plans that hit the engine's error paths", () => {
    const msgs = unique([...malformedMessages(), ...perFileMessages(), ...usageMessages(), ...edgePlanMessages()]);
    expect(msgs.size).toBeGreaterThan(80);
    const untranslated = [...msgs].filter(([, zh]) => !CJK.test(zh));
    expect(untranslated).toEqual([]);
  });

  it("keeps every number, quoted name and metric name of a message in its Chinese", () => {
    const msgs = unique([...planMessages(), ...fixtureMessages()]);
    for (const [m, zh] of msgs) {
      const tokens = m.match(/\d+(?:[.,]\d+)*|"[^"]*"|\b(?:P\d+(?:\.\d+)? )?(?:TTFT|ITL|TPOT|NTPOT)\b/g) ?? [];
      for (const t of tokens) expect(zh, m).toContain(t);
    }
  });

  it("answers quickly for a long unknown message full of separators", () => {
    const m = Array.from({ length: 40 }, (_, i) => `part ${i}: x; y`).join(": ");
    const t0 = performance.now();
    expect(translateMessage(m, "zh")).toBe(m);
    expect(translateMessage("x".repeat(50000), "zh")).toBe("x".repeat(50000));
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it("leaves an unknown message unchanged", () => {
    const m = "the flux capacitor reads 1.21 GW: check the DeLorean";
    expect(translateMessage(m, "zh")).toBe(m);
    expect(hasTranslation(m)).toBe(false);
    // A known template inside unknown words is not half translated either.
    expect(translateMessage("weird: stuff; file is empty; more", "zh")).toBe("weird: stuff; file is empty; more");
    // Nor is a known template after the head of an unknown English sentence.
    expect(translateMessage("the old importer could not tell which table to use: file is empty", "zh")).toBe("the old importer could not tell which table to use: file is empty");
  });
});
