/**
 * The per-request statistics capplan's import computes, computed by DuckDB (single-threaded) on
 * the same CSV: per concurrency the count, request rate from the start/end span, mean input and
 * output tokens, and for ttft, tpot (the file's one-value-per-request itl column, as capplan stores
 * it), ntpot (latency ÷ output tokens) and e2e: mean, min, max, sample std and the percentiles with
 * linear interpolation (numpy's method, `quantile_cont`). Used by test/bench/cases/import.mjs:
 * `statsOfPoints` and `statsOfDuckRows` give both sides in one shape, `compareStats` checks them.
 */
export const DUCK_METRICS = [
  ["ttft", "ttft_ms", "ttftMs"],
  ["tpot", "itl_ms", "tpotMs"],
  ["ntpot", "latency_ms / output_tokens", "ntpotMs"],
  ["e2e", "latency_ms", "e2eMs"],
];
const QS = [50, 90, 95, 99, 99.9];
export const STAT_KEYS = ["mean", "min", "max", "std", ...QS.map((q) => `p${q}`)];

function aggs(expr, filter) {
  const f = filter ? ` FILTER (WHERE ${filter})` : "";
  return [
    `avg(${expr})${f}`,
    `min(${expr})${f}`,
    `max(${expr})${f}`,
    `stddev_samp(${expr})${f}`,
    ...QS.map((q) => `quantile_cont(${expr}, ${q / 100})${f}`),
  ];
}

/** The SQL over a CSV file (one row per concurrency, ordered). */
export function duckSql(file) {
  const cols = [
    "concurrency",
    "count(*)",
    "count(*) / ((max(end_ms) - min(start_ms)) / 1000)",
    "avg(input_tokens)",
    "avg(output_tokens)",
  ];
  for (const [, expr] of DUCK_METRICS)
    cols.push(...aggs(expr, expr.includes("/ output_tokens") ? "output_tokens > 0" : null));
  return `SELECT ${cols.join(", ")} FROM read_csv('${file.replace(/'/g, "''")}') GROUP BY concurrency ORDER BY concurrency`;
}

/**
 * Run the statistics in DuckDB with `threads` threads (default 1; the timed comparison uses every
 * core of the machine, issue #32); rows of plain numbers.
 */
export async function duckStats(duckdb, file, threads = 1) {
  const db = await duckdb.DuckDBInstance.create(":memory:", { threads: String(threads) });
  const c = await db.connect();
  await c.run(`SET threads = ${Number(threads)}`);
  const r = await c.runAndReadAll(duckSql(file));
  const rows = r.getRows().map((row) => row.map((v) => (typeof v === "bigint" ? Number(v) : v)));
  c.closeSync?.();
  return rows;
}

/** capplan's points as { [concurrency]: { completed, rps, meanIn, meanOut, ttft: {mean, …}, … } }. */
export function statsOfPoints(points) {
  const out = {};
  for (const p of points) {
    const s = {
      completed: p.completed,
      rps: p.rps,
      meanIn: p.meanInputTokens,
      meanOut: p.meanOutputTokens,
    };
    for (const [name, , key] of DUCK_METRICS)
      s[name] = Object.fromEntries(STAT_KEYS.map((k) => [k, p[key]?.[k]]));
    out[p.concurrency] = s;
  }
  return out;
}

/** DuckDB's rows in the shape of {@link statsOfPoints}. */
export function statsOfDuckRows(rows) {
  const out = {};
  for (const row of rows) {
    let i = 0;
    const conc = row[i++];
    const s = { completed: row[i++], rps: row[i++], meanIn: row[i++], meanOut: row[i++] };
    for (const [name] of DUCK_METRICS)
      s[name] = Object.fromEntries(STAT_KEYS.map((k) => [k, row[i++]]));
    out[conc] = s;
  }
  return out;
}

/** Largest relative difference over every statistic, and the first one beyond `tol` (or null). */
export function compareStats(a, b, tol = 1e-12) {
  let worst = 0;
  let bad = null;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const c of keys) {
    const x = a[c];
    const y = b[c];
    if (!x || !y) return { worst: Infinity, bad: `concurrency ${c} on one side only` };
    const pairs = [
      ["completed", x.completed, y.completed],
      ["rps", x.rps, y.rps],
      ["meanIn", x.meanIn, y.meanIn],
      ["meanOut", x.meanOut, y.meanOut],
    ];
    for (const [name] of DUCK_METRICS)
      for (const k of STAT_KEYS) pairs.push([`${name}.${k}`, x[name][k], y[name][k]]);
    for (const [what, u, v] of pairs) {
      const d = u === v ? 0 : Math.abs(u - v) / Math.max(Math.abs(u), Math.abs(v));
      if (!(d <= tol) && !bad) bad = `concurrency ${c} ${what}: capplan ${u}, DuckDB ${v}`;
      if (d > worst || Number.isNaN(d)) worst = Number.isNaN(d) ? Infinity : d;
    }
  }
  return { worst, bad };
}
