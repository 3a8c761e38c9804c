/**
 * Plans written for the CLI name their sweeps by `file` (a file or folder relative to the plan).
 * The browser cannot open those paths, so the app lists them and asks for the files; the picked or
 * dropped files are matched to the references here and imported, and the sweeps are then stored
 * inline (docs/hosting.md). Pure: no DOM, no solid-js.
 */
import type { PlanFile, SweepRef } from "../../engine/base/types";

/** A sweep of the plan still given as a file reference: where it is and what it names. */
export interface FileRef {
  /** Plan path of the sweep reference: `skus[1].sweep` or `skus[2].sweeps["docs"]`. */
  path: string;
  sku: number;
  /** Workload name for `sweeps`, else null. */
  workload: string | null;
  skuName: string;
  /** The `file` value as written: `sweeps/l40s-genai-perf/`. */
  file: string;
}

/** Every sweep of the plan that is still a `file` reference. */
export function fileRefs(plan: PlanFile): FileRef[] {
  const out: FileRef[] = [];
  (plan.skus ?? []).forEach((sku, i) => {
    const at = (ref: SweepRef | undefined, path: string, workload: string | null) => {
      if (ref && typeof ref.file === "string" && !ref.points)
        out.push({ path, sku: i, workload, skuName: sku.name, file: ref.file });
    };
    at(sku.sweep, `skus[${i}].sweep`, null);
    for (const [w, ref] of Object.entries(sku.sweeps ?? {}))
      at(ref, `skus[${i}].sweeps[${JSON.stringify(w)}]`, w);
  });
  return out;
}

const segments = (p: string) =>
  p.split(/[\\/]+/).filter((s) => s !== "" && s !== "." && s !== "..");

/**
 * Which of the given files (paths as picked: `sweep-l40s/a.json` from a folder, or a bare name)
 * belong to which reference. A file reference takes the file whose path ends with the reference's
 * trailing path (at least its name); a folder reference takes the files inside a folder of that
 * name. When exactly one reference is left unmatched, it takes the files nothing else took (you
 * picked that folder's files by hand).
 */
export function matchFiles<T extends { path: string }>(
  refs: readonly FileRef[],
  files: readonly T[],
): Map<string, T[]> {
  const out = new Map<string, T[]>();
  const used = new Set<T>();
  for (const ref of refs) {
    const want = segments(ref.file);
    if (!want.length) continue;
    const folder = /[\\/]$/.test(ref.file) || !/\.[A-Za-z0-9]+$/.test(want[want.length - 1]!);
    const hit = files.filter((f) => {
      const have = segments(f.path);
      if (!folder) {
        // The longest common tail must include the file name.
        return have.length > 0 && have[have.length - 1] === want[want.length - 1];
      }
      const name = want[want.length - 1]!;
      return have.slice(0, -1).includes(name);
    });
    if (hit.length) {
      out.set(ref.path, hit);
      hit.forEach((f) => used.add(f));
    }
  }
  const left = refs.filter((r) => !out.has(r.path));
  const rest = files.filter((f) => !used.has(f));
  if (left.length === 1 && rest.length) out.set(left[0]!.path, rest);
  return out;
}
