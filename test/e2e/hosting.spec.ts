/**
 * Hosting the built app anywhere (docs/hosting.md): it loads from a sub-folder (`/capplan/`) of a
 * plain static server, and after a first visit it reloads without a network (service worker).
 */
import { createReadStream, existsSync, readdirSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, WorkbookPage } from "./workbook-page";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".txt": "text/plain",
};

/** A static server of dist/ under /capplan/ only (everything else is 404, like a shared host). */
function serveUnderSubpath(): Promise<{ server: Server; url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    requests.push(path);
    if (!path.startsWith("/capplan/")) return void res.writeHead(404).end("not here");
    let file = normalize(join(DIST, path.slice("/capplan/".length)));
    if (!file.startsWith(DIST)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!existsSync(file)) return void res.writeHead(404).end("missing");
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) =>
    server.listen(0, "127.0.0.1", () => {
      const addr = server.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      ok({ server, url: `http://127.0.0.1:${port}/capplan/`, requests });
    }),
  );
}

test("the built app loads from a sub-folder of a static server, example and charts included", async ({
  page,
}) => {
  const { server, url, requests } = await serveUnderSubpath();
  try {
    const failed: string[] = [];
    page.on("response", (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
    await new WorkbookPage(page).open(30_000, url);
    await expect(page.getByTestId("sweep-card-0")).toBeVisible();
    await expect(page.getByTestId("sweep-0:r0:concurrency")).toHaveText("1");
    expect(failed).toEqual([]);
    expect(requests.filter((p) => !p.startsWith("/capplan/"))).toEqual([]);
  } finally {
    server.close();
  }
});

test("after a first visit the app reloads offline", async ({ page, context }) => {
  const wp = new WorkbookPage(page);
  await wp.open(30_000);
  // The service worker has installed (precached the build) and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((ok) =>
        navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true }),
      );
  });
  await context.setOffline(true);
  try {
    await wp.reload(30_000);
    await expect(page.getByTestId("sweep-card-0")).toBeVisible();
    await page.getByTestId("tab-comparison").click();
    await expect(page.getByTestId("cmp:replicas:s0")).not.toHaveText("");
  } finally {
    await context.setOffline(false);
  }
});

test("a plan written for the CLI (sweeps as file references) asks for its files; attached, the sweeps are stored inline", async ({
  page,
}) => {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const h100 = join(root, "fixtures/vllm/concurrency-sweep-h100");
  const plan = {
    format: "capplan.plan/v1",
    title: "CLI plan",
    currency: "USD",
    workload: { name: "chat", peakRps: 10, inputTokens: 1000, outputTokens: 200 },
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    skus: [
      {
        name: "H100",
        gpu: "h100-sxm",
        gpusPerReplica: 1,
        pricePerGpuHour: 2.99,
        sweep: { file: "sweeps/concurrency-sweep-h100/" },
      },
      {
        name: "One run",
        gpusPerReplica: 1,
        pricePerGpuHour: 2,
        sweep: { file: "runs/vllm-8qps-concurrency8-llama.json" },
      },
    ],
  };
  const wp = new WorkbookPage(page);
  await wp.open(30_000);
  await wp.openPlan("cli-plan.json", plan);
  const banner = page.getByTestId("attach-files");
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("sweeps/concurrency-sweep-h100/");
  await expect(banner).toContainText("runs/vllm-8qps-concurrency8-llama.json");
  await expect(page.getByTestId("notices")).not.toContainText("bundled fixtures");

  const files = readdirSync(h100)
    .filter((f) => f.endsWith(".json"))
    .map((f) => join(h100, f));
  await page
    .getByTestId("attach-input")
    .setInputFiles([...files, join(root, "fixtures/vllm/vllm-8qps-concurrency8-llama.json")]);
  await expect(banner).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId("sweep-0:r3:concurrency")).toHaveText("64");
  await expect(page.getByTestId("sweep-1:r0:concurrency")).toHaveText("8");
  type Saved = { skus: { sweep: { file?: string; points?: unknown[] } }[] } | null;
  await expect
    .poll(async () =>
      ((await wp.savedPlan()) as Saved)?.skus.map((s) => [
        typeof s.sweep.file,
        s.sweep.points?.length ?? 0,
      ]),
    )
    .toEqual([
      ["undefined", 4],
      ["undefined", 1],
    ]);
});

test("the build ships only the fixtures the example plans use (no READMEs, provenance notes or unused fixtures)", () => {
  const assets = readdirSync(join(DIST, "assets"));
  expect(assets.filter((f) => /README|source|\.md-/i.test(f))).toEqual([]);
  // The H100 sweep (4 files) and its repeated runs (16 files, models/examples/repeats-h100.json).
  expect(assets.filter((f) => /^vllm-infqps-concurrency/.test(f)).length).toBe(4 + 16);
  // Lazy chunks (xlsx, the solver, the simulator, charts…) grow with features; a fixture folder
  // bundled by mistake adds hundreds.
  expect(assets.length).toBeLessThan(100);
});
