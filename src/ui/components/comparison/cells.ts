/**
 * The computed cells of the GPU comparison: a metric row's text with its range and colour, the
 * error-bar sentence, and the warnings count with one note per distinct message.
 */
import type { Problem } from "../../../engine/base/problems";
import type { SkuResult } from "../../../engine/plan/plan-result";
import type { Lang } from "../../../report/plan-output";
import { problemEnglish, renderProblem } from "../../../report/messages";
import { intervalSentence, rangeText, WHATIF_WORDS } from "../../state/uncertainty";
import type { CellView } from "../grid/types";
import type { ComparisonContext } from "./context";

/** Whether a comparison cell shows a value (a range is written beside values only). */
export function showsValue(v: string | undefined): boolean {
  return v !== undefined && v !== "" && v !== "—";
}

/** The colour class of a metric cell: feasibility, a failing reason, or a sentence that wraps. */
export function textRowClass(key: string, text: string, feasible: boolean | null | undefined) {
  if (key === "feasible") return feasible === true ? "good" : feasible === false ? "bad" : "warn";
  if (key === "reason" && text) return "bad wrap";
  // A sentence (the operating point of several workloads, why a SKU is unchecked) wraps inside
  // its column on a narrow screen, so that every SKU's numbers stay in view.
  return text.length > 18 && /[A-Za-z\u4e00-\u9fff]{3}/.test(text) ? "wrap-narrow" : "";
}

/** The cell of metric row `key` for SKU `c`: its text, with the repeats' range beside a value. */
export function textRowCell(ctx: ComparisonContext, key: string, c: number): CellView {
  const s = ctx.result.skus[c]!;
  const tr = ctx.table.find((row) => row.key === key);
  const value = tr?.cells[c];
  const range = rangeText(s, key, ctx.lang, ctx.result.currency);
  const text = (value ?? "") + (range && showsValue(value) ? `  (${range})` : "");
  return {
    raw: "",
    display: text,
    readOnly: true,
    class: textRowClass(key, text, s.feasible),
    note: key === "reason" && text ? text : range ? WHATIF_WORDS[ctx.lang].rangeNote : undefined,
  };
}

/** The error-bar cell: the replica range in words, a warning when it straddles a step. */
export function errorBarsCell(s: SkuResult, lang: Lang): CellView {
  const text = intervalSentence(s, lang);
  const straddles = (s.interval?.replicas[0] ?? 0) !== (s.interval?.replicas[1] ?? 0);
  return {
    raw: "",
    display: text,
    readOnly: true,
    class: straddles ? "warn wrap" : "wrap",
    note: s.intervalNote ? renderProblem(s.intervalNote, lang) : text || undefined,
  };
}

/** A SKU's problems, one per distinct English text (workloads sharing a sweep repeat its notes). */
export function distinctProblems(s: SkuResult): Problem[] {
  const seen = new Map<string, Problem>();
  for (const p of [...s.problems, ...s.errorProblems]) {
    const text = problemEnglish(p);
    if (!seen.has(text)) seen.set(text, p);
  }
  return [...seen.values()];
}

/** The warnings cell: "⚠ n" with every distinct message in the app's language as its note. */
export function warningsCell(s: SkuResult, lang: Lang): CellView {
  const warns = distinctProblems(s);
  return {
    raw: "",
    display: warns.length ? `⚠ ${warns.length}` : "",
    readOnly: true,
    note: warns.map((p) => renderProblem(p, lang)).join(" · ") || undefined,
    class: warns.length ? "warn" : "",
  };
}
