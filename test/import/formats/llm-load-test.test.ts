import { describe, expect, it } from "vitest";
import { importOk, importErrors, fixture, fixtureFile, foreignSamples } from "../helpers";
import { makeInputFile } from "../../../src/import/input";
import { llmLoadTestImporter } from "../../../src/import/formats/llm-load-test";

const NEW = "llm-load-test/new/output-032.json";
const OLD = "llm-load-test/old/output-004.json";

describe("llm-load-test importer", () => {
  it("maps itl to tpot, tpot to ntpot and response_time to e2e", () => {
    const sweeps = importOk([{ name: NEW, text: fixture(NEW) }]);
    const s = sweeps[0]!;
    expect([s.source.format, s.meta.model]).toEqual(["llm-load-test", "granite-3.1-8b-instruct"]);
    const p = s.points[0]!;
    // concurrency: config.load_options.concurrency; summary.itl.percentile_99, summary.tpot.mean
    // and summary.ttft.percentile_99 of the file
    expect(p).toMatchObject({ concurrency: 32, tpotMs: { p99: 35.731141964594514 } });
    expect([p.ntpotMs!.mean, p.ttftMs!.p99]).toEqual([32.69958084717347, 313.0554866790771]);
    expect(p.itlMs).toBeUndefined();
    expect(p.e2eMs!.p80).toBeDefined(); // percentile_80 → p80
    // rps = (160 − 1 failure) / full_duration 33.55453896522522 s
    expect(p.rps).toBeCloseTo(159 / 33.55453896522522, 12);
    // outputTokensPerSec: throughput_full_duration
    expect(p).toMatchObject({ outputTokensPerSec: 856.6352239197595, completed: 159, failed: 1 });
  });

  it("reads an old file with bare NaN and omits NaN statistics", () => {
    const r = llmLoadTestImporter.parse(fixtureFile(OLD), {});
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const p = r.value.sweeps[0]!.points[0]!;
    // summary.itl.percentile_95 → tpot, summary.tpot.median → ntpot
    expect(p).toMatchObject({ concurrency: 4, tpotMs: { p95: 23.096019839351143 } });
    expect(p.ntpotMs!.p50).toBe(21.944502774410495);
    expect(p.rps).toBeCloseTo(24 / 26.106420278549194, 12);
    // a NaN in a statistic we use is left out, not 0
    const text = fixture(OLD).replace('"percentile_99": 106.1578345298767', '"percentile_99": NaN');
    const r2 = llmLoadTestImporter.parse(makeInputFile(OLD, text), {});
    if (!r2.ok) throw new Error("parse failed");
    const t = r2.value.sweeps[0]!.points[0]!.ttftMs!;
    expect("p99" in t).toBe(false);
    expect(t.p95).toBeGreaterThan(0);
  });

  it("takes concurrency from output-NNN.json when the config has none", () => {
    const doc = JSON.parse(fixture(NEW));
    delete doc.config.load_options.concurrency;
    const sweeps = importOk([{ name: "runs/output-032.json", text: JSON.stringify(doc) }]);
    expect(sweeps[0]!.points[0]!.concurrency).toBe(32);
  });

  it("names the key path of a string where a number belongs", () => {
    const text = fixture(NEW).replace(/"full_duration": [0-9.]+/, '"full_duration": "33.5 s"');
    const errors = importErrors([{ name: NEW, text }]);
    expect(errors[0]).toMatchObject({ key: "summary.full_duration", code: "bad-number" });
  });

  it("does not claim other tools' files", () => {
    for (const f of foreignSamples())
      expect([f.name, llmLoadTestImporter.detect(f)]).toEqual([f.name, 0]);
  });
});
