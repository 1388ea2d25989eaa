/**
 * Addresses as the site counts and blocks them (docs/decisions/0046-core-loose-ends.md): an IPv4
 * address as it is; an IPv6 address by its /64 prefix, which is what one IPv6 connection is
 * usually given (a block of a single IPv6 address would be sidestepped by the next address of the
 * same network). An IPv4 address written as IPv6 (::ffff:203.0.113.7) is that IPv4 address.
 */
import ipaddr from "ipaddr.js";

/**
 * The key a block is stored and looked up under: "203.0.113.7", or "2001:db8:0:1::/64" for any
 * address of that IPv6 network; null when the text is no address. A moderator may also type the
 * network itself, "2001:db8:0:1::/64".
 */
export function blockKey(text: string): string | null {
  const s = text.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(s)) return s;
  const v6 = s.endsWith("/64") ? s.slice(0, -3) : s;
  // a zone (fe80::1%eth0) names a network interface of the host, never a client's address
  if (v6.includes("%") || !ipaddr.IPv6.isValid(v6)) return null;
  const addr = ipaddr.IPv6.parse(v6);
  if (addr.isIPv4MappedAddress()) return addr.toIPv4Address().toString();
  return `${addr.parts
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/**
 * What one client is counted by (the rate limits, a question room's sockets): his address as a
 * block holds it; a text that is no address (a local test's made-up one) as it is, bounded.
 */
export function addressKey(ip: string): string {
  return blockKey(ip) ?? ip.trim().toLowerCase().slice(0, 64);
}
