import { describe, expect, test } from "vitest";
import type { Field } from "../../../src/import/aliases";
import { applyColumnChoice } from "../../../src/ui/state/column-map";
import { withColumnChoice } from "../../../src/ui/state/imports";

describe("column choice on a file that is not read on the main thread", () => {
  test("rewrites only the header bytes and equals applyColumnChoice on the whole text", async () => {
    // BOM, a blank line, a header with a multi-byte name, CRLF rows.
    const text = "\uFEFF\nconcurrency,延迟 ms,rps\r\n1,10.5,2\r\n2,11,3.9\r\n";
    const choice = new Map<number, Field | null>([
      [1, { kind: "metric", metric: "ttft", stat: "mean", unit: "ms" } as Field],
      [2, null],
    ]);
    const src = { name: "x.csv", file: new Blob([text]) };
    const out = await withColumnChoice(src, choice);
    const got = "file" in out ? await out.file.text() : out.text;
    // Blob.text() drops the BOM, as the worker's reader does; applyColumnChoice drops it too.
    expect(got).toBe(applyColumnChoice(text, choice));
    expect(got).toBe("\nconcurrency,ttft_mean_ms,ignored 3\r\n1,10.5,2\r\n2,11,3.9\r\n");
  });
});
