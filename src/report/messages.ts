/**
 * Renders problems (src/engine/base/problems.ts) in English or Chinese from their code, with every
 * catalogue of the engine and the importers registered here (docs/problems.md). A new catalogue
 * is added to {@link CATALOGUES}; a test checks that every code renders in both languages.
 *
 * Nothing here translates English sentences: a message without a problem (code `text`, or a
 * bare string, e.g. an operating-system error or a note stored by an older version) is shown as
 * written, in every language (docs/problems.md "Rendering").
 */
import { allocationMessages, tenantsMessages } from "../engine/finops/messages";
import { priceMessages } from "../engine/catalog/price-default";
import { scheduleMessages } from "../engine/chain/schedule-messages";
import { traceMessages } from "../engine/demand/trace-messages";
import { trafficMessages } from "../engine/demand/traffic-messages";
import { capacityMessages } from "../engine/chain/capacity-messages";
import { chainMessages } from "../engine/chain/quantities";
import { intervalMessages } from "../engine/plan/interval-messages";
import { lineageMessages } from "../engine/plan/lineage-messages";
import { whatifMessages } from "../engine/whatif/messages";
import { formulaMessages } from "../engine/formula/messages";
import { jsonMessages, planFileMessages } from "../engine/plan/plan-file-messages";
import { planMessages } from "../engine/plan/messages";
import { optimizeMessages } from "../engine/plan/optimize-messages";
import { kvMessages } from "../engine/plan/kv-messages";
import { sloMessages } from "../engine/curve/messages";
import { fleetMessages } from "../engine/fleet/messages";
import { withSubject, type Catalogue, type Problem } from "../engine/base/problems";
import { IMPORT_CATALOGUES } from "../import/messages/index";
import type { ImportNote } from "../import/notes";
import { formatIssue, type ImportIssue } from "../import/types";
import type { Lang } from "./i18n";

/** Every catalogue whose problems can reach a rendered output. */
export const CATALOGUES: readonly Catalogue[] = [
  allocationMessages,
  tenantsMessages,
  scheduleMessages,
  traceMessages,
  trafficMessages,
  sloMessages,
  fleetMessages,
  capacityMessages,
  chainMessages,
  lineageMessages,
  intervalMessages,
  whatifMessages,
  planMessages,
  optimizeMessages,
  kvMessages,
  priceMessages,
  formulaMessages,
  planFileMessages,
  jsonMessages,
  ...(IMPORT_CATALOGUES as Catalogue[]),
] as unknown as Catalogue[];

const BY_DOMAIN = new Map<string, Catalogue>(CATALOGUES.map((c) => [c.domain, c]));

/** The text of `p` in `lang` (its subject in front); an unknown code renders as the code itself. */
export function renderProblem(p: Problem<object>, lang: Lang): string {
  if (p.code === "text") {
    const t = (p.params as { text?: unknown }).text;
    const text = typeof t === "string" ? t : "";
    return withSubject(p.subject, text, lang);
  }
  const dot = p.code.indexOf(".");
  const cat = dot > 0 ? BY_DOMAIN.get(p.code.slice(0, dot)) : undefined;
  return (
    cat?.render(p, lang, (q) => renderProblem(q, lang)) ?? withSubject(p.subject, p.code, lang)
  );
}

/** English text of `p` (what `warnings[]` and `errors[]` carry). */
export function problemEnglish(p: Problem<object>): string {
  return renderProblem(p, "en");
}

const INDEX = new WeakMap<readonly Problem[], Map<string, Problem>>();

/**
 * `text` (an English message of a result's `warnings[]`/`errors[]`) in `lang`: rendered from the
 * problem among `problems` whose English it is, else as written (no sentence is translated).
 */
export function localizeMessage(
  text: string,
  lang: Lang,
  problems?: readonly Problem[] | null,
): string {
  if (lang === "en") return text;
  if (problems?.length) {
    let index = INDEX.get(problems);
    if (!index) {
      index = new Map(problems.map((p) => [problemEnglish(p), p]));
      INDEX.set(problems, index);
    }
    const p = index.get(text);
    if (p) return renderProblem(p, lang);
  }
  return text;
}

/**
 * An error in `lang`: a plan result's (`{ path, kind, problem }`) from its problem; an error that
 * still carries only text (a plan-file issue without a code, a cell's note) as written.
 */
export function localizeError(
  e: { message?: string; problem?: Problem | undefined },
  lang: Lang,
): string {
  return e.problem ? renderProblem(e.problem, lang) : (e.message ?? "");
}

/** Why a SKU is infeasible or unknown, in `lang` (from its problem; empty when there is no reason). */
export function localizeReason(s: { infeasibleProblem?: Problem | null }, lang: Lang): string {
  return s.infeasibleProblem ? renderProblem(s.infeasibleProblem, lang) : "";
}

/** Every warning of a plan result as values: the plan's and each SKU's (for {@link localizeMessage}). */
export function resultProblems(r: {
  problems: readonly Problem[];
  skus: readonly { problems?: readonly Problem[] }[];
}): Problem[] {
  return [...r.problems, ...r.skus.flatMap((s) => s.problems ?? [])];
}

/**
 * `file:line:column: message` of an import issue in `lang`: its message rendered from its problem
 * when it has one, else as written.
 */
export function localizeIssue(i: ImportIssue, lang: Lang): string {
  if (lang === "en") return formatIssue(i);
  return i.problem
    ? formatIssue({ ...i, message: renderProblem(i.problem, lang) })
    : formatIssue(i);
}

/** A note of an import (src/import/notes.ts `importNotes`) in `lang`: its file's issue, else its problem, else its text. */
export function localizeNote(n: ImportNote, lang: Lang): string {
  if (n.issue) return localizeIssue(n.issue, lang);
  if (n.problem) return renderProblem(n.problem, lang);
  return n.text;
}
