/**
 * "Go to the cell": a request to show a sheet and bring one element into view, made by the
 * status bar, the recommendation banner or any sheet, and carried out by the app shell.
 */
import { createSignal } from "solid-js";
import type { TrustWhere } from "./trust-where";

const [request, setRequest] = createSignal<{ where: TrustWhere; n: number } | null>(null);
let n = 0;

/** The latest go-to request (the app shell follows it). */
export const goRequest = request;

/** Ask the app to show `where` (switch sheet, scroll to and focus the element). */
export function goTo(where: TrustWhere): void {
  setRequest({ where, n: ++n });
}
