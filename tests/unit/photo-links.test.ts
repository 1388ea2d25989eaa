import { describe, expect, it } from "vitest";
import { fetchableUrl } from "../../app/models/photos/fetch-url.server";
import { PUBLIC_LINKS, REFUSED_LINKS } from "../fixtures/photos/links";

describe("which addresses a photo by link may be fetched from", () => {
  it.each(REFUSED_LINKS)("%s is not fetchable", (url) => {
    expect(fetchableUrl(url)).toBeNull();
  });

  it.each(PUBLIC_LINKS)("%s, a global unicast address, is fetchable", (url) => {
    expect(fetchableUrl(url)?.toString()).toBe(new URL(url).toString());
  });
});
