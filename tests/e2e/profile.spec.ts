import { expect, test } from "@playwright/test";
import { fitsAndAccessible, guestPage, signedIn } from "./helpers";

test.describe("the profile", () => {
  test("a VIP hides his activity and a stranger sees the notice instead of his lists", async ({ browser }) => {
    const vip = await signedIn(browser, "vip@demo.local");
    await vip.locator(".toolbar-user").click();
    await expect(vip.getByTestId("profile")).toBeVisible();
    const uid = vip.url().match(/id(\d+)/)![1];
    await vip.getByRole("button", { name: "Скрыть мою активность" }).click();
    await expect(vip.getByRole("button", { name: "Открыть мою активность" })).toBeVisible();
    await expect(vip.getByText("Ваша активность скрыта от других участников.")).toBeVisible();

    const stranger = await signedIn(browser, "user@demo.local");
    await stranger.goto(`/profile/id${uid}`);
    await expect(stranger.getByTestId("profile-hidden")).toContainText("Личный кабинет скрыт");
    await expect(stranger.getByTestId("profile-tabs")).toHaveCount(0);

    // he opens it again: the stranger sees his lists
    await vip.getByRole("button", { name: "Открыть мою активность" }).click();
    await expect(vip.getByRole("button", { name: "Скрыть мою активность" })).toBeVisible();
    await stranger.reload();
    await expect(stranger.getByTestId("profile-tabs")).toBeVisible();
  });

  test("another user's profile header fits a 390 px phone with its tiles, gift and share actions, and has no serious accessibility fault", async ({
    browser,
  }) => {
    const page = await guestPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto("/profile/id3");
    await expect(page.getByTestId("profile-stats").locator("li")).toHaveCount(7);
    await expect(page.getByTestId("profile-share").getByRole("link", { name: "Telegram" })).toBeVisible();
    await expect(page.getByTestId("copy-link")).toBeVisible();
    await fitsAndAccessible(page);
  });

  test("the owner's profile with the blacklist tile, the VIP dialog and the daily limits fits a 390 px phone with no serious accessibility fault", async ({
    browser,
  }) => {
    const page = await signedIn(browser, "znatok@demo.local", { viewport: { width: 390, height: 844 } });
    await page.locator(".toolbar-user").click();
    await expect(page.getByTestId("profile-stats").locator("li")).toHaveCount(8);
    await page.getByTestId("limits-panel").locator("summary").click();
    await page.getByTestId("vip-block").locator("summary").click();
    await expect(page.getByTestId("mvip-form")).toBeVisible();
    await fitsAndAccessible(page);
  });
});
