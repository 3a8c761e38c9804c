/** Words the grid shows about a cell: its address, its error code and the detail line. */
import { localizeError } from "../../../report/messages";
import type { UiLang } from "../../i18n";
import type { CellView, GridColumn, GridRow } from "./types";

/** The in-cell error code of a formula error kind (docs/plan-file.md; `#CYCLE`, `#NAME`, `#VALUE`). */
export function errorCode(kind: string): string {
  if (kind === "FORBIDDEN") return "#NAME";
  if (kind === "PARSE") return "#SYNTAX";
  return `#${kind}`;
}

/** A cell's address in words: "row label · column label". */
export function cellAddress(row: GridRow | undefined, col: GridColumn | undefined): string {
  return `${row?.label ?? row?.key} · ${col?.label}`;
}

/** The detail line under the grid for a cell: its error, its note, or its formula and result. */
export function cellDetail(v: CellView, lang: UiLang): { text: string; error: boolean } | null {
  if (v.error)
    return { text: `${errorCode(v.error.kind)} — ${localizeError(v.error, lang)}`, error: true };
  if (v.note) return { text: v.note, error: false };
  if (v.raw.startsWith("=")) return { text: `${v.raw} → ${v.display}`, error: false };
  return null;
}
