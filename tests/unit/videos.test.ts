import { describe, expect, it } from "vitest";
import { isVideoLink, videoCount } from "../../app/lib/videos";

describe("video links", () => {
  it("a video page of a video site is a video; the site's other pages and other sites are not", () => {
    for (const v of [
      "https://www.youtube.com/watch?v=abc",
      "https://m.youtube.com/shorts/abc",
      "https://youtu.be/abc",
      "https://rutube.ru/video/1/",
      "https://vkvideo.ru/video-1_2",
      "https://vk.com/video-1_2",
      "https://ok.ru/video/123",
      "https://dzen.ru/video/watch/1",
      "https://vimeo.com/123",
    ])
      expect(isVideoLink(v), v).toBe(true);
    for (const v of ["https://www.youtube.com/@channel", "https://youtu.be/", "https://vk.com/id1", "https://example.org/video/1", "not a link"])
      expect(isVideoLink(v), v).toBe(false);
  });

  it("counts the video links of a text, each one", () => {
    expect(videoCount("Смотри https://youtu.be/a и https://youtu.be/a, и ещё https://example.org")).toBe(2);
    expect(videoCount("")).toBe(0);
    expect(videoCount(undefined)).toBe(0);
  });
});
