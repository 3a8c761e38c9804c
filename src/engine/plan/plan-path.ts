/**
 * Paths into a plan document, as used by formula errors and the sheet (docs/plan-file.md):
 * `skus[1].pricePerGpuHour`, `cells.peak`, `skus[2].sweeps["my load"].replicaOutputTokensPerSec`.
 */

/** One step of a path: an object key or an array index. */
export type PathStep = string | number;

/** Split a path into steps; null when it is not a well-formed path. */
export function parsePath(path: string): PathStep[] | null {
  const steps: PathStep[] = [];
  const ident = /[A-Za-z_$][A-Za-z0-9_$]*/y;
  const bracket = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  let i = 0;
  while (i < path.length) {
    if (path[i] === "[") {
      bracket.lastIndex = i;
      const m = bracket.exec(path);
      if (!m) return null;
      if (m[1] !== undefined) steps.push(Number(m[1]));
      else {
        try {
          steps.push(JSON.parse(m[2]!) as string);
        } catch {
          return null;
        }
      }
      i = bracket.lastIndex;
      continue;
    }
    if (steps.length > 0) {
      if (path[i] !== ".") return null;
      i++;
    }
    ident.lastIndex = i;
    const m = ident.exec(path);
    if (!m) return null;
    steps.push(m[0]);
    i = ident.lastIndex;
  }
  // Never walk into prototypes (a path comes from the UI or a plan file).
  if (steps.some((k) => k === "__proto__" || k === "constructor" || k === "prototype")) return null;
  return steps.length > 0 ? steps : null;
}

function isContainer(v: unknown): v is Record<string | number, unknown> {
  return typeof v === "object" && v !== null;
}

/** Write `value` at `path` in `root`, creating missing objects/arrays; false if it cannot. */
export function setAtPath(root: Record<string, unknown>, path: string, value: unknown): boolean {
  const steps = parsePath(path);
  if (!steps) return false;
  let node: unknown = root;
  for (let k = 0; k < steps.length - 1; k++) {
    const step = steps[k]!;
    if (!isContainer(node)) return false;
    if (!isContainer(node[step])) node[step] = typeof steps[k + 1] === "number" ? [] : {};
    node = node[step];
  }
  if (!isContainer(node)) return false;
  node[steps[steps.length - 1]!] = value;
  return true;
}

/** Delete the object key at `path` (array elements are not removed); false if there is none. */
export function deleteAtPath(root: Record<string, unknown>, path: string): boolean {
  const steps = parsePath(path);
  if (!steps) return false;
  let node: unknown = root;
  for (const step of steps.slice(0, -1)) {
    if (!isContainer(node)) return false;
    node = node[step];
  }
  const key = steps[steps.length - 1]!;
  if (!isContainer(node) || Array.isArray(node) || !Object.hasOwn(node, key)) return false;
  return delete node[key];
}
