/**
 * The test server as a process of its own (bench, manual runs): `node serve.mjs '<options JSON>'
 * [records.json]` prints the base URL on stdout, and on SIGTERM or SIGINT writes the server's
 * records to the file and exits. Build it with esbuild (test/bench does) or run it through vitest.
 */
import { writeFileSync } from "node:fs";
import { startTestServer, type TestServerOptions } from "./server";

const opts = JSON.parse(process.argv[2] ?? "{}") as TestServerOptions & {
  faultEvery?: Record<string, number>;
};
const out = process.argv[3];
const server = await startTestServer(opts);
process.stdout.write(`${server.url}\n`);
const stop = async () => {
  if (out) writeFileSync(out, JSON.stringify(server.records));
  await server.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
