/**
 * The errors of a cycle of the formula sheet (docs/plan-file.md, docs/security.md): what each
 * member of a strongly connected component says, and the entry whose problem is the cause.
 */
import type { Problem } from "../base/problems";
import type { FormulaError } from "./formula";
import { shortestCycle } from "./graph";
import { formulaMessages as F } from "./messages";

/** Loops up to this size report each member's own shortest loop. */
const SMALL_LOOP = 32;
/** Members of a large loop named in its report before "… N more". */
const SHOWN_MEMBERS = 30;

/** One member's error, and the root error it points at (itself, or the loop's first member). */
export interface CycleError {
  path: string;
  error: FormulaError;
  root: { path: string; kind: "CYCLE"; message: string; problem: Problem };
}

/**
 * The errors of a strongly connected component of the sheet, a cycle. A small loop (up to
 * {@link SMALL_LOOP} entries) gives each member its own shortest loop, as a user fixing one cell
 * wants to see it.
 * A large one is reported once, on its first member, with the loop's members truncated past
 * {@link SHOWN_MEMBERS} and their count; the other members point at that report. Linear in the
 * size of the component (a per-member search and message would be quadratic: docs/security.md).
 */
export function cycleErrors(
  component: readonly string[],
  succ: (n: string) => readonly string[],
  order: (path: string) => number,
): CycleError[] {
  const out: CycleError[] = [];
  const members = new Set(component);
  if (component.length <= SMALL_LOOP) {
    for (const path of component) {
      const cycle = shortestCycle(path, succ, members);
      const problem = F.problem(
        "cycle",
        {
          members: cycle,
          more: 0,
          close: path,
          loop: component.length > cycle.length ? component.length : null,
        },
        { path },
      );
      const message = F.en(problem);
      out.push({
        path,
        error: { path, kind: "CYCLE", message, cycle, problem },
        root: { path, kind: "CYCLE", message, problem },
      });
    }
    return out;
  }
  // Members in document order: the report sits on the first one the user wrote.
  const first = component.reduce((a, b) => (order(a) <= order(b) ? a : b));
  const cycle = shortestCycle(first, succ, members);
  const shown = cycle.slice(0, SHOWN_MEMBERS);
  const problem = F.problem(
    "cycle",
    {
      members: shown,
      more: cycle.length - shown.length,
      close: first,
      loop: component.length > cycle.length ? component.length : null,
    },
    { path: first },
  );
  const message = F.en(problem);
  const root = { path: first, kind: "CYCLE" as const, message, problem };
  out.push({ path: first, error: { path: first, kind: "CYCLE", message, cycle, problem }, root });
  for (const path of component) {
    if (path === first) continue;
    const short = F.problem("cycleMember", { size: component.length, at: first }, { path });
    out.push({
      path,
      error: { path, kind: "CYCLE", message: F.en(short), cycle: [first], problem: short },
      root,
    });
  }
  return out;
}
