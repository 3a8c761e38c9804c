/**
 * Readable output of `capplan compare`: the report table (docs/report.md) with a delta per matched load level
 * (`12.3 → 11.0 (−10.6 %) ▲`), a result column, the unmatched levels, the regressions not shown
 * in the table columns, and a summary line.
 */
import type { Sweep } from "../engine/base/types";
import type { CompareResult, CompareRow, LoadLevel } from "./compare";
import { filesText, fmtMs, fmtPct, fmtRps, fmtTokensPerSec, fmtPlain } from "./format";
import { t, type Lang } from "./i18n";
import {
  allOpenLoop,
  interTokenMetric,
  loadCell,
  markdownTable,
  tableColumns,
  tableHeaders,
} from "./sweep-table";

/** Marker appended to a cell whose change is a regression. */
export const REGRESSION_MARK = "▲";

/** Display name of a compare key: `ttft.p99` → `P99 TTFT`, `rps` → `RPS`. */
export function keyLabel(key: string): string {
  if (key === "rps") return "RPS";
  if (key === "outputTokensPerSec") return "tokens/s";
  const [m, s] = key.split(".");
  return `${(s ?? "").toUpperCase()} ${(m ?? "").toUpperCase()}`;
}

function fmtFor(key: string): (v: number | null | undefined) => string {
  if (key === "rps") return fmtRps;
  if (key === "outputTokensPerSec") return fmtTokensPerSec;
  return fmtMs;
}

function unit(key: string): string {
  return key === "rps" || key === "outputTokensPerSec" ? "" : " ms";
}

function levelText(l: LoadLevel, lang: Lang): string {
  const cell = loadCell(l, lang);
  return l.concurrency != null ? `${t(lang, "concurrency").toLowerCase()} ${cell}` : cell;
}

function deltaCell(row: CompareRow, key: string): string {
  const d = row.deltas[key];
  if (!d) return "—";
  const f = fmtFor(key);
  return `${f(d.base)} → ${f(d.cand)} (${fmtPct(d.pct)})${d.regression ? ` ${REGRESSION_MARK}` : ""}`;
}

/** The one-line verdict: how many regressions over the threshold, and the worst change. */
export function compareSummary(r: CompareResult, lang: Lang): string {
  const n = r.regressions.length;
  const levels = r.rows.length;
  const th = fmtPlain(r.thresholdPct, 2);
  const worst =
    r.worst && r.worstPct != null
      ? { what: keyLabel(r.worst.key), at: levelText(r.worst, lang), pct: fmtPct(r.worst.pct) }
      : null;
  if (lang === "zh") {
    const head =
      n > 0
        ? `${n} 项退化超过 ${th} %（共 ${levels} 个匹配档位）`
        : `无超过 ${th} % 的退化（共 ${levels} 个匹配档位）`;
    return worst ? `${head}；最差变化：${worst.what} ${worst.pct}（${worst.at}）。` : `${head}。`;
  }
  const head =
    n > 0
      ? `${n} regression${n === 1 ? "" : "s"} over ${th} % at ${levels} matched load level${levels === 1 ? "" : "s"}`
      : `No regression over ${th} % at ${levels} matched load level${levels === 1 ? "" : "s"}`;
  return worst ? `${head}; worst change: ${worst.what} ${worst.pct} (${worst.at}).` : `${head}.`;
}

/**
 * The readable compare report: labels of both sides, the benchmark report table (docs/report.md) with deltas, unmatched
 * levels, the full list of regressions and the summary line.
 */
export function compareMarkdown(base: Sweep, cand: Sweep, r: CompareResult, lang: Lang): string {
  const metric = interTokenMetric(base, cand);
  const cols = tableColumns(metric);
  const out: string[] = [];
  const files = (s: Sweep) => {
    const f = filesText(s.source.files);
    return f ? ` (${f})` : "";
  };
  out.push(`${t(lang, "baseline")}${t(lang, "colon")}${base.label}${files(base)}`);
  out.push(`${t(lang, "candidate")}${t(lang, "colon")}${cand.label}${files(cand)}`);
  out.push("");
  out.push(t(lang, "latenciesInMs"));
  out.push("");
  const open = allOpenLoop(r.rows);
  const rows = r.rows.map((row) => [
    loadCell(row, lang, open),
    ...cols.map((c) => deltaCell(row, c.key)),
    Object.values(row.deltas).some((d) => d.regression)
      ? `${REGRESSION_MARK} ${t(lang, "regression")}`
      : t(lang, "ok"),
  ]);
  out.push(markdownTable([...tableHeaders(lang, metric, open), t(lang, "result")], rows).trimEnd());
  if (r.unmatched.length) {
    out.push("");
    out.push(`${t(lang, "unmatched")}${t(lang, "colon").trimEnd()}`);
    for (const u of r.unmatched) {
      out.push(
        `- ${levelText(u, lang)} (${t(lang, u.side === "baseline" ? "onlyInBaseline" : "onlyInCandidate")})`,
      );
    }
  }
  if (r.regressions.length) {
    out.push("");
    out.push(`${t(lang, "regressions")}${t(lang, "colon").trimEnd()}`);
    for (const g of r.regressions) {
      const f = fmtFor(g.key);
      out.push(
        `- ${REGRESSION_MARK} ${levelText(g, lang)}: ${keyLabel(g.key)} ${f(g.base)} → ${f(g.cand)}${unit(g.key)} (${fmtPct(g.pct)})`,
      );
    }
  }
  out.push("");
  out.push(compareSummary(r, lang));
  return out.join("\n") + "\n";
}
