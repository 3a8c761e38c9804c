/** Edits of the Assumptions sheet's lists and modes: workloads, SLOs, redundancy. */
import type { MetricKey, PlanFile, SloDef, WorkloadDef } from "../../../engine/base/types";
import { uniqueName } from "../plan-edit";
import type { EditContext } from "./context";

/** Workload, SLO and factor edits of the workbook. */
export interface AssumptionEdits {
  addWorkload(): void;
  removeWorkload(index: number): void;
  addSlo(): void;
  removeSlo(index: number): void;
  setSloMetric(index: number, metric: MetricKey): void;
  setRedundancyMode(mode: "factor" | "spare"): void;
}

/** The plan's workload list, turning a single `workload` into the `workloads` list first. */
export function planDefs(p: PlanFile): WorkloadDef[] {
  if (!Array.isArray(p.workloads)) p.workloads = p.workload ? [p.workload] : [];
  delete p.workload;
  return p.workloads;
}

export function assumptionEdits(ctx: EditContext): AssumptionEdits {
  const { mutate } = ctx;
  return {
    addWorkload() {
      mutate((p) => {
        const defs = planDefs(p);
        defs.push({
          name: uniqueName(
            "workload",
            defs.map((d) => d.name ?? ""),
          ),
          peakRps: 1,
          inputTokens: 500,
          outputTokens: 200,
        });
      });
    },
    removeWorkload(index) {
      mutate((p) => {
        const defs = planDefs(p);
        const [gone] = defs.splice(index, 1);
        for (const s of p.skus) if (gone?.name && s.sweeps) delete s.sweeps[gone.name];
      });
    },
    addSlo() {
      mutate((p) => {
        (p.slo ??= []).push({ metric: "itl", stat: "p95", maxMs: 100 } satisfies SloDef);
      });
    },
    removeSlo(index) {
      mutate((p) => void p.slo?.splice(index, 1));
    },
    setSloMetric(index, metric) {
      mutate((p) => {
        const s = p.slo?.[index];
        if (s) s.metric = metric;
      });
    },
    setRedundancyMode(mode) {
      mutate((p) => {
        const f = (p.factors ??= {});
        const isSpare = typeof f.redundancy === "object" && f.redundancy !== null;
        if (mode === "spare" && !isSpare) f.redundancy = { spare: 1 };
        if (mode === "factor" && isSpare) f.redundancy = 1.2;
      });
    },
  };
}
