/**
 * A reusable spreadsheet grid: cells addressable by `data-testid="<id>:<row>:<col>"`, arrows move
 * (Shift extends the selection), Enter/F2 or typing edits, Esc cancels, Tab moves right, Enter
 * commits and moves down, Delete clears, Ctrl/Cmd+C / Ctrl/Cmd+V copy and paste blocks as TSV.
 * Errors show in the cell (`#CYCLE`, `#NAME`, `#VALUE`) with the reason on hover and in the detail
 * line under the grid. The grid never owns data: it asks `cell()` and reports `onCommit`.
 */
import { createMemo, createSignal, Index, Show, type JSX } from "solid-js";
import { parseTsvBlock, toTsv } from "../state/plan-edit";
import { translateMessage } from "../../report/messages-zh";
import { lang } from "../state/i18n";

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
  error?: { kind: string; message: string } | null;
  readOnly?: boolean;
  /** Plain-words explanation shown in the detail line (derived cells, formulas). */
  note?: string;
  class?: string;
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
  const [sel, setSel] = createSignal<Pos>({ r: 0, c: 0 });
  const [anchor, setAnchor] = createSignal<Pos>({ r: 0, c: 0 });
  const [editing, setEditing] = createSignal<{ r: number; c: number; text: string } | null>(null);
  let root!: HTMLDivElement;

  const clamp = (p: Pos): Pos => ({
    r: Math.max(0, Math.min(props.rows.length - 1, p.r)),
    c: Math.max(0, Math.min(props.columns.length - 1, p.c)),
  });
  const range = () => {
    const a = anchor();
    const s = sel();
    return { r0: Math.min(a.r, s.r), r1: Math.max(a.r, s.r), c0: Math.min(a.c, s.c), c1: Math.max(a.c, s.c) };
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
    queueMicrotask(() => root?.querySelector<HTMLElement>(`[data-r="${q.r}"][data-c="${q.c}"]`)?.scrollIntoView?.({ block: "nearest", inline: "nearest" }));
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

  const onKeyDown = (e: KeyboardEvent) => {
    if (editing()) return;
    const s = sel();
    const mod = e.ctrlKey || e.metaKey;
    const moves: Record<string, Pos> = { ArrowUp: { r: -1, c: 0 }, ArrowDown: { r: 1, c: 0 }, ArrowLeft: { r: 0, c: -1 }, ArrowRight: { r: 0, c: 1 } };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      select({ r: s.r + m.r, c: s.c + m.c }, e.shiftKey);
    } else if (e.key === "Tab") {
      const next = clamp({ r: s.r, c: s.c + (e.shiftKey ? -1 : 1) });
      if (next.c !== s.c) {
        e.preventDefault();
        select(next);
      }
    } else if (e.key === "Enter" || e.key === "F2") {
      e.preventDefault();
      startEdit();
    } else if ((e.key === "Delete" || e.key === "Backspace") && props.onCommit) {
      e.preventDefault();
      const g = range();
      for (let r = g.r0; r <= g.r1; r++) for (let c = g.c0; c <= g.c1; c++) if (!props.cell(r, c).readOnly) props.onCommit(r, c, "");
    } else if (e.key.length === 1 && !mod && !e.altKey) {
      e.preventDefault();
      startEdit(e.key);
    }
  };

  const onCopy = (e: ClipboardEvent) => {
    if (editing()) return;
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
    e.clipboardData?.setData("text/plain", toTsv(block));
    e.preventDefault();
  };

  const onPaste = (e: ClipboardEvent) => {
    if (editing()) return;
    const text = e.clipboardData?.getData("text/plain") ?? "";
    e.preventDefault();
    e.stopPropagation();
    if (!text) return;
    const block = parseTsvBlock(text);
    const g = range();
    const r = g.r0;
    const c = g.c0;
    if (props.onPasteBlock) props.onPasteBlock(r, c, block);
    else {
      block.forEach((cells, dr) =>
        cells.forEach((txt, dc) => {
          const rr = r + dr;
          const cc = c + dc;
          if (rr < props.rows.length && cc < props.columns.length && !props.cell(rr, cc).readOnly) props.onCommit?.(rr, cc, txt);
        }),
      );
    }
    setAnchor({ r, c });
    setSel(clamp({ r: r + block.length - 1, c: c + Math.max(...block.map((b) => b.length)) - 1 }));
  };

  const detail = () => {
    const { r, c } = sel();
    if (r >= props.rows.length || c >= props.columns.length) return null;
    const v = props.cell(r, c);
    const where = `${props.rows[r]?.label ?? props.rows[r]?.key} · ${props.columns[c]?.label}`;
    if (v.error) return { where, text: `${errorCode(v.error.kind)} — ${translateMessage(v.error.message, lang())}`, error: true };
    if (v.note) return { where, text: v.note, error: false };
    if (v.raw.startsWith("=")) return { where, text: `${v.raw} → ${v.display}`, error: false };
    return null;
  };

  return (
    <div class="grid-wrap">
      <div
        ref={root}
        class="grid"
        tabIndex={0}
        role="grid"
        aria-label={props.id}
        data-testid={`grid-${props.id}`}
        onKeyDown={onKeyDown}
        onCopy={onCopy}
        onPaste={onPaste}
      >
        <table>
          <Show when={props.caption}>
            <caption>{props.caption}</caption>
          </Show>
          <thead>
            <tr>
              <Show when={props.corner !== undefined}>
                <th class="corner" scope="col">{props.corner}</th>
              </Show>
              <Index each={props.columns}>
                {(col, c) => (
                  <th scope="col" title={col().title} class={props.columnClass?.(c) ?? ""} classList={{ num: !!col().numeric }} style={col().width ? { width: col().width, "min-width": col().width } : undefined}>
                    {col().label}
                  </th>
                )}
              </Index>
            </tr>
          </thead>
          <tbody>
            <Index each={props.rows}>
              {(row, r) => (
                <tr class={row().class ?? ""}>
                  <Show when={props.corner !== undefined}>
                    <th scope="row" title={row().title}>{row().label ?? row().key}</th>
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
                          data-testid={`${props.id}:${row().key}:${col().key}`}
                          data-r={r}
                          data-c={c}
                          role="gridcell"
                          aria-selected={inRange(r, c)}
                          title={(v().error ? translateMessage(v().error!.message, lang()) : null) ?? v().note ?? undefined}
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
                            if (isEditing()) return;
                            e.preventDefault();
                            if (editing()) commit(null);
                            select({ r: r, c: c }, e.shiftKey);
                            root.focus();
                          }}
                          onDblClick={() => startEdit()}
                        >
                          <Show when={isEditing()} fallback={<span class="cv">{v().error ? errorCode(v().error!.kind) : v().display}</span>}>
                            <input
                              class="cell-input"
                              data-testid="cell-editor"
                              value={editing()!.text}
                              ref={(el) => queueMicrotask(() => {
                                el.focus();
                                el.setSelectionRange(el.value.length, el.value.length);
                              })}
                              onInput={(e) => setEditing({ r: r, c: c, text: e.currentTarget.value })}
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
                              onPaste={(e) => e.stopPropagation()}
                            />
                          </Show>
                        </td>
                      );
                    }}
                  </Index>
                </tr>
              )}
            </Index>
          </tbody>
        </table>
      </div>
      <div class="grid-detail" data-testid={`detail-${props.id}`} classList={{ bad: !!detail()?.error }}>
        <Show when={detail()} fallback={<span class="muted">&nbsp;</span>}>
          {(d) => (
            <>
              <span class="where">{d().where}</span> {d().text}
            </>
          )}
        </Show>
      </div>
    </div>
  );
}

/** The in-cell error code of a formula error kind (spec §6; `#CYCLE`, `#NAME`, `#VALUE`). */
export function errorCode(kind: string): string {
  if (kind === "FORBIDDEN") return "#NAME";
  if (kind === "PARSE") return "#SYNTAX";
  return `#${kind}`;
}
