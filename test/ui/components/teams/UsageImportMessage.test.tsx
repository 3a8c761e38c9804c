import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { UsageImportMessage } from "../../../../src/ui/components/teams/UsageImportMessage";
import { renderInWorkbook } from "../../render-workbook";

const issue = { file: "usage.csv", line: 4, code: "x", message: "team is empty" };

describe("UsageImportMessage", () => {
  it.each([
    [true, "usage-import-ok", "ok"],
    [false, "usage-import-error", "bad"],
  ])("ok %s shows as %s, its head marked %s, with the file's issues by line", (ok, id, cls) => {
    const m = { ok, head: "Head", issues: [issue] };
    renderInWorkbook(() => <UsageImportMessage m={m} onDismiss={() => {}} />);
    const box = screen.getByTestId(id);
    expect(box.querySelector(`.${cls}`)!.textContent).toBe("Head");
    expect(box.querySelector("li")!.textContent).toBe("usage.csv:4: team is empty");
  });
  it.each([
    ["en", "Dismiss"],
    ["zh", "关闭"],
  ] as const)("is dismissed with its %s button", (lang, word) => {
    let dismissed = 0;
    const m = { ok: true, head: "h", issues: [] };
    renderInWorkbook(() => <UsageImportMessage m={m} onDismiss={() => dismissed++} />, { lang });
    expect(screen.queryByRole("listitem")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: word }));
    expect(dismissed).toBe(1);
  });
});
