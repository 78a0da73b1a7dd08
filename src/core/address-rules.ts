// Which addresses an outgoing connection may reach (docs/api.md, "Address
// rules"): remote inputs, result delivery, webhooks, sign's time-stamp and
// revocation fetches. One policy for all of them: public unicast always;
// loopback and private ranges only when the traffic's own switch is on
// (FETCH_ALLOW_PRIVATE, WEBHOOK_ALLOW_PRIVATE, SIGN_ALLOW_PRIVATE); link-local,
// cloud metadata, unspecified (0.0.0.0, ::), multicast, CGNAT and reserved
// ranges never, whatever the switches say. The ranges come from ipaddr.js (a
// maintained table of special-purpose ranges) rather than a hand-written list.
// IPv6 forms that carry an IPv4 address are judged by that address
// ("[::127.0.0.1]" and "[::ffff:0:a.b.c.d]" passed an older hand-written
// check): IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d,
// IPv4-translated ::ffff:0:a.b.c.d, 6to4 2002:AABB:CCDD::/48 and NAT64
// 64:ff9b::a.b.c.d. Forms whose IPv4 cannot be read reliably (Teredo,
// local-use NAT64 64:ff9b:1::/48) are refused.
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** The kinds of outgoing traffic; each has its own switch for loopback and private ranges. */
export type Traffic = 'fetch' | 'result' | 'webhook' | 'sign';

/** The setting that opens loopback and private ranges to each kind of traffic (and to nothing else). */
export const PRIVATE_SWITCH = {
  fetch: 'FETCH_ALLOW_PRIVATE',
  result: 'FETCH_ALLOW_PRIVATE',
  webhook: 'WEBHOOK_ALLOW_PRIVATE',
  sign: 'SIGN_ALLOW_PRIVATE',
} as const satisfies Record<Traffic, string>;

/** The three switches, as the settings hold them. */
export type PrivateSwitches = Record<(typeof PRIVATE_SWITCH)[Traffic], boolean>;

/**
 * Cloud metadata and platform endpoints outside link-local 169.254.0.0/16 and
 * fe80::/10 (closed anyway, with AWS, GCP, Azure, Oracle, OpenStack,
 * DigitalOcean and Scaleway's 169.254.169.254 / 169.254.42.42 and OpenStack's
 * fe80::a9fe:a9fe). Two of these sit in fc00::/7, which a switch opens, so they
 * are named here: a closed network's switch must not open a cloud's metadata.
 */
const METADATA_RANGES: ReadonlyArray<[string, string]> = [
  ['fd00:ec2::/48', "AWS's IPv6 service prefix: instance metadata ::254, DNS ::253, NTP ::123, EKS Pod Identity ::23"],
  ['fd20:ce::254/128', 'Google Cloud instance metadata over IPv6'],
  ['fd00:42::42/128', 'Scaleway instance metadata over IPv6'],
  ['100.100.100.200/32', 'Alibaba Cloud instance metadata (also in CGNAT 100.64.0.0/10)'],
  [
    '168.63.129.16/32',
    'Azure platform endpoint (WireServer, DNS, health probes): a public address only Azure hosts answer',
  ],
  ['192.0.0.192/32', 'Oracle Cloud Classic instance metadata (also in reserved 192.0.0.0/24)'],
];
const METADATA = METADATA_RANGES.map(([cidr]) => ipaddr.parseCIDR(cidr));

/** The documented cloud metadata ranges beyond link-local (for docs and tests). */
export const CLOUD_METADATA_RANGES = METADATA_RANGES.map(([cidr, what]) => ({ cidr, what }));

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
  // ::1 and :: are themselves, not IPv4-compatible forms of 0.0.0.1 and 0.0.0.0.
  if (range === 'loopback' || range === 'unspecified') return v6;
  if (range === 'teredo' || range === 'rfc6052') return embeddedIPv4(v6);
  return embeddedIPv4(v6) ?? v6;
}

/** An address in its strict textual forms only (four-part decimal IPv4 or IPv6): "127.1" or "0x7f000001" are not addresses here. */
function parseStrict(address: string): Address | undefined {
  if (!ipaddr.isValid(address) || (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)))
    return undefined;
  return ipaddr.parse(address);
}

function isMetadata(address: Address): boolean {
  return METADATA.some(([range, bits]) => address.kind() === range.kind() && address.match(range, bits));
}

/** The ipaddr.js range an address counts as (its embedded IPv4's for the embedding forms), or undefined when it is never reachable: unparseable, unreadable embedding, or a cloud metadata address. */
function reachableRange(address: string): string | undefined {
  const parsed = parseStrict(address);
  if (!parsed || isMetadata(parsed)) return undefined;
  const target = effective(parsed);
  if (!target || isMetadata(target)) return undefined;
  return target.range();
}

/** The ranges a *_ALLOW_PRIVATE switch opens: RFC 1918, loopback, unique-local fc00::/7 (metadata excepted). */
const OPENED_BY_SWITCH = new Set(['private', 'loopback', 'uniqueLocal']);

/**
 * The one address policy: public unicast always; loopback and private ranges when `openPrivate`
 * (the traffic's own *_ALLOW_PRIVATE switch); link-local, metadata, unspecified, multicast, CGNAT,
 * reserved and unreadable forms never.
 */
export function isAllowedAddress(address: string, openPrivate: boolean): boolean {
  const range = reachableRange(address);
  return range === 'unicast' || (openPrivate && range !== undefined && OPENED_BY_SWITCH.has(range));
}

/** True for addresses no connection may reach without a switch: anything but public unicast, in any IPv6 spelling. */
export function isForbiddenAddress(address: string): boolean {
  return !isAllowedAddress(address, false);
}

/** True for loopback addresses (127/8, ::1, and IPv6 forms embedding 127/8). */
export function isLoopbackAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && parsed.range() === 'loopback') return true;
  return effective(parsed)?.range() === 'loopback';
}

/** Private and loopback addresses (10/8, 172.16/12, 192.168/16, 127/8, ::1, fc00::/7 but metadata), in any IPv6 spelling. */
export function isPrivateOrLoopbackAddress(address: string): boolean {
  const range = reachableRange(address);
  return range !== undefined && OPENED_BY_SWITCH.has(range);
}

/** Whether `switches` open loopback and private ranges to `traffic`. */
export function opensPrivate(traffic: Traffic, switches: PrivateSwitches): boolean {
  return switches[PRIVATE_SWITCH[traffic]];
}

/**
 * Whether `traffic` may connect to `address`, over plain http when `plainHttp`. Plain http goes
 * only where the switch opened the network: to private and loopback addresses for remote inputs and
 * result delivery, to loopback for webhooks (a signed body, but its readers should be few). Sign's
 * fetches speak plain http anywhere allowed: RFC 3161, OCSP and CRLs are signed data, usually
 * published over http.
 */
export function mayConnect(traffic: Traffic, openPrivate: boolean, address: string, plainHttp: boolean): boolean {
  if (!isAllowedAddress(address, openPrivate)) return false;
  if (!plainHttp || traffic === 'sign') return true;
  if (!openPrivate) return false;
  return traffic === 'webhook' ? isLoopbackAddress(address) : isPrivateOrLoopbackAddress(address);
}
