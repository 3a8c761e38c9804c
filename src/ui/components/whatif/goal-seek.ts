/**
 * Goal seek ("What would make this …?") as state: the computed cell it starts from, the value to
 * reach, the input to vary, and the engine's answer. Nothing changes the plan until `apply`.
 */
import { createSignal } from "solid-js";
import { fmtNum } from "../../../engine/base/number-format";
import { readResult } from "../../../engine/whatif/model";
import { sensitivityInputs } from "../../../engine/whatif/sensitivity";
import { type SolveResult, solve } from "../../../engine/whatif/solve";
import { renderProblem } from "../../../report/messages";
import type { Lang } from "../../../report/plan-output";
import { WHATIF_WORDS } from "../../state/uncertainty";
import type { Workbook } from "../../state/workbook";

/** A computed cell of the comparison table: its `plan --json` path, row label and SKU. */
export interface SelectedCell {
  path: string;
  label: string;
  sku: number;
}

/** The value a goal starts from: the cell's value to six significant digits, "" without one. */
export function startGoal(now: number | null): string {
  return now === null ? "" : String(Number(now.toPrecision(6)));
}

/** Whether an answer can be put into the plan: a replica's capacity is measured, not an input. */
export function canApply(a: SolveResult | null): boolean {
  return !!a?.found && !/^skus\[\d+\]\.replicaOutputTokensPerSec$/.test(a.vary);
}

/** The answer in words: what value of which input reaches the goal, or why none does. */
export function answerText(a: SolveResult, label: string, lang: Lang): string {
  const w = WHATIF_WORDS[lang];
  if (!a.found) return a.problem ? renderProblem(a.problem, lang) : "—";
  const achieved = `${label} = ${fmtNum(a.achieved ?? NaN, 4)}`;
  return `${w.found(a.vary, fmtNum(a.value ?? NaN, 6), achieved)} ${w.now(fmtNum(a.base ?? NaN, 6))}`;
}

/** Goal seek's state and actions. */
export function createGoalSeek(wb: Workbook) {
  const [open, setOpen] = createSignal<SelectedCell | null>(null);
  const [goal, setGoal] = createSignal("");
  const [vary, setVary] = createSignal("");
  const [answer, setAnswer] = createSignal<SolveResult | null>(null);
  return {
    open,
    goal,
    setGoal,
    vary,
    setVary,
    answer,
    close: () => setOpen(null),
    /** The inputs of the open cell's SKU that goal seek can vary. */
    inputs: () => {
      const c = open();
      return c ? sensitivityInputs(wb.snapshot(), c.sku) : [];
    },
    /** Open the dialog on `c`, its goal the cell's value now. */
    ask(c: SelectedCell) {
      setGoal(startGoal(readResult(wb.computed().result, c.path)));
      setOpen(c);
      setVary(sensitivityInputs(wb.snapshot(), c.sku)[0] ?? "");
      setAnswer(null);
    },
    run() {
      const c = open();
      const v = Number(goal());
      if (!c || !Number.isFinite(v) || !vary()) return;
      setAnswer(solve({ plan: wb.snapshot() }, { target: c.path, value: v, vary: vary() }));
    },
    /** Put the answer into the plan and close. */
    apply() {
      const a = answer();
      if (a?.value != null) wb.setNumber(a.vary, String(a.value));
      setOpen(null);
    },
  };
}

/** The goal seek of {@link createGoalSeek}. */
export type GoalSeek = ReturnType<typeof createGoalSeek>;
