// Every message a planner meets on the example plans, the fixtures (folders, each file, the
// malformed ones), the usage tables and plans that hit the engine's error paths is rendered from a
// problem (docs/problems.md): its Chinese comes from its code, never from translating English.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type Collected,
  edgePlanMessages,
  fixtureMessages,
  malformedMessages,
  perFileMessages,
  planMessages,
  usageMessages,
  zhOf,
} from "./messages-collect";
import { TrafficAccumulator } from "../../src/engine/demand/traffic";
import { TraceReader } from "../../src/import/trace";
import { localizeIssue, renderProblem } from "../../src/report/messages";

const CJK = /[\u4e00-\u9fff]/;

/** Unique messages with their Chinese (null: the message has no problem). */
function unique(list: Collected[]): Map<string, string | null> {
  const m = new Map<string, string | null>();
  for (const c of list)
    if (!m.has(c.message) || m.get(c.message) === null) m.set(c.message, zhOf(c));
  return m;
}

describe("messages rendered from problems", () => {
  const main = unique([...planMessages(), ...fixtureMessages()]);
  const edge = unique(
    [malformedMessages, perFileMessages, usageMessages, edgePlanMessages].flatMap((f) => f()),
  );

  it("every message of the example plans and of importing each fixture folder carries a problem with Chinese", () => {
    // The example plans and the fixture folders produce well over 50 distinct messages.
    expect(main.size).toBeGreaterThan(50);
    expect([...main].filter(([, zh]) => zh === null).map(([m]) => m)).toEqual([]);
    expect(
      [...main].filter(([m, zh]) => zh !== null && (!CJK.test(zh) || zh === m)).map(([m]) => m),
    ).toEqual([]);
  });

  it("so does every message of the malformed fixtures, each fixture file on its own, the usage tables and the engine's error paths", () => {
    expect(edge.size).toBeGreaterThan(80);
    expect([...edge].filter(([, zh]) => zh === null).map(([m]) => m)).toEqual([]);
    expect([...edge].filter(([, zh]) => zh !== null && !CJK.test(zh)).map(([m]) => m)).toEqual([]);
  });

  it("keeps every number, quoted name and metric name of a message in its Chinese", () => {
    for (const [m, zh] of [...main, ...edge]) {
      if (zh === null) continue;
      const tokens =
        m.match(/\d+(?:[.,]\d+)*|"[^"]*"|\b(?:P\d+(?:\.\d+)? )?(?:TTFT|ITL|TPOT|NTPOT)\b/g) ?? [];
      for (const t of tokens) expect(zh, m).toContain(t);
    }
  });

  it("no sentence table translates English any more", () => {
    for (const f of ["messages-zh.ts", "messages-zh-import.ts", "messages-zh-rules.ts"])
      expect(existsSync(join(__dirname, "..", "..", "src", "report", f)), f).toBe(false);
  });
});

/**
 * Request-trace messages (code `traffic.*`, src/engine/demand/traffic-messages.ts): the producers keep
 * their English sentences byte for byte and carry the problems beside them, which render in
 * Chinese (docs/traffic.md, docs/problems.md).
 */
describe("traffic messages in English and Chinese", () => {
  it("a per-bin trace's notes render in Chinese, index for index with the English notes", () => {
    // Rows at 60 s and 180 s (3 requests each, no lastTs) summarised over 1-s bins: the rows' starts
    // are multiples of 60 s (gcd), finer bins overstate the peak; the duration runs to 180 + 1 s.
    const acc = new TrafficAccumulator({ baseSec: 1 });
    acc.addBin(60, 3, 1, 1);
    acc.addBin(180, 3, 1, 1);
    const r = acc.summary(1);
    if (!r.ok) throw new Error(r.error);
    const s = r.value;
    expect(s.durationSec).toBe(121);
    expect(s.notes).toEqual([
      "the per-bin rows start at multiples of 60 s: if that is their bin, rates over 1-s bins put each row's requests at its start and overstate the peak (docs/traffic.md)",
      "durationSec runs to the end of the last bin: the per-bin rows have no lastTs column (docs/traffic.md)",
      "interarrivalCv and length percentiles need the per-request rows; a per-bin trace gives rates and means only",
    ]);
    expect(s.problems!.map((p) => p.code)).toEqual([
      "traffic.aggStepOverstates",
      "traffic.durationToLastBin",
      "traffic.perBinMeansOnly",
    ]);
    expect(s.problems!.map((p) => renderProblem(p, "en"))).toEqual(s.notes);
    expect(s.problems!.map((p) => renderProblem(p, "zh"))).toEqual([
      "按时间桶汇总的行起始于 60 秒的整数倍：若这就是它们的时间桶，按 1 秒时间桶计算的速率会把每行的请求都放在其起点，从而高估峰值（docs/traffic.md）",
      "durationSec 计算到最后一个时间桶的末尾：按时间桶汇总的行没有 lastTs 列（docs/traffic.md）",
      "interarrivalCv（到达间隔变异系数）与长度分位数需要逐请求的行；按时间桶汇总的请求轨迹只给出速率与均值",
    ]);
  });

  it("a summary's error carries its problem: English as before, Chinese from the problem", () => {
    const acc = new TrafficAccumulator({ baseSec: 60 });
    acc.add(0, 1, 1);
    const both = (r: ReturnType<typeof acc.summary>) =>
      r.ok ? null : [r.error, renderProblem(r.problem, "zh")];
    expect(both(acc.summary(90))).toEqual([
      "the bin (90 s) must be a whole multiple of 60 s",
      "时间桶（90 秒）必须是 60 秒的整数倍",
    ]);
    const empty = new TrafficAccumulator().summary(60);
    expect(both(empty)).toEqual(["the trace has no requests", "请求轨迹中没有请求"]);
  });

  it("import issues keep their English message and render in Chinese from their problem", () => {
    const notTrace = new TraceReader("t.csv");
    notTrace.push("a,b,c\n1,2,3\n");
    const r = notTrace.finish();
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const e = r.errors[0]!;
    expect(e.message).toBe(
      "not a request trace: no column for a timestamp, input tokens, output tokens (found: a, b, c); see docs/traffic.md for the recognised names",
    );
    expect(localizeIssue(e, "en")).toBe(`t.csv:1: ${e.message}`);
    expect(localizeIssue(e, "zh")).toBe(
      "t.csv:1: 不是请求轨迹：缺少 时间戳、输入 tokens、输出 tokens 列（实际列：a, b, c）；可识别的列名见 docs/traffic.md",
    );

    // 25 bad rows: the first 20 are listed (each with its problem), the rest counted in one warning.
    const bad = new TraceReader("b.csv");
    bad.push(`timestamp,input_tokens,output_tokens\n0,1,1\n${"1,x,1\n".repeat(25)}`);
    const b = bad.finish();
    expect(b.ok).toBe(true);
    if (!b.ok) return;
    const first = b.warnings[0]!;
    expect(first).toMatchObject({
      line: 3,
      column: 3,
      message: 'input_tokens is "x", not a whole number ≥ 0',
    });
    expect(localizeIssue(first, "zh")).toBe('b.csv:3:3: input_tokens 为 "x"，不是 ≥ 0 的整数');
    const last = b.warnings.at(-1)!;
    expect([b.warnings.length, last.message]).toEqual([21, "5 more bad rows left out (25 in all)"]);
    expect(localizeIssue(last, "zh")).toBe("b.csv: 另有 5 个错误行被略去（共 25 个）");
  });
});
