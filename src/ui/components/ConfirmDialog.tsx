/**
 * The app's own confirmation dialog (a modal `<dialog>`, not `window.confirm`): a title, a list of
 * what is wrong and two buttons. `askConfirm` opens it and resolves true (go on) or false
 * (cancel, Escape); one `<ConfirmHost />` in the app renders it.
 */
import { createEffect, createSignal, For, Show, type JSX } from "solid-js";

/** What the dialog asks. */
export interface ConfirmRequest {
  title: string;
  items: readonly string[];
  question: string;
  ok: string;
  cancel: string;
}

const [pending, setPending] = createSignal<
  (ConfirmRequest & { resolve: (ok: boolean) => void }) | null
>(null);

/** Open the dialog; resolves when the planner answers (a second request cancels the first). */
export function askConfirm(req: ConfirmRequest): Promise<boolean> {
  pending()?.resolve(false);
  return new Promise((resolve) => setPending({ ...req, resolve }));
}

function answer(ok: boolean): void {
  const p = pending();
  setPending(null);
  p?.resolve(ok);
}

/** The dialog, shown while a request is pending. */
export function ConfirmHost(): JSX.Element {
  let dlg: HTMLDialogElement | undefined;
  let okBtn: HTMLButtonElement | undefined;
  createEffect(() => {
    if (!dlg) return;
    if (pending()) {
      if (!dlg.open) dlg.showModal();
      okBtn?.focus();
    } else if (dlg.open) dlg.close();
  });
  return (
    <dialog
      ref={dlg}
      class="confirm"
      data-testid="confirm-dialog"
      aria-labelledby="confirm-title"
      onCancel={(e) => {
        e.preventDefault();
        answer(false);
      }}
    >
      <Show when={pending()}>
        {(p) => (
          <>
            <h2 id="confirm-title">{p().title}</h2>
            <ul data-testid="confirm-items">
              <For each={p().items}>{(x) => <li>{x}</li>}</For>
            </ul>
            <p>{p().question}</p>
            <div class="confirm-buttons">
              <button data-testid="confirm-cancel" onClick={() => answer(false)}>
                {p().cancel}
              </button>
              <button
                ref={okBtn}
                class="primary"
                data-testid="confirm-ok"
                onClick={() => answer(true)}
              >
                {p().ok}
              </button>
            </div>
          </>
        )}
      </Show>
    </dialog>
  );
}
