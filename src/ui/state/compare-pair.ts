/**
 * Which two sweeps the before/after view opens with. A before/after comparison means something
 * for the same model on the same GPU (a re-run, a new engine version, FP8); two different GPUs or
 * tools would show dozens of "regressions" that are just the hardware. So the view opens on the
 * first such pair, and with no such pair asks the planner to choose (docs/grid.md). Pure.
 */

/** What identifies a sweep for the pairing: its GPU and its model, as known. */
export interface PairCandidate {
  gpu?: string | null;
  model?: string | null;
}

const norm = (s: string | null | undefined) => (s ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "");

/** Indexes of the default baseline and candidate: same GPU and model, else same GPU with a model on neither side; null when none. */
export function defaultComparePair(list: readonly PairCandidate[]): [number, number] | null {
  const same = (a: PairCandidate, b: PairCandidate, modelRequired: boolean) => {
    const g = norm(a.gpu);
    if (!g || g !== norm(b.gpu)) return false;
    const ma = norm(a.model);
    const mb = norm(b.model);
    return modelRequired ? ma !== "" && ma === mb : ma === mb;
  };
  for (const strict of [true, false]) {
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) if (same(list[i]!, list[j]!, strict)) return [i, j];
  }
  return null;
}
