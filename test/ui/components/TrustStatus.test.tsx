import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import { RecBanner, RecStatus, TrustStatus } from "../../../src/ui/components/TrustStatus";
import { example, renderInWorkbook } from "../render-workbook";

/** The seed with a second SKU that has no price. */
const troubled = (): PlanFile => {
  const p = example();
  const { pricePerGpuHour: _, ...sku } = p.skus[0]!;
  p.skus.push({ ...sku, name: "L40S" } as PlanFile["skus"][0]);
  return p;
};

describe("TrustStatus", () => {
  it.each([
    ["en", "⚠ 1 to check: H100 TP4: capacity given or estimated, not checked against the SLOs"],
    ["zh", "⚠ 1 项待检查: H100 TP4：容量为给定或估算值，未按 SLO 校验"],
  ] as const)("sums up the seed's one unchecked capacity (%s)", (lang, text) => {
    renderInWorkbook(() => <TrustStatus />, { lang });
    expect(screen.getByTestId("status-errors").textContent).toBe(text);
  });

  it("opens the list of what to check, and Escape closes it", () => {
    renderInWorkbook(() => <TrustStatus />, { plan: troubled() });
    const button = screen.getByTestId("status-errors");
    expect(screen.queryByTestId("trust-list")).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const items = screen.getAllByTestId("trust-item");
    expect(items.map((b) => b.dataset.kind)).toEqual(["needsPrice", "unchecked", "unchecked"]);
    expect(items[0]!.textContent).toBe(
      "⚠ L40S needs a price per GPU-hour (nothing is costed without it)",
    );
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByTestId("trust-list")).toBeNull();
  });
});

describe("RecStatus", () => {
  it.each([
    ["en", "Recommended"],
    ["zh", "推荐"],
  ] as const)("names the seed's SKU, amber while its capacity is unchecked (%s)", (lang, word) => {
    renderInWorkbook(() => <RecStatus />, { lang });
    const s = screen.getByTestId("status-recommendation");
    expect(s.textContent).toContain("H100 TP4");
    expect(s.textContent).toContain("15");
    expect(s.textContent).toContain(word);
    expect(s.classList.contains("warn")).toBe(true);
  });
});

describe("RecBanner", () => {
  it("says which SKU needs a price and lists the items to check", () => {
    const p = troubled();
    p.skus[0]!.pricePerGpuHour = undefined as never;
    renderInWorkbook(() => <RecBanner />, { plan: p });
    const banner = screen.getByTestId("rec-banner");
    expect(banner.textContent).toContain("enter a price per GPU-hour");
    expect(banner.dataset.level).toBe("warn");
    expect(screen.getAllByTestId("banner-item").length).toBeGreaterThan(0);
  });
});
