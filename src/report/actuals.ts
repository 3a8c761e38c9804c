/**
 * Plan vs actual (docs/focus.md): a FOCUS 1.0–1.3 cost-and-usage CSV (a cloud bill, or capplan's
 * own export) read into charges attributed to pools, shared costs and teams, and compared with the
 * plan's daily allocation over the file's charge period. Money is added up in integer minor units,
 * so re-importing capplan's own export gives a variance of exactly 0. Pure: no file access.
 */
import { fromMinor, minorUnitDigits, toMinor } from "../engine/finops/money";
import type { PlanResult } from "../engine/plan/plan";
import { planFileMessages } from "../engine/plan/plan-file-messages";
import { englishOf, type Problem } from "../engine/base/problems";
import { parseCsv } from "../import/csv";
import { actualsMessages as M } from "../import/messages/usage";
import { MS_PER_DAY } from "../engine/base/units";

/** One charge read from a FOCUS file. */
export interface FocusCharge {
  /** 1-based line in the file. */
  line: number;
  /** EffectiveCost when the file has it, else BilledCost (as written). */
  cost: number;
  currency: string;
  start: number;
  end: number | null;
  pool: string | null;
  team: string | null;
  shared: string | null;
}

/**
 * What reading a FOCUS file gave: its charges, or why it cannot be read. `problems` are the
 * warnings or errors as values (code `actuals.*`, docs/problems.md), beside their English.
 */
export type FocusRead =
  | {
      ok: true;
      charges: FocusCharge[];
      costColumn: "EffectiveCost" | "BilledCost";
      teamFrom: string[];
      warnings: string[];
      problems: Problem[];
    }
  | { ok: false; errors: string[]; problems: Problem[] };

/** A failed read of these problems (their English as `errors`). */
function failed(problems: Problem[]): Extract<FocusRead, { ok: false }> {
  return { ok: false, errors: problems.map(englishOf), problems };
}

/** A planned-vs-actual line: amounts per period, variance = actual − planned. */
export interface VarianceLine {
  name: string;
  planned: number;
  actual: number;
  variance: number;
  /** variance ÷ planned (null when nothing was planned). */
  variancePct: number | null;
}

/** Planned vs actual per pool, shared cost and team over the file's period. */
export interface PlanVsActual {
  currency: string;
  period: { start: string; end: string; days: number };
  charges: number;
  costColumn: "EffectiveCost" | "BilledCost";
  pools: VarianceLine[];
  shared: VarianceLine[];
  teams: VarianceLine[];
  total: VarianceLine;
  /** Actual cost of charges no team could be read for (idle, unallocated, untagged). */
  unattributed: number;
  warnings: string[];
  /** The warnings as values (code `actuals.*`). */
  problems: Problem[];
}

const TEAM_KEYS = /(^|[/:.])team$/i;

/** The value of a team-like key in a JSON object text (`{"team":"search"}`, `{"user:Team":"x"}`). */
function tagValue(json: string, key: RegExp): string | null {
  if (!json.trim()) return null;
  try {
    const o = JSON.parse(json) as unknown;
    if (!o || typeof o !== "object" || Array.isArray(o)) return null;
    for (const [k, v] of Object.entries(o as Record<string, unknown>))
      if (key.test(k) && typeof v === "string" && v.trim()) return v.trim();
  } catch {
    return null;
  }
  return null;
}

const undoInjection = (s: string) =>
  s.startsWith("'") && /^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s;

function parseDate(s: string): number | null {
  const t = s.trim();
  if (!t) return null;
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(t) ? `${t}T00:00:00Z` : t);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * `# ` comment lines above the header (capplan wrote its export warnings there before the
 * `x_CapplanWarnings` column) blanked, so the header is found and line numbers stay the file's.
 */
function blankLeadingComments(text: string): string {
  const m = /^\uFEFF?(?:[ \t]*(?:#[^\n]*)?\r?\n)+/.exec(text);
  if (!m || !m[0].includes("#")) return text;
  return m[0].replace(/[^\n]+/g, "") + text.slice(m[0].length);
}

/**
 * Read a FOCUS cost-and-usage CSV (any version 1.0–1.3). Needs ChargePeriodStart and BilledCost or
 * EffectiveCost; the team comes from AllocatedTags, Tags (a key `team`, or ending in `/team`,
 * `:team`), `x_Team`, or SubAccountName; the pool from `x_Pool`, Tags `pool`, or a ResourceName /
 * ResourceId naming one of `poolNames`; a shared cost from Tags `shared`.
 */
export function readFocusCsv(text: string, poolNames: readonly string[] = []): FocusRead {
  const table = parseCsv(blankLeadingComments(text));
  const [head, ...rows] = table.rows;
  if (!head) return failed([planFileMessages.problem("fileEmpty", {})]);
  const col = new Map(head.map((h, i) => [h.trim(), i] as const));
  const has = (c: string) => col.has(c);
  const costColumn = has("EffectiveCost")
    ? "EffectiveCost"
    : has("BilledCost")
      ? "BilledCost"
      : null;
  if (!costColumn || !has("ChargePeriodStart"))
    return failed([
      M.problem("notFocus", { noCost: !costColumn, noStart: !has("ChargePeriodStart") }),
    ]);
  const cell = (r: string[], c: string) => {
    const i = col.get(c);
    return i === undefined ? "" : undoInjection((r[i] ?? "").trim());
  };
  const pools = new Set(poolNames);
  const charges: FocusCharge[] = [];
  const errors: Problem[] = [];
  const teamFrom = new Set<string>();
  rows.forEach((r, k) => {
    const line = table.lines[k + 1]!;
    const raw = cell(r, costColumn!) || cell(r, "BilledCost");
    const cost = Number(raw);
    const start = parseDate(cell(r, "ChargePeriodStart"));
    if (!raw || !Number.isFinite(cost))
      return void errors.push(M.problem("notDecimal", { line, column: costColumn!, got: raw }));
    if (start === null)
      return void errors.push(M.problem("notDate", { line, got: cell(r, "ChargePeriodStart") }));
    const currency = cell(r, "BillingCurrency").toUpperCase();
    let team = tagValue(cell(r, "AllocatedTags"), TEAM_KEYS);
    if (team) teamFrom.add("AllocatedTags");
    else if ((team = tagValue(cell(r, "Tags"), TEAM_KEYS))) teamFrom.add("Tags");
    else if ((team = cell(r, "x_Team") || null)) teamFrom.add("x_Team");
    else if ((team = cell(r, "SubAccountName") || null)) teamFrom.add("SubAccountName");
    const rn = cell(r, "ResourceName");
    const rid = cell(r, "ResourceId");
    const pool =
      cell(r, "x_Pool") ||
      tagValue(cell(r, "Tags"), /^pool$/i) ||
      (pools.has(rn) ? rn : null) ||
      (rid.startsWith("pool/") && pools.has(rid.slice(5))
        ? rid.slice(5)
        : pools.has(rid)
          ? rid
          : null);
    const shared = tagValue(cell(r, "Tags"), /^shared$/i);
    charges.push({
      line,
      cost,
      currency,
      start,
      end: parseDate(cell(r, "ChargePeriodEnd")),
      pool,
      team,
      shared,
    });
  });
  if (errors.length) return failed(errors);
  if (!charges.length) return failed([M.problem("noCharges", {})]);
  return {
    ok: true,
    charges,
    costColumn: costColumn!,
    teamFrom: [...teamFrom],
    warnings: [],
    problems: [],
  };
}

function line(
  name: string,
  plannedMinor: number,
  actualMinor: number,
  digits: number,
): VarianceLine {
  const v = actualMinor - plannedMinor;
  return {
    name,
    planned: fromMinor(plannedMinor, digits),
    actual: fromMinor(actualMinor, digits),
    variance: fromMinor(v, digits),
    variancePct: plannedMinor !== 0 ? v / plannedMinor : null,
  };
}

/**
 * Planned vs actual over the file's charge period (from the earliest ChargePeriodStart to the
 * latest ChargePeriodEnd, whole days; at least one day): planned = the plan's rounded daily
 * amounts × days. Charges in another currency than the plan's are left out with a warning.
 */
export function planVsActual(
  result: PlanResult,
  read: Extract<FocusRead, { ok: true }>,
): PlanVsActual | { error: string; problem: Problem } {
  const t = result.tenants;
  if (!t) {
    const problem = M.problem("noTenants", {});
    return { error: englishOf(problem), problem };
  }
  const cur = result.currency.toUpperCase();
  const digits = minorUnitDigits(cur);
  const warnings = [...read.warnings];
  const problems = [...read.problems];
  const other = read.charges.filter((c) => c.currency && c.currency !== cur);
  if (other.length) {
    const p = M.problem("otherCurrency", {
      n: other.length,
      currency: cur,
      names: [...new Set(other.map((c) => c.currency))],
    });
    problems.push(p);
    warnings.push(englishOf(p));
  }
  const charges = read.charges.filter((c) => !c.currency || c.currency === cur);
  const start = Math.min(...charges.map((c) => c.start));
  const end = Math.max(...charges.map((c) => c.end ?? c.start + MS_PER_DAY));
  const days = Math.max(1, Math.round((end - start) / MS_PER_DAY));
  const minor = charges.map((c) => toMinor(c.cost, digits));
  const sum = (f: (c: FocusCharge) => boolean) =>
    charges.reduce((s, c, i) => s + (f(c) ? minor[i]! : 0), 0);
  const names = <K extends "pool" | "team" | "shared">(k: K, planned: string[]) => [
    ...planned,
    ...new Set(charges.map((c) => c[k]).filter((x): x is string => !!x && !planned.includes(x))),
  ];
  const pools = names(
    "pool",
    t.pools.map((p) => p.name),
  ).map((n) => {
    const p = t.pools.find((x) => x.name === n);
    return line(
      n,
      p ? toMinor(p.costRounded, digits) * days : 0,
      sum((c) => c.pool === n),
      digits,
    );
  });
  const shared = names(
    "shared",
    t.shared.map((s) => s.name),
  ).map((n) => {
    const s = t.shared.find((x) => x.name === n);
    return line(
      n,
      s ? toMinor(s.costRounded, digits) * days : 0,
      sum((c) => c.shared === n),
      digits,
    );
  });
  const teams = names(
    "team",
    t.teams.map((x) => x.name),
  ).map((n) => {
    const x = t.teams.find((y) => y.name === n);
    return line(
      n,
      x ? toMinor(x.totalRounded, digits) * days : 0,
      sum((c) => c.team === n),
      digits,
    );
  });
  const plannedTotal =
    (t.pools.reduce((s, p) => s + toMinor(p.costRounded, digits), 0) +
      t.shared.reduce((s, x) => s + toMinor(x.costRounded, digits), 0)) *
    days;
  return {
    currency: cur,
    period: {
      start: new Date(start).toISOString().replace(/\.\d{3}Z$/, "Z"),
      end: new Date(start + days * MS_PER_DAY).toISOString().replace(/\.\d{3}Z$/, "Z"),
      days,
    },
    charges: charges.length,
    costColumn: read.costColumn,
    pools,
    shared,
    teams,
    total: line(
      "total",
      plannedTotal,
      sum(() => true),
      digits,
    ),
    unattributed: fromMinor(
      sum((c) => !c.team),
      digits,
    ),
    warnings,
    problems,
  };
}
