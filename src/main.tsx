/** Entry point: mounts the workbook app (the only module that touches `document` directly). */
import { render } from "solid-js/web";
import { App } from "./ui/components/App";
import "./ui/styles.css";

const root = document.getElementById("root");
if (root) render(() => <App />, root);

// Offline after a first visit: a small service worker precaches the built files (docs/hosting.md).
// Production builds only (the dev server's modules change on every edit).
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("./sw.js").catch(() => undefined);
  });
}
