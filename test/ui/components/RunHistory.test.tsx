import { fireEvent, screen, waitFor } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { RunHistory } from "../../../src/ui/components/RunHistory";
import { renderInWorkbook } from "../render-workbook";

/** A run file of the generic CSV importer: TTFT P99 at concurrency 1 and 8. */
const run = (name: string, ttft1: number, ttft8: number) =>
  new File([`concurrency,rps,ttft_p99_ms\n1,0.5,${ttft1}\n8,3,${ttft8}\n`], name);

/** Pick `files` with the "Pick run files…" picker (the import runs here: no worker in tests). */
function pick(files: File[]) {
  const input = screen.getByTestId("history-file-input") as HTMLInputElement;
  Object.defineProperty(input, "files", { value: files, configurable: true });
  fireEvent.change(input);
}

describe("RunHistory", () => {
  it.each([
    ["en", "Run history", "Pick archive folder…"],
    ["zh", "运行历史", "选择归档文件夹…"],
  ] as const)("offers the archive folder and run files (%s)", (lang, title, folder) => {
    renderInWorkbook(() => <RunHistory />, { lang });
    expect(screen.getByRole("heading").textContent).toBe(title);
    expect(screen.getByRole("button", { name: folder })).toBeTruthy();
  });

  it("marks the run that regressed beyond the threshold, and a higher threshold clears it", async () => {
    renderInWorkbook(() => <RunHistory />);
    // TTFT P99 at concurrency 8: 100 → 104 (+4 %) → 120 (+15.4 %).
    pick([run("a.csv", 40, 100), run("b.csv", 40, 104), run("c.csv", 41, 120)]);
    const verdict = await waitFor(() => screen.getByTestId("history-verdict"));
    expect(verdict.textContent).toBe(
      "1 deployment(s) regressed in the latest run (threshold 5 %).",
    );
    const rows = [...screen.getByTestId("history-table").querySelectorAll("tbody tr")];
    expect(rows.map((r) => [...r.children].slice(1).map((c) => c.textContent))).toEqual([
      ["a.csv", "100", "—"],
      ["b.csv", "104", "+4 %"],
      ["c.csv", "120", "+15.4 % ▲ regression"],
    ]);
    fireEvent.input(screen.getByTestId("history-threshold"), { target: { value: "20" } });
    expect(verdict.textContent).toBe("No regression in the latest runs (threshold 20 %).");
  });

  it("shows why a file could not be read, with file and line", async () => {
    renderInWorkbook(() => <RunHistory />);
    pick([new File(["concurrency,rps,P99 TTFT (ms)\n4,1.61,80.3\n8,3.05,fast\n"], "bad.csv")]);
    const errors = await waitFor(() => screen.getByTestId("history-errors"));
    expect(errors.textContent).toMatch(/^bad\.csv:3/);
  });
});
