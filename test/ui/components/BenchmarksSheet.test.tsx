import { fireEvent, screen, waitFor } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { BenchmarksSheet } from "../../../src/ui/components/BenchmarksSheet";
import { renderInWorkbook } from "../render-workbook";

describe("BenchmarksSheet", () => {
  it("with the seed's given capacity: no sweep yet, the replica throughput and its 15 replicas", () => {
    renderInWorkbook(() => <BenchmarksSheet />);
    expect(screen.getByTestId("no-sweeps")).toBeTruthy();
    expect((screen.getByTestId("given-0") as HTMLInputElement).value).toBe("1,500");
    expect(document.querySelector(".given-row")!.textContent).toContain("15");
    expect(screen.getByTestId("run-history")).toBeTruthy();
  });

  it("text pasted on the sheet is imported as a new sweep with its card", async () => {
    const { wb } = renderInWorkbook(() => <BenchmarksSheet />);
    const text = "concurrency,rps,ttft_p99_ms\n1,0.5,40\n8,3,100\n";
    fireEvent.paste(screen.getByTestId("sheet-benchmarks"), {
      clipboardData: { getData: () => text },
    });
    await waitFor(() => expect(wb.plan.skus).toHaveLength(2));
    await waitFor(() => screen.getByTestId("sweep-card-1"));
    expect(screen.queryByTestId("no-sweeps")).toBeNull();
    expect(screen.getByTestId("import-ok")).toBeTruthy();
  });
});
