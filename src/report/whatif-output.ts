/**
 * The readable outputs of `capplan sensitivity` and `capplan solve` (docs/uncertainty.md), in
 * English and Chinese: a table of the inputs by swing with a text tornado, and a goal-seek answer.
 */
import { fmtValue } from "../engine/base/number-format";
import type { Sensitivity, SensitivityOf } from "../engine/whatif/sensitivity";
import type { SolveResult } from "../engine/whatif/solve";
import type { Lang } from "./i18n";
import { renderProblem } from "./messages";
import { fmtMoney, textTable } from "./plan-output";

const WORDS = {
  en: {
    of: {
      replicas: "Replicas",
      costPerHour: "Cost / hour",
      costPerMonth: "Cost / month",
      costPerMillionOutputTokens: "Cost / 1M output tokens",
    } satisfies Record<SensitivityOf, string>,
    head: (sku: string, of: string, v: string, pct: string) =>
      `${sku}: ${of} ${v}, each input changed by ±${pct} % alone`,
    input: "Input",
    base: "Base",
    swing: "Swing",
    none: "no input moves it",
    found: (vary: string, v: string, target: string, achieved: string) =>
      `${vary} = ${v} gives ${target} = ${achieved}`,
    was: (v: string) => ` (now ${v})`,
  },
  zh: {
    of: {
      replicas: "副本数",
      costPerHour: "每小时成本",
      costPerMonth: "每月成本",
      costPerMillionOutputTokens: "每百万输出 token 成本",
    } satisfies Record<SensitivityOf, string>,
    head: (sku: string, of: string, v: string, pct: string) =>
      `${sku}：${of} ${v}，每次只将一个输入变动 ±${pct} %`,
    input: "输入",
    base: "基准值",
    swing: "摆幅",
    none: "没有输入影响它",
    found: (vary: string, v: string, target: string, achieved: string) =>
      `${vary} = ${v} 时 ${target} = ${achieved}`,
    was: (v: string) => `（当前 ${v}）`,
  },
};

/** A result value as the report writes it: money for costs, a count for replicas. */
function resultText(v: number | null, of: SensitivityOf, currency: string, lang: Lang): string {
  if (v === null) return "—";
  return of === "replicas" ? fmtValue(v, 0) : fmtMoney(v, currency, lang);
}

/** The sensitivity as a table, largest swing first, with a bar per row (a text tornado). */
export function sensitivityText(s: Sensitivity, currency: string, lang: Lang = "en"): string {
  const w = WORDS[lang];
  const pct = fmtValue(s.step * 100, 4);
  const max = Math.max(0, ...s.rows.map((r) => r.swing ?? 0));
  const rows = [[w.input, w.base, `−${pct} %`, `+${pct} %`, w.swing, ""]];
  for (const r of s.rows) {
    const bar = max > 0 && r.swing ? "█".repeat(Math.max(1, Math.round((r.swing / max) * 20))) : "";
    rows.push([
      r.input,
      fmtValue(r.base, 4),
      `${fmtValue(r.low.value, 4)} → ${resultText(r.low.result, s.of, currency, lang)}`,
      `${fmtValue(r.high.value, 4)} → ${resultText(r.high.result, s.of, currency, lang)}`,
      resultText(r.swing, s.of, currency, lang),
      bar,
    ]);
  }
  const head = w.head(s.sku.name, w.of[s.of], resultText(s.result, s.of, currency, lang), pct);
  const tail = max > 0 ? "" : `\n${w.none}`;
  return `${head}\n\n${textTable(rows)}${tail}\n`;
}

/** The goal-seek answer in one or two lines; "not found" says why. */
export function solveText(
  r: SolveResult,
  req: { target: string; value: number | string },
  lang: Lang = "en",
): string {
  const w = WORDS[lang];
  if (!r.found) return `${r.problem ? renderProblem(r.problem, lang) : "—"}\n`;
  const goal = typeof req.value === "string" ? ` (${req.value} = ${fmtValue(r.target, 6)})` : "";
  return `${w.found(r.vary, fmtValue(r.value, 6), req.target, fmtValue(r.achieved, 6))}${goal}${w.was(fmtValue(r.base, 6))}\n`;
}
