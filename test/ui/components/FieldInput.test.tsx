import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { FieldInput } from "../../../src/ui/components/FieldInput";
import { example, renderInWorkbook } from "../render-workbook";

const price = (props: { needs?: string; unit?: string } = {}) => (
  <FieldInput path="skus[0].pricePerGpuHour" label="Price" testId="price" {...props} />
);

describe("FieldInput", () => {
  it("shows a formula's value, its formula while focused, and commits a new one on Enter", () => {
    const { wb } = renderInWorkbook(() => price({ unit: "CNY" }));
    const input = screen.getByTestId("price") as HTMLInputElement;
    expect([input.value, screen.getByTestId("price-unit").textContent]).toEqual(["20", "CNY"]);
    fireEvent.focus(input);
    expect(input.value).toBe("=gpu_hour");
    fireEvent.input(input, { target: { value: "=gpu_hour*2" } });
    fireEvent.keyDown(input, { key: "Enter" });
    fireEvent.blur(input);
    expect(wb.plan.skus[0]!.pricePerGpuHour).toBe("=gpu_hour*2");
    expect(wb.computed().result.skus[0]!.pricePerGpuHour).toBe(40);
  });

  it("shows an error in the field: its code, the raw text, and why on hover", () => {
    renderInWorkbook(() => price());
    const input = screen.getByTestId("price") as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.input(input, { target: { value: "=no_such_cell" } });
    fireEvent.blur(input);
    expect(input.value).toBe("#NAME =no_such_cell");
    const label = input.closest("label")!;
    expect(label.classList.contains("bad")).toBe(true);
    expect(label.title).toContain("no_such_cell");
  });

  it("an empty field that still needs a value says so, amber, not as an error", () => {
    const p = example();
    delete (p.skus[0] as { pricePerGpuHour?: unknown }).pricePerGpuHour;
    renderInWorkbook(() => price({ needs: "needs a price" }), { plan: p });
    const input = screen.getByTestId("price") as HTMLInputElement;
    expect([input.placeholder, input.dataset.needs]).toEqual(["needs a price", "true"]);
    expect(input.closest("label")!.classList.contains("bad")).toBe(false);
  });
});
