/**
 * Reading the plan file's numbers through their registry (plan-field-registry.ts,
 * docs/plan-fields.md): the registry as a tree of path steps, every numeric field of a plan in
 * document order (`walkFields`), the field at a path (`fieldAt`, `fieldOfSteps`), a path's text,
 * and a path's range (`fieldRange`, `mayHaveRange`) for validation and formula results.
 */
import type { PathStep } from "./plan-path";
import { PLAN_FIELDS, type FieldRange, type PlanField } from "./plan-field-registry";

export {
  PLAN_FIELDS,
  type FieldKind,
  type FieldRange,
  type Invalidates,
  type PlanField,
} from "./plan-field-registry";

/**
 * Root keys that count only when another is absent: `workload` (one workload) is read only when
 * `workloads` is not an array (plan-file.ts `workloadDefs`).
 */
const UNLESS_ARRAY: Readonly<Record<string, string>> = { workload: "workloads" };

// ---- the registry as a tree --------------------------------------------------------------------

/** A node of the registry tree: a key (`[]` any index, `*` any record key), its field and children. */
export interface FieldNode {
  key: string;
  field: PlanField | null;
  children: FieldNode[];
}

function steps(pattern: string): string[] {
  return pattern.replace(/\[\]/g, ".[]").split(".");
}

function buildTree(fields: readonly PlanField[]): FieldNode {
  const root: FieldNode = { key: "", field: null, children: [] };
  for (const f of fields) {
    let node = root;
    for (const k of steps(f.pattern)) {
      let child = node.children.find((c) => c.key === k);
      if (!child) node.children.push((child = { key: k, field: null, children: [] }));
      node = child;
    }
    if (node.field) throw new Error(`plan field ${f.pattern} is listed twice`);
    node.field = f;
  }
  return root;
}

/** The registry as a tree of keys, children in document order. */
export const FIELD_TREE: FieldNode = buildTree(PLAN_FIELDS);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Path text of steps: `skus[1].sweeps["my load"].points[0].ttftMs.p99` (as plan-file.ts `keyPath` writes record keys). */
export function pathText(steps: readonly PathStep[]): string {
  let s = "";
  for (let i = 0; i < steps.length; i++) {
    const k = steps[i]!;
    if (typeof k === "number") s += `[${k}]`;
    else if (i === 0) s += k;
    else s += IDENT.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`;
  }
  return s;
}

/**
 * Visit every field of `plan` that holds a value, in document order: `visit(field, value, path)`,
 * where `path()` builds the path text (only called for what is kept). `after(rootKey)` runs after
 * each root key's fields (resolve-plan.ts inserts the SKUs' computed throughputs after `skus`).
 */
export function walkFields(
  plan: unknown,
  visit: (field: PlanField, value: unknown, path: () => string) => void,
  after?: (rootKey: string) => void,
): void {
  if (!isObj(plan)) return;
  const stack: PathStep[] = [];
  const path = () => pathText(stack);
  const walk = (node: FieldNode, value: unknown): void => {
    if (
      node.children.length &&
      (isObj(value) || (Array.isArray(value) && node.children[0]!.key === "[]"))
    ) {
      // Objects enter their keys, arrays their `[]` child (`enter` checks which fits).
      for (const c of node.children) enter(c, value);
      return;
    }
    if (node.field && value != null) visit(node.field, value, path);
  };
  const enter = (node: FieldNode, container: unknown): void => {
    if (node.key === "[]") {
      if (!Array.isArray(container)) return;
      for (let i = 0; i < container.length; i++) {
        const v: unknown = container[i];
        if (!isObj(v) && node.children.length) continue;
        stack.push(i);
        walk(node, v);
        stack.pop();
      }
    } else if (node.key === "*") {
      if (!isObj(container)) return;
      for (const k in container) {
        if (!Object.hasOwn(container, k)) continue;
        stack.push(k);
        walk(node, container[k]);
        stack.pop();
      }
    } else {
      if (!isObj(container)) return;
      stack.push(node.key);
      walk(node, container[node.key]);
      stack.pop();
    }
  };
  for (const c of FIELD_TREE.children) {
    const other = UNLESS_ARRAY[c.key];
    if (!(other !== undefined && Array.isArray(plan[other]))) {
      // An array child (`workloads[]`, `skus[]`) is entered through its key node.
      enter(c, plan);
    }
    after?.(c.key);
  }
}

/**
 * The registry field at `steps` in `plan`, when every container on the way exists (objects, array
 * elements that are objects, record keys present) and the value there is not itself a container
 * of other fields (`factors.redundancy` as `{ spare }`). Null otherwise.
 */
export function fieldAt(plan: unknown, steps: readonly PathStep[]): PlanField | null {
  let node = FIELD_TREE;
  let value: unknown = plan;
  if (typeof steps[0] === "string") {
    const other = UNLESS_ARRAY[steps[0]];
    if (other !== undefined && isObj(plan) && Array.isArray(plan[other])) return null;
  }
  for (let i = 0; i < steps.length; i++) {
    const k = steps[i]!;
    const last = i === steps.length - 1;
    let next: FieldNode | undefined;
    if (typeof k === "number") {
      next = node.children.find((c) => c.key === "[]");
      if (!next || !Array.isArray(value)) return null;
      value = value[k];
      if (!last && !isObj(value)) return null;
    } else {
      if (!isObj(value)) return null;
      next = node.children.find((c) => c.key === k) ?? node.children.find((c) => c.key === "*");
      if (!next) return null;
      if (next.key === "*" && !Object.hasOwn(value, k)) return null;
      value = value[k];
      if (!last && next.key === "*" && !isObj(value)) return null;
    }
    node = next;
  }
  if (!node.field) return null;
  if (node.children.length && isObj(value)) return null;
  return node.field;
}

/** The registry field whose pattern `steps` match (no look at a plan), or null. */
export function fieldOfSteps(steps: readonly PathStep[]): PlanField | null {
  let node = FIELD_TREE;
  for (const k of steps) {
    const next =
      typeof k === "number"
        ? node.children.find((c) => c.key === "[]")
        : (node.children.find((c) => c.key === k) ?? node.children.find((c) => c.key === "*"));
    if (!next) return null;
    node = next;
  }
  return node.field;
}

// ---- ranges -----------------------------------------------------------------------------------

/** A regular expression matching the path texts of a pattern. */
function patternRegex(pattern: string): RegExp {
  const src = steps(pattern)
    .map((k, i) =>
      k === "[]"
        ? "\\[\\d+\\]"
        : k === "*"
          ? '(?:\\.[^.[]+|\\["(?:[^"\\\\]|\\\\.)*"\\])'
          : `${i === 0 ? "" : "\\."}${k}`,
    )
    .join("");
  return new RegExp(`^${src}$`);
}

const RANGED = PLAN_FIELDS.filter((f) => f.range).map((f) => ({
  re: patternRegex(f.pattern),
  field: f,
}));

/**
 * The ranged fields by the last key of their pattern (`maxMs`, `rps[]`), in registry order. A
 * pattern whose text after its last "." is a literal key, with or without indexes, only matches
 * paths whose text after the last "." is that key with those indexes, so a path is tested against
 * those patterns only (a plan's sweep points, most of its numbers, against none). Null when some
 * ranged pattern ends in a wildcard: then every pattern is tested.
 */
const RANGED_BY_LAST_KEY: Map<string, typeof RANGED> | null = (() => {
  const m = new Map<string, typeof RANGED>();
  for (const r of RANGED) {
    const last = r.field.pattern.slice(r.field.pattern.lastIndexOf(".") + 1);
    if (!/^[A-Za-z0-9_]+(?:\[\])*$/.test(last)) return null;
    const list = m.get(last);
    if (list) list.push(r);
    else m.set(last, [r]);
  }
  return m;
})();

/** The text of `path` after its last ".", its indexes written `[]` (`schedule.rps[3]` → `rps[]`). */
function lastKeyOf(path: string): string {
  const last = path.slice(path.lastIndexOf(".") + 1);
  return last.charCodeAt(last.length - 1) === 93 /* ] */ ? last.replace(/\[\d+\]/g, "[]") : last;
}

/**
 * False when no ranged field's pattern ends in `last` (a key, `[]` for indexes), so a path ending in
 * `.${last}` needs no {@link fieldRange} (sweep point numbers: a million of them in a large plan).
 */
export function mayHaveRange(last: string): boolean {
  return RANGED_BY_LAST_KEY ? RANGED_BY_LAST_KEY.has(last) : true;
}

/** The range of the numeric field at `path`, or null when it has none (cells, sweep points). */
export function fieldRange(path: string, currency = "USD"): FieldRange | null {
  const candidates = RANGED_BY_LAST_KEY ? RANGED_BY_LAST_KEY.get(lastKeyOf(path)) : RANGED;
  if (!candidates) return null;
  for (const { re, field } of candidates) {
    if (!re.test(path)) continue;
    const r = field.range!;
    const out: FieldRange = {
      min: r.min,
      max: typeof r.max === "function" ? r.max(currency) : r.max,
      unit: field.unit.replace("{currency}", currency),
    };
    if (r.minExclusive) out.minExclusive = true;
    return out;
  }
  return null;
}
