/**
 * Addresses as a moderator's block holds them (docs/decisions/0046-core-loose-ends.md): an IPv4
 * address as it is; an IPv6 address by its /64 prefix, which is what one IPv6 connection is
 * usually given (a block of a single IPv6 address would be sidestepped by the next address of the
 * same network). An IPv4 address written as IPv6 (::ffff:203.0.113.7) is that IPv4 address.
 */

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const GROUP = /^[0-9a-f]{1,4}$/;

/** The eight 16-bit groups of an IPv6 address, or null. */
function ipv6Groups(text: string): number[] | null {
  let s = text.toLowerCase();
  const tail: number[] = [];
  // an IPv4 address in the last 32 bits
  const dotted = s.match(/:(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    if (!IPV4.test(dotted[1])) return null;
    const [a, b, c, d] = dotted[1].split(".").map(Number);
    tail.push((a << 8) | b, (c << 8) | d);
    s = `${s.slice(0, -dotted[1].length)}0:0`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const part = (h: string) => (h === "" ? [] : h.split(":"));
  const head = part(halves[0]);
  const rest = halves.length === 2 ? part(halves[1]) : [];
  if (![...head, ...rest].every((g) => GROUP.test(g))) return null;
  const given = head.length + rest.length;
  if (halves.length === 1 ? given !== 8 : given > 7) return null;
  const groups = [...head, ...Array(8 - given).fill("0"), ...rest].map((g) => Number.parseInt(g, 16));
  if (tail.length) groups.splice(6, 2, ...tail);
  return groups;
}

/**
 * The key a block is stored and looked up under: "203.0.113.7", or "2001:db8:0:1::/64" for any
 * address of that IPv6 network; null when the text is no address. A moderator may also type the
 * network itself, "2001:db8:0:1::/64".
 */
export function blockKey(text: string): string | null {
  const s = text.trim();
  if (IPV4.test(s)) return s;
  const v6 = s.endsWith("/64") ? s.slice(0, -3) : s;
  const groups = ipv6Groups(v6);
  if (!groups) return null;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
