import { screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import type { TraceView } from "../../../../src/import/trace-session";
import { TraceNotes } from "../../../../src/ui/components/traffic/TraceNotes";
import { renderInWorkbook } from "../../render-workbook";

const view = (notes: string[], warnings: TraceView["warnings"]) =>
  ({ summary: { notes }, warnings }) as unknown as TraceView;

describe("TraceNotes", () => {
  it("shows nothing without notes", () => {
    renderInWorkbook(() => <TraceNotes view={view([], [])} />);
    expect(screen.queryByRole("group")).toBeNull();
    expect(document.body.textContent).toBe("");
  });
  it.each([
    ["en", "Notes (2)"],
    ["zh", "说明 (2)"],
  ] as const)("folds the summary's notes and the reader's warnings (%s)", (lang, head) => {
    const w = { file: "t.csv", line: 9, code: "x", message: "bad timestamp" };
    renderInWorkbook(() => <TraceNotes view={view(["1 failed request left out"], [w])} />, {
      lang,
    });
    expect(document.querySelector("summary")!.textContent).toBe(head);
    expect([...document.querySelectorAll("li")].map((l) => l.textContent)).toEqual([
      "1 failed request left out",
      "t.csv:9: bad timestamp",
    ]);
  });
});
