/**
 * A reusable spreadsheet grid: cells addressable by `data-testid="<id>:<row>:<col>"`. Keys as in a
 * spreadsheet (docs/grid.md): arrows move (Shift extends, Ctrl/Cmd jumps to the edge of the data),
 * Home/End, Ctrl+Home/End, PageUp/PageDown, Ctrl+A selects all, Enter/F2 or typing edits, Esc
 * cancels, Tab moves right, Enter commits and moves down, Delete clears, Ctrl+D fills down,
 * Ctrl/Cmd+C/X/V copy, cut and paste blocks as quoted TSV (a single value or a repeating block
 * fills the selection). Shift+click and mouse-drag select a range. The formula bar above the grid
 * shows the selected cell's address and raw text (formula); errors show in the cell (`#CYCLE`,
 * `#NAME`, `#VALUE`) with the reason on hover and in the bar. The grid never owns data: it asks
 * `cell()` and reports `onCommit`. A screen reader follows the active cell (aria-activedescendant).
 */
import {
  createMemo,
  createSignal,
  createUniqueId,
  For,
  Index,
  onCleanup,
  onMount,
  Show,
  type JSX,
} from "solid-js";
import { fillSelection, parseClipboardTsv, toClipboardTsv } from "../state/clipboard";
import type { Problem } from "../../engine/base/problems";
import { localizeError } from "../../report/messages";
import { lang } from "../state/i18n";
import { VIRTUAL_FROM, visibleRows } from "./virtual-rows";

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

/** Props of {@link Grid}. */
export interface GridProps {
  id: string;
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

type Pos = { r: number; c: number };

/** The spreadsheet grid component. */
export function Grid(props: GridProps): JSX.Element {
  // Read the rows once per change: an owner's row list may be derived from thousands of store
  // fields, and every binding reading it directly would track them all.
  const rows = createMemo(() => props.rows);
  const [sel, setSel] = createSignal<Pos>({ r: 0, c: 0 });
  const [anchor, setAnchor] = createSignal<Pos>({ r: 0, c: 0 });
  const [editing, setEditing] = createSignal<{ r: number; c: number; text: string } | null>(null);
  const uid = createUniqueId();
  const cellId = (r: number, c: number) => `g${uid}-${r}-${c}`;
  /** Mouse-drag selection: where the button went down; a drag starts once the pointer moves (not when the layout shifts under it). */
  let dragging: { x: number; y: number; moved: boolean } | null = null;
  let root!: HTMLDivElement;

  // Virtual rows (docs/grid.md): a long grid renders the rows in its scroll viewport plus an
  // overscan; spacer rows above and below keep the scroll height. Row height is measured once rendered.
  const virtual = () => rows().length > VIRTUAL_FROM;
  const [scrollTop, setScrollTop] = createSignal(0);
  const [viewHeight, setViewHeight] = createSignal(600);
  const [rowHeight, setRowHeight] = createSignal(25);
  const win = createMemo(() =>
    virtual()
      ? visibleRows(rows().length, scrollTop(), viewHeight(), rowHeight())
      : { start: 0, end: rows().length },
  );
  const shown = createMemo(() => {
    const { start, end } = win();
    return Array.from({ length: end - start }, (_, i) => start + i);
  });
  let measured = false;
  const measure = () => {
    if (!root) return;
    setViewHeight(root.clientHeight || 600);
    const h = root.querySelector<HTMLElement>("tbody tr[data-row]")?.getBoundingClientRect().height;
    if (h && h > 0) {
      setRowHeight(h);
      measured = true;
    }
  };
  /** Scroll a virtual grid so row r is rendered and inside the viewport (keyboard moves off-screen). */
  const reveal = (r: number) => {
    if (!virtual() || !root) return;
    const h = rowHeight();
    const head = root.querySelector<HTMLElement>("thead")?.getBoundingClientRect().height ?? h;
    const top = r * h;
    const view = Math.max(h, root.clientHeight - head);
    let next = root.scrollTop;
    if (top < next) next = top;
    else if (top + h > next + view) next = top + h - view;
    if (next !== root.scrollTop) {
      root.scrollTop = next;
      setScrollTop(root.scrollTop);
    }
  };

  const lastRow = () => rows().length - 1;
  const lastCol = () => props.columns.length - 1;
  const clamp = (p: Pos): Pos => ({
    r: Math.max(0, Math.min(lastRow(), p.r)),
    c: Math.max(0, Math.min(lastCol(), p.c)),
  });
  const range = () => {
    const a = anchor();
    const s = sel();
    return {
      r0: Math.min(a.r, s.r),
      r1: Math.max(a.r, s.r),
      c0: Math.min(a.c, s.c),
      c1: Math.max(a.c, s.c),
    };
  };
  const inRange = (r: number, c: number) => {
    const g = range();
    return r >= g.r0 && r <= g.r1 && c >= g.c0 && c <= g.c1;
  };
  const select = (p: Pos, extend = false) => {
    const q = clamp(p);
    setSel(q);
    if (!extend) setAnchor(q);
    props.onSelect?.(q.r, q.c);
    reveal(q.r);
    queueMicrotask(() =>
      root
        ?.querySelector<HTMLElement>(`[data-r="${q.r}"][data-c="${q.c}"]`)
        ?.scrollIntoView?.({ block: "nearest", inline: "nearest" }),
    );
  };
  const startEdit = (text?: string) => {
    const { r, c } = sel();
    const v = props.cell(r, c);
    if (v.readOnly || !props.onCommit) return;
    setEditing({ r, c, text: text ?? v.raw });
  };
  const commit = (move: Pos | null) => {
    const e = editing();
    if (!e) return;
    setEditing(null);
    if (e.text !== props.cell(e.r, e.c).raw) props.onCommit?.(e.r, e.c, e.text);
    if (move) select({ r: e.r + move.r, c: e.c + move.c });
    root?.focus();
  };
  const cancel = () => {
    setEditing(null);
    root?.focus();
  };

  const inGrid = (p: Pos) => p.r >= 0 && p.r <= lastRow() && p.c >= 0 && p.c <= lastCol();
  const filled = (p: Pos) => {
    const v = props.cell(p.r, p.c);
    return v.raw !== "" || v.display !== "";
  };
  /** Ctrl+Arrow: to the last filled cell of this run, else to the next filled cell, else to the edge. */
  const edge = (from: Pos, d: Pos): Pos => {
    let p = from;
    const step = (q: Pos) => ({ r: q.r + d.r, c: q.c + d.c });
    if (!inGrid(step(p))) return p;
    if (filled(p) && filled(step(p))) {
      while (inGrid(step(p)) && filled(step(p))) p = step(p);
      return p;
    }
    p = step(p);
    while (inGrid(step(p)) && !filled(p)) p = step(p);
    return p;
  };
  /** Ctrl+End: the last row and column that hold data. */
  const dataEnd = (): Pos => {
    let r1 = 0;
    let c1 = 0;
    for (let r = 0; r <= lastRow(); r++)
      for (let c = 0; c <= lastCol(); c++)
        if (filled({ r, c })) {
          r1 = Math.max(r1, r);
          c1 = Math.max(c1, c);
        }
    return { r: r1, c: c1 };
  };
  const pageRows = () => {
    const row = root?.querySelector<HTMLElement>("tbody tr");
    const h = row?.getBoundingClientRect().height || 25;
    const view = Math.min(root?.clientHeight || window.innerHeight, window.innerHeight);
    return Math.max(1, Math.floor(view / h) - 1);
  };

  /** Write a block at (r, c): one call to the owner when it takes blocks, else cell by cell. */
  const writeBlock = (r: number, c: number, block: string[][]) => {
    if (!block.length) return;
    if (props.onPasteBlock) props.onPasteBlock(r, c, block);
    else {
      block.forEach((cells, dr) =>
        cells.forEach((txt, dc) => {
          const rr = r + dr;
          const cc = c + dc;
          if (rr < rows().length && cc < props.columns.length && !props.cell(rr, cc).readOnly)
            props.onCommit?.(rr, cc, txt);
        }),
      );
    }
  };
  const clearRange = () => {
    if (!props.onCommit) return;
    const g = range();
    for (let r = g.r0; r <= g.r1; r++)
      for (let c = g.c0; c <= g.c1; c++)
        if (!props.cell(r, c).readOnly && props.cell(r, c).raw !== "") props.onCommit(r, c, "");
  };
  /** Ctrl+D: the top row of the selection (or the row above a one-row selection) copied down. */
  const fillDown = () => {
    if (!props.onCommit) return;
    const g = range();
    const src = g.r0 === g.r1 ? g.r0 - 1 : g.r0;
    if (src < 0) return;
    const from = src + 1;
    const values: string[] = [];
    for (let c = g.c0; c <= g.c1; c++) values.push(props.cell(src, c).raw);
    const block = Array.from({ length: g.r1 - from + 1 }, () => [...values]);
    writeBlock(from, g.c0, block);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (editing()) return;
    const s = sel();
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key;
    const moves: Record<string, Pos> = {
      ArrowUp: { r: -1, c: 0 },
      ArrowDown: { r: 1, c: 0 },
      ArrowLeft: { r: 0, c: -1 },
      ArrowRight: { r: 0, c: 1 },
    };
    const m = moves[key];
    const go = (p: Pos) => {
      e.preventDefault();
      select(p, e.shiftKey);
    };
    if (m) go(mod ? edge(s, m) : { r: s.r + m.r, c: s.c + m.c });
    else if (key === "Home") go(mod ? { r: 0, c: 0 } : { r: s.r, c: 0 });
    else if (key === "End") go(mod ? dataEnd() : { r: s.r, c: lastCol() });
    else if (key === "PageDown") go({ r: s.r + pageRows(), c: s.c });
    else if (key === "PageUp") go({ r: s.r - pageRows(), c: s.c });
    else if (mod && !e.altKey && key.toLowerCase() === "a") {
      e.preventDefault();
      setAnchor({ r: 0, c: 0 });
      setSel(clamp({ r: lastRow(), c: lastCol() }));
    } else if (mod && !e.altKey && key.toLowerCase() === "d") {
      e.preventDefault();
      fillDown();
    } else if (key === "Tab") {
      const next = clamp({ r: s.r, c: s.c + (e.shiftKey ? -1 : 1) });
      if (next.c !== s.c) {
        e.preventDefault();
        select(next);
      }
    } else if (key === "Enter" || key === "F2") {
      e.preventDefault();
      startEdit();
    } else if ((key === "Delete" || key === "Backspace") && props.onCommit) {
      e.preventDefault();
      clearRange();
    } else if (key.length === 1 && !mod && !e.altKey) {
      e.preventDefault();
      startEdit(key);
    }
  };

  const selectedBlock = (): string[][] => {
    const g = range();
    const block: string[][] = [];
    for (let r = g.r0; r <= g.r1; r++) {
      const row: string[] = [];
      for (let c = g.c0; c <= g.c1; c++) {
        const v = props.cell(r, c);
        row.push(v.readOnly ? v.display : v.raw);
      }
      block.push(row);
    }
    return block;
  };
  const onCopy = (e: ClipboardEvent) => {
    if (editing()) return;
    e.clipboardData?.setData("text/plain", toClipboardTsv(selectedBlock()));
    e.preventDefault();
  };
  const onCut = (e: ClipboardEvent) => {
    if (editing()) return;
    onCopy(e);
    clearRange();
  };

  const onPaste = (e: ClipboardEvent) => {
    if (editing()) return;
    const text = e.clipboardData?.getData("text/plain") ?? "";
    e.preventDefault();
    e.stopPropagation();
    if (!text) return;
    const g = range();
    const block = fillSelection(parseClipboardTsv(text), g.r1 - g.r0 + 1, g.c1 - g.c0 + 1);
    if (!block.length) return;
    writeBlock(g.r0, g.c0, block);
    setAnchor({ r: g.r0, c: g.c0 });
    setSel(
      clamp({
        r: g.r0 + block.length - 1,
        c: g.c0 + block.reduce((m, b) => Math.max(m, b.length), 0) - 1,
      }),
    );
  };

  onMount(() => {
    const up = () => (dragging = null);
    window.addEventListener("mouseup", up);
    window.addEventListener("resize", measure);
    onCleanup(() => {
      window.removeEventListener("mouseup", up);
      window.removeEventListener("resize", measure);
    });
    measure();
  });

  const current = () => {
    const { r, c } = sel();
    if (r >= rows().length || c >= props.columns.length) return null;
    return { r, c, v: props.cell(r, c) };
  };
  const where = (r: number, c: number) =>
    `${rows()[r]?.label ?? rows()[r]?.key} · ${props.columns[c]?.label}`;
  const detail = () => {
    const cur = current();
    if (!cur) return null;
    const { v } = cur;
    if (v.error)
      return {
        text: `${errorCode(v.error.kind)} — ${localizeError(v.error, lang())}`,
        error: true,
      };
    if (v.note) return { text: v.note, error: false };
    if (v.raw.startsWith("=")) return { text: `${v.raw} → ${v.display}`, error: false };
    return null;
  };

  return (
    <div class="grid-wrap">
      <div class="formula-bar" data-testid={`formula-bar-${props.id}`}>
        <Show when={current()} fallback={<span class="muted">&nbsp;</span>}>
          {(cur) => {
            const text = () =>
              editing()?.text ?? (cur().v.readOnly ? cur().v.display : cur().v.raw);
            return (
              <>
                <span class="where">{where(cur().r, cur().c)}</span>
                <span class="fx" aria-hidden="true">
                  fx
                </span>
                <span
                  class="fx-raw"
                  data-testid={`fx-${props.id}`}
                  title={text()}
                  classList={{ formula: cur().v.raw.startsWith("=") }}
                >
                  {text()}
                </span>
              </>
            );
          }}
        </Show>
      </div>
      <div
        ref={root}
        class="grid"
        tabIndex={0}
        role="grid"
        aria-label={props.id}
        aria-rowcount={rows().length + 1}
        aria-colcount={props.columns.length + (props.corner !== undefined ? 1 : 0)}
        aria-multiselectable="true"
        aria-activedescendant={current() ? cellId(sel().r, sel().c) : undefined}
        data-testid={`grid-${props.id}`}
        classList={{ virtual: virtual() }}
        onScroll={() => {
          setScrollTop(root.scrollTop);
          if (virtual() && !measured) measure();
        }}
        onKeyDown={onKeyDown}
        onCopy={onCopy}
        onCut={onCut}
        onPaste={onPaste}
      >
        <table role="presentation">
          <Show when={props.caption}>
            <caption>{props.caption}</caption>
          </Show>
          <thead role="presentation">
            <tr>
              <Show when={props.corner !== undefined}>
                <th class="corner" scope="col">
                  {props.corner}
                </th>
              </Show>
              <Index each={props.columns}>
                {(col, c) => (
                  <th
                    scope="col"
                    title={col().title}
                    class={props.columnClass?.(c) ?? ""}
                    classList={{ num: !!col().numeric }}
                    style={
                      col().width ? { width: col().width, "min-width": col().width } : undefined
                    }
                  >
                    {col().label}
                  </th>
                )}
              </Index>
            </tr>
          </thead>
          <tbody role="presentation">
            <Show when={virtual() && win().start > 0}>
              <tr class="spacer" aria-hidden="true" data-testid={`${props.id}:spacer-top`}>
                <td
                  colSpan={props.columns.length + (props.corner !== undefined ? 1 : 0)}
                  style={{ height: `${win().start * rowHeight()}px` }}
                />
              </tr>
            </Show>
            <For each={shown()}>
              {(r) => {
                const row = () => rows()[r] ?? { key: String(r) };
                return (
                  <tr class={row().class ?? ""} data-row={r}>
                    <Show when={props.corner !== undefined}>
                      <th scope="row" title={row().title}>
                        {row().label ?? row().key}
                      </th>
                    </Show>
                    <Index each={props.columns}>
                      {(col, c) => {
                        // One evaluation of the cell per change (its view is read by several bindings).
                        const v = createMemo(() => props.cell(r, c));
                        const isEditing = () => {
                          const e = editing();
                          return e !== null && e.r === r && e.c === c;
                        };
                        return (
                          <td
                            id={cellId(r, c)}
                            data-testid={`${props.id}:${row().key}:${col().key}`}
                            data-r={r}
                            data-c={c}
                            role="gridcell"
                            aria-selected={inRange(r, c)}
                            aria-readonly={v().readOnly ? "true" : undefined}
                            aria-invalid={v().error ? "true" : undefined}
                            title={
                              (v().error ? localizeError(v().error!, lang()) : null) ??
                              v().note ??
                              undefined
                            }
                            class={`${v().class ?? ""} ${props.columnClass?.(c) ?? ""}`}
                            classList={{
                              num: !!col().numeric,
                              sel: inRange(r, c),
                              cur: sel().r === r && sel().c === c,
                              err: !!v().error,
                              ro: !!v().readOnly,
                              formula: v().raw.startsWith("="),
                            }}
                            onMouseDown={(e) => {
                              if (isEditing() || e.button !== 0) return;
                              e.preventDefault();
                              if (editing()) commit(null);
                              select({ r: r, c: c }, e.shiftKey);
                              dragging = { x: e.clientX, y: e.clientY, moved: false };
                              root.focus();
                            }}
                            onMouseMove={(e) => {
                              if (!dragging || editing()) return;
                              if ((e.buttons & 1) === 0) {
                                dragging = null;
                                return;
                              }
                              if (
                                !dragging.moved &&
                                Math.hypot(e.clientX - dragging.x, e.clientY - dragging.y) < 4
                              )
                                return;
                              dragging.moved = true;
                              const s = sel();
                              if (s.r !== r || s.c !== c) select({ r: r, c: c }, true);
                            }}
                            onDblClick={() => startEdit()}
                          >
                            <Show
                              when={isEditing()}
                              fallback={
                                <span class="cv">
                                  {v().error ? errorCode(v().error!.kind) : v().display}
                                </span>
                              }
                            >
                              <input
                                class="cell-input"
                                data-testid="cell-editor"
                                aria-label={where(r, c)}
                                value={editing()!.text}
                                ref={(el) =>
                                  queueMicrotask(() => {
                                    el.focus();
                                    el.setSelectionRange(el.value.length, el.value.length);
                                  })
                                }
                                onInput={(e) =>
                                  setEditing({ r: r, c: c, text: e.currentTarget.value })
                                }
                                onKeyDown={(e) => {
                                  e.stopPropagation();
                                  if (e.key === "Enter") {
                                    e.preventDefault();
                                    commit({ r: e.shiftKey ? -1 : 1, c: 0 });
                                  } else if (e.key === "Tab") {
                                    e.preventDefault();
                                    commit({ r: 0, c: e.shiftKey ? -1 : 1 });
                                  } else if (e.key === "Escape") {
                                    e.preventDefault();
                                    cancel();
                                  }
                                }}
                                onBlur={() => isEditing() && commit(null)}
                                onCopy={(e) => e.stopPropagation()}
                                onCut={(e) => e.stopPropagation()}
                                onPaste={(e) => e.stopPropagation()}
                              />
                            </Show>
                          </td>
                        );
                      }}
                    </Index>
                  </tr>
                );
              }}
            </For>
            <Show when={virtual() && win().end < rows().length}>
              <tr class="spacer" aria-hidden="true" data-testid={`${props.id}:spacer-bottom`}>
                <td
                  colSpan={props.columns.length + (props.corner !== undefined ? 1 : 0)}
                  style={{ height: `${(rows().length - win().end) * rowHeight()}px` }}
                />
              </tr>
            </Show>
          </tbody>
        </table>
      </div>
      <div
        class="grid-detail"
        data-testid={`detail-${props.id}`}
        classList={{ bad: !!detail()?.error }}
      >
        <Show when={detail()} fallback={<span class="muted">&nbsp;</span>}>
          {(d) => (
            <>
              <span class="where">{where(sel().r, sel().c)}</span> {d().text}
            </>
          )}
        </Show>
      </div>
    </div>
  );
}

/** The in-cell error code of a formula error kind (docs/plan-file.md; `#CYCLE`, `#NAME`, `#VALUE`). */
export function errorCode(kind: string): string {
  if (kind === "FORBIDDEN") return "#NAME";
  if (kind === "PARSE") return "#SYNTAX";
  return `#${kind}`;
}
