import { fireEvent, render } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { FilePicker } from "../../../src/ui/components/FilePicker";

describe("FilePicker", () => {
  it("is a real button in the Tab order that opens the hidden input's picker", () => {
    const got: string[][] = [];
    const { getByRole, getByTestId } = render(() => (
      <FilePicker
        label="Choose files…"
        multiple
        testId="file-input"
        onFiles={(fs) => got.push(fs.map((f) => f.name))}
      />
    ));
    const button = getByRole("button", { name: "Choose files…" });
    const input = getByTestId("file-input") as HTMLInputElement;
    const tabOrder = [button.tagName, button.tabIndex, input.hidden, input.tabIndex];
    expect(tabOrder).toEqual(["BUTTON", 0, true, -1]);
    let opened = 0;
    input.addEventListener("click", () => opened++);
    button.click();
    expect(opened).toBe(1);
    // The chosen files reach the owner, and the input is reset so the same file can be chosen again.
    const files = [new File(["a"], "a.json"), new File(["b"], "b.json")];
    Object.defineProperty(input, "files", { value: files, configurable: true });
    fireEvent.change(input);
    expect(got).toEqual([["a.json", "b.json"]]);
  });

  it("asks for a folder with webkitdirectory and never reports an empty choice", () => {
    const got: File[][] = [];
    const { getByTestId } = render(() => (
      <FilePicker
        label="Choose folder…"
        folder
        testId="folder-input"
        onFiles={(fs) => got.push(fs)}
      />
    ));
    const input = getByTestId("folder-input") as HTMLInputElement;
    expect(input.hasAttribute("webkitdirectory")).toBe(true);
    Object.defineProperty(input, "files", { value: [], configurable: true });
    fireEvent.change(input);
    expect(got).toEqual([]);
  });
});
