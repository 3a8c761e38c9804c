import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { FactorsCard } from "../../../../src/ui/components/assumptions/FactorsCard";
import { renderInWorkbook } from "../../render-workbook";

describe("FactorsCard", () => {
  it.each([
    ["en", ["Elasticity", "Redundancy factor"], "Spare replicas (N+k)"],
    ["zh", ["弹性系数", "冗余系数"], "备用副本（N+k）"],
  ] as const)("switches redundancy from a factor to spare replicas (%s)", (lang, rows, spare) => {
    const { wb } = renderInWorkbook(() => <FactorsCard />, { lang });
    const heads = () => screen.getAllByRole("rowheader").map((h) => h.textContent);
    expect(heads()[1]).toBe(rows[1]);
    fireEvent.change(screen.getByTestId("redundancy-mode"), { target: { value: "spare" } });
    expect(heads()[1]).toBe(spare);
    expect(typeof wb.plan.factors!.redundancy).toBe("object");
  });

  it("takes a three-letter currency and refuses anything else", () => {
    const { wb } = renderInWorkbook(() => <FactorsCard />);
    const cur = screen.getByTestId("currency") as HTMLInputElement;
    fireEvent.change(cur, { target: { value: "eur" } });
    expect(wb.plan.currency).toBe("EUR");
    fireEvent.change(cur, { target: { value: "euro" } });
    expect([wb.plan.currency, cur.value]).toEqual(["EUR", "EUR"]);
    fireEvent.change(screen.getByTestId("slo-mode"), { target: { value: "interpolated" } });
    expect(wb.plan.sloMode).toBe("interpolated");
  });
});
