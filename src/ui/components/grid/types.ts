/** The types shared by the grid's primitives and components (what the owner passes, what a cell shows). */
import type { JSX } from "solid-js";
import type { Problem } from "../../../engine/base/problems";

/** A column of the grid. */
export interface GridColumn {
  key: string;
  label: string;
  title?: string;
  /** Right-aligned, tabular numbers. */
  numeric?: boolean;
  width?: string;
}

/** A row of the grid. */
export interface GridRow {
  key: string;
  label?: string;
  title?: string;
  class?: string;
}

/** What one cell shows. */
export interface CellView {
  /** Text put in the editor (numbers in full precision, formulas as typed). */
  raw: string;
  /** Text shown in the cell. */
  display: string;
  error?: { kind: string; message: string; problem?: Problem | undefined } | null | undefined;
  readOnly?: boolean | undefined;
  /** Plain-words explanation shown in the detail line (derived cells, formulas). */
  note?: string | undefined;
  class?: string | undefined;
}

/** Props of the Grid component. */
export interface GridProps {
  /** Internal id: test ids (`grid-<id>`, `<id>:<row>:<col>`), never shown. */
  id: string;
  /** What a screen reader announces for the grid, in the UI language (e.g. "Sweep of H100"). */
  label: string;
  columns: GridColumn[];
  rows: GridRow[];
  cell(row: number, col: number): CellView;
  onCommit?(row: number, col: number, raw: string): void;
  /** Paste a block at (row, col); default: commit cell by cell inside the grid. */
  onPasteBlock?(row: number, col: number, block: string[][]): void;
  onSelect?(row: number, col: number): void;
  /** Header of the row-label column (omit for no row labels). */
  corner?: string;
  caption?: JSX.Element;
  /** Extra class per column header (e.g. the recommended SKU). */
  columnClass?(col: number): string;
}

/** A cell position (row, column), 0-based. */
export type Pos = { r: number; c: number };

/** A rectangular block of cells, inclusive bounds. */
export type Range = { r0: number; r1: number; c0: number; c1: number };

/** The part of the owner that reads and writes cells. */
export type CellOwner = Pick<GridProps, "cell" | "onCommit" | "onPasteBlock">;
