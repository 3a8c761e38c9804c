/**
 * The Teams sheet's usage import, as state: a file or pasted table is parsed, rows that name
 * pools the plan does not have (a `model` column) go through a pool-mapping step first, and the
 * outcome is a message that never claims success over rows the allocation cannot place.
 */
import { createSignal } from "solid-js";
import type { ImportIssue } from "../../../import/types";
import {
  importUsageCsv,
  parseUsageTsv,
  type UsageImport,
  type UsageRow,
} from "../../../import/usage";
import { t } from "../../state/i18n";
import { toTsv } from "../../state/plan-edit";
import { looksLikeUsageHeader, mapUsagePools, unknownPools } from "../../state/usage-edit";
import { USAGE_FIELDS, type Workbook } from "../../state/workbook";
import { badUsageRows } from "./tenant-errors";

/** The outcome shown above the usage grid. */
export interface ImportMessage {
  ok: boolean;
  head: string;
  issues: ImportIssue[];
}

/** Imported rows waiting for their unknown pool names to be mapped. */
export interface PoolStep {
  rows: UsageRow[];
  notes: ImportIssue[];
  what: string;
  names: string[];
}

/** The pools usage rows can name: the plan's pools, or none (then only the default pool). */
export function knownPools(wb: Workbook): string[] {
  return (wb.plan.tenants?.pools ?? []).map((p) => p.name);
}

/** The default pool's name when the plan gives no pools (it takes rows without one), else null. */
export function defaultPool(wb: Workbook): string | null {
  if (wb.plan.tenants?.pools?.length) return null;
  return wb.computed().result.tenants?.pools[0]?.name ?? "—";
}

/** The pool mapping of a step: a chosen pool, or null for "" (the default pool). */
export function choiceMap(
  names: readonly string[],
  choice: ReadonlyMap<string, string>,
): Map<string, string | null> {
  return new Map(names.map((n) => [n, choice.get(n) === "" ? null : choice.get(n)!]));
}

/** The usage import's state and actions. */
export function createUsageImport(wb: Workbook) {
  const [message, setMessage] = createSignal<ImportMessage | null>(null);
  const [poolStep, setPoolStep] = createSignal<PoolStep | null>(null);
  const [poolChoice, setPoolChoice] = createSignal<ReadonlyMap<string, string>>(new Map());
  const applyRows = (rows: UsageRow[], notes: ImportIssue[], what: string) => {
    wb.setUsageRows(rows);
    const bad = badUsageRows(wb.computed().result.errors);
    setMessage({
      ok: bad === 0,
      head: bad
        ? t("usageImportedProblems", { n: rows.length, what, bad })
        : t("usageImported", { n: rows.length, what }),
      issues: notes,
    });
  };
  const show = (r: UsageImport, what: string) => {
    if (!r.ok) return setMessage({ ok: false, head: t("usageImportFailed"), issues: r.errors });
    const names = unknownPools(r.rows, knownPools(wb));
    if (names.length) {
      setMessage(null);
      setPoolChoice(new Map());
      return setPoolStep({ rows: r.rows, notes: r.warnings, what, names });
    }
    applyRows(r.rows, r.warnings, what);
  };
  return {
    message,
    dismiss: () => setMessage(null),
    poolStep,
    poolChoice,
    choose: (name: string, pool: string) => setPoolChoice((m) => new Map(m).set(name, pool)),
    cancelStep: () => setPoolStep(null),
    applyStep() {
      const s = poolStep();
      if (!s) return;
      setPoolStep(null);
      applyRows(mapUsagePools(s.rows, choiceMap(s.names, poolChoice())), s.notes, s.what);
    },
    async importFile(f: File) {
      show(importUsageCsv(await f.text(), f.name), f.name);
    },
    /** A pasted block with a header row imports like a CSV; otherwise it fills cells. */
    pasteBlock(r: number, c: number, block: string[][]) {
      if (block[0] && looksLikeUsageHeader(block[0]))
        return show(parseUsageTsv(toTsv(block), t("pastedTable")), t("pastedTable"));
      wb.setUsageBlock(
        r,
        c,
        block.map((row) => row.slice(0, USAGE_FIELDS.length - c)),
      );
    },
  };
}

/** The usage import of {@link createUsageImport}. */
export type UsageImportState = ReturnType<typeof createUsageImport>;
