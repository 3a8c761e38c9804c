/** A pool's result rows and cells, the row limit, the whole allocation's conservation. */
import { describe, expect, it } from "vitest";
import { computePlan } from "../../../../src/engine/plan/plan";
import { resolvePlan } from "../../../../src/engine/plan/resolve-plan";
import { type AllocationLine, allocationLines } from "../../../../src/report/allocation-csv";
import {
  lineCell,
  lineRow,
  methodOf,
  moneyFormat,
  POOL_ROW_LIMIT,
  poolResultColumns,
  shownLines,
  wholeConservation,
} from "../../../../src/ui/components/allocation/alloc-lines";
import { setLang } from "../../../../src/ui/state/i18n";
import { seed } from "../../state/bench-plan";

const result = computePlan(resolvePlan(seed));
const lines = allocationLines(result);
const money = moneyFormat("CNY", 2, "en");
// The seed's idle is proportional (no idle line): an idle line as the separate method writes it.
const idle: AllocationLine = { ...lines[0]!, kind: "idle", team: null };
const total = lines.find((l) => l.kind === "total")!;

describe("methodOf", () => {
  it.each([
    ["output", "output"],
    ["weighted", "weighted"],
    ["tokens", "tokens"],
    [undefined, "tokens"],
    ["bogus", "tokens"],
  ])("%s → %s", (m, expected) => expect(methodOf(m)).toBe(expected));
});

describe("poolResultColumns", () => {
  it.each(["tokens", "output", "weighted"] as const)("names the %s method's cost per 1M", (m) => {
    setLang("en");
    const cols = poolResultColumns(m);
    const keys = "inputTokens outputTokens weightedTokens share day month perM perMIn perMOut";
    expect(cols.map((c) => c.key)).toEqual(keys.split(" "));
    expect(cols.every((c) => c.numeric)).toBe(true);
    // Each method names its own cost per 1M.
    const perM = ["tokens", "output", "weighted"].map((x) => poolResultColumns(x as "tokens")[6]!);
    expect(new Set(perM.map((c) => c.label)).size).toBe(3);
  });
});

describe("lineRow", () => {
  it("keys teams by name and the idle and total lines by reserved keys", () => {
    setLang("en");
    const rows = [lines[0]!, lines[1]!, idle, total].map(lineRow);
    expect(rows.map((r) => r.key)).toEqual(["search", "support", "__idle", "__total"]);
    expect(rows.map((r) => r.class)).toEqual(["", "", "idle-row", "total-row"]);
    expect(rows[0]!.label).toBe("search");
  });
});

describe("lineCell", () => {
  it("formats tokens, share, minor-unit costs and per-1M costs", () => {
    const search = lines[0]!;
    const texts = Array.from({ length: 9 }, (_, c) => lineCell(search, c, money).display);
    expect(texts.slice(0, 2)).toEqual(["10,000,000", "20,000,000"]);
    // Tokens method: a team's share is its tokens over all teams' (30M of 130M).
    expect(texts[3]).toBe(`${(search.share! * 100).toFixed(2)} %`);
    expect(search.share).toBeCloseTo(30 / 130, 10);
    expect(texts[4]).toBe(money.minor(search.costPerDayMinor));
    expect(Number(texts[4]!.replace(/[¥,]/g, ""))).toBeCloseTo(search.costPerDayMinor / 100, 2);
    expect([4, 5].map((c) => lineCell(search, c, money).class)).toEqual(["money", ""]);
    expect(lineCell(search, 9, money).display).toBe("");
  });

  it("a line without a share shows a dash", () => {
    expect(lineCell({ ...total, share: null }, 3, money).display).toBe("—");
  });
});

describe("shownLines", () => {
  const team = (i: number): AllocationLine => ({ ...lines[0]!, team: `t${i}` });
  const many = [...Array.from({ length: 30 }, (_, i) => team(i)), idle, total];
  it.each<[number, boolean, number | undefined, number]>([
    [30, false, undefined, POOL_ROW_LIMIT + 2],
    [30, true, undefined, 32],
    [30, false, 30, 32],
    [30, false, 5, 7],
  ])("%i teams, all=%s, limit %s → %i lines", (_n, all, limit, count) => {
    const shown = shownLines(many, all, limit);
    expect(shown).toHaveLength(count);
    // The idle and total lines are always last.
    expect(shown.slice(-2).map((l) => l.kind)).toEqual(["idle", "total"]);
  });
});

describe("wholeConservation", () => {
  it("adds teams, idle and unallocated shared costs to the pools and shared costs", () => {
    const k = wholeConservation(result.tenants, 2)!;
    const tr = result.tenants!;
    expect(k.teams).toBe(tr.teams.reduce((a, x) => a + Math.round(x.totalRounded * 100), 0));
    expect(k.parts).toBe(k.teams + k.idle + k.unalloc);
    expect(k.total).toBe(Math.round(tr.pools[0]!.costRounded * 100));
    expect(k.ok).toBe(true);
  });

  it("says when the parts do not add up, and is null without an allocation", () => {
    const tr = result.tenants!;
    const off = { ...tr, pools: [{ ...tr.pools[0]!, idleRounded: tr.pools[0]!.idleRounded + 1 }] };
    expect(wholeConservation(off, 2)!.ok).toBe(false);
    expect(wholeConservation(null, 2)).toBeNull();
  });
});
