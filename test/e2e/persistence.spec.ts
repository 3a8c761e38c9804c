/**
 * Never lose work in the browser (docs/persistence.md), in Chromium against the built app:
 * two tabs on one storage, a share link opened over an existing plan, storage filled near its
 * quota before a corrupt save is set aside, and hostile share links / plan files / saves (a
 * currency Intl rejects, 100,000 levels of nesting) that must leave the app usable.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { toBase64Url } from "../../src/share/link";
import { ROOT } from "./expected";
import { WorkbookPage } from "./workbook-page";

const seedText = readFileSync(join(ROOT, "models/examples/seed.json"), "utf8");
const seedWith = (patch: Record<string, unknown>) =>
  JSON.stringify({ ...(JSON.parse(seedText) as object), ...patch });

/** `#plan=` fragment of a plan JSON text (deflate-raw + base64url, as the app writes it). */
async function fragmentOf(text: string): Promise<string> {
  const cs = new CompressionStream("deflate-raw");
  const w = cs.writable.getWriter();
  void w.write(new TextEncoder().encode(text));
  void w.close();
  return `#plan=${toBase64Url(new Uint8Array(await new Response(cs.readable).arrayBuffer()))}`;
}

const ready = (page: Page) =>
  expect(page.getByTestId("app")).toHaveAttribute("data-loading", "false", { timeout: 20_000 });

async function setTitle(page: Page, title: string): Promise<void> {
  await page.getByTestId("title-input").fill(title);
  await page.getByTestId("title-input").press("Enter");
  await page.getByTestId("title-input").blur();
}

/** The title of the plan in the autosave (localStorage), or null. */
const savedTitle = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem("capplan.autosave");
    return raw ? ((JSON.parse(raw) as { plan: { title?: string } }).plan.title ?? null) : null;
  });

async function openRecent(page: Page): Promise<void> {
  await page.getByTestId("btn-recent").click();
  await expect(page.getByTestId("recent-panel")).toBeVisible();
}

test("two tabs on one plan: the other tab is asked, and both versions survive whichever is chosen", async ({
  context,
}) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await new WorkbookPage(a).open();
  await new WorkbookPage(b).open();
  await setTitle(a, "Edited in A");
  // A is not the tab in front: Chromium throttles its timers, so its autosave may take longer
  // than expect's 10 s on a loaded machine (it once did in CI).
  await expect.poll(() => savedTitle(a), { timeout: 30_000 }).toBe("Edited in A");

  // B learns of A's save, and does not write over it while it has not chosen.
  const prompt = b.getByTestId("other-tab");
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText("Edited in A");
  await setTitle(b, "Edited in B");
  await expect(b.getByTestId("autosave-status")).toContainText("another tab changed this plan");
  await b.waitForTimeout(300);
  expect(await savedTitle(b)).toBe("Edited in A");
  await openRecent(b);
  await expect(b.getByTestId("recent-item").filter({ hasText: "Edited in B" })).toContainText(
    "this tab's copy",
  );

  // B keeps its own: A's version goes to the recent plans, and now A is asked.
  await b.getByTestId("other-tab-keep").click();
  await expect(prompt).toHaveCount(0);
  await expect.poll(() => savedTitle(b), { timeout: 30_000 }).toBe("Edited in B");
  // A's version is in the (shared) list: kept by B as "another tab's version", and by A itself as
  // "this tab's copy" once it learns of B's save (the two tabs may race; either entry will do).
  await expect(
    b.getByTestId("recent-item").filter({ hasText: "Edited in A" }).first(),
  ).toBeVisible();
  await expect(a.getByTestId("other-tab")).toContainText("Edited in B");

  // A loads B's version: A's own copy stays in the recent plans, and A can reopen it.
  await a.getByTestId("other-tab-load").click();
  await expect(a.getByTestId("title-input")).toHaveValue("Edited in B");
  await expect(a.getByTestId("other-tab")).toHaveCount(0);
  await expect(b.getByTestId("other-tab")).toHaveCount(0); // same plan in both: nothing to ask
  await openRecent(a);
  await a
    .getByTestId("recent-item")
    .filter({ hasText: "Edited in A" })
    .first()
    .getByTestId("recent-open")
    .click();
  await expect(a.getByTestId("title-input")).toHaveValue("Edited in A");
});

test("a share link opened over an existing plan keeps that plan in Recent plans, after the tab is closed", async ({
  context,
}) => {
  const page = await context.newPage();
  await new WorkbookPage(page).open();
  await setTitle(page, "My own work");
  await expect.poll(() => savedTitle(page)).toBe("My own work");
  await page.goto("about:blank");

  const shared = await context.newPage();
  await shared.goto(`/${await fragmentOf(seedWith({ title: "Plan from a colleague" }))}`);
  await ready(shared);
  await expect(shared.getByTestId("title-input")).toHaveValue("Plan from a colleague");
  await expect(shared.getByTestId("notices")).toContainText(
    "Your previous plan is in Recent plans",
  );
  await shared.close();
  await page.close();

  const later = await context.newPage();
  await new WorkbookPage(later).open();
  await expect(later.getByTestId("title-input")).toHaveValue("Plan from a colleague");
  await openRecent(later);
  const item = later.getByTestId("recent-item").filter({ hasText: "My own work" });
  await expect(item).toContainText("replaced by a share link");
  await item.getByTestId("recent-open").click();
  await expect(later.getByTestId("title-input")).toHaveValue("My own work");
  // Opening it kept the shared plan in turn.
  await expect(
    later.getByTestId("recent-item").filter({ hasText: "Plan from a colleague" }),
  ).toHaveCount(1);
});

/** Fill localStorage until it refuses, leaving less than `room` characters free. */
async function fillStorage(page: Page, room: number): Promise<number> {
  return page.evaluate((room) => {
    let n = 0;
    for (let size = 1 << 20; size >= Math.max(1, room >> 2); size >>= 1) {
      const chunk = "x".repeat(size);
      for (;;) {
        try {
          localStorage.setItem(`filler.${n}`, chunk);
          n++;
        } catch {
          break;
        }
      }
    }
    return n;
  }, room);
}

const corrupt = (tag: string) =>
  `{"app":"capplan","schemaVersion":2,"plan":{"format":"capplan.plan/v1","title":"${tag}","skus":"oops"${" ".repeat(200_000)}`;

test("with storage full, corrupt saves are set aside without overwriting each other and survive reloads", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  // The corrupt save takes the room of the autosave; what is left is too small to copy it there.
  await page.evaluate((raw) => localStorage.setItem("capplan.autosave", raw), corrupt("first"));
  await fillStorage(page, 1000);
  await page.reload();
  await ready(page);
  await expect(page.getByTestId("restore-problem")).toBeVisible();
  await page.reload();
  await ready(page);
  await expect(page.getByTestId("download-set-aside")).toHaveCount(1);
  await expect(page.getByTestId("set-aside-item")).toHaveAttribute("data-kept", "true");

  // A second corruption does not replace the first copy.
  await page.evaluate((raw) => localStorage.setItem("capplan.autosave", raw), corrupt("second"));
  await page.reload();
  await ready(page);
  await expect(page.getByTestId("download-set-aside")).toHaveCount(2);
  const texts = [];
  for (const b of await page.getByTestId("download-set-aside").all())
    texts.push((await wp.download(b)).text);
  expect(texts.sort()).toEqual([corrupt("first"), corrupt("second")]);
});

test("when a corrupt save cannot be set aside anywhere, it is offered for download before anything overwrites it", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  // No IndexedDB (as when its quota is exhausted): opening the database fails.
  await page.addInitScript(() => {
    Object.defineProperty(window, "indexedDB", {
      configurable: true,
      get: () => ({
        open: () => {
          throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        },
      }),
    });
  });
  await wp.open();
  await page.evaluate((raw) => localStorage.setItem("capplan.autosave", raw), corrupt("only copy"));
  await fillStorage(page, 1000);
  await page.reload();
  await ready(page);
  await expect(page.getByTestId("restore-problem")).toBeVisible();
  // Editing does not write over the unreadable data while it is not downloaded.
  await setTitle(page, "Working meanwhile");
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => localStorage.getItem("capplan.autosave"))).toBe(
    corrupt("only copy"),
  );
  await expect(page.getByTestId("set-aside-unkept")).toContainText("download it now");
  await expect(page.getByTestId("set-aside-item")).toHaveAttribute("data-kept", "false");
  await expect(page.getByTestId("autosave-status")).toContainText(
    "download or discard the unreadable data first",
  );
  // Still there after a reload (nothing overwrote it), then downloaded: the autosave goes on.
  await page.reload();
  await ready(page);
  const file = await wp.download(page.getByTestId("download-set-aside"));
  expect(file.text).toBe(corrupt("only copy"));
  await setTitle(page, "Working again");
  await expect.poll(() => savedTitle(page)).toBe("Working again");
});

test("when the autosave no longer fits in localStorage, the plan is kept in Recent plans", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await page.evaluate(() => localStorage.removeItem("capplan.autosave"));
  await fillStorage(page, 1);
  await setTitle(page, "Too big for localStorage");
  await expect(page.getByTestId("autosave-status")).toContainText("Not saved in this browser");
  await openRecent(page);
  await expect(
    page.getByTestId("recent-item").filter({ hasText: "Too big for localStorage" }),
  ).toContainText("the autosave did not fit");
  await setTitle(page, "Edited again");
  await page.getByTestId("btn-recent").click();
  await openRecent(page);
  await expect(page.getByTestId("recent-item").filter({ hasText: "Edited again" })).toHaveCount(1);
  await expect(
    page.getByTestId("recent-item").filter({ hasText: "Too big for localStorage" }),
  ).toHaveCount(0); // one entry, updated
});

test("a share link whose currency is not an ISO code gives a message; the app stays usable", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await setTitle(page, "Before the link");
  for (const currency of ["<script>", "€"]) {
    await page.goto(`/${await fragmentOf(seedWith({ title: `Currency ${currency}`, currency }))}`);
    await page.reload(); // goto with only a new fragment does not reload the app
    await ready(page);
    await expect(page.getByTestId("notices")).toContainText("currency");
    for (const s of ["comparison", "teams", "report", "benchmarks"] as const) await wp.sheet(s);
    await expect(page.getByTestId("error-boundary")).toHaveCount(0);
    await expect(page.getByTestId("status-recommendation")).not.toBeEmpty();
  }
  expect(await page.locator("script:not([src])").count()).toBe(0);
});

test("an autosave and a plan file with a bad currency never leave the app stuck", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await page.evaluate(
    (plan) =>
      localStorage.setItem(
        "capplan.autosave",
        JSON.stringify({ app: "capplan", schemaVersion: 2, savedAt: "", plan: JSON.parse(plan) }),
      ),
    seedWith({ currency: "€" }),
  );
  await page.reload();
  await ready(page);
  for (const s of ["comparison", "teams", "report", "benchmarks"] as const) await wp.sheet(s);
  await expect(page.getByTestId("error-boundary")).toHaveCount(0);
  await page.reload();
  await ready(page);

  await page.getByTestId("plan-input").setInputFiles({
    name: "bad-currency.json",
    mimeType: "application/json",
    buffer: Buffer.from(seedWith({ title: "Bad currency file", currency: "<script>" })),
  });
  await expect(page.getByTestId("file-problems").or(page.getByTestId("notices"))).toContainText(
    "currency",
  );
  await wp.sheet("report");
  await expect(page.getByTestId("error-boundary")).toHaveCount(0);
});

test("a share link nested 100,000 levels deep is refused with a plain message; the plan is unchanged", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await setTitle(page, "Keep me");
  await expect.poll(() => savedTitle(page)).toBe("Keep me");
  const deep = seedText.replace(/^\{/, `{"extra":${"[".repeat(100_000)}${"]".repeat(100_000)},`);
  await page.goto(`/${await fragmentOf(deep)}`);
  await page.reload();
  await ready(page);
  await expect(page.getByTestId("notices")).toContainText("more than 64 levels deep");
  await expect(page.getByTestId("title-input")).toHaveValue("Keep me");
  await setTitle(page, "Still usable");
  await expect.poll(() => savedTitle(page)).toBe("Still usable");
});

test("a share link with a 3,000-cell reference cycle opens with the cycle reported once; the tab stays usable", async ({
  page,
}) => {
  test.setTimeout(120_000); // a budget against hangs (the old app never finished opening the Assumptions sheet)
  const wp = new WorkbookPage(page);
  await wp.open();
  const cells: Record<string, string | number> = {};
  for (let i = 0; i < 3000; i++) cells[`c${i}`] = `=c${(i + 1) % 3000} + 1`;
  const seed = JSON.parse(seedText) as { cells: Record<string, string | number> };
  const frag = await fragmentOf(
    JSON.stringify({ ...seed, title: "Cycle of 3,000 cells", cells: { ...seed.cells, ...cells } }),
  );
  await page.goto(`/${frag}`);
  await page.reload();
  await ready(page); // was: the tab crashed (quadratic cycle reports)
  await expect(page.getByTestId("title-input")).toHaveValue("Cycle of 3,000 cells");
  await expect(page.getByTestId("status-errors")).not.toHaveText("No errors");
  for (const s of ["assumptions", "comparison", "report", "benchmarks"] as const) await wp.sheet(s);
  await expect(page.getByTestId("error-boundary")).toHaveCount(0);
  await setTitle(page, "Still usable");
  await expect.poll(() => savedTitle(page)).toBe("Still usable");
});
