/**
 * The stderr lines of a plan's errors: one per error, except that the members of a formula loop
 * are folded into the line of the loop's first member, which names the loop's size (a 4,000-cell
 * loop is one line, as a spreadsheet reports one circular reference, not 4,000).
 */
import type { Problem, ProblemLang } from "../engine/base/problems";
import { localizeError } from "../report/messages";
import { cliMessages as C, cliText } from "./messages";

/** One error of a plan result. */
interface PlanError {
  path: string;
  message?: string;
  problem?: Problem | undefined;
}

/** The loop an error is part of, as a key, and whether it is the loop's reported line. */
function loopOf(e: PlanError): { key: string; size: number; member: boolean } | null {
  const p = e.problem;
  if (p?.code === "formula.cycleMember") {
    const q = p.params as { at?: unknown; size?: unknown };
    return { key: `at:${String(q.at)}`, size: Number(q.size), member: true };
  }
  if (p?.code !== "formula.cycle") return null;
  const q = p.params as { members?: readonly string[]; more?: number; loop?: number | null };
  const members = q.members ?? [];
  // A small loop reports every member with the whole loop: one key for the set of its members.
  if (!q.more && q.loop == null && members.length > 1)
    return {
      key: `set:${[...members].sort().join("\u0000")}`,
      size: members.length,
      member: false,
    };
  return { key: `at:${e.path}`, size: 0, member: false };
}

/** `file: path: message` per error, loop members folded (see the module comment). */
export function planErrorLines(
  file: string,
  errors: readonly PlanError[],
  lang: ProblemLang,
): string[] {
  const size = new Map<string, number>();
  for (const e of errors) {
    const l = loopOf(e);
    if (!l) continue;
    if (l.member) size.set(l.key, l.size);
    else if (l.size) size.set(l.key, l.size);
  }
  const shown = new Set<string>();
  const lines: string[] = [];
  for (const e of errors) {
    const l = loopOf(e);
    if (l?.member) continue;
    if (l) {
      if (shown.has(l.key)) continue;
      shown.add(l.key);
    }
    const n = l ? (size.get(l.key) ?? 0) : 0;
    const note = n > 1 ? ` ${cliText(C.problem("cycleFolded", { size: n }), lang)}` : "";
    lines.push(`${file}: ${e.path}: ${localizeError(e, lang)}${note}`);
  }
  return lines;
}
