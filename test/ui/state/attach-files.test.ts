import { describe, expect, test } from "vitest";
import { fileRefs, matchFiles } from "../../../src/ui/state/attach-files";
import type { PlanFile } from "../../../src/engine/base/types";

const plan = {
  format: "capplan.plan/v1",
  skus: [
    { name: "H100", sweep: { file: "../../fixtures/vllm/concurrency-sweep-h100/" } },
    { name: "L40S", sweep: { points: [{ concurrency: 1, rps: 1, outputTokensPerSec: 100 }] } },
    {
      name: "A100",
      sweeps: { chat: { file: "sweeps/a100-chat.json" }, docs: { replicaOutputTokensPerSec: 900 } },
    },
  ],
} as unknown as PlanFile;

/** Picked files at `paths`. */
const picked = (...paths: string[]) => paths.map((path) => ({ path }));
const H100 = "fixtures/vllm/concurrency-sweep-h100/";

describe("attaching the files of a CLI plan", () => {
  test("lists the sweeps that are still file references", () => {
    expect(fileRefs(plan).map((r) => [r.path, r.skuName, r.workload, r.file])).toEqual([
      ["skus[0].sweep", "H100", null, "../../fixtures/vllm/concurrency-sweep-h100/"],
      ['skus[2].sweeps["chat"]', "A100", "chat", "sweeps/a100-chat.json"],
    ]);
  });
  test("matches a picked folder to the folder reference and a file to the file reference", () => {
    const other = "fixtures/vllm/other/c1.json";
    const files = picked(`${H100}c1.json`, `${H100}c4.json`, other, "a100-chat.json");
    const m = matchFiles(fileRefs(plan), files);
    const h100 = [`${H100}c1.json`, `${H100}c4.json`];
    expect(m.get("skus[0].sweep")?.map((f) => f.path)).toEqual(h100);
    expect(m.get('skus[2].sweeps["chat"]')?.map((f) => f.path)).toEqual(["a100-chat.json"]);
  });
  test("one reference left takes the files picked by hand; nothing matches nothing", () => {
    const one = fileRefs(plan).slice(0, 1);
    expect(matchFiles(one, picked("c1.json", "c4.json")).get("skus[0].sweep")?.length).toBe(2);
    expect(matchFiles(fileRefs(plan), picked("unrelated.csv")).size).toBe(0);
    const both = matchFiles(fileRefs(plan), picked("c1.json", "a100-chat.json", "c4.json"));
    expect(both.get("skus[0].sweep")?.map((f) => f.path)).toEqual(["c1.json", "c4.json"]);
    expect(both.get('skus[2].sweeps["chat"]')?.map((f) => f.path)).toEqual(["a100-chat.json"]);
  });
});
