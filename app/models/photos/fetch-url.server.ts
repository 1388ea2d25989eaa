import ipaddr from "ipaddr.js";
import { joinBytes } from "../../lib/bytes";
import { ERR } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { PHOTO } from "../../lib/photos";

/** Host names that name this machine or a private network, whatever a resolver would answer. */
const LOCAL_NAME = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|corp|home\.arpa|in-addr\.arpa|ip6\.arpa)$/i;

/** Global unicast IPv6: every other IPv6 address lies outside it (and so IPv4 written as IPv6). */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * Whether an IP address is a global unicast one, the only kind a photo is fetched from. IPv4: in
 * ipaddr.js's `unicast` range (not loopback, private, link-local, carrier-grade NAT, multicast,
 * broadcast, reserved, documentation or unspecified). IPv6: inside 2000::/3 and in its `unicast`
 * range, so that the special blocks inside it (6to4, Teredo, ORCHID, documentation, benchmarking
 * …) are refused too, and every address outside it: loopback, unspecified, link-local,
 * unique-local, multicast, discard, NAT64 and all the ways of writing IPv4 in IPv6 (mapped,
 * translated, and the old compatible form `::a.b.c.d`, which ipaddr.js counts as unicast).
 */
function globalUnicast(addr: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (addr.kind() === "ipv4") return addr.range() === "unicast";
  return (addr as ipaddr.IPv6).match(GLOBAL_UNICAST_V6) && addr.range() === "unicast";
}

/**
 * Whether a photo may be fetched from this address: http or https only, no user name or password,
 * the default ports or 80/443/8080, and a host that is a public name or a public address. An IP
 * literal (IPv4 in any of its spellings, which the URL parser writes out as four numbers, or
 * IPv6) must be a global unicast address (`globalUnicast`). A name must have a dot and not be one
 * of the local names (localhost, *.local, *.internal …).
 *
 * A Worker cannot resolve a name to check the address behind it: a public name that resolves to a
 * private address passes here. On Cloudflare the fetch leaves from Cloudflare's edge onto the
 * internet, where no private network of this site exists to be reached (the site has no Tunnel or
 * VPC binding); under `wrangler dev` it leaves from the developer's machine.
 */
export function fetchableUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  if (url.port && !["80", "443", "8080"].includes(url.port)) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (ipaddr.isValid(host)) return globalUnicast(ipaddr.parse(host)) ? url : null;
  if (!host.includes(".") || LOCAL_NAME.test(host)) return null;
  return url;
}

/**
 * A photo by link: the file at an http(s) address, fetched without following redirects blindly
 * (each hop's address is checked as the first one is, at most PHOTO.urlRedirects of them), within
 * PHOTO.urlTimeoutMs for the whole and PHOTO.maxBytes read (a longer body is refused as it
 * arrives, whatever its Content-Length said). `fetcher` is the platform's fetch; the tests give
 * their own to play a remote server.
 */
export async function fetchPhotoBytes(raw: string, fetcher: typeof fetch = fetch): Promise<Uint8Array> {
  if (raw.length > 1000) throw new DomainError(ERR.photoUrlInvalid);
  let url = fetchableUrl(raw);
  if (!url) throw new DomainError(/^https?:\/\//i.test(raw) ? ERR.photoUrlForbidden : ERR.photoUrlInvalid);
  const signal = AbortSignal.timeout(PHOTO.urlTimeoutMs);
  for (let hop = 0; ; hop++) {
    let res: Response;
    try {
      res = await fetcher(url.toString(), { redirect: "manual", signal, headers: { Accept: "image/jpeg, image/png, image/gif" } });
    } catch {
      throw new DomainError(ERR.photoUrlFailed);
    }
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel();
      const location = res.headers.get("location");
      if (!location || hop >= PHOTO.urlRedirects) throw new DomainError(ERR.photoUrlFailed);
      const next = fetchableUrl(new URL(location, url).toString());
      if (!next) throw new DomainError(ERR.photoUrlForbidden);
      url = next;
      continue;
    }
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel();
      throw new DomainError(ERR.photoUrlFailed);
    }
    const declared = Number(res.headers.get("content-length") ?? "0");
    if (declared > PHOTO.maxBytes) {
      await res.body.cancel();
      throw new DomainError(ERR.photoTooLarge);
    }
    return readCapped(res.body, PHOTO.maxBytes);
  }
}

/** A body read to its end, refused as soon as it passes `max` bytes. */
async function readCapped(body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array> {
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel();
        throw new DomainError(ERR.photoTooLarge);
      }
      parts.push(value);
    }
  } catch (e) {
    if (e instanceof DomainError) throw e;
    throw new DomainError(ERR.photoUrlFailed);
  }
  return joinBytes(parts);
}
