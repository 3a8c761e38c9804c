import { fireEvent, screen, waitFor } from "@solidjs/testing-library";
import { describe, expect, it, vi } from "vitest";
import { ConfirmHost } from "../../../../src/ui/components/ConfirmDialog";
import { ReportToolbar } from "../../../../src/ui/components/report/ReportToolbar";
import { renderInWorkbook } from "../../render-workbook";

const files: { name: string; text: string }[] = [];
const copied: string[] = [];
let clipboardWorks = true;
vi.mock("../../../../src/ui/state/persist", async (real) => ({
  ...(await real<object>()),
  downloadText: (name: string, text: string) => files.push({ name, text }),
}));
vi.mock("../../../../src/ui/state/copy-text", () => ({
  copyText: async (text: string) => {
    copied.push(text);
    return clipboardWorks;
  },
}));

const toolbar = (lang: "en" | "zh" = "en") => {
  files.length = 0;
  copied.length = 0;
  return renderInWorkbook(() => [<ReportToolbar md={"## Report\n"} />, <ConfirmHost />], { lang });
};

describe("ReportToolbar", () => {
  it.each([
    [true, "en", "Copied to the clipboard"],
    [false, "zh", "浏览器拒绝访问剪贴板：请使用“下载 .md”"],
  ] as const)(
    "copies the report with what is not checked on top (clipboard works: %s, %s)",
    async (works, lang, status) => {
      clipboardWorks = works;
      toolbar(lang);
      fireEvent.click(screen.getByTestId("report-copy"));
      await waitFor(() => expect(screen.getByTestId("copy-status").textContent).toBe(status));
      expect(copied[0]).toMatch(/^> [\s\S]*## Report/);
    },
  );

  it("downloads the report after asking about the unchecked capacity, and exports the plan and the CSV", async () => {
    toolbar();
    fireEvent.click(screen.getByTestId("report-download"));
    fireEvent.click(await waitFor(() => screen.getByTestId("confirm-ok")));
    await waitFor(() => expect(files).toHaveLength(1));
    fireEvent.click(screen.getByTestId("export-plan"));
    fireEvent.click(screen.getByTestId("export-comparison"));
    const stem = "seed-worked-example-70b-chat-service-tp-4";
    const names = files.map((f) => f.name);
    expect(names).toEqual([`${stem}-report.md`, `${stem}.json`, `${stem}-comparison.csv`]);
    expect(JSON.parse(files[1]!.text).title).toBe("Seed worked example: 70B chat service, TP=4");
  });
});
