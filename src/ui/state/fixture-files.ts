/**
 * The bundled fixture files that example plans reference (`file` sweeps), as lazy `?raw` loaders.
 * This map (a few hundred paths) is itself loaded lazily by `examples.ts`, so neither it nor the
 * fixtures are in the initial bundle.
 */

/** Fixture path (`/fixtures/...`) → loader of its text. */
export const FIXTURES = import.meta.glob<string>("/fixtures/**/*", { query: "?raw", import: "default" });
