/**
 * Reading a lineage tree (docs/lineage.md): its nodes, its sweep leaves, its lines as text, and
 * whether a step's recomputed value matches its value.
 */
import type { LineageNode } from "./lineage-types";

/** Every node of a tree, depth first. */
export function lineageNodes(node: LineageNode): LineageNode[] {
  const out: LineageNode[] = [];
  const seen = new Set<LineageNode>();
  const walk = (n: LineageNode) => {
    if (seen.has(n)) return;
    seen.add(n);
    out.push(n);
    n.inputs.forEach(walk);
  };
  walk(node);
  return out;
}

/** Sweep values of a tree (the leaves that point into benchmark files). */
export function sweepLeaves(node: LineageNode): LineageNode[] {
  return lineageNodes(node).filter((n) => n.kind === "sweepPoint" && n.source);
}

/** The lines of a tree as text: one step per line, indented by depth (the CLI's readable output). */
export function lineageText(node: LineageNode, describeNode: (n: LineageNode) => string): string {
  const out: string[] = [];
  const seen = new Set<string>();
  const walk = (n: LineageNode, depth: number) => {
    const pad = "  ".repeat(depth);
    // A step already shown with its inputs (the same path) is shown once more without them.
    const again = n.inputs.length > 0 && seen.has(n.path);
    out.push(`${pad}${depth ? "← " : ""}${describeNode(n)}${again ? "  (inputs above)" : ""}`);
    if (again) return;
    seen.add(n.path);
    n.inputs.forEach((c) => walk(c, depth + 1));
  };
  walk(node, 0);
  return out.join("\n");
}

/** Whether a step's recomputed value matches its value (relative 1e-9, or both absent). */
export function consistent(n: LineageNode): boolean {
  if (n.recomputed === undefined) return true;
  const a = n.value;
  const b = n.recomputed;
  if (a === null || b === null) return a === b || (a === null && b !== null && !Number.isFinite(b));
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}
