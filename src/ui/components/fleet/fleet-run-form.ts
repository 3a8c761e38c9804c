/**
 * The Fleet sheet's run form as values: what the planner typed (arrival source, rate, requests,
 * seed, trace and its rate scale) checked against the SKU's setup, giving either the message key
 * of the first thing wrong or the arrivals and seed of a run.
 */
import type { LengthSpec } from "../../../engine/fleet/arrivals";
import type { FleetSetup } from "../../../engine/fleet/fleet-plan";
import type { UiKey } from "../../i18n";
import type { ArrivalSpec } from "../../state/fleet-run";

/** Requests per run when the arrivals are Poisson (as `capplan simulate` without --requests). */
export const DEFAULT_REQUESTS = 100_000;
/** The most requests one Poisson run may draw. */
export const MAX_REQUESTS = 5_000_000;

/** The form's fields as typed. */
export interface FleetForm {
  source: "poisson" | "trace";
  /** Requests per second; empty for the plan's peak rate. */
  rps: string;
  requests: string;
  seed: string;
  rateScale: string;
  traceFile: File | null;
}

/** A run the form allows: its replicas, slots, seed and arrivals. */
export interface FleetRun {
  replicas: number;
  slots: number;
  seed: number;
  arrivals: ArrivalSpec;
}

/** A length of `x` tokens (1 when unknown), rounded: Poisson arrivals use the plan's mean lengths. */
function fixed(x: number | null): LengthSpec {
  return { kind: "fixed", tokens: Math.round(x ?? 1) };
}

/** The run of `form` on `st`, or the UI key of the first thing wrong. */
export function fleetRun(form: FleetForm, st: FleetSetup): FleetRun | { error: UiKey } {
  const replicas = st.formulaReplicas;
  if (replicas === null) return { error: "flNoReplicas" };
  if (st.slots === null) return { error: "flNoSlots" };
  const seed = Number(form.seed);
  if (!Number.isSafeInteger(seed)) return { error: "flBadSeed" };
  const base = { replicas, slots: st.slots, seed };
  if (form.source === "trace") {
    const f = form.traceFile;
    const scale = Number(form.rateScale);
    if (!f) return { error: "flNoTrace" };
    if (!(scale > 0)) return { error: "flBadScale" };
    return { ...base, arrivals: { kind: "trace", name: f.name, file: f, rateScale: scale } };
  }
  const r = form.rps.trim() === "" ? st.peakRps : Number(form.rps);
  const n = Number(form.requests);
  if (r == null || !(r > 0)) return { error: "flBadRate" };
  if (!Number.isInteger(n) || n < 1 || n > MAX_REQUESTS) return { error: "flBadRequests" };
  const arrivals: ArrivalSpec = {
    kind: "poisson",
    rps: r,
    requests: n,
    input: fixed(st.inputTokens),
    output: fixed(st.outputTokens),
  };
  return { ...base, arrivals };
}

/** The mark of a replica count in the series: the formula's, the fewest for the SLOs, the simulated. */
export function seriesMark(
  r: number,
  marks: { simulated: number; formula: number | null; forSlo: number | null },
  words: { formula: string; slo: string; simulated: string },
): string {
  return [
    r === marks.formula ? words.formula : "",
    r === marks.forSlo ? words.slo : "",
    r === marks.simulated && r !== marks.formula ? words.simulated : "",
  ]
    .filter(Boolean)
    .join(" · ");
}
