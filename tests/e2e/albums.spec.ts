import { expect, test } from "@playwright/test";
import { guestPage, hydrated, seriousViolations, sideScroll, signedIn } from "./helpers";

/**
 * Photo albums: the owner, with JavaScript off, creates an album on his profile's «Фото» tab and
 * uploads a photo into it with the plain form; a stranger opens the album and the photo in the
 * viewer; an album only its owner sees is not found for anyone else; the album page fits a 390 px
 * phone with no serious accessibility fault.
 */

const PHONE = { width: 390, height: 844 };
const JPEG = "tests/fixtures/photos/gps.jpg";

test.describe
  .serial("photo albums", () => {
    const stamp = String(Date.now());
    let uid = 0;
    let publicAlbum = "";
    let privateAlbum = "";

    test("with JavaScript off the owner creates an album, uploads a photo into it and makes a second album for himself alone", async ({ browser }) => {
      const owner = await signedIn(browser, "znatok@demo.local", { javaScriptEnabled: false });
      uid = Number((await owner.locator(".toolbar-user").getAttribute("href"))!.replace(/\D/g, ""));
      await owner.goto(`/profile/id${uid}`);
      await owner.getByTestId("profile-tabs").getByRole("link", { name: "Фото" }).click();
      await expect(owner).toHaveURL(new RegExp(`/profile/id${uid}/photos$`));
      const form = owner.getByTestId("album-new");
      await form.getByLabel("Название альбома").fill(`Поездка ${stamp}`);
      await form.getByLabel("Кто видит альбом").selectOption({ label: "Всем" });
      await form.getByRole("button", { name: "Создать альбом" }).click();
      await expect(owner).toHaveURL(new RegExp(`/profile/id${uid}/photos/\\d+$`));
      publicAlbum = new URL(owner.url()).pathname;
      await expect(owner.getByRole("heading", { name: `Поездка ${stamp}` })).toBeVisible();
      await expect(owner.getByTestId("profile-empty")).toHaveText("В альбоме пока нет фото");
      const upload = owner.getByTestId("album-upload");
      await upload.getByLabel("Фото").setInputFiles(JPEG);
      await upload.getByRole("button", { name: "Загрузить фото" }).click();
      await expect(owner).toHaveURL(new RegExp(`${publicAlbum}$`));
      await expect(owner.getByTestId("album-photos").locator("a.photo-link")).toHaveCount(1);
      await expect(owner.getByTestId("album-meta")).toContainText("1 фото");
      await owner.goto(`/profile/id${uid}/photos`);
      await owner.getByTestId("album-new").getByLabel("Название альбома").fill(`Личное ${stamp}`);
      await owner.getByTestId("album-new").getByLabel("Кто видит альбом").selectOption({ label: "Только мне" });
      await owner.getByTestId("album-new").getByRole("button", { name: "Создать альбом" }).click();
      await expect(owner).toHaveURL(new RegExp(`/profile/id${uid}/photos/\\d+$`));
      privateAlbum = new URL(owner.url()).pathname;
      await owner.goto(`/profile/id${uid}/photos`);
      await expect(owner.getByTestId("albums").getByRole("link", { name: `Поездка ${stamp}` })).toBeVisible();
      await expect(owner.getByTestId("albums").getByRole("link", { name: `Личное ${stamp}` })).toBeVisible();
      await owner.context().close();
    });

    test("a stranger sees the public album, opens its photo in the viewer over the page and on its own page; the private album is not found", async ({
      browser,
    }) => {
      const stranger = await signedIn(browser, "user@demo.local");
      await stranger.goto(`/profile/id${uid}/photos`);
      const albums = stranger.getByTestId("albums");
      await expect(albums.getByRole("link", { name: `Поездка ${stamp}` })).toBeVisible();
      await expect(albums.getByRole("link", { name: `Личное ${stamp}` })).toHaveCount(0);
      await expect(stranger.getByTestId("album-new")).toHaveCount(0);
      await albums.getByRole("link", { name: `Поездка ${stamp}` }).click();
      await expect(stranger).toHaveURL(new RegExp(`${publicAlbum}$`));
      await expect(stranger.getByTestId("album-owner")).toHaveCount(0);
      const photo = stranger.getByTestId("album-photos").locator("a.photo-link");
      await expect(photo).toHaveCount(1);
      const href = (await photo.getAttribute("href"))!;
      await hydrated(stranger.locator('otv-island[name="photo-viewer"]'));
      await photo.click();
      const viewer = stranger.getByRole("dialog", { name: "Просмотр фото" });
      await expect(viewer).toBeVisible();
      await expect(viewer.locator("img")).toHaveJSProperty("naturalWidth", 800);
      await stranger.keyboard.press("Escape");
      await expect(viewer).toHaveCount(0);
      await stranger.goto(href);
      await expect(stranger.getByTestId("photo-counter")).toHaveText("Фото 1 из 1");
      await stranger.getByTestId("photo-close").click();
      await expect(stranger).toHaveURL(new RegExp(`${publicAlbum}#photo-\\d+$`));
      const hidden = await stranger.goto(privateAlbum);
      expect(hidden?.status()).toBe(404);
      await expect(stranger.getByText(`Личное ${stamp}`)).toHaveCount(0);
      await stranger.context().close();
    });

    test("the album page fits a 390 px phone with no serious accessibility fault, for a guest and for its owner with his forms", async ({ browser }) => {
      const guest = await guestPage(browser, { viewport: PHONE });
      await guest.goto(publicAlbum);
      await expect(guest.getByTestId("album-photos").locator("a.photo-link")).toHaveCount(1);
      expect(await sideScroll(guest)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(guest)).toEqual([]);
      await guest.context().close();
      const owner = await signedIn(browser, "znatok@demo.local", { viewport: PHONE });
      await owner.goto(publicAlbum);
      await expect(owner.getByTestId("album-owner")).toBeVisible();
      expect(await sideScroll(owner)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(owner)).toEqual([]);
      await owner.goto(`/profile/id${uid}/photos`);
      await expect(owner.getByTestId("album-new")).toBeVisible();
      expect(await sideScroll(owner)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(owner)).toEqual([]);
      await owner.context().close();
    });
  });
