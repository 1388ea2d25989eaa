import { describe, expect, it } from "vitest";
import { shareWindowFeatures } from "../../app/islands/copy-link.island";

describe("a network's share window", () => {
  it("has the network's size, centred on the screen", () => {
    expect(shareWindowFeatures("626x436", 1920, 1080)).toBe("width=626,height=436,left=647,top=322");
  });

  it("starts at the screen's corner when the screen is smaller than the window", () => {
    expect(shareWindowFeatures("626x436", 390, 300)).toBe("width=626,height=436,left=0,top=0");
  });
});
