/** A fleet job on the simulate fixture (fixtures/simulate/plan.json), for the fleet view's tests. */
import { join } from "node:path";
import { loadPlan } from "../../../src/cli/plan-loader";
import type { Slo } from "../../../src/engine/base/types";
import { fleetSetup, pickSku } from "../../../src/engine/fleet/fleet-plan";
import type { FleetJob } from "../../../src/ui/state/fleet-run";

const PLAN = join(__dirname, "../../../fixtures/simulate/plan.json");

/** A job on the simulate fixture's recommended SKU, at the formula's replica count. */
export function job(arrivals: FleetJob["arrivals"]): FleetJob {
  const { result } = loadPlan(PLAN, "en");
  const sku = pickSku(result);
  if (!sku.ok) throw new Error("sku");
  const s = fleetSetup(result, sku.sku);
  if (!s.ok) throw new Error("setup");
  return {
    setup: s.setup,
    arrivals,
    replicas: s.setup.formulaReplicas!,
    slots: s.setup.slots!,
    seed: 5,
    slos: result.slo.filter((x) => x.maxMs !== null) as Slo[],
  };
}

export const fixed = (tokens: number) => ({ kind: "fixed" as const, tokens });
