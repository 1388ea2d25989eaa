import { describe, expect, it } from "vitest";
import { blockKey } from "../../app/lib/ip-address";

describe("the key an address block is held under", () => {
  it("an IPv4 address is itself; anything that is not an address is nothing", () => {
    expect(blockKey("203.0.113.7")).toBe("203.0.113.7");
    expect(blockKey(" 10.0.0.1 ")).toBe("10.0.0.1");
    for (const bad of ["", "x", "256.1.1.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", "1::2::3", "1:2:3:4:5:6:7:8:9", "12345::1", "203.0.113.7/24"]) {
      expect(blockKey(bad), bad).toBeNull();
    }
  });

  it("every IPv6 address of a /64 network gives that network, however it is written", () => {
    const net = "2001:db8:0:1::/64";
    for (const a of ["2001:db8:0:1::1", "2001:DB8:0:1:ffff:ffff:ffff:ffff", "2001:0db8:0000:0001:0:0:0:9", "2001:db8:0:1::/64", "2001:db8:0:1:0:0:1.2.3.4"]) {
      expect(blockKey(a), a).toBe(net);
    }
    expect(blockKey("2001:db8:0:2::1")).toBe("2001:db8:0:2::/64");
    expect(blockKey("::1")).toBe("0:0:0:0::/64");
  });

  it("an IPv4 address written as IPv6 is the IPv4 address", () => {
    expect(blockKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(blockKey("::ffff:cb00:7107")).toBe("203.0.113.7");
  });
});
