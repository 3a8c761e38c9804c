import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { SkuHeader } from "../../../../src/ui/components/sweep/SkuHeader";
import { example, renderInWorkbook } from "../../render-workbook";

describe("SkuHeader", () => {
  it("renames the SKU, but never to nothing", () => {
    const { wb } = renderInWorkbook(() => <SkuHeader skuIndex={0} workload="chat" color="#000" />);
    const name = screen.getByTestId("sku-name-0") as HTMLInputElement;
    fireEvent.change(name, { target: { value: "  H100 ×4  " } });
    fireEvent.change(name, { target: { value: "  " } });
    expect(wb.plan.skus[0]!.name).toBe("H100 ×4");
    expect(screen.getByText("chat").classList.contains("chip")).toBe(true);
  });

  it.each([
    ["en", "needs a price"],
    ["zh", "需要价格"],
  ] as const)(
    "a SKU without a price asks for one (%s); picking a GPU fills the catalogue's, flagged",
    (lang, needs) => {
      const p = example();
      delete (p.skus[0] as { pricePerGpuHour?: unknown }).pricePerGpuHour;
      delete (p.skus[0] as { gpu?: unknown }).gpu;
      p.currency = "USD"; // the catalogue's indicative prices are in US dollars
      const { wb } = renderInWorkbook(
        () => <SkuHeader skuIndex={0} workload={null} color="#000" />,
        { plan: p, lang },
      );
      const price = screen.getByTestId("sku-price-0") as HTMLInputElement;
      expect(price.placeholder).toBe(needs);
      fireEvent.change(screen.getByTestId("sku-gpu-0"), { target: { value: "h100-sxm" } });
      expect(wb.plan.skus[0]!.gpu).toBe("h100-sxm");
      expect(price.dataset.defaulted).toBe("true");
    },
  );

  it("removes the SKU", () => {
    const { wb } = renderInWorkbook(() => <SkuHeader skuIndex={0} workload={null} color="#000" />);
    fireEvent.click(screen.getByTestId("sku-remove-0"));
    expect(wb.plan.skus).toEqual([]);
  });
});
