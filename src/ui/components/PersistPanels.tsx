/**
 * The "never lose work" panels (docs/persistence.md): saves set aside because they could not be
 * read, the prompt when another tab saved a different plan, and the recent plans list.
 * The state lives in `src/ui/state/autosave.ts`.
 */
import { For, Show, type JSX } from "solid-js";
import type { Persistence, SetAsideEntry } from "../state/autosave";
import { lang, t } from "../state/i18n";
import { downloadText, fileStem } from "../state/persist";
import type { RecentEntry } from "../state/recent-plans";

/** A date-time in the UI language; the text itself when it is not a date. */
function when(iso: string): string {
  const d = new Date(iso);
  if (!iso || !Number.isFinite(d.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(lang() === "zh" ? "zh-CN" : "en-GB", {
      dateStyle: "medium",
      timeStyle: "short",
    }).format(d);
  } catch {
    return d.toISOString();
  }
}

/** Saves that could not be read, each with download and discard. */
export function SetAsideBanner(props: { persist: Persistence }): JSX.Element {
  const p = props.persist;
  const download = (s: SetAsideEntry) => {
    downloadText(
      `capplan-unreadable-save${s.at ? `-${s.at.slice(0, 19).replace(/[:T]/g, "-")}` : ""}.json`,
      s.raw,
      "application/json",
    );
    p.setAsideDownloaded(s);
  };
  const kept = () => p.setAsides().filter((s) => s.where !== "autosave");
  return (
    <Show when={p.setAsides().length}>
      <div class="banner bad" role="alert" data-testid="restore-problem">
        <div class="set-aside-list">
          <div>
            <strong>
              {p.setAsides().length === 1
                ? t("setAsideTitle")
                : t("setAsideTitleN", { n: p.setAsides().length })}
            </strong>{" "}
            <Show when={kept().length}>
              <span>{t(kept().length === 1 ? "setAsideBody" : "setAsideBodyN")}</span>
            </Show>
          </div>
          <For each={p.setAsides()}>
            {(s) => (
              <div
                class="set-aside"
                data-testid="set-aside-item"
                data-kept={s.where === "autosave" ? "false" : "true"}
              >
                <div>
                  <Show when={s.where === "autosave"}>
                    <div>
                      <strong data-testid="set-aside-unkept">
                        {s.downloaded ? t("setAsideDownloaded") : t("setAsideUnkept")}
                      </strong>
                    </div>
                  </Show>
                  <span class="muted">
                    {s.at
                      ? t(s.where === "autosave" ? "setAsideFound" : "setAsideAt", {
                          time: when(s.at),
                        })
                      : t("setAsideEarlier")}
                  </span>
                  <Show when={s.reason}>
                    <div class="small mono">{s.reason}</div>
                  </Show>
                  <Show when={s.keepError}>
                    <div class="small muted">
                      {t("setAsideWhyUnkept", { reason: s.keepError! })}
                    </div>
                  </Show>
                </div>
                <div class="banner-actions">
                  <button
                    classList={{ primary: s.where === "autosave" && !s.downloaded }}
                    data-testid="download-set-aside"
                    onClick={() => download(s)}
                  >
                    {t("downloadSetAside")}
                  </button>
                  <button
                    class="link danger"
                    data-testid="discard-set-aside"
                    onClick={() => void p.discardSetAside(s)}
                  >
                    {t("discard")}
                  </button>
                </div>
              </div>
            )}
          </For>
        </div>
      </div>
    </Show>
  );
}

/** Another tab saved a different plan: load it, or keep this tab's. */
export function OtherTabPrompt(props: { persist: Persistence }): JSX.Element {
  const p = props.persist;
  return (
    <Show when={p.otherTab()}>
      {(o) => (
        <div
          class="banner warn-banner"
          role="alertdialog"
          aria-live="assertive"
          data-testid="other-tab"
        >
          <div>
            <strong>{t("otherTabTitle")}</strong>{" "}
            {t("otherTabBody", { title: o().title, time: when(o().savedAt) })}
            <div class="small muted">{t("otherTabSafe")}</div>
          </div>
          <div class="banner-actions">
            <button
              class="primary"
              data-testid="other-tab-load"
              onClick={() => p.resolveOtherTab("theirs")}
            >
              {t("otherTabLoad")}
            </button>
            <button data-testid="other-tab-keep" onClick={() => p.resolveOtherTab("mine")}>
              {t("otherTabKeep")}
            </button>
          </div>
        </div>
      )}
    </Show>
  );
}

const reasonKey = {
  share: "recentShare",
  replaced: "recentReplaced",
  thisTab: "recentThisTab",
  otherTab: "recentOtherTab",
  unsaved: "recentUnsaved",
} as const;

/** The recent plans: copies kept when a plan was replaced, each to open, download or remove. */
export function RecentPlansPanel(props: {
  persist: Persistence;
  onOpen: (e: RecentEntry) => void;
  onClose: () => void;
}): JSX.Element {
  const p = props.persist;
  return (
    <div class="banner recent-panel" data-testid="recent-panel">
      <div class="recent-body">
        <strong>{t("recentTitle")}</strong> <span class="muted">{t("recentHint")}</span>
        <Show
          when={p.recent().length}
          fallback={
            <p class="muted" data-testid="recent-empty">
              {t("recentEmpty")}
            </p>
          }
        >
          <ul class="recent-list">
            <For each={p.recent()}>
              {(e) => (
                <li data-testid="recent-item">
                  <span class="recent-title" data-testid="recent-title">
                    {e.title}
                  </span>
                  <span class="muted small">
                    {t(reasonKey[e.reason] ?? "recentReplaced")} · {when(e.keptAt)}
                  </span>
                  <span class="recent-actions">
                    <button data-testid="recent-open" onClick={() => props.onOpen(e)}>
                      {t("recentOpen")}
                    </button>
                    <button
                      class="link"
                      data-testid="recent-download"
                      title={t("savePlan")}
                      onClick={() =>
                        downloadText(`${fileStem(e.title)}.json`, e.text, "application/json")
                      }
                    >
                      {t("recentDownload")}
                    </button>
                    <button
                      class="link danger"
                      data-testid="recent-remove"
                      onClick={() => void p.removeRecent(e)}
                    >
                      {t("recentRemove")}
                    </button>
                  </span>
                </li>
              )}
            </For>
          </ul>
        </Show>
      </div>
      <div class="banner-actions">
        <button class="link" onClick={() => props.onClose()}>
          {t("dismiss")}
        </button>
      </div>
    </div>
  );
}
