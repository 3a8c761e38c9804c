/** What a comparison cell reads: the plan's result, the language, the text rows, the input cells. */
import type { PlanResult } from "../../../engine/plan/plan-result";
import type { ComparisonTextRow, Lang } from "../../../report/plan-output";
import type { CellState } from "../../state/workbook";

/** The context every row of the comparison reads its cells from. */
export interface ComparisonContext {
  readonly result: PlanResult;
  readonly lang: Lang;
  /** The formatted metric rows (`createComparisonRows`), empty rows already left out. */
  readonly table: readonly ComparisonTextRow[];
  /** An input cell by plan path (`skus[0].pricePerGpuHour`). */
  input(path: string): CellState;
}
