/**
 * Locust `PREFIX_stats_history.csv` (reference `locust.md`): one row per tick (1 s) with the
 * running `User Count`, per entry with `--csv-full-history`, else only the Aggregated row.
 *
 * Columns: `Requests/s`, `Failures/s` and — with `--csv-full-history` — the `50%`…`100%` columns
 * are the CURRENT sliding window (~10 s); without it the percentile columns are cumulative since
 * the start (`_percentile_fields(entry, use_current=full_history)`); `Total *` columns are always
 * cumulative since the start.
 *
 * One point per user-count PLATEAU: consecutive ticks with the same User Count > 0 lasting at least
 * {@link MIN_PLATEAU_TICKS} ticks (ramp ticks are skipped). Per plateau and entry:
 * - completed/failed = growth of `Total Request Count` / `Total Failure Count` since the tick
 *   before the plateau; rps = successful completions / plateau seconds (of the e2e entry);
 * - mean = exact mean of the responses logged during the plateau, from the cumulative
 *   `Total Average Response Time` × `Total Request Count` at both ends;
 * - percentiles: window mode → mean of the window percentiles of the plateau's ticks that have
 *   samples, skipping the first window (it still holds the previous level); cumulative mode →
 *   the last tick's cumulative percentiles (a warning says they include earlier levels).
 * concurrency = User Count (closed loop).
 */
import type { MetricField, Stats, SweepPoint } from "../../engine/base/types";
import { parseCsv } from "../csv";
import { addNote, issueOf } from "../messages/issue";
import { locustMessages as M } from "./locust-messages";
import type { FileImportResult, FormatImporter, InputFile, PartialSweep } from "../types";
import {
  bucketNote,
  cellNum,
  chooseEntries,
  entryKey,
  Header,
  isAggregated,
  percentileStat,
  type Entry,
} from "./locust-common";

/** Ticks a user count must hold to count as a load level (≈ seconds at Locust's 1 s interval). */
export const MIN_PLATEAU_TICKS = 5;
/** Locust's current-stats window, seconds. */
const WINDOW_SEC = 10;

interface Tick {
  ts: number;
  users: number;
  row: string[];
}

function isHistory(file: InputFile): boolean {
  return /^"?timestamp"?,"?user count"?,"?type"?,"?name"?,"?requests\/s"?/i.test(
    file
      .firstLine()
      .replace(/^\uFEFF/, "")
      .trim(),
  );
}

/** The column indices of a stats history (-1: absent). */
function historyCols(h: Header) {
  return {
    ts: h.col("Timestamp"),
    users: h.col("User Count"),
    type: h.col("Type"),
    name: h.col("Name"),
    rps: h.col("Requests/s"),
    count: h.col("Total Request Count"),
    fail: h.col("Total Failure Count"),
    avg: h.col("Total Average Response Time"),
  };
}
type HistoryCols = ReturnType<typeof historyCols>;

/** A run of ticks with one user count (indices into the timeline). */
interface Run {
  users: number;
  from: number;
  to: number;
}

/** What a plateau's statistics are read from: the file, and the plateau's time span. */
interface PlateauSpan {
  h: Header;
  c: HistoryCols;
  byEntry: Map<string, Tick[]>;
  fullHistory: boolean;
  tStart: number;
  tEnd: number;
  /** The tick before the plateau (its start when the plateau opens the file). */
  tPrev: number;
}

function parse(file: InputFile): FileImportResult {
  const t = parseCsv(file.text);
  const h = new Header(t.rows[0] ?? []);
  const c = historyCols(h);
  for (const [k, n] of [
    ["ts", "Timestamp"],
    ["users", "User Count"],
    ["name", "Name"],
  ] as const) {
    if (c[k] < 0)
      return {
        ok: false,
        errors: [
          issueOf(file.name, "missing-column", M.problem("historyMissingColumn", { column: n }), {
            line: 1,
            column: n,
          }),
        ],
      };
  }
  const { byEntry, entries } = ticksByEntry(t.rows.slice(1), c);
  if (!byEntry.size)
    return {
      ok: false,
      errors: [issueOf(file.name, "no-rows", M.problem("historyNoRows", {}), { line: 2 })],
    };
  const fullHistory = [...entries.values()].some((e) => !isAggregated(e));
  // Timeline: the Aggregated rows (written every tick), else the longest entry.
  const aggKey = [...entries.entries()].find(([, e]) => isAggregated(e))?.[0];
  const timeline = (
    aggKey ? byEntry.get(aggKey) : [...byEntry.values()].sort((a, b) => b.length - a.length)[0]
  )!;
  const runs: Run[] = [];
  timeline.forEach((tk, i) => {
    const last = runs[runs.length - 1];
    if (last && last.users === tk.users) last.to = i;
    else runs.push({ users: tk.users, from: i, to: i });
  });
  let plateaus = runs.filter((r) => r.users > 0 && r.to - r.from + 1 >= MIN_PLATEAU_TICKS);
  const sweep: PartialSweep = {
    meta: { model: null, engine: null, gpu: null, gpuCount: null, date: null, tool: "locust" },
    points: [],
    warnings: [],
  };
  addNote(sweep, bucketNote());
  if (!plateaus.length) {
    const longest = runs
      .filter((r) => r.users > 0)
      .sort((a, b) => b.to - b.from - (a.to - a.from))[0];
    if (!longest)
      return {
        ok: false,
        errors: [issueOf(file.name, "no-points", M.problem("historyNoUsers", {}))],
      };
    plateaus = [longest];
    addNote(
      sweep,
      M.problem("historyShortPlateau", {
        ticks: MIN_PLATEAU_TICKS,
        users: longest.users,
        length: longest.to - longest.from + 1,
      }),
    );
  }
  const list = [...entries.values()];
  const chosen = fullHistory ? chooseEntries(list) : chooseEntries(list.filter(isAggregated));
  for (const x of chosen.notes) addNote(sweep, x);
  if (fullHistory) {
    addNote(sweep, M.problem("historyWindow", { window: WINDOW_SEC }));
  } else {
    addNote(sweep, M.problem("historyCumulative", {}));
  }
  for (const pl of plateaus) {
    const tStart = timeline[pl.from]!.ts;
    const span: PlateauSpan = {
      h,
      c,
      byEntry,
      fullHistory,
      tStart,
      tEnd: timeline[pl.to]!.ts,
      tPrev: pl.from > 0 ? timeline[pl.from - 1]!.ts : tStart,
    };
    sweep.points.push(plateauPoint(pl.users, span, chosen.byMetric, chosen.rateEntry));
  }
  return { ok: true, value: { sweeps: [sweep], warnings: [] } };
}

/** The ticks of each entry (type and name), and the entries with their largest request count. */
function ticksByEntry(
  rows: readonly string[][],
  c: HistoryCols,
): { byEntry: Map<string, Tick[]>; entries: Map<string, Entry> } {
  const byEntry = new Map<string, Tick[]>();
  const entries = new Map<string, Entry>();
  for (const r of rows) {
    const ts = cellNum(r, c.ts);
    const users = cellNum(r, c.users);
    if (ts === undefined || users === undefined) continue;
    const e = { type: (r[c.type] ?? "").trim(), name: (r[c.name] ?? "").trim() };
    const k = entryKey(e);
    const list = byEntry.get(k) ?? [];
    list.push({ ts, users, row: r });
    byEntry.set(k, list);
    const prev = entries.get(k);
    const n = cellNum(r, c.count) ?? 0;
    entries.set(k, { ...e, requests: Math.max(prev?.requests ?? 0, n) });
  }
  return { byEntry, entries };
}

/** The point of one plateau: each metric from its entry, completions and rps from the rate entry. */
function plateauPoint(
  users: number,
  span: PlateauSpan,
  byMetric: ReadonlyMap<MetricField, Entry>,
  rateEntry: Entry | null,
): SweepPoint {
  const p: SweepPoint = { concurrency: users, requestRate: null };
  for (const [field, e] of byMetric) {
    const { stats } = plateauStats(e, span);
    if (Object.keys(stats).length) p[field] = stats;
  }
  if (rateEntry) {
    const { done, failed } = plateauStats(rateEntry, span);
    if (done !== undefined) {
      p.completed = done;
      p.failed = failed ?? 0;
      const secs = span.tEnd - span.tPrev;
      if (secs > 0 && done > 0) p.rps = done / secs;
    }
  }
  return p;
}

/**
 * One entry's statistics over a plateau (see the module comment): the exact mean from the
 * cumulative totals at both ends, the percentiles from the window (full history) or the last
 * tick (cumulative), and the successes and failures logged during it.
 */
function plateauStats(
  e: Entry,
  span: PlateauSpan,
): { stats: Stats; done?: number; failed?: number } {
  const { h, c, tStart, tEnd, tPrev } = span;
  const ticks = span.byEntry.get(entryKey(e)) ?? [];
  const base = [...ticks].reverse().find((tk) => tk.ts <= tPrev && tPrev < tStart);
  const inside = ticks.filter((tk) => tk.ts >= tStart && tk.ts <= tEnd);
  const stats: Stats = {};
  const last = inside[inside.length - 1];
  if (!last) return { stats };
  const n1 = cellNum(last.row, c.count) ?? 0;
  const n0 = base ? (cellNum(base.row, c.count) ?? 0) : 0;
  const f1 = cellNum(last.row, c.fail) ?? 0;
  const f0 = base ? (cellNum(base.row, c.fail) ?? 0) : 0;
  const a1 = cellNum(last.row, c.avg);
  const a0 = base ? (cellNum(base.row, c.avg) ?? 0) : 0;
  if (n1 > n0 && a1 !== undefined) stats.mean = (a1 * n1 - a0 * n0) / (n1 - n0);
  if (span.fullHistory) {
    const late = inside.filter((tk) => tk.ts >= tStart + WINDOW_SEC);
    const use = tEnd - tStart >= 2 * WINDOW_SEC && late.length ? late : inside;
    for (const { col, q } of h.percentileCols) {
      const key = percentileStat(q);
      if (!key) continue;
      const vals = use
        .map((tk) => cellNum(tk.row, col))
        .filter((v): v is number => v !== undefined && v > 0);
      if (vals.length) stats[key] = vals.reduce((s, v) => s + v, 0) / vals.length;
    }
  } else {
    for (const { col, q } of h.percentileCols) {
      const key = percentileStat(q);
      const v = cellNum(last.row, col);
      if (key && v !== undefined && v > 0) stats[key] = v;
    }
  }
  return { stats, done: n1 - n0 - (f1 - f0), failed: f1 - f0 };
}

/** Locust `_stats_history.csv`: one point per user-count plateau. */
export const locustHistory: FormatImporter = {
  id: "locust-history",
  title: "Locust --csv stats history (PREFIX_stats_history.csv), one point per user-count plateau",
  versions: "Locust 1.4 – 2.46",
  detect(file) {
    return isHistory(file) ? 0.95 : 0;
  },
  parse(file) {
    if (!isHistory(file))
      return {
        ok: false,
        errors: [issueOf(file.name, "unknown-format", M.problem("notHistory", {}), { line: 1 })],
      };
    return parse(file);
  },
};
