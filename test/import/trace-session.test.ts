import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type TraceOutcome, TraceSession } from "../../src/import/trace-session";
import { renderProblem } from "../../src/report/messages";

const AZURE = join(__dirname, "../../fixtures/traces/AzureLLMInferenceTrace_conv.csv");

/** An independent count: requests per aligned bin from the raw timestamps (ms precision). */
function independent(text: string, binSec: number): { n: number; peak: number; meanOut: number } {
  const rows = text
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => l.split(","));
  const bins = new Map<number, number>();
  let out = 0;
  for (const [ts, , o] of rows) {
    const ms = Date.parse(`${ts!.slice(0, 23).replace(" ", "T")}Z`);
    const b = Math.floor(ms / 1000 / binSec);
    bins.set(b, (bins.get(b) ?? 0) + 1);
    out += Number(o);
  }
  return { n: rows.length, peak: Math.max(...bins.values()) / binSec, meanOut: out / rows.length };
}

describe("trace session (the app's trace import)", () => {
  const text = readFileSync(AZURE, "utf8");

  it("reads the Azure conversation trace from a Blob in small slices, with byte progress", async () => {
    const s = new TraceSession(65_536);
    const seen: number[] = [];
    const blob = new Blob([text]);
    const r = await s.read({ name: "conv.csv", file: blob }, 60, (done) => seen.push(done));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const want = independent(text, 60);
    expect(r.view.summary.peakRps).toBeCloseTo(want.peak, 12);
    expect(r.view.summary.outputTokens.mean).toBeCloseTo(want.meanOut, 9);
    const counts = [r.view.summary.requests, r.view.output!.total, r.view.format];
    expect(counts).toEqual([want.n, want.n, "azure-llm-trace"]);
    expect([seen.at(-1), seen.length]).toEqual([blob.size, Math.ceil(blob.size / 65_536)]);
    // Another bin without reading again: 1-s bins.
    const r1 = s.summarise(1);
    if (!r1.ok) throw new Error("rebin failed");
    const { binSec, peakRps, requests } = r1.view.summary;
    expect([binSec, peakRps, requests]).toEqual([1, independent(text, 1).peak, want.n]);
  });

  it("multi-byte characters split across slices decode the same as the whole text", async () => {
    const rec = (timestamp: number, 团队: string, input_tokens: number, output_tokens: number) =>
      JSON.stringify({ timestamp, 团队, input_tokens, output_tokens });
    const jsonl = [rec(1700000000.5, "搜索", 10, 3), rec(1700000001.25, "客服", 20, 5)].join("\n");
    const a = await new TraceSession(7).read({ name: "t.jsonl", file: new Blob([jsonl]) }, 1);
    const b = await new TraceSession().read({ name: "t.jsonl", text: jsonl }, 1);
    if (!a.ok || !b.ok) throw new Error("read failed");
    expect(a.view.summary.teams?.map((t) => t.name).sort()).toEqual(["客服", "搜索"]);
    expect(a.view.summary).toEqual(b.view.summary);
  });

  it("a bad file is an error value, and a bin that is not a whole second is refused", async () => {
    const s = new TraceSession();
    /** The first error of a failed result, in English and Chinese. */
    const both = (r: TraceOutcome) => {
      const e = r.ok ? undefined : r.errors[0];
      return [e?.message, e?.problem && renderProblem(e.problem, "zh")];
    };
    const bad = await s.read({ name: "x.csv", text: "hello,world\n1,2\n" }, 60);
    const none = s.summarise(60);
    expect([bad.ok, none.ok]).toEqual([false, false]);
    // Every error is a problem value (docs/problems.md), its English the message.
    expect(both(none)).toEqual(["no trace has been read", "尚未读取请求轨迹"]);
    const refuse = () => {
      throw new Error("NotReadableError");
    };
    const broken = { size: 3, slice: refuse } as unknown as Blob;
    const unreadable = await s.read({ name: "y.csv", file: broken }, 60);
    const unreadableText = ["could not be read (NotReadableError)", "无法读取（NotReadableError）"];
    expect(both(unreadable)).toEqual(unreadableText);
    const binary = new Blob([new Uint8Array([0x74, 0, 1, 2])]);
    const bin = await s.read({ name: "z.csv", file: binary }, 60);
    expect(both(bin)).toEqual([
      "could not be read (a binary file, not a text trace (CSV, TSV or JSONL))",
      "无法读取（这是二进制文件，不是文本请求轨迹（CSV、TSV 或 JSONL））",
    ]);
    await s.read({ name: "conv.csv", text }, 60);
    const half = s.summarise(0.5);
    expect(half.ok).toBe(false);
  });
});
