/**
 * The parts of `mathjs/number` the formula instance is built from (`./math.ts`): `create` and the
 * `*Dependencies` of every operator and function a formula may use. Named imports, so a bundler
 * keeps only these factories.
 *
 * Node (the CLI, tests, the bench) imports this module statically. The app's build swaps it for
 * `./mathjs-kernel-lazy.ts` (the `capplan-lazy-in-app` plugin in vite.config.ts), which loads this
 * module with a dynamic `import()`: mathjs is about a third of the app's JavaScript and stays out
 * of the first load (docs/performance.md, "Initial JavaScript"). Both modules export the same two
 * functions.
 */
import {
  absDependencies,
  addDependencies,
  andDependencies,
  ceilDependencies,
  create,
  divideDependencies,
  equalDependencies,
  expDependencies,
  floorDependencies,
  largerDependencies,
  largerEqDependencies,
  log10Dependencies,
  logDependencies,
  maxDependencies,
  meanDependencies,
  minDependencies,
  modDependencies,
  multiplyDependencies,
  notDependencies,
  orDependencies,
  parseDependencies,
  powDependencies,
  roundDependencies,
  smallerDependencies,
  smallerEqDependencies,
  sqrtDependencies,
  subtractDependencies,
  sumDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
  unequalDependencies,
} from "mathjs/number";

/** `create` and the factories of the restricted instance. */
export const KERNEL = {
  create,
  parseDependencies,
  addDependencies,
  subtractDependencies,
  multiplyDependencies,
  divideDependencies,
  powDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
  ceilDependencies,
  floorDependencies,
  roundDependencies,
  minDependencies,
  maxDependencies,
  absDependencies,
  sqrtDependencies,
  expDependencies,
  logDependencies,
  log10Dependencies,
  modDependencies,
  sumDependencies,
  meanDependencies,
  equalDependencies,
  unequalDependencies,
  smallerDependencies,
  smallerEqDependencies,
  largerDependencies,
  largerEqDependencies,
  andDependencies,
  orDependencies,
  notDependencies,
};

/** The kernel, or null while it is loading (never null here: it is a static import). */
export function mathjsKernel(): typeof KERNEL | null {
  return KERNEL;
}

/** Resolves once formulas can be evaluated (at once here). */
export function loadMathjsKernel(): Promise<typeof KERNEL> {
  return Promise.resolve(KERNEL);
}
