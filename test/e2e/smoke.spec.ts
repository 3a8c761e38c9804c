import { expect, test } from "@playwright/test";

// The app starts, is never blank and logs no errors.
test("the app loads without errors and shows content", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto("/");
  await expect(page).toHaveTitle(/capplan/);
  await expect(page.locator("#root")).not.toBeEmpty();
  expect((await page.locator("body").innerText()).trim().length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
