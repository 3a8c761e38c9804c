/**
 * Recent plans: copies of plans the app replaced or displaced (a share link opened over them,
 * another plan opened, a version saved by another tab), so closing the tab never loses them.
 * This module is the pure policy (what to keep, what to drop); `kept-store.ts` stores the
 * records and `autosave.ts` decides when to keep. See docs/persistence.md.
 */

/** Why a copy was kept. */
export type RecentReason =
  /** replaced by a plan from a share link */
  | "share"
  /** replaced by opening another plan (file, example, New plan, a recent plan) */
  | "replaced"
  /** this tab's own copy, kept when another tab saved a different version */
  | "thisTab"
  /** the version another tab had saved, kept when this tab chose its own copy */
  | "otherTab"
  /** the current plan, when the autosave did not fit in localStorage */
  | "unsaved";

/** One kept plan. `text`: the plan as JSON (spec plan format). */
export interface RecentEntry {
  id?: number | undefined;
  title: string;
  /** When the copy was kept (ISO 8601). */
  keptAt: string;
  reason: RecentReason;
  text: string;
}

/** Most copies kept; the oldest go first. */
export const MAX_RECENT = 20;
/** Most characters kept over all copies (IndexedDB has room, but a list should stay light). */
export const MAX_RECENT_CHARS = 50_000_000;

/** Newest first (by `keptAt`, then by id). */
export function sortRecent(entries: readonly RecentEntry[]): RecentEntry[] {
  return [...entries].sort((a, b) =>
    a.keptAt < b.keptAt ? 1 : a.keptAt > b.keptAt ? -1 : (b.id ?? 0) - (a.id ?? 0),
  );
}

/**
 * What to store when `add` is kept next to `entries`: the record to put (an existing copy of the
 * same plan text is refreshed instead of duplicated, keeping its id) and the ids of the oldest
 * copies to drop beyond {@link MAX_RECENT} entries or {@link MAX_RECENT_CHARS} characters. The
 * new copy itself is never dropped.
 */
export function planKeep(
  entries: readonly RecentEntry[],
  add: RecentEntry,
  limits = { count: MAX_RECENT, chars: MAX_RECENT_CHARS },
): { put: RecentEntry; drop: number[] } {
  const same = entries.find((e) => e.text === add.text);
  const put: RecentEntry = same ? { ...add, id: same.id } : { ...add };
  if (put.id === undefined) delete put.id;
  const others = sortRecent(entries.filter((e) => e !== same));
  const drop: number[] = [];
  let count = 1;
  let chars = put.text.length;
  for (const e of others) {
    if (count + 1 > limits.count || chars + e.text.length > limits.chars) {
      if (e.id !== undefined) drop.push(e.id);
    } else {
      count++;
      chars += e.text.length;
    }
  }
  return { put, drop };
}
