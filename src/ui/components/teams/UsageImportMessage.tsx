/** The outcome of a usage import: its headline and the file's issues in the app's language. */
import { For, type JSX, Show } from "solid-js";
import { localizeIssue } from "../../../report/messages";
import { lang, t } from "../../state/i18n";
import type { ImportMessage } from "./usage-import";

/** The import message, dismissable. */
export function UsageImportMessage(props: {
  m: ImportMessage;
  onDismiss: () => void;
}): JSX.Element {
  return (
    <div
      class="job"
      data-status={props.m.ok ? "ok" : "error"}
      data-testid={props.m.ok ? "usage-import-ok" : "usage-import-error"}
    >
      <div class="job-head">
        <span classList={{ ok: props.m.ok, bad: !props.m.ok }}>{props.m.head}</span>
        <span class="spacer" />
        <button class="link" onClick={() => props.onDismiss()}>
          {t("dismiss")}
        </button>
      </div>
      <Show when={props.m.issues.length}>
        <ul class="issues">
          <For each={props.m.issues}>{(i) => <li>{localizeIssue(i, lang())}</li>}</For>
        </ul>
      </Show>
    </div>
  );
}
