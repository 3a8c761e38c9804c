import { screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { AssumptionsSheet } from "../../../src/ui/components/AssumptionsSheet";
import { renderInWorkbook } from "../render-workbook";

describe("AssumptionsSheet", () => {
  it.each([
    [
      "en",
      [
        "Named cells",
        "Elasticity & redundancy",
        "Workloads",
        "SLOs (all must hold)",
        "Derived (read-only)",
      ],
    ],
    ["zh", ["命名单元格", "弹性与冗余", "负载", "SLO（须全部满足）", "推导结果（只读）"]],
  ] as const)("has the cells, factors, workloads, SLOs and derived cards (%s)", (lang, titles) => {
    renderInWorkbook(() => <AssumptionsSheet />, { lang });
    const h3 = [...screen.getByTestId("sheet-assumptions").querySelectorAll("h3")].map(
      (h) => h.textContent,
    );
    expect(h3).toEqual(titles);
  });
});
