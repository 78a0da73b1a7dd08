// The webhook address rules (jobs/webhook-address.ts): every IPv6 spelling of
// a private IPv4 address is refused; public ones, in any spelling, pass.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, isLoopbackAddress } from '../../src/core/address-rules.js';

/** The hostname Node's URL parser hands on for `https://[v6]/` (the form the service sees). */
const viaUrl = (v6: string) => new URL(`https://[${v6}]/`).hostname.replace(/^\[|\]$/g, '');

describe('isForbiddenAddress', () => {
  const forbidden = [
    // IPv4: loopback, RFC 1918, link-local (cloud metadata), CGNAT, this-network, multicast, reserved, broadcast, benchmarking
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    // IPv6 natives
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fd00::1',
    'fc00::1',
    'ff02::1',
    '2001:db8::1',
    // IPv6 forms embedding a private IPv4
    '::127.0.0.1',
    '::7f00:1',
    '::a00:1', // IPv4-compatible
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe', // IPv4-mapped
    '::ffff:0:127.0.0.1',
    '::ffff:0:7f00:1',
    '::ffff:0:a00:1', // IPv4-translated (RFC 6145)
    '2002:7f00:1::',
    '2002:a00:1::1',
    '2002:a9fe:a9fe::', // 6to4
    '64:ff9b::127.0.0.1',
    '64:ff9b::a00:1',
    '64:ff9b::a9fe:a9fe', // NAT64 well-known prefix
    '64:ff9b:1::a00:1', // local-use NAT64: embedding not reliably readable
    '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
    // not an IP at all
    'localhost',
    '',
    '127.1',
    '0x7f000001',
  ];
  it.each(forbidden)('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  const allowed = [
    '93.184.215.14',
    '1.1.1.1',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82a::200e',
    '::ffff:8.8.8.8',
    '::ffff:0:808:808',
    '2002:808:808::1',
    '64:ff9b::808:808',
    '::808:808',
  ];
  it.each(allowed)('allows %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it('judges the spelling the URL parser produces for bracketed hosts', () => {
    for (const v6 of [
      '::127.0.0.1',
      '::ffff:0:127.0.0.1',
      '::ffff:127.0.0.1',
      '64:ff9b::10.0.0.1',
      '2002:c0a8:101::',
    ]) {
      const host = viaUrl(v6);
      expect(net.isIP(host)).toBe(6);
      expect(isForbiddenAddress(host), `${v6} → ${host}`).toBe(true);
    }
    expect(isForbiddenAddress(viaUrl('::ffff:0:8.8.8.8'))).toBe(false);
  });
});

describe('isLoopbackAddress', () => {
  it('is true for 127/8 and ::1 in every spelling, false otherwise', () => {
    for (const a of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '::ffff:0:7f00:1', '::7f00:1'])
      expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.1', '::', '8.8.8.8', 'fe80::1', 'example.com'])
      expect(isLoopbackAddress(a), a).toBe(false);
  });
});
