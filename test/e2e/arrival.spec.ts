/**
 * Where users arrive from Excel and hand results on to other tools (issue "Where users arrive"):
 * an Excel paste with a line break in a header cell, the Teams grid's own labels pasted back,
 * exports that Python's csv module, pandas and `capplan actuals` read header first in any trust state,
 * the recommendation's basis on the charts, SKU names, currencies and digits.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { ROOT } from "./expected";
import { expect, test, type WorkbookPage } from "./workbook-page";

/** Rows of a CSV text as Python's csv module reads it. */
function pythonCsv(text: string): string[][] {
  const py = spawnSync(
    "/usr/bin/python3",
    [
      "-c",
      "import csv, io, json, sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read())))))",
    ],
    { input: text.replace(/^\uFEFF/, ""), encoding: "utf8" },
  );
  expect(py.status, py.stderr).toBe(0);
  return JSON.parse(py.stdout) as string[][];
}

/** What pandas reads from a CSV file as saved (BOM and all) with `pandas.read_csv(path)`. */
interface PandasRead {
  columns: string[];
  rows: number;
  /** Sum of `money` over the rows whose column `skip[0]` is not `skip[1]`, to the cent. */
  sum: number;
}

/**
 * Read the downloaded file with Debian's pandas (`/usr/bin/python3`; apt package python3-pandas) as
 * an analyst would: `pandas.read_csv` with no options, so a comment line above the header would
 * become the header and a BOM would stick to the first column name.
 */
function pandasCsv(text: string, money: string, skip: [string, string] = ["", ""]): PandasRead {
  const dir = mkdtempSync(join(tmpdir(), "capplan-e2e-pandas-"));
  const file = join(dir, "export.csv");
  writeFileSync(file, text);
  const script = [
    "import json, sys, pandas",
    "df = pandas.read_csv(sys.argv[1])",
    "money, col, value = sys.argv[2:5]",
    "kept = df[df[col] != value] if col else df",
    "print(json.dumps({'columns': [str(c) for c in df.columns], 'rows': len(df),",
    "  'sum': round(float(kept[money].sum()), 2)}))",
  ].join("\n");
  const py = spawnSync("/usr/bin/python3", ["-c", script, file, money, ...skip], {
    encoding: "utf8",
  });
  expect(py.status, py.stderr).toBe(0);
  return JSON.parse(py.stdout) as PandasRead;
}

/**
 * Read `text` with pandas too: both readers agree (pandas' header is the csv module's first row
 * `rows[0]`, and as many data rows), and both see `first` as the first column name.
 */
function readBoth(
  text: string,
  rows: string[][],
  first: string,
  money: string,
  skip?: [string, string],
): PandasRead {
  expect(rows[0]![0]).toBe(first);
  const p = pandasCsv(text, money, skip);
  expect(p.columns).toEqual(rows[0]);
  expect(p.rows).toBe(rows.length - 1);
  expect(p.columns[0]).toBe(first);
  return p;
}

const SEED = join(ROOT, "models/examples/seed.json");

/** `capplan ARGS…` as a user runs it. */
const capplan = (...args: string[]) =>
  spawnSync(process.execPath, [join(ROOT, "bin/capplan.mjs"), ...args], { encoding: "utf8" });

/** A money amount as the app shows it (`¥1,920.00`, `$0.500`) as a number. */
function shownMoney(text: string): number {
  return Number(text.replace(/[^\d.-]/g, ""));
}

/** Fail on any native dialog: the app asks in its own. */
function noNativeDialogs(page: Page): void {
  page.on("dialog", (d) => {
    throw new Error(`a native dialog opened: ${d.message()}`);
  });
}

/** Start a new plan and paste `text` on its Benchmarks sheet; wait until it is imported. */
async function pasteNew(wp: WorkbookPage, text: string): Promise<void> {
  await wp.newPlan();
  await wp.sheet("benchmarks");
  await wp.pasteImport(text);
  await expect(wp.id("import-ok")).toBeVisible();
}

test.setTimeout(180_000);
// The machine this runs on may be busy, so the first load may take a while.
test.use({ openTimeout: 90_000 });

test("an Excel paste whose header cell holds a line break (Alt+Enter) imports", async ({ wp }) => {
  await pasteNew(
    wp,
    'Concurrency\t"TTFT p99\n(ms)"\tOutput tok/s\n8\t120\t1500\n16\t180\t2600\n32\t900\t3100\n',
  );
  await expect(wp.id("import-error")).toHaveCount(0);
  await wp.sheet("comparison");
  // P99 TTFT was read: the SKU is checked against the default SLOs, not "no statistic".
  await expect(wp.id("sheet-comparison")).not.toContainText('(ms)"');
});

test("two sweeps of one file (vLLM and SGLang) get distinct names; a long label is cut at a word with its full text as the title", async ({
  wp,
  page,
}) => {
  await pasteNew(
    wp,
    "engine,gpu,concurrency,P99 TTFT (ms),output tok/s\nvllm,H100,1,50,100\nvllm,H100,8,80,700\nsglang,H100,1,45,110\nsglang,H100,8,70,760\n",
  );
  await wp.sheet("comparison");
  const heads = page.locator('[data-testid="grid-cmp"] thead th');
  for (const engine of ["vllm", "sglang"])
    await expect(heads.filter({ hasText: `H100-SXM · ${engine}` })).toHaveCount(1);

  // A sweep with no GPU is named after its file: 58 characters, cut after a whole word.
  const dir = mkdtempSync(join(tmpdir(), "capplan-e2e-arrival-"));
  const name = "llama-3.1-8b-instruct chat benchmark friday long context run.csv";
  writeFileSync(join(dir, name), "concurrency,P99 TTFT (ms),output tok/s\n1,50,100\n8,80,700\n");
  await wp.sheet("benchmarks");
  await wp.id("file-input").setInputFiles(join(dir, name));
  await wp.sheet("comparison");
  const cut = heads.filter({ hasText: "…" });
  await expect(cut).toHaveCount(1);
  const text = (await cut.innerText()).trim();
  expect(text.length).toBeLessThanOrEqual(40);
  expect(name.startsWith(text.replace(/…$/, ""))).toBe(true);
  expect(name.charAt(text.length - 1)).toBe(" ");
  await expect(cut).toHaveAttribute("title", /friday long context run/);
});

test("every exported CSV starts with its header in an untrusted plan; the FOCUS file carries the warnings and capplan actuals reads it", async ({
  wp,
  page,
}) => {
  noNativeDialogs(page);
  await wp.example("seed");
  // A usage row naming a pool that does not exist: a cost that is wrong, which asks before an export.
  await wp.sheet("teams");
  await wp.type("usage", "1", "pool", "nosuch");
  await expect(wp.id("status-trust")).toHaveAttribute("data-level", "error");
  await wp.id("export-allocation").click();
  const dialog = wp.id("confirm-dialog");
  await expect(dialog.getByTestId("confirm-items")).toContainText("pool that does not exist");
  const alloc = await wp.download(dialog.getByTestId("confirm-ok"));
  const a = pythonCsv(alloc.text);
  for (const r of a) expect(r).toHaveLength(a[0]!.length);
  // pandas reads the same header and rows; the teams and idle lines add up, to the cent, to the
  // pool's daily cost the Teams sheet shows ("teams + idle = ¥1,920.00 = pool cost …").
  const shown = (await wp.id("conservation-0").textContent())?.match(/= (\S+) = /);
  expect(shown).toBeTruthy();
  const pa = readBoth(alloc.text, a, "Pool", "Cost / day (CNY)", ["Team", "Total"]);
  expect(pa.sum).toBe(shownMoney(shown![1]!));

  await wp.id("export-focus").click();
  const focus = await wp.download(dialog.getByTestId("confirm-ok"));
  const f = pythonCsv(focus.text);
  const pf = readBoth(focus.text, f, "BillingAccountId", "BilledCost");
  // The FOCUS rows bill the pool's daily cost on each day of the period asked for (a month).
  const days = Number(await wp.id("focus-days").inputValue());
  expect(days).toBeGreaterThan(27);
  expect(pf.sum).toBeCloseTo(pa.sum * days, 2);
  const w = f[0]!.indexOf("x_CapplanWarnings");
  expect(w).toBeGreaterThan(0);
  expect(f[1]![w]).toContain("pool that does not exist");
  const dir = mkdtempSync(join(tmpdir(), "capplan-e2e-focus-"));
  writeFileSync(join(dir, "focus.csv"), focus.text);
  const act = capplan("actuals", SEED, join(dir, "focus.csv"));
  expect(act.stderr).toBe("");
  expect(act.status).toBe(0);

  await wp.sheet("report");
  const cmp = await wp.download(wp.id("export-comparison"));
  const c = pythonCsv(cmp.text);
  // pandas: one row per SKU, and the SKUs' daily costs are the CLI's for the same plan (the usage
  // edit above changes no SKU).
  const pc = readBoth(cmp.text, c, "sku", "costPerDay");
  const cli = capplan("plan", SEED, "--json");
  const skus = (JSON.parse(cli.stdout) as { skus: { costPerDay: number }[] }).skus;
  expect(pc.rows).toBe(skus.length);
  expect(pc.sum).toBeCloseTo(
    skus.reduce((t, s) => t + s.costPerDay, 0),
    2,
  );
  // No float noise: at most 12 significant digits in any decimal.
  for (const cell of c.slice(1).flat())
    if (/^-?\d+\.\d+$/.test(cell))
      expect(cell.replace(/[-.]/g, "").replace(/^0+|0+$/g, "").length, cell).toBeLessThanOrEqual(
        12,
      );
});

test("the charts and the banner say on what basis the recommended SKU is marked; money and digits read as money", async ({
  wp,
}) => {
  await wp.example("multi-sku", "comparison");
  await expect(wp.id("chart-per-million")).toHaveAttribute(
    "aria-label",
    /recommended: cheapest fleet per hour at the peak/,
  );
  await expect(wp.id("rec-basis")).toContainText("cheapest fleet per hour at the peak");
  // Per-token costs in fixed form, never e-notation.
  await expect(wp.id("grid-cmp")).not.toContainText(/\d\.\d+e-\d/);
  // The price row says its currency.
  for (const text of ["$0.000000", "(USD)"]) await expect(wp.id("grid-cmp")).toContainText(text);
  await wp.sheet("benchmarks");
  await expect(wp.id("sku-price-0-unit")).toHaveText("USD");
  // The H200 estimate with sensible digits.
  await wp.sheet("assumptions");
  await expect(wp.id("sheet-assumptions")).not.toContainText("2,381.4611");
  await wp.toggleLang();
  await wp.sheet("comparison");
  await expect(wp.id("rec-basis")).toContainText("峰值时集群每小时成本最低");
});
