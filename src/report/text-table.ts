/**
 * Text tables for a terminal (docs/cli.md): aligned columns that count East Asian wide
 * characters as two, and names kept on one line so that a name cannot break a row or start a
 * Markdown block (docs/security.md). Pure.
 */
import type { PlanResult } from "../engine/plan/plan-result";

// East Asian wide characters take two terminal columns (CJK, Hangul, fullwidth forms).
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
/** A character at or above U+1100: it may be wide, or half of a surrogate pair. */
const MAYBE_WIDE = /[^\u0000-\u10ff]/;

/**
 * Terminal columns of a cell: one per code point, two per wide one. Text below U+1100 (numbers,
 * Latin names: nearly every cell) has neither wide characters nor surrogate pairs, so its width is
 * its length.
 */
export function textWidth(s: string): number {
  if (!MAYBE_WIDE.test(s)) return s.length;
  let n = 0;
  for (const ch of s) n += WIDE.test(ch) ? 2 : 1;
  return n;
}

/** Rows as aligned columns (two spaces apart, no trailing spaces); each cell's width is measured once. */
export function textTable(rows: string[][]): string {
  const widths: number[] = [];
  const cellWidths = rows.map((row) =>
    row.map((cell, i) => {
      const w = textWidth(cell);
      widths[i] = Math.max(widths[i] ?? 0, w);
      return w;
    }),
  );
  return rows
    .map((row, r) =>
      row
        .map((cell, i) => cell + " ".repeat(widths[i]! - cellWidths[r]![i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

const LINE_BREAK = /[\r\n\u2028\u2029]+/g;
const HAS_BREAK = /[\r\n\u2028\u2029]/;
/** A name on one line: its line breaks replaced by spaces (Markdown, text tables). */
export const oneLine = (s: string): string => (HAS_BREAK.test(s) ? s.replace(LINE_BREAK, " ") : s);

/**
 * The result with line breaks in its title and names (SKUs, workloads, pools, teams) replaced by
 * spaces, so that a name cannot break a table row or start a Markdown block (docs/security.md).
 */
export function singleLineNames(r: PlanResult): PlanResult {
  const names = [r.title, ...r.skus.map((s) => s.name), ...r.workloads.map((w) => w.name)];
  if (r.tenants) for (const p of r.tenants.pools) names.push(p.name, ...p.teams.map((t) => t.name));
  if (!names.some((n) => typeof n === "string" && HAS_BREAK.test(n))) return r;
  return {
    ...r,
    title: oneLine(r.title),
    cheapest: r.cheapest === null ? null : oneLine(r.cheapest),
    workloads: r.workloads.map((w) => ({ ...w, name: oneLine(w.name) })),
    skus: r.skus.map((s) => ({
      ...s,
      name: oneLine(s.name),
      workloads: s.workloads.map((x) => ({ ...x, workload: oneLine(x.workload) })),
    })),
    tenants: r.tenants && {
      ...r.tenants,
      pools: r.tenants.pools.map((p) => ({
        ...p,
        name: oneLine(p.name),
        teams: p.teams.map((t) => ({ ...t, name: oneLine(t.name) })),
      })),
      teams: r.tenants.teams.map((t) => ({ ...t, name: oneLine(t.name) })),
    },
  };
}
