import { fireEvent, render, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { askConfirm, ConfirmHost } from "../../../src/ui/components/ConfirmDialog";
import "../render-workbook";

const req = {
  title: "Export anyway?",
  items: ["A: no price", "B: unchecked"],
  question: "Go on?",
  ok: "Export",
  cancel: "Cancel",
};

describe("askConfirm and ConfirmHost", () => {
  it.each([
    ["confirm-ok", true],
    ["confirm-cancel", false],
  ])("lists what is wrong; %s answers %s and closes", async (button, want) => {
    render(() => <ConfirmHost />);
    const answer = askConfirm(req);
    await Promise.resolve();
    expect(screen.getByRole("heading").textContent).toBe("Export anyway?");
    expect(screen.getByTestId("confirm-items").textContent).toBe("A: no priceB: unchecked");
    fireEvent.click(screen.getByTestId(button));
    expect(await answer).toBe(want);
    expect(screen.queryByTestId("confirm-items")).toBeNull();
  });

  it("Escape (the dialog's cancel) answers no, and a second request cancels the first", async () => {
    render(() => <ConfirmHost />);
    const first = askConfirm(req);
    const second = askConfirm({ ...req, title: "Second" });
    expect(await first).toBe(false);
    fireEvent(screen.getByTestId("confirm-dialog"), new Event("cancel", { cancelable: true }));
    expect(await second).toBe(false);
  });
});
