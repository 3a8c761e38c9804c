/**
 * The CLI's text tables measure each cell once and take the length as the width below U+1100
 * (src/report/plan-output.ts textWidth), and must give the width it gave before, character for
 * character.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { textWidth } from "../../src/report/plan-output";

/** The width as it was measured before: every code point, wide ones twice. */
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
const slowWidth = (s: string) => [...s].reduce((n, ch) => n + (WIDE.test(ch) ? 2 : 1), 0);

describe("textWidth", () => {
  it("counts wide characters twice and a surrogate pair once", () => {
    const texts = ["sku-12 h100", "团队", "ｘ1", "𝑥", "é", "ᄀ", ""];
    expect(texts.map(textWidth)).toEqual([11, 4, 3, 1, 1, 2, 0]);
  });

  it("equals the code-point measure on random text of every plane", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "grapheme" }),
          fc.string({ unit: "binary" }),
          fc.string({
            unit: fc.constantFrom(
              ...["a", "1", "团", "ｘ", "é"],
              "\u10ff",
              "\u1100",
              "\ud83d",
              "\ude00",
            ),
          }),
        ),
        (s) => textWidth(s) === slowWidth(s),
      ),
      { numRuns: 3000 },
    );
  });
});
