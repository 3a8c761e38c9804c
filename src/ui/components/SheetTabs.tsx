/**
 * The sheet tabs, following the ARIA tabs pattern: one tab in the Tab order (the current one),
 * Left/Right move to the previous/next sheet (wrapping), Home/End to the first/last, and moving
 * opens the sheet (automatic activation). The tab panel is the sheet area of the app
 * (`SHEET_PANEL`).
 */
import { For, type JSX } from "solid-js";
import type { UiKey } from "../i18n";
import { t } from "../state/i18n";

/** The DOM id of the sheet area the tabs control. */
export const SHEET_PANEL = "sheet-panel";
/** The DOM id of a sheet's tab. */
export const tabId = (id: string) => `sheet-tab-${id}`;

/** The index a key moves to from `i` among `n` tabs, or null for any other key. */
export function tabKeyTarget(key: string, i: number, n: number): number | null {
  if (key === "ArrowRight") return (i + 1) % n;
  if (key === "ArrowLeft") return (i - 1 + n) % n;
  if (key === "Home") return 0;
  if (key === "End") return n - 1;
  return null;
}

/** The tab list of the app's sheets. */
export function SheetTabs<Id extends string>(props: {
  sheets: readonly { id: Id; key: UiKey }[];
  current: Id;
  onSelect(id: Id): void;
}): JSX.Element {
  let list!: HTMLDivElement;
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const to = tabKeyTarget(e.key, i, props.sheets.length);
    if (to === null) return;
    e.preventDefault();
    const next = props.sheets[to]!;
    props.onSelect(next.id);
    list.querySelector<HTMLElement>(`#${tabId(next.id)}`)?.focus();
  };
  return (
    <div class="tablist" role="tablist" ref={list}>
      <For each={props.sheets}>
        {(tab, i) => (
          <button
            role="tab"
            id={tabId(tab.id)}
            aria-selected={props.current === tab.id}
            aria-controls={SHEET_PANEL}
            tabIndex={props.current === tab.id ? 0 : -1}
            data-testid={`tab-${tab.id}`}
            classList={{ active: props.current === tab.id }}
            onClick={() => props.onSelect(tab.id)}
            onKeyDown={(e) => onKeyDown(e, i())}
          >
            {t(tab.key)}
          </button>
        )}
      </For>
    </div>
  );
}
