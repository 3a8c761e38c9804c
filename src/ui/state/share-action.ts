/**
 * The Share link button: validate the plan, encode it into the URL fragment (the codec is loaded
 * on first use), copy the link. A plan too long for a link is saved as a file instead.
 */
import { createSignal } from "solid-js";
import { validatePlan } from "../../engine/plan/plan-file";
import { copyText } from "./copy-text";
import type { PlanProblem } from "./open-plan";
import type { Workbook } from "./workbook";

/** What the share panel shows: the link (null when invalid or too long) or the problems. */
export interface ShareState {
  url: string | null;
  length: number;
  max?: number;
  copied: boolean;
  problems: PlanProblem[];
}

/** The share-link state and action; `save` downloads the plan when it is too long for a link. */
export function createShareAction(wb: Pick<Workbook, "snapshot">, save: () => void) {
  const [share, setShare] = createSignal<ShareState | null>(null);
  const shareLink = async () => {
    const plan = wb.snapshot();
    const v = validatePlan(plan);
    if (!v.ok)
      return setShare({
        url: null,
        length: 0,
        copied: false,
        problems: v.errors.map((e) => ({ path: e.path, message: e.message, problem: e.problem })),
      });
    const base = location.origin + location.pathname;
    const codec = await import("../../share/link");
    const enc = await codec.encodePlanToFragment(plan, { baseUrl: base });
    if (enc.tooLong) {
      save();
      return setShare({
        url: null,
        length: enc.length,
        max: codec.MAX_URL_LENGTH,
        copied: false,
        problems: [],
      });
    }
    const url = base + enc.fragment;
    setShare({ url, length: enc.length, copied: await copyText(url), problems: [] });
  };
  return { share, dismiss: () => setShare(null), shareLink };
}
