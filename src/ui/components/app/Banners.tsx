/**
 * The banners under the tabs: a plan file's problems (with "Open anyway" when only formulas are
 * wrong), the share link (or why there is none), and the notices of the last action.
 */
import { For, type JSX, Show } from "solid-js";
import { lang, t } from "../../state/i18n";
import { planProblemText } from "../../state/open-plan";
import { type FileProblems, type Notice, noticeText } from "../../state/plan-opener";
import type { ShareState } from "../../state/share-action";

/** A plan file that did not open cleanly. */
export function FileProblemsBanner(props: {
  fp: FileProblems;
  onOpenAnyway: () => void;
  onDismiss: () => void;
}): JSX.Element {
  const fp = () => props.fp;
  return (
    <div class="banner bad" role="alert" data-testid="file-problems">
      <div>
        <strong>{t("fileProblemsTitle", { file: fp().file })}</strong>{" "}
        {t(fp().openable ? "fileProblemsFormula" : "fileProblemsBody")}
        <ul class="issues">
          <For each={fp().problems}>
            {(p) => (
              <li>
                <code>{p.path || fp().file}</code> {planProblemText(p, lang())}
              </li>
            )}
          </For>
        </ul>
      </div>
      <div class="banner-actions">
        <Show when={fp().openable}>
          <button data-testid="open-anyway" onClick={() => props.onOpenAnyway()}>
            {t("openAnyway")}
          </button>
        </Show>
        <button class="link" onClick={() => props.onDismiss()}>
          {t("dismiss")}
        </button>
      </div>
    </div>
  );
}

/** Why a plan has no share link: its problems, or its length over the limit. */
function NoShareLink(props: { sh: ShareState }): JSX.Element {
  return (
    <div>
      <Show
        when={props.sh.problems.length}
        fallback={
          <span data-testid="share-too-long">
            {t("shareTooLong", {
              n: props.sh.length.toLocaleString(),
              max: (props.sh.max ?? 0).toLocaleString(),
            })}
          </span>
        }
      >
        <strong>{t("shareInvalid")}</strong>
        <ul class="issues">
          <For each={props.sh.problems}>
            {(p) => (
              <li>
                <code>{p.path}</code> {planProblemText(p, lang())}
              </li>
            )}
          </For>
        </ul>
      </Show>
    </div>
  );
}

/** The share panel. */
export function SharePanel(props: { sh: ShareState; onDismiss: () => void }): JSX.Element {
  const sh = () => props.sh;
  return (
    <div class="banner" classList={{ bad: !sh().url }} data-testid="share-panel">
      <Show when={sh().url} fallback={<NoShareLink sh={sh()} />}>
        <div class="share-row">
          <span>{sh().copied ? t("shareCopied") : t("shareReady")}</span>
          <input
            readonly
            data-testid="share-url"
            value={sh().url!}
            onFocus={(e) => e.currentTarget.select()}
          />
          <span class="muted small">{t("shareLength", { n: sh().length.toLocaleString() })}</span>
        </div>
      </Show>
      <div class="banner-actions">
        <button class="link" onClick={() => props.onDismiss()}>
          {t("dismiss")}
        </button>
      </div>
    </div>
  );
}

/** The notices of the last action, dismissable. */
export function Notices(props: { notices: readonly Notice[]; onDismiss: () => void }): JSX.Element {
  return (
    <div class="notices" data-testid="notices">
      <For each={props.notices}>{(n) => <div>{noticeText(n, lang())}</div>}</For>
      <button class="link" onClick={() => props.onDismiss()}>
        {t("dismiss")}
      </button>
    </div>
  );
}
