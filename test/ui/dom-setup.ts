/**
 * Setup of the `dom` test project (vite.config.ts): the component tests share one module graph per
 * worker (isolate: false, so Solid, mathjs and the app's modules load once per worker, not once
 * per file), so each test leaves the page as it found it: its renders unmounted, the body empty,
 * storage cleared.
 */
import { cleanup } from "@solidjs/testing-library";
import { afterEach } from "vitest";

afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
  localStorage.clear();
  sessionStorage.clear();
});
