/**
 * src/import/formats/request-columns.ts: the columns of a per-request table by role — load,
 * label/model/GPU, ok/error, and each value column with the record slot it fills and its factor
 * to milliseconds — and the errors of a table without a load or a latency column.
 */
import { describe, expect, it } from "vitest";
import { words } from "../helpers";
import type { Problem } from "../../../src/engine/base/problems";
import { mapHeaders } from "../../../src/import/aliases";
import { csvSource } from "../../../src/import/formats/generic-source";
import {
  guessTimeUnit,
  missingColumns,
  requestColumns,
  setSlot,
  type Slot,
} from "../../../src/import/formats/request-columns";
import type { RequestRecord } from "../../../src/import/per-request";

/** The columns of a CSV header, and the notes they gave. */
function columnsOf(header: string, msByConvention = false) {
  const src = csvSource("r.csv", `${header}\n`);
  const warnings: Problem[] = [];
  const c = requestColumns(src, mapHeaders(src.headers), { msByConvention }, warnings);
  return { src, c, codes: warnings.map((w) => w.code) };
}

describe("guessTimeUnit", () => {
  it.each([
    [1.7e12, "ms"],
    [1e11, "ms"],
    [1.7e9, "s"],
    [1e8, "s"],
    [99_999_999, null],
    [12.5, null],
  ])("%d → %s", (v, unit) => {
    expect(guessTimeUnit(v)).toBe(unit);
  });
});

describe("setSlot", () => {
  const slots = words<Slot>("ttftMs|e2eMs|tpotMs|ntpotMs|inputTokens|outputTokens|startMs|endMs");
  it.each(slots)("stores into %s and nothing else", (slot) => {
    const rec: RequestRecord = { ok: true };
    setSlot(rec, slot, 42);
    expect(rec).toEqual({ ok: true, [slot]: 42 });
  });

  it("stores nothing for the itl slot (its lists are gaps, set apart)", () => {
    const rec: RequestRecord = { ok: true };
    setSlot(rec, "itl" satisfies Slot, 42);
    expect(rec).toEqual({ ok: true });
  });
});

describe("requestColumns", () => {
  it("finds each role and gives each value column its slot and factor to ms", () => {
    const values = "ttft_s,latency_ms,output_tokens,input_tokens,start_time_s,end_time_ms";
    const { c, codes } = columnsOf(`concurrency,model,${values},success,error`);
    expect([c.concIdx, c.rateIdx, c.okIdx, c.errIdx]).toEqual([0, -1, 8, 9]);
    expect(c.metaIdx).toEqual([{ i: 1, key: "model" }]);
    const slots = words("2 ttftMs ×1000|3 e2eMs ×1|4 outputTokens ×1|5 inputTokens ×1");
    const times = words("6 startMs ×1000|7 endMs ×1");
    expect(c.values.map((v) => `${v.i} ${v.slot} ×${v.factor}`)).toEqual([...slots, ...times]);
    expect([c.hasTpot, codes]).toEqual([false, []]);
  });

  it("takes one ITL value per request as TPOT, and notes a latency without a unit", () => {
    const { c, codes } = columnsOf("request_rate,itl,ttft");
    expect(c.rateIdx).toBe(0);
    const values = c.values.map((v) => `${v.slot} ${v.isItl} ${v.unit}`);
    expect(values).toEqual(["tpotMs true ms", "ttftMs false ms"]);
    expect(codes).toEqual(["table.unitAssumedMs", "table.unitAssumedMs"]);
    // A tool that writes milliseconds by convention gets no note.
    expect(columnsOf("request_rate,itl,ttft", true).codes).toEqual([]);
  });

  it("keeps ITL for lists of gaps when a TPOT column is there, and says so", () => {
    const { c, codes } = columnsOf("concurrency,itl_ms,tpot_ms");
    expect(c.hasTpot).toBe(true);
    expect(c.values.map((v) => v.slot)).toEqual(["itl", "tpotMs"]);
    expect(codes).toEqual(["table.itlListsOnly"]);
  });
});

describe("missingColumns", () => {
  it("is empty for a table with a load and a latency column", () => {
    const { src, c } = columnsOf("concurrency,ttft_ms");
    expect(missingColumns(src, c)).toEqual([]);
  });

  it("names the missing load column and the missing latency column, at the header line", () => {
    const { src, c } = columnsOf("model,output_tokens,start_time_ms,end_time_ms");
    const errors = missingColumns(src, c);
    const where = errors.map((e) => `${e.code} ${e.line} ${e.column}`);
    expect(where).toEqual(["missing-column 1 concurrency", "missing-column 1 ttft"]);
    expect(errors.map((e) => e.message)).toEqual([
      "no load column (concurrency, request rate, 并发…) among the 4 columns of the header",
      "no per-request latency column (ttft, latency, itl, tpot) among the 4 columns of the header",
    ]);
  });

  it("counts an ITL column as a latency column", () => {
    const { src, c } = columnsOf("concurrency,itl_ms,tpot_ms");
    expect(missingColumns(src, c)).toEqual([]);
  });
});
