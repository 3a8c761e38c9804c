import { screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { allocationLines } from "../../../../src/report/allocation-csv";
import { PoolResult } from "../../../../src/ui/components/allocation/PoolResult";
import { moneyFormat } from "../../../../src/ui/components/allocation/alloc-lines";
import { useWorkbook } from "../../../../src/ui/state/context";
import { conservation } from "../../../../src/ui/state/usage-edit";
import { example, renderInWorkbook } from "../../render-workbook";

function Pool(props: { lang: "en" | "zh" }) {
  const wb = useWorkbook();
  const lines = allocationLines(wb.computed().result);
  return (
    <PoolResult
      pool="70b"
      index={0}
      lines={lines}
      check={conservation(lines)[0]}
      money={moneyFormat("CNY", 2, props.lang)}
    />
  );
}

describe("PoolResult", () => {
  it.each([
    [
      "en",
      "Pool 70b",
      "✓ teams + idle = ¥1,920.00 = pool cost ¥1,920.00 per day (to the cent); ¥58,400.00 per month",
    ],
    ["zh", "资源池 70b", "✓ "],
  ] as const)(
    "shows the seed pool's teams and that they add up to its cost (%s)",
    (lang, head, check) => {
      renderInWorkbook(() => <Pool lang={lang} />, { lang });
      expect(screen.getByRole("heading").textContent).toBe(head);
      expect(screen.getAllByRole("rowheader").map((h) => h.textContent)).toContain("search");
      const k = screen.getByTestId("conservation-0");
      expect([k.dataset.ok, k.textContent!.startsWith(check)]).toEqual(["true", true]);
    },
  );

  it("warns when usage rows name a pool that does not exist (their teams get no cost)", () => {
    const p = example();
    p.tenants!.usage!.push({ team: "ads", pool: "nope", inputTokens: 1, outputTokens: 1 });
    renderInWorkbook(() => <Pool lang="en" />, { plan: p });
    const k = screen.getByTestId("conservation-0");
    expect(k.dataset.unplaced).toBe("1");
    expect(k.textContent).toContain(
      "1 usage row(s) are not allocated: their teams are missing above",
    );
  });
});
