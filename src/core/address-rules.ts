// Which addresses an outgoing request may reach (API.md §6): webhooks, remote inputs, result delivery, sign's time-stamp and revocation fetches. Public unicast only. The
// ranges come from ipaddr.js (a maintained table of special-purpose ranges)
// rather than a hand-written list. IPv6 forms that carry an IPv4 address are
// judged by that address ("[::127.0.0.1]" and "[::ffff:0:a.b.c.d]"
// passed the old hand-written check): IPv4-mapped ::ffff:a.b.c.d,
// IPv4-compatible ::a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, 6to4
// 2002:AABB:CCDD::/48 and NAT64 64:ff9b::a.b.c.d. Forms whose IPv4 cannot
// be read reliably (Teredo, local-use NAT64 64:ff9b:1::/48) are refused.
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** The IPv4 address an IPv6 address embeds, if it is one of the embedding forms. */
export function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = address.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  switch (address.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return v4(p[6], p[7]);
    case '6to4': // 2002:AABB:CCDD::/48
      return v4(p[1], p[2]);
    case 'rfc6052': // 64:ff9b::/96 (well-known NAT64 prefix)
      return p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6) ? v4(p[6], p[7]) : undefined;
  }
  // IPv4-compatible ::a.b.c.d (deprecated, still routed by some stacks); :: and ::1 fall in here too.
  if (zeros(0, 6)) return v4(p[6], p[7]);
  return undefined;
}

/** The address itself or, for an IPv6 form that embeds one, the IPv4 address inside; undefined when that cannot be told. */
function effective(address: Address): Address | undefined {
  if (address.kind() === 'ipv4') return address;
  const v6 = address as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'teredo' || range === 'rfc6052') return embeddedIPv4(v6);
  return embeddedIPv4(v6) ?? v6;
}

/** True for addresses a webhook must never reach: anything but public unicast (loopback, private, link-local and metadata, CGNAT, ULA, multicast, reserved…), in any IPv6 spelling. */
export function isForbiddenAddress(address: string): boolean {
  if (!ipaddr.isValid(address) || (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)))
    return true;
  const target = effective(ipaddr.parse(address));
  return target === undefined || target.range() !== 'unicast';
}

/** True for loopback addresses (127/8, ::1, and IPv6 forms embedding 127/8): plain-http webhooks may go there when allowed. */
export function isLoopbackAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && parsed.range() === 'loopback') return true;
  return effective(parsed)?.range() === 'loopback';
}

/**
 * Private and loopback addresses (10/8, 172.16/12, 192.168/16, 127/8, ::1, fc00::/7), in any
 * IPv6 spelling: what FETCH_ALLOW_PRIVATE opens to remote inputs. Link-local (cloud metadata
 * at 169.254.169.254), CGNAT, multicast and reserved ranges stay closed even then.
 */
export function isPrivateOrLoopbackAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const target = effective(ipaddr.parse(address));
  const range = target?.range();
  return range === 'private' || range === 'loopback' || range === 'uniqueLocal';
}
