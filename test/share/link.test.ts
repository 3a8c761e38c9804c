import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../src/engine/base/types";
import {
  decodePlanFromFragment,
  encodePlanToFragment,
  fromBase64Url,
  MAX_URL_LENGTH,
  toBase64Url,
} from "../../src/share/link";

const seed = (): PlanFile =>
  JSON.parse(
    readFileSync(new URL("../../models/examples/seed.json", import.meta.url), "utf8"),
  ) as PlanFile;

/** A plan whose SKU carries an imported sweep inline (label, meta, source, points with stats). */
function inlinePlan(): PlanFile {
  return {
    format: "capplan.plan/v1",
    title: "A100 sweep inline",
    currency: "USD",
    workloads: [{ name: "chat", peakRps: 20, inputTokens: 300, outputTokens: 300 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    skus: [
      {
        name: "A100 TP4",
        gpu: "a100-80gb",
        gpusPerReplica: 4,
        pricePerGpuHour: 1.8,
        sweep: {
          label: "vllm · llama-3.1-70b",
          meta: {
            model: "llama-3.1-70b",
            engine: "vllm",
            gpu: "A100",
            gpuCount: 4,
            date: "2025-06-01",
          },
          source: { files: ["a100/c8.json", "a100/c16.json"], format: "vllm" },
          warnings: [],
          points: [
            {
              concurrency: 8,
              requestRate: null,
              rps: 2.1,
              outputTokensPerSec: 640.5,
              ttftMs: { p99: 700, mean: 310.25 },
              itlMs: { p95: 40 },
            },
            {
              concurrency: 16,
              requestRate: null,
              rps: 3.9,
              outputTokensPerSec: 1190,
              ttftMs: { p99: 1450.125 },
              itlMs: { p95: 52 },
            },
          ],
        },
      },
    ],
  };
}

/** deflate-raw of a text, as base64url (to build hostile fragments). */
async function deflate(text: string): Promise<string> {
  const cs = new CompressionStream("deflate-raw");
  const w = cs.writable.getWriter();
  void w.write(new TextEncoder().encode(text));
  void w.close();
  const buf = new Uint8Array(await new Response(cs.readable).arrayBuffer());
  return toBase64Url(buf);
}

describe("share link", () => {
  it("round-trips the seed example", async () => {
    const enc = await encodePlanToFragment(seed(), { baseUrl: "https://capplan.example/app/" });
    expect(enc.fragment).toMatch(/^#plan=[A-Za-z0-9_-]+$/);
    expect(enc.length).toBe("https://capplan.example/app/".length + enc.fragment.length);
    expect(enc.tooLong).toBe(false);
    const dec = await decodePlanFromFragment(enc.fragment);
    expect(dec).toEqual({ ok: true, plan: seed(), warnings: [] });
  });

  it("round-trips a plan with inline sweep points, also from a full URL", async () => {
    const enc = await encodePlanToFragment(inlinePlan());
    const dec = await decodePlanFromFragment(`https://capplan.example/${enc.fragment}`);
    expect(dec.ok && dec.plan).toEqual(inlinePlan());
  });

  it("flags a link longer than the URL limit", async () => {
    const enc = await encodePlanToFragment(seed(), { baseUrl: "x".repeat(MAX_URL_LENGTH) });
    expect(enc.tooLong).toBe(true);
    const small = await encodePlanToFragment(seed(), { maxUrlLength: 10 });
    expect(small.tooLong).toBe(true);
  });

  it.each([
    ["#plan=ab$cd", "the plan is not valid base64url (was the link cut or edited?)"],
    // valid base64url that is not deflate data
    [
      `#plan=${toBase64Url(new Uint8Array([0xff, 0xfe, 0xfd, 0xfc, 0x00, 0x11]))}`,
      "the plan data cannot be decompressed (was the link cut or edited?)",
    ],
  ])("refuses tampered data %s: the link is damaged: %s", async (fragment, why) => {
    const reason = `the link is damaged: ${why}`;
    expect(await decodePlanFromFragment(fragment)).toEqual({ ok: false, reason });
  });

  it("refuses cut-off data, a link without a plan and an empty plan, with a reason", async () => {
    const enc = await encodePlanToFragment(seed());
    const cut = await decodePlanFromFragment(enc.fragment.slice(0, enc.fragment.length >> 1));
    expect(cut.ok).toBe(false);
    expect(await decodePlanFromFragment("#view=table")).toEqual({
      ok: false,
      reason: "the link holds no plan (#plan=…)",
    });
    expect(await decodePlanFromFragment("#plan=")).toEqual({
      ok: false,
      reason: "the link's plan is empty",
    });
  });

  it("refuses well-compressed JSON that is not a plan, naming the path", async () => {
    const dec = await decodePlanFromFragment(`#plan=${await deflate('{"hello":"world"}')}`);
    expect(dec.ok).toBe(false);
    expect(!dec.ok && dec.reason).toMatch(
      /^the link does not hold a valid capplan plan: format: expected "capplan\.plan\/v1", got missing/,
    );
    const notJson = await decodePlanFromFragment(`#plan=${await deflate("not json")}`);
    expect(notJson).toEqual({ ok: false, reason: "the link is damaged: the plan is not JSON" });
  });

  it("refuses a payload that inflates beyond 20 MB (zip bomb)", async () => {
    // 21 MiB of "a" in the title compresses to ~21 KB but must not be inflated in full
    const bomb = `{"format":"capplan.plan/v1","title":"${"a".repeat(21 * 1024 * 1024)}","skus":[]}`;
    const b64 = await deflate(bomb);
    expect(b64.length).toBeLessThan(60_000);
    expect(await decodePlanFromFragment(`#plan=${b64}`)).toEqual({
      ok: false,
      reason: "the link's plan expands to more than 20 MB; refused",
    });
  });

  it("keeps <script> in a title as plain text data", async () => {
    const plan = { ...seed(), title: '<script>alert("x")</script> & <b>bold</b>' };
    const dec = await decodePlanFromFragment((await encodePlanToFragment(plan)).fragment);
    expect(dec.ok && dec.plan.title).toBe('<script>alert("x")</script> & <b>bold</b>');
  });

  it("base64url round-trips every byte value without padding", () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const s = toBase64Url(all);
    expect(s).not.toMatch(/[+/=]/);
    expect(fromBase64Url(s)).toEqual(all);
    expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe("-_8"); // standard base64 "+/8="
    expect(fromBase64Url("a")).toBeNull(); // 1 char mod 4 is never valid
  });
});
