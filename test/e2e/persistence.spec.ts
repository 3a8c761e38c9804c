/**
 * Never lose work in the browser (docs/persistence.md), in Chromium against the built app:
 * two tabs on one storage, a share link opened over an existing plan, storage filled near its
 * quota before a corrupt save is set aside, and hostile share links / plan files / saves (a
 * currency Intl rejects, 100,000 levels of nesting) that must leave the app usable.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { toBase64Url } from "../../src/share/link";
import { ROOT } from "./expected";
import { expect, type Sheet, test, WorkbookPage } from "./workbook-page";

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

/** The title of the plan in the autosave (localStorage), or null. */
const savedTitle = async (wp: WorkbookPage) =>
  ((await wp.savedPlan()) as { title?: string } | null)?.title ?? null;

async function openRecent(wp: WorkbookPage): Promise<void> {
  await wp.id("btn-recent").click();
  await expect(wp.id("recent-panel")).toBeVisible();
}

/** A recent-plans entry by a text in it. */
const recent = (wp: WorkbookPage, hasText: string) => wp.id("recent-item").filter({ hasText });

/** Visit `sheets` in turn; none of them may fall into the error boundary. */
async function visitAll(
  wp: WorkbookPage,
  sheets: Sheet[] = ["comparison", "teams", "report", "benchmarks"],
): Promise<void> {
  for (const s of sheets) await wp.sheet(s);
  await expect(wp.id("error-boundary")).toHaveCount(0);
}

/** Open `fragment` (a share link) over the page's plan: goto with only a new fragment does not reload the app. */
async function openLink(wp: WorkbookPage, fragment: string): Promise<void> {
  await wp.page.goto(`/${fragment}`);
  await wp.reload();
}

test("two tabs on one plan: the other tab is asked, and both versions survive whichever is chosen", async ({
  context,
}) => {
  const a = new WorkbookPage(await context.newPage());
  const b = new WorkbookPage(await context.newPage());
  await a.open();
  await b.open();
  await a.setTitle("Edited in A");
  // A is not the tab in front: Chromium throttles its timers, so its autosave may take longer
  // than expect's 10 s on a loaded machine (it once did in CI).
  await expect.poll(() => savedTitle(a), { timeout: 30_000 }).toBe("Edited in A");

  // B learns of A's save, and does not write over it while it has not chosen.
  const prompt = b.id("other-tab");
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText("Edited in A");
  await b.setTitle("Edited in B");
  await expect(b.id("autosave-status")).toContainText("another tab changed this plan");
  await b.page.waitForTimeout(300);
  expect(await savedTitle(b)).toBe("Edited in A");
  await openRecent(b);
  await expect(recent(b, "Edited in B")).toContainText("this tab's copy");

  // B keeps its own: A's version goes to the recent plans, and now A is asked.
  await b.id("other-tab-keep").click();
  await expect(prompt).toHaveCount(0);
  await expect.poll(() => savedTitle(b), { timeout: 30_000 }).toBe("Edited in B");
  // A's version is in the (shared) list: kept by B as "another tab's version", and by A itself as
  // "this tab's copy" once it learns of B's save (the two tabs may race; either entry will do).
  await expect(recent(b, "Edited in A").first()).toBeVisible();
  await expect(a.id("other-tab")).toContainText("Edited in B");

  // A loads B's version: A's own copy stays in the recent plans, and A can reopen it.
  await a.id("other-tab-load").click();
  await expect(a.id("title-input")).toHaveValue("Edited in B");
  await expect(a.id("other-tab")).toHaveCount(0);
  await expect(b.id("other-tab")).toHaveCount(0); // same plan in both: nothing to ask
  await openRecent(a);
  await recent(a, "Edited in A").first().getByTestId("recent-open").click();
  await expect(a.id("title-input")).toHaveValue("Edited in A");
});

test("a share link opened over an existing plan keeps that plan in Recent plans, after the tab is closed", async ({
  context,
}) => {
  const own = new WorkbookPage(await context.newPage());
  await own.open();
  await own.setTitle("My own work");
  await expect.poll(() => savedTitle(own)).toBe("My own work");
  await own.page.goto("about:blank");

  const shared = new WorkbookPage(await context.newPage());
  await shared.open(20_000, `/${await fragmentOf(seedWith({ title: "Plan from a colleague" }))}`);
  await expect(shared.id("title-input")).toHaveValue("Plan from a colleague");
  await expect(shared.id("notices")).toContainText("Your previous plan is in Recent plans");
  await shared.page.close();
  await own.page.close();

  const later = new WorkbookPage(await context.newPage());
  await later.open();
  await expect(later.id("title-input")).toHaveValue("Plan from a colleague");
  await openRecent(later);
  const item = recent(later, "My own work");
  await expect(item).toContainText("replaced by a share link");
  await item.getByTestId("recent-open").click();
  await expect(later.id("title-input")).toHaveValue("My own work");
  // Opening it kept the shared plan in turn.
  await expect(recent(later, "Plan from a colleague")).toHaveCount(1);
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
  wp,
  page,
}) => {
  // The corrupt save takes the room of the autosave; what is left is too small to copy it there.
  await wp.setSaved(corrupt("first"));
  await fillStorage(page, 1000);
  await wp.reload();
  await expect(wp.id("restore-problem")).toBeVisible();
  await wp.reload();
  await expect(wp.id("download-set-aside")).toHaveCount(1);
  await expect(wp.id("set-aside-item")).toHaveAttribute("data-kept", "true");

  // A second corruption does not replace the first copy.
  await wp.setSaved(corrupt("second"));
  await wp.reload();
  await expect(wp.id("download-set-aside")).toHaveCount(2);
  const texts = [];
  for (const b of await wp.id("download-set-aside").all()) texts.push((await wp.download(b)).text);
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
  await wp.setSaved(corrupt("only copy"));
  await fillStorage(page, 1000);
  await wp.reload();
  await expect(wp.id("restore-problem")).toBeVisible();
  // Editing does not write over the unreadable data while it is not downloaded.
  await wp.setTitle("Working meanwhile");
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => localStorage.getItem("capplan.autosave"))).toBe(
    corrupt("only copy"),
  );
  await expect(wp.id("set-aside-unkept")).toContainText("download it now");
  await expect(wp.id("set-aside-item")).toHaveAttribute("data-kept", "false");
  await expect(wp.id("autosave-status")).toContainText(
    "download or discard the unreadable data first",
  );
  // Still there after a reload (nothing overwrote it), then downloaded: the autosave goes on.
  await wp.reload();
  const file = await wp.download(wp.id("download-set-aside"));
  expect(file.text).toBe(corrupt("only copy"));
  await wp.setTitle("Working again");
  await expect.poll(() => savedTitle(wp)).toBe("Working again");
});

test("when the autosave no longer fits in localStorage, the plan is kept in Recent plans", async ({
  wp,
  page,
}) => {
  await page.evaluate(() => localStorage.removeItem("capplan.autosave"));
  await fillStorage(page, 1);
  await wp.setTitle("Too big for localStorage");
  await expect(wp.id("autosave-status")).toContainText("Not saved in this browser");
  await openRecent(wp);
  await expect(recent(wp, "Too big for localStorage")).toContainText("the autosave did not fit");
  await wp.setTitle("Edited again");
  await wp.id("btn-recent").click();
  await openRecent(wp);
  await expect(recent(wp, "Edited again")).toHaveCount(1);
  await expect(recent(wp, "Too big for localStorage")).toHaveCount(0); // one entry, updated
});

test("a share link whose currency is not an ISO code gives a message; the app stays usable", async ({
  wp,
  page,
}) => {
  await wp.setTitle("Before the link");
  for (const currency of ["<script>", "€"]) {
    await openLink(wp, await fragmentOf(seedWith({ title: `Currency ${currency}`, currency })));
    await expect(wp.id("notices")).toContainText("currency");
    await visitAll(wp);
    await expect(wp.id("status-recommendation")).not.toBeEmpty();
  }
  expect(await page.locator("script:not([src])").count()).toBe(0);
});

test("an autosave and a plan file with a bad currency never leave the app stuck", async ({
  wp,
}) => {
  const plan = JSON.parse(seedWith({ currency: "€" }));
  await wp.setSaved(JSON.stringify({ app: "capplan", schemaVersion: 2, savedAt: "", plan }));
  await wp.reload();
  await visitAll(wp);
  await wp.reload();

  await wp.openPlan(
    "bad-currency.json",
    seedWith({ title: "Bad currency file", currency: "<script>" }),
  );
  await expect(wp.id("file-problems").or(wp.id("notices"))).toContainText("currency");
  await visitAll(wp, ["report"]);
});

test("a share link nested 100,000 levels deep is refused with a plain message; the plan is unchanged", async ({
  wp,
}) => {
  await wp.setTitle("Keep me");
  await expect.poll(() => savedTitle(wp)).toBe("Keep me");
  const deep = seedText.replace(/^\{/, `{"extra":${"[".repeat(100_000)}${"]".repeat(100_000)},`);
  await openLink(wp, await fragmentOf(deep));
  await expect(wp.id("notices")).toContainText("more than 64 levels deep");
  await expect(wp.id("title-input")).toHaveValue("Keep me");
  await wp.setTitle("Still usable");
  await expect.poll(() => savedTitle(wp)).toBe("Still usable");
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
  await openLink(wp, frag); // loads (it was: the tab crashed, quadratic cycle reports)
  await expect(wp.id("title-input")).toHaveValue("Cycle of 3,000 cells");
  await expect(wp.id("status-errors")).not.toHaveText("No errors");
  await visitAll(wp, ["assumptions", "comparison", "report", "benchmarks"]);
  await wp.setTitle("Still usable");
  await expect.poll(() => savedTitle(wp)).toBe("Still usable");
});
