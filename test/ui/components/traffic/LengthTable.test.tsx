import { screen } from "@solidjs/testing-library";
import { Show } from "solid-js";
import { describe, expect, it } from "vitest";
import { LengthTable } from "../../../../src/ui/components/traffic/LengthTable";
import { useTraffic } from "../../../../src/ui/state/traffic";
import { renderWithTrace } from "./open-trace";

function Lengths() {
  const { traffic } = useTraffic();
  return <Show when={traffic.view}>{(v) => <LengthTable summary={v().summary} />}</Show>;
}

describe("LengthTable", () => {
  it.each([
    ["en", ["Input", "Output"]],
    ["zh", ["输入", "输出"]],
  ] as const)(
    "lists input and output lengths: mean, percentiles, max (%s)",
    async (lang, heads) => {
      await renderWithTrace(() => <Lengths />, { lang });
      const table = screen.getByTestId("traffic-lengths");
      const rows = [...table.querySelectorAll("tbody tr")].map((r) =>
        [...r.children].map((c) => c.textContent),
      );
      // The five requests that did not fail: inputs 800, 300, 1,200, 640, 256 → mean 639.2, max 1,200.
      expect(rows[0]!.slice(0, 2)).toEqual([heads[0], "639.2"]);
      expect(rows[0]!.at(-1)).toBe("1,200");
      expect(rows[1]![0]).toBe(heads[1]);
    },
  );
});
