import { fireEvent, screen } from "@solidjs/testing-library";
import { createSignal } from "solid-js";
import { describe, expect, it } from "vitest";
import type { UiLang } from "../../../src/ui/i18n";
import {
  OtherTabPrompt,
  RecentPlansPanel,
  SetAsideBanner,
} from "../../../src/ui/components/PersistPanels";
import type { Persistence } from "../../../src/ui/state/autosave";
import type { RecentEntry } from "../../../src/ui/state/recent-plans";
import type { SetAsideEntry } from "../../../src/ui/state/set-asides";
import { renderInWorkbook } from "../render-workbook";

/** The part of the persistence the panels read, over signals, recording what they are told. */
function fakePersist(setAsides: SetAsideEntry[], recent: RecentEntry[] = []) {
  const told: string[] = [];
  const [asides, setAsidesSig] = createSignal(setAsides);
  const [rec, setRec] = createSignal(recent);
  const [other, setOther] = createSignal<{ title: string; savedAt: string } | null>({
    title: "Other plan",
    savedAt: "2025-06-01T10:30:00Z",
  });
  const p = {
    setAsides: asides,
    discardSetAside: async (s: SetAsideEntry) => {
      told.push(`discard ${s.reason}`);
      setAsidesSig(asides().filter((x) => x !== s));
    },
    setAsideDownloaded: () => {},
    otherTab: other,
    resolveOtherTab: (w: string) => {
      told.push(`other ${w}`);
      setOther(null);
    },
    recent: rec,
    removeRecent: async (e: RecentEntry) => {
      told.push(`remove ${e.title}`);
      setRec(rec().filter((x) => x !== e));
    },
  } as unknown as Persistence;
  return { p, told };
}
const aside = (reason: string, where: SetAsideEntry["where"]): SetAsideEntry => ({
  reason,
  raw: "{",
  at: "2025-06-01T10:00:00Z",
  where,
});

describe("SetAsideBanner", () => {
  it.each([
    ["en", "2 saves could not be read."],
    ["zh", "有 2 份已保存的数据无法读取。"],
  ] as const)("counts the unreadable saves (%s), and discard removes one", (lang, title) => {
    const { p, told } = fakePersist([aside("bad JSON", "idb"), aside("truncated", "autosave")]);
    renderInWorkbook(() => <SetAsideBanner persist={p} />, { lang: lang as UiLang });
    expect(screen.getByRole("alert").textContent).toContain(title);
    const kept = screen.getAllByTestId("set-aside-item").map((e) => e.dataset.kept);
    expect(kept).toEqual(["true", "false"]);
    fireEvent.click(screen.getAllByTestId("discard-set-aside")[0]!);
    expect(told).toEqual(["discard bad JSON"]);
    expect(screen.getAllByTestId("set-aside-item")).toHaveLength(1);
  });
  it("shows nothing when every save was read", () => {
    renderInWorkbook(() => <SetAsideBanner persist={fakePersist([]).p} />);
    expect(screen.queryByTestId("restore-problem")).toBeNull();
  });
});

describe("OtherTabPrompt", () => {
  it.each([
    ["other-tab-load", "other theirs"],
    ["other-tab-keep", "other mine"],
  ])("names the other tab's plan; %s answers %s and closes", (button, answer) => {
    const { p, told } = fakePersist([]);
    renderInWorkbook(() => <OtherTabPrompt persist={p} />);
    const said =
      "This plan was changed in another tab. The other tab saved “Other plan” at 1 Jun 2025";
    expect(screen.getByTestId("other-tab").textContent).toContain(said);
    fireEvent.click(screen.getByTestId(button));
    expect(told).toEqual([answer]);
    expect(screen.queryByTestId("other-tab")).toBeNull();
  });
});

describe("RecentPlansPanel", () => {
  const entry = (title: string, reason: RecentEntry["reason"]): RecentEntry => ({
    title,
    reason,
    keptAt: "2025-06-01T10:00:00Z",
    text: "{}",
  });
  it("says when there is none yet, in Chinese too", () => {
    const none = () => (
      <RecentPlansPanel persist={fakePersist([]).p} onOpen={() => {}} onClose={() => {}} />
    );
    renderInWorkbook(none, { lang: "zh" });
    expect(screen.getByTestId("recent-empty").textContent).toBe("还没有最近的计划。");
  });
  it("lists each kept plan with why it was kept; Open hands it over, Remove drops it", () => {
    const { p, told } = fakePersist([], [entry("A", "share"), entry("B", "replaced")]);
    const opened: string[] = [];
    renderInWorkbook(() => (
      <RecentPlansPanel persist={p} onOpen={(e) => opened.push(e.title)} onClose={() => {}} />
    ));
    const items = screen.getAllByTestId("recent-item").map((li) => li.textContent);
    expect(items[0]).toContain("replaced by a share link");
    expect(items[1]).toContain("replaced by another plan");
    fireEvent.click(screen.getAllByTestId("recent-open")[1]!);
    fireEvent.click(screen.getAllByTestId("recent-remove")[0]!);
    expect([opened, told]).toEqual([["B"], ["remove A"]]);
    expect(screen.getAllByTestId("recent-title").map((e) => e.textContent)).toEqual(["B"]);
  });
});
