/**
 * "This plan's sweeps are files: attach them." A plan written for the CLI names its sweeps by
 * `file`; the browser cannot open those paths, so this banner lists them and takes the files or
 * the folder (pick or drop). Matched files are imported and the sweeps stored inline, one undo
 * step (docs/hosting.md).
 */
import { FilePicker } from "./FilePicker";
import { createSignal, For, Show, type JSX } from "solid-js";
import type { PlanFile } from "../../engine/base/types";
import { importInWorker, readDrop, readFiles, type FileSource } from "../../import/browser";
import { cliFileMessages as F } from "../../import/messages/usage";
import { fileRefs, matchFiles, type FileRef } from "../state/attach-files";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { inlineSweep } from "../state/plan-edit";
import { noticeText, type Notice } from "../state/plan-opener";

/** Name of a matched file inside the referenced folder (`concurrency1/profile.json`), as the CLI would see it. */
function nameInRef(ref: FileRef, path: string): string {
  const want = ref.file.split(/[\\/]+/).filter((s) => s && s !== "." && s !== "..");
  const have = path.split(/[\\/]+/);
  const dir = want[want.length - 1];
  const at = dir === undefined ? -1 : have.lastIndexOf(dir, have.length - 2);
  return at >= 0 ? have.slice(at + 1).join("/") : have[have.length - 1]!;
}

/** The banner; renders nothing when every sweep of the plan is inline. */
export function AttachFiles(): JSX.Element {
  const wb = useWorkbook();
  const refs = () => fileRefs(wb.plan);
  const [busy, setBusy] = createSignal(false);
  const [problems, setProblems] = createSignal<Notice[]>([]);
  const [over, setOver] = createSignal(false);

  const attach = async (sources: FileSource[]) => {
    const list = refs();
    if (!sources.length || !list.length) return;
    setBusy(true);
    const found: Notice[] = [];
    try {
      const matched = matchFiles(
        list,
        sources.map((s) => ({ path: s.name, s })),
      );
      if (matched.size === 0) {
        setProblems([
          t("attachNoMatch", {
            files: sources
              .map((s) => s.name)
              .slice(0, 3)
              .join(", "),
          }),
        ]);
        return;
      }
      const next: PlanFile = wb.snapshot();
      for (const ref of list) {
        const files = matched.get(ref.path);
        if (!files) continue;
        const inputs = files.map(({ s }) => ({
          ...s,
          name: nameInRef(ref, s.name),
          optional: files.length > 1,
        }));
        const res = await importInWorker(inputs);
        if (!res.ok || res.sweeps.length === 0) {
          found.push(...(res.ok ? [F.problem("noSweep", { file: ref.file })] : res.errors));
          continue;
        }
        if (res.sweeps.length > 1)
          found.push(F.problem("manySweepsFirst", { file: ref.file, n: res.sweeps.length }));
        const sku = next.skus?.[ref.sku];
        if (!sku) continue;
        const sweep = inlineSweep(res.sweeps[0]!);
        if (ref.workload === null) sku.sweep = sweep;
        else if (sku.sweeps) sku.sweeps[ref.workload] = sweep;
      }
      if (fileRefs(next).length !== list.length) wb.load(next);
      setProblems(found);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Show when={refs().length}>
      <div
        class="banner attach"
        classList={{ over: over() }}
        data-testid="attach-files"
        onDragOver={(e) => {
          if (!e.dataTransfer?.types.includes("Files")) return;
          e.preventDefault();
          e.stopPropagation();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={async (e) => {
          e.preventDefault();
          e.stopPropagation();
          setOver(false);
          if (e.dataTransfer) await attach(await readDrop(e.dataTransfer));
        }}
      >
        <div>
          <strong>{t("attachTitle", { n: refs().length })}</strong>
          <ul class="attach-list">
            <For each={refs()}>
              {(r) => (
                <li>
                  <code>{r.file}</code> — {r.skuName}
                  {r.workload !== null ? ` · ${r.workload}` : ""}
                </li>
              )}
            </For>
          </ul>
          <span class="muted">{t("attachHint")}</span>
          <Show when={problems().length}>
            <ul class="issues" data-testid="attach-problems">
              <For each={problems()}>{(p) => <li>{noticeText(p, lang())}</li>}</For>
            </ul>
          </Show>
        </div>
        <div class="banner-actions">
          <Show when={busy()}>
            <span class="muted">{t("loading")}</span>
          </Show>
          <FilePicker
            label={t("pickFiles")}
            multiple
            testId="attach-input"
            onFiles={(fs) => void attach(readFiles(fs))}
          />
          <FilePicker
            label={t("pickFolder")}
            folder
            testId="attach-folder"
            onFiles={(fs) => void attach(readFiles(fs))}
          />
        </div>
      </div>
    </Show>
  );
}
