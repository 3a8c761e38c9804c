/** The workloads whose trace summary a plan stores inline, as the Traffic sheet offers them. */
import { describe, expect, it } from "vitest";
import type { TrafficSummary } from "../../../../src/engine/base/traffic-types";
import type { WorkloadDef } from "../../../../src/engine/base/types";
import { storedTraces } from "../../../../src/ui/components/traffic/stored-traces";

const summary = { requests: 10 } as unknown as TrafficSummary;
const wl = (name: string | undefined, trace?: WorkloadDef["trace"]): WorkloadDef =>
  ({ ...(name !== undefined ? { name } : {}), ...(trace ? { trace } : {}) }) as WorkloadDef;

describe("storedTraces", () => {
  it("lists the workloads with a stored summary, by index, with their file's name", () => {
    const workloads = [
      wl("chat", { name: "chat.jsonl", traffic: summary } as WorkloadDef["trace"]),
      wl("batch"),
      wl("rag", { file: "traces/rag.csv", traffic: summary } as WorkloadDef["trace"]),
      wl(undefined, { traffic: summary } as WorkloadDef["trace"]),
    ];
    expect(storedTraces({ workloads })).toEqual([
      { index: 0, workload: "chat", file: "chat.jsonl", summary },
      { index: 2, workload: "rag", file: "traces/rag.csv", summary },
      { index: 3, workload: "#4", file: "trace", summary },
    ]);
  });

  it("reads a single workload, and nothing from a plan without workloads", () => {
    const workload = wl("solo", { traffic: summary } as WorkloadDef["trace"]);
    expect(storedTraces({ workload })).toEqual([
      { index: 0, workload: "solo", file: "solo", summary },
    ]);
    expect(storedTraces({})).toEqual([]);
    expect(
      storedTraces({ workloads: [wl("x", { file: "x.csv" } as WorkloadDef["trace"])] }),
    ).toEqual([]);
  });
});
