/**
 * The test server in a child process (test/sweep/serve.ts bundled by esbuild), for timing tests:
 * in the test's own process the server's work and the runner's reads would wait on each other,
 * which a real endpoint on another machine never does. Its records come from `GET /_records`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import type { ServerRecord, TestServerOptions } from "./server";

let bundle: Promise<string> | null = null;

function bundled(): Promise<string> {
  bundle ??= (async () => {
    const out = join(mkdtempSync(join(tmpdir(), "capplan-serve-")), "serve.mjs");
    await build({
      entryPoints: [join(__dirname, "serve.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      outfile: out,
      logLevel: "warning",
    });
    return out;
  })();
  return bundle;
}

export interface SpawnedServer {
  url: string;
  port: number;
  records(): Promise<ServerRecord[]>;
  close(): Promise<void>;
  child: ChildProcess;
}

export async function spawnTestServer(opts: TestServerOptions = {}): Promise<SpawnedServer> {
  const file = await bundled();
  const child = spawn(process.execPath, [file, JSON.stringify(opts)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (d: string) => {
      out += d;
      const nl = out.indexOf("\n");
      if (nl >= 0) resolve(out.slice(0, nl).trim());
    });
    child.on("exit", (c) => reject(new Error(`test server exited with ${c}`)));
  });
  const port = Number(new URL(url).port);
  return {
    url,
    port,
    child,
    async records() {
      const r = await fetch(`http://127.0.0.1:${port}/_records`);
      return (await r.json()) as ServerRecord[];
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
