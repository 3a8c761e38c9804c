/** Edits of the named cells (the Assumptions sheet's cells grid). */
import { batch } from "solid-js";
import { cellNameProblem } from "../../../engine/formula/math";
import { keyPath } from "../../../engine/plan/plan-file";
import { formulaMessages } from "../../../engine/formula/messages";
import type { EditContext } from "./context";

/** Named-cell edits of the workbook. */
export interface CellEdits {
  setCell(name: string, text: string): boolean;
  renameCell(oldName: string, newName: string): boolean;
  removeCell(name: string): void;
}

export function cellEdits(ctx: EditContext): CellEdits {
  return {
    setCell(name, text) {
      return ctx.setNumber(keyPath("cells", name), text, true);
    },
    renameCell(oldName, newName) {
      const path = keyPath("cells", oldName);
      const cells = ctx.plan.cells;
      const problem =
        newName === oldName
          ? null
          : (cellNameProblem(newName) ??
            (cells && newName in cells
              ? formulaMessages.problem("cellExists", { name: newName })
              : null));
      if (problem) {
        ctx.reject(`${path}#name`, newName, problem);
        return false;
      }
      batch(() => {
        ctx.clearRejected(`${path}#name`);
        ctx.mutate((p) => {
          const next: Record<string, number | string> = {};
          for (const [k, v] of Object.entries(p.cells ?? {})) next[k === oldName ? newName : k] = v;
          p.cells = next;
        });
      });
      return true;
    },
    removeCell(name) {
      ctx.mutate((p) => {
        if (p.cells) delete p.cells[name];
      });
    },
  };
}
