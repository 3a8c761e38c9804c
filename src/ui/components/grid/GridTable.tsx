/**
 * The table of a grid: header row, rendered rows (all, or the virtual window between two spacer
 * rows) and their cells. The table itself is presentational; the grid's ARIA structure (grid →
 * rowgroup → row → columnheader / rowheader / gridcell) is explicit on every element, so a screen
 * reader reads a grid and axe finds every cell in a row.
 */
import { For, Index, Show, type JSX } from "solid-js";
import { type CellContext, GridCell } from "./GridCell";
import type { GridRow } from "./types";
import type { VirtualRows } from "./virtual";

/** The `<table>` inside a grid's scroll viewport. */
export function GridTable(p: {
  ctx: CellContext;
  rows: GridRow[];
  virtual: VirtualRows;
}): JSX.Element {
  const props = p.ctx.props;
  const hasCorner = () => props.corner !== undefined;
  const span = () => props.columns.length + (hasCorner() ? 1 : 0);
  const v = p.virtual;
  return (
    <table role="presentation">
      <Show when={props.caption}>
        <caption>{props.caption}</caption>
      </Show>
      <thead role="rowgroup">
        <tr role="row" aria-rowindex={1}>
          <Show when={hasCorner()}>
            <th class="corner" scope="col" role="columnheader">
              {props.corner}
            </th>
          </Show>
          <Index each={props.columns}>
            {(col, c) => (
              <th
                scope="col"
                role="columnheader"
                title={col().title}
                class={props.columnClass?.(c) ?? ""}
                classList={{ num: !!col().numeric }}
                style={col().width ? { width: col().width, "min-width": col().width } : undefined}
              >
                {col().label}
              </th>
            )}
          </Index>
        </tr>
      </thead>
      <tbody role="rowgroup">
        <Show when={v.virtual() && v.win().start > 0}>
          <tr class="spacer" aria-hidden="true" data-testid={`${props.id}:spacer-top`}>
            <td colSpan={span()} style={{ height: `${v.spacers().top}px` }} />
          </tr>
        </Show>
        <For each={v.shown()}>
          {(r) => {
            const row = () => p.rows[r] ?? { key: String(r) };
            return (
              <tr class={row().class ?? ""} data-row={r} role="row" aria-rowindex={r + 2}>
                <Show when={hasCorner()}>
                  <th scope="row" role="rowheader" title={row().title}>
                    {row().label ?? row().key}
                  </th>
                </Show>
                <Index each={props.columns}>
                  {(col, c) => <GridCell ctx={p.ctx} r={r} c={c} rowKey={row().key} col={col()} />}
                </Index>
              </tr>
            );
          }}
        </For>
        <Show when={v.virtual() && v.win().end < p.rows.length}>
          <tr class="spacer" aria-hidden="true" data-testid={`${props.id}:spacer-bottom`}>
            <td colSpan={span()} style={{ height: `${v.spacers().bottom}px` }} />
          </tr>
        </Show>
      </tbody>
    </table>
  );
}
