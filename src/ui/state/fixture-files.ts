/**
 * The bundled fixture files that example plans reference (`file` sweeps), as lazy `?raw` loaders.
 * Only the files the examples need are bundled (vite.config.ts builds this list from
 * models/examples/*.json; docs/hosting.md). This map is itself loaded lazily by `examples.ts`, so
 * neither it nor the fixtures are in the initial bundle.
 */
import { FIXTURES as EXAMPLE_FIXTURES } from "virtual:example-fixtures";

/** Fixture path (`/fixtures/...`) → loader of its text. */
export const FIXTURES: Record<string, () => Promise<string>> = EXAMPLE_FIXTURES;
