import { describe, expect, it } from "vitest";
import { deviceName } from "../../app/lib/device-name";
import { notificationOf, safePath } from "../../app/sw/push-view";
import { fromBase64url } from "../../app/lib/crypto";

/** Web Push's pure parts: how the worker shows a push, where a click leads, the device names, the key the browser subscribes with. */

describe("a push as the service worker shows it", () => {
  it("has the title, text, tag and page it came with, in Russian", () => {
    expect(
      notificationOf(JSON.stringify({ title: "Пётр ответил(а) на вопрос «Почему?»", body: "Потому что", url: "/question/3#answer-9", tag: "q3" })),
    ).toEqual({
      title: "Пётр ответил(а) на вопрос «Почему?»",
      options: { body: "Потому что", tag: "q3", renotify: true, lang: "ru", icon: "/icons/icon-192.png", data: { url: "/question/3#answer-9" } },
    });
  });

  it("a push that is not the site's JSON still shows, as its text, and opens the home page", () => {
    expect(notificationOf("Привет")).toMatchObject({ title: "Привет", options: { body: "", tag: undefined, renotify: false, data: { url: "/" } } });
    expect(notificationOf("")).toMatchObject({ title: "Ответы" });
  });

  it("never leads off the site", () => {
    for (const url of ["https://example.org/", "//example.org/x", "/\\example.org", "javascript:alert(1)", 42, null]) expect(safePath(url)).toBe("/");
    expect(safePath("/profile/id3")).toBe("/profile/id3");
  });
});

describe("the settings' names of devices", () => {
  it("name the browser and the system a reader knows", () => {
    expect(deviceName("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36")).toBe(
      "Chrome, Android",
    );
    expect(
      deviceName("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"),
    ).toBe("Safari, iOS");
    expect(
      deviceName("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 YaBrowser/24.12.0.0 Safari/537.36"),
    ).toBe("Яндекс Браузер, Windows");
    expect(deviceName("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe("Firefox, Linux");
    expect(deviceName(null)).toBe("Браузер");
  });
});

describe("the application server key", () => {
  it("is the VAPID public key's 65 bytes, an uncompressed P-256 point", () => {
    const key = fromBase64url("BAKBGfE3lPA80X85U_w12gpS1GlZJjYrUSeu6mJqihm0rCaTJyGRajDshSpnX9_OTBidbwjszEh2TaYbpW1V7yM");
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
  });
});
