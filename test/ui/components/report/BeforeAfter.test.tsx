import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { BeforeAfter } from "../../../../src/ui/components/report/BeforeAfter";
import { fixtureSweeps, renderInWorkbook } from "../../render-workbook";

/** The seed plus two runs of the same H100 deployment: a meaningful before/after pair. */
const twoRuns = () => {
  const r = renderInWorkbook(() => <BeforeAfter />);
  r.wb.addSweeps([
    ...fixtureSweeps("vllm/repeats-h100/run1"),
    ...fixtureSweeps("vllm/repeats-h100/run2"),
  ]);
  return r;
};

describe("BeforeAfter", () => {
  it.each([
    ["en", "Import at least two sweeps (e.g. before and after a change) to compare them."],
    ["zh", "请至少导入两次扫描（例如改动前和改动后）才能对比。"],
  ] as const)("asks for two sweeps while the plan has fewer (%s)", (lang, text) => {
    renderInWorkbook(() => <BeforeAfter />, { lang });
    expect(screen.getByTestId("before-after").textContent).toContain(text);
  });

  it("opens on the two runs of one GPU and model; swapped, with a 1 % threshold, it lists regressions", () => {
    twoRuns();
    const summary = () => screen.getByTestId("compare-summary");
    // run2 is 1–2 % faster than run1 at every level (docs/report.md compare).
    expect(summary().textContent).toBe(
      "No regression over 5 % at 4 matched load levels; worst change: P50 ITL −1.0 % (concurrency 16).",
    );
    expect(summary().classList.contains("good")).toBe(true);
    expect(screen.getByTestId("compare-table").querySelectorAll("tbody tr")).toHaveLength(4);
    fireEvent.change(screen.getByTestId("compare-base"), { target: { value: "1" } });
    fireEvent.change(screen.getByTestId("compare-cand"), { target: { value: "0" } });
    fireEvent.change(screen.getByTestId("compare-threshold"), { target: { value: "1" } });
    expect(summary().textContent).toMatch(/^\d+ regressions over 1 % at 4 matched load levels/);
    expect(summary().classList.contains("bad")).toBe(true);
    expect(screen.getByTestId("compare-regressions").querySelector("summary")!.textContent).toMatch(
      / \(\d+\)$/,
    );
  });
});
