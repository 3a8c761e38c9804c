/** The readable table of `capplan traffic` (docs/traffic.md) on the Azure 2023 conversation trace. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../cli/helpers";

const AZURE = join(__dirname, "../../fixtures/traces/AzureLLMInferenceTrace_conv.csv");

describe("trafficMarkdown", () => {
  it("prints a readable table in English and in Chinese", async () => {
    const en = await run("traffic", AZURE);
    expect(en.code).toBe(0);
    expect(en.out).toMatch(/\| Requests \| 19,366 \|/);
    expect(en.out).toMatch(/\| Peak \| 8\.367 req\/s \|/);
    expect(en.out).toMatch(/Interarrival CV \| 1\.094/);
    const zh = await run("traffic", AZURE, "--lang", "zh");
    expect(zh.out).toMatch(/\| 请求数 \| 19,366 \|/);
    expect(zh.out).toMatch(/峰均比/);
  });
});
