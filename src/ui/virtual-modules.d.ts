/** Modules generated at build time by vite.config.ts. */
declare module "virtual:example-fixtures" {
  /** Fixture path (`/fixtures/...`) → loader of its text: only the files the example plans reference. */
  export const FIXTURES: Record<string, () => Promise<string>>;
}
