import { fireEvent, screen, waitFor } from "@solidjs/testing-library";
import { describe, expect, it, vi } from "vitest";
import type { PlanFile } from "../../../../src/engine/base/types";
import { ConfirmHost } from "../../../../src/ui/components/ConfirmDialog";
import {
  FinanceExports,
  focusWarnings,
} from "../../../../src/ui/components/allocation/FinanceExports";
import { example, renderInWorkbook } from "../../render-workbook";

const downloads: { name: string; text: string }[] = [];
vi.mock("../../../../src/ui/state/persist", async (real) => ({
  ...(await real<object>()),
  downloadText: (name: string, text: string) => downloads.push({ name, text }),
}));

const exports = (plan?: PlanFile) => {
  downloads.length = 0;
  return renderInWorkbook(() => [<FinanceExports />, <ConfirmHost />], plan ? { plan } : {});
};

describe("focusWarnings", () => {
  it.each([
    [null, []],
    [
      ["Title", "- A: unchecked", "- B"],
      ["A: unchecked", "B"],
    ],
  ])("%j → %j (the dialog's lines without its heading)", (warning, notes) => {
    expect(focusWarnings(warning)).toEqual(notes);
  });
});

describe("FinanceExports", () => {
  it("exports the seed's allocation at once: its pool cost is typed, nothing unchecked feeds it", async () => {
    exports();
    fireEvent.click(screen.getByTestId("export-allocation"));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const stem = "seed-worked-example-70b-chat-service-tp-4";
    expect(downloads[0]!.name).toBe(`${stem}-allocation.csv`);
    expect(downloads[0]!.text.startsWith("\ufeff")).toBe(true);
    fireEvent.change(screen.getByTestId("focus-start"), { target: { value: "2025-06-01" } });
    fireEvent.click(screen.getByTestId("export-focus"));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]!.name).toBe(`${stem}-focus-2025-06-01.csv`);
    expect(screen.queryByTestId("confirm-items")).toBeNull();
  });

  it.each([
    ["confirm-cancel", 0],
    ["confirm-ok", 1],
  ])(
    "asks first when the pool takes the unchecked SKU's cost; %s downloads %i file(s)",
    async (button, n) => {
      const p = example();
      delete p.tenants!.pools;
      exports(p);
      fireEvent.click(screen.getByTestId("export-allocation"));
      const items = await waitFor(() => screen.getByTestId("confirm-items"));
      expect(items.textContent).toContain("H100 TP4: capacity given or estimated");
      fireEvent.click(screen.getByTestId(button));
      await new Promise((r) => setTimeout(r, 10));
      expect(downloads).toHaveLength(n);
    },
  );
});
