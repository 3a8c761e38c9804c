/**
 * A number typed with a unit or separators keeps its display while formulas see the number
 * (docs/grid.md "Typed numbers"): `$2.99` stays `$2.99` in the cell and in the formula bar, the plan
 * stores 2.99 (with the typed text under `display`), and the comparison's cost uses 2.99.
 */
import { expect, test, WorkbookPage } from "./workbook-page";

test("$2.99, 50% and 1.5k keep their display; the plan stores the numbers and formulas compute with them", async ({
  wp,
}) => {
  await wp.example("seed", "assumptions");
  // [cell, what is typed (and shown), the number the result column shows and formulas read]
  const typed = [
    ["gpu_hour", "$2.99", "2.99"],
    ["elasticity", "50%", "0.5"],
    ["input_tokens", "1.5k", "1,500"],
  ];
  for (const [cell, text] of typed) await wp.type("cells", cell!, "value", text!);
  for (const [cell, text, result] of typed)
    await wp.expectCells("cells", [
      [cell!, "value", text!],
      [cell!, "result", result!],
    ]);
  // The formula bar shows what was typed, as a spreadsheet does.
  await wp.cell("cells", "gpu_hour", "value").click();
  await expect(wp.id("fx-cells")).toHaveText("$2.99");
  const saved = async () =>
    (await wp.savedPlan()) as { cells: Record<string, unknown>; display?: Record<string, string> };
  await expect
    .poll(async () => (await saved()).cells)
    .toMatchObject({ gpu_hour: 2.99, elasticity: 0.5, input_tokens: 1500 });
  await expect
    .poll(async () => (await saved()).display)
    .toEqual({
      "cells.gpu_hour": "$2.99",
      "cells.elasticity": "50%",
      "cells.input_tokens": "1.5k",
    });
  // A field typed directly keeps its display too.
  await wp.type("workloads", "0", "outputTokens", "1,000");
  await expect(wp.cell("workloads", "0", "outputTokens")).toHaveText("1,000");
  // Seed: 50 RPS × 1,000 output tokens ÷ 1,500 tok/s = 33.3 base replicas; × 0.5 × 1.2 = 20 replicas.
  // 20 replicas × 4 GPUs × 2.99 = 239.20 per hour: the number, not the text, is costed.
  await wp.sheet("comparison");
  // The price field is a formula (=gpu_hour): it shows its value in the plan currency (CNY).
  await expect(wp.cell("cmp", "pricePerGpuHour", "s0")).toHaveText("¥2.99");
  await expect(wp.id("grid-cmp")).toContainText("239.20");
  // After a reload the cell still shows what was typed.
  await wp.reload();
  await wp.sheet("assumptions");
  await expect(wp.cell("cells", "gpu_hour", "value")).toHaveText("$2.99");
});
