import { describe, expect, it } from "vitest";
import { parseScheduleValues } from "../../../src/ui/state/schedule-edit";

const day = Array.from({ length: 24 }, (_, h) => (h < 8 ? 2 : h < 20 ? 10 + h : 5));

describe("typed or pasted schedules", () => {
  it("a spreadsheet column (one value per line, thousands separators) is read in order", () => {
    const col = day.map((v) => (v === 2 ? "1,500" : String(v))).join("\r\n");
    const r = parseScheduleValues(`${col}\n`, "en-US");
    expect(r).toEqual({ ok: true, values: day.map((v) => (v === 2 ? 1500 : v)) });
  });

  it("a spreadsheet row (tabs) and a typed list (commas or spaces) give the same values", () => {
    expect(parseScheduleValues(day.join("\t"))).toEqual({ ok: true, values: day });
    expect(parseScheduleValues(day.join(", "))).toEqual({ ok: true, values: day });
    expect(parseScheduleValues(day.join(" "))).toEqual({ ok: true, values: day });
  });

  it("168 values are a week; other counts, negatives and words are refused with where", () => {
    const week = Array.from({ length: 168 }, (_, i) => i % 24);
    expect(parseScheduleValues(week.join("\n"))).toEqual({ ok: true, values: week });
    const no = (key: string, where: object) => ({ ok: false, key, ...where });
    expect(parseScheduleValues(day.slice(1).join(","))).toEqual(no("schedBadCount", { n: 23 }));
    const word = [...day.slice(0, 5), "lots", ...day.slice(6)].join("\n");
    expect(parseScheduleValues(word)).toEqual(no("schedBadValue", { index: 6, text: "lots" }));
    const negative = [-1, ...day.slice(1)].join(",");
    expect(parseScheduleValues(negative)).toEqual(no("schedNegative", { index: 1, text: "-1" }));
    expect(parseScheduleValues("")).toEqual({ ok: false, key: "schedBadCount", n: 0 });
  });
});
