/**
 * The app's `./mathjs-kernel.ts` (swapped in by the `capplan-lazy-in-app` plugin of
 * vite.config.ts): the same two functions, with mathjs fetched by a dynamic `import()` on the
 * first `loadMathjsKernel()`. Until it resolves `mathjsKernel()` is null and no formula can be
 * parsed, so the app waits for it before it builds its workbook (src/ui/state/formula-engine.ts).
 */
import type { KERNEL } from "./mathjs-kernel";

let kernel: typeof KERNEL | null = null;
let pending: Promise<typeof KERNEL> | null = null;

/** The kernel once loaded, else null. */
export function mathjsKernel(): typeof KERNEL | null {
  return kernel;
}

/** Start (or join) loading the kernel; a failed fetch may be retried by the next call. */
export function loadMathjsKernel(): Promise<typeof KERNEL> {
  pending ??= import("./mathjs-kernel").then(
    (m) => (kernel = m.KERNEL),
    (e: unknown) => {
      pending = null;
      throw e;
    },
  );
  return pending;
}
