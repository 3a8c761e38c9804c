import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TraceSession } from "../../src/import/trace-session";
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
    const r = await s.read({ name: "conv.csv", file: new Blob([text]) }, 60, (done) =>
      seen.push(done),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const want = independent(text, 60);
    expect(r.view.summary.requests).toBe(want.n);
    expect(r.view.summary.peakRps).toBeCloseTo(want.peak, 12);
    expect(r.view.summary.outputTokens.mean).toBeCloseTo(want.meanOut, 9);
    expect(r.view.format).toBe("azure-llm-trace");
    expect(r.view.output!.total).toBe(want.n);
    expect(seen.at(-1)).toBe(new Blob([text]).size);
    expect(seen.length).toBe(Math.ceil(new Blob([text]).size / 65_536));
    // Another bin without reading again: 1-s bins.
    const r1 = s.summarise(1);
    if (!r1.ok) throw new Error("rebin failed");
    expect(r1.view.summary.binSec).toBe(1);
    expect(r1.view.summary.peakRps).toBe(independent(text, 1).peak);
    expect(r1.view.summary.requests).toBe(want.n);
  });

  it("multi-byte characters split across slices decode the same as the whole text", async () => {
    const jsonl = [
      '{"timestamp":1700000000.5,"团队":"搜索","input_tokens":10,"output_tokens":3}',
      '{"timestamp":1700000001.25,"团队":"客服","input_tokens":20,"output_tokens":5}',
    ].join("\n");
    const a = await new TraceSession(7).read({ name: "t.jsonl", file: new Blob([jsonl]) }, 1);
    const b = await new TraceSession().read({ name: "t.jsonl", text: jsonl }, 1);
    if (!a.ok || !b.ok) throw new Error("read failed");
    expect(a.view.summary.teams?.map((t) => t.name).sort()).toEqual(["客服", "搜索"]);
    expect(a.view.summary).toEqual(b.view.summary);
  });

  it("a bad file is an error value, and a bin that is not a whole second is refused", async () => {
    const s = new TraceSession();
    const bad = await s.read({ name: "x.csv", text: "hello,world\n1,2\n" }, 60);
    expect(bad.ok).toBe(false);
    const none = s.summarise(60);
    expect(none.ok).toBe(false);
    // Every error is a problem value (docs/problems.md), its English the message.
    const e = !none.ok ? none.errors[0]! : null;
    expect(e?.message).toBe("no trace has been read");
    expect(e?.problem && renderProblem(e.problem, "zh")).toBe("尚未读取请求轨迹");
    const unreadable = await s.read(
      {
        name: "y.csv",
        file: {
          size: 3,
          slice: () => {
            throw new Error("NotReadableError");
          },
        } as unknown as Blob,
      },
      60,
    );
    const u = !unreadable.ok ? unreadable.errors[0]! : null;
    expect(u?.message).toBe("could not be read (NotReadableError)");
    expect(u?.problem && renderProblem(u.problem, "zh")).toBe("无法读取（NotReadableError）");
    const bin = await s.read(
      { name: "z.csv", file: new Blob([new Uint8Array([0x74, 0, 1, 2])]) },
      60,
    );
    const b = !bin.ok ? bin.errors[0]! : null;
    expect(b?.message).toBe(
      "could not be read (a binary file, not a text trace (CSV, TSV or JSONL))",
    );
    expect(b?.problem && renderProblem(b.problem, "zh")).toBe(
      "无法读取（这是二进制文件，不是文本请求轨迹（CSV、TSV 或 JSONL））",
    );
    await s.read({ name: "conv.csv", text }, 60);
    const half = s.summarise(0.5);
    expect(half.ok).toBe(false);
  });
});
