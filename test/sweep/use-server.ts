/** One test server per test, closed after it, for the `capplan sweep` tests in test/cli/sweep/. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { startTestServer, type TestServer } from "./server";

/** Register the afterEach that closes the server; `start` opens it. */
export function useServer(): { start: typeof startTestServer; get: () => TestServer } {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });
  return {
    start: async (o) => (server = await startTestServer(o)),
    get: () => server!,
  };
}

/** A flat latency: TTFT `ttft` ms and ITL `itl` ms whatever the load. */
export const flat = (ttft: number, itl: number) => ({
  latency: { ttftBaseMs: ttft, ttftPerActiveMs: 0, itlBaseMs: itl, itlPerActiveMs: 0 },
});

export const tmp = () => mkdtempSync(join(tmpdir(), "capplan-sweep-"));
