/** Entry point: mounts the workbook app (the only module that touches `document` directly). */
import { render } from "solid-js/web";
import { App } from "./ui/components/App";
import { startFormulaEngine } from "./ui/state/formula-engine";
import "./ui/styles.css";

const root = document.getElementById("root");
if (root) {
  // The formula engine is a lazy chunk (docs/performance.md): start fetching it before the app's
  // first render; the shell paints meanwhile and the sheets wait for it (src/ui/state/formula-engine.ts).
  void startFormulaEngine();
  root.textContent = ""; // index.html's "Loading" line, shown until this module ran
  render(() => <App />, root);
}

// Offline after a first visit: a small service worker precaches the built files (docs/hosting.md).
// Production builds only (the dev server's modules change on every edit).
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("./sw.js").catch(() => undefined);
  });
}
