// The one address policy (core/address-rules.ts, docs/api.md "Address rules")
// as a table: every address form (IPv4, IPv6, IPv4-mapped and -translated,
// IPv4-compatible, 6to4, NAT64, and the decimal, hex and octal IPv4 spellings
// the URL parser accepts) × every *_ALLOW_PRIVATE switch × every kind of
// traffic, judged by the policy and by each submission check; then the real
// connection code of each kind (remote input, result PUT, webhook POST,
// sign's fetch) against a receiver on this host, with every switch on: the
// closed forms that would reach it (0.0.0.0, ::) never do, the open ones do,
// and a switch opens loopback to its own traffic only.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import { CLOUD_METADATA_RANGES, mayConnect, PRIVATE_SWITCH, type Traffic } from '../../src/core/address-rules.js';
import { fetchRemoteFile } from '../../src/http/remote-files.js';
import { putResult, validateResultUrl } from '../../src/jobs/result-delivery.js';
import { postWebhook, validateCallbackUrl } from '../../src/jobs/webhooks.js';
import { fetchUpstream } from '../../src/tools/upstream-fetch.js';

type Kind = 'public' | 'opened' | 'closed';

/** URL hosts, as a client would write them, and what they are. */
const FORMS: Array<[string, Kind]> = [
  ['93.184.215.14', 'public'],
  ['1.1.1.1', 'public'],
  ['[2606:4700:4700::1111]', 'public'],
  ['[::ffff:8.8.8.8]', 'public'],
  ['[::ffff:0:8.8.8.8]', 'public'],
  ['[64:ff9b::8.8.8.8]', 'public'],
  ['[2002:808:808::1]', 'public'],
  // loopback and private: open only with the traffic's own switch
  ['127.0.0.1', 'opened'],
  ['127.1', 'opened'],
  ['2130706433', 'opened'],
  ['0x7f000001', 'opened'],
  ['0x7f.1', 'opened'],
  ['017700000001', 'opened'],
  ['[::1]', 'opened'],
  ['[0:0:0:0:0:0:0:1]', 'opened'],
  ['[::ffff:127.0.0.1]', 'opened'],
  ['[::ffff:7f00:1]', 'opened'],
  ['[::ffff:0:127.0.0.1]', 'opened'],
  ['[::127.0.0.1]', 'opened'],
  ['[64:ff9b::127.0.0.1]', 'opened'],
  ['[2002:7f00:1::]', 'opened'],
  ['10.1.2.3', 'opened'],
  ['0xa.1.2.3', 'opened'],
  ['012.1.2.3', 'opened'],
  ['172.16.0.1', 'opened'],
  ['192.168.1.1', 'opened'],
  ['3232235777', 'opened'],
  ['[::ffff:10.0.0.1]', 'opened'],
  ['[64:ff9b::c0a8:101]', 'opened'],
  ['[fd12:3456::1]', 'opened'],
  ['[fc00::1]', 'opened'],
  // closed under every switch: link-local and metadata…
  ['169.254.169.254', 'closed'],
  ['2852039166', 'closed'],
  ['0xa9.0xfe.0xa9.0xfe', 'closed'],
  ['0251.0376.0251.0376', 'closed'],
  ['169.254.42.42', 'closed'],
  ['[::ffff:169.254.169.254]', 'closed'],
  ['[::ffff:0:169.254.169.254]', 'closed'],
  ['[::169.254.169.254]', 'closed'],
  ['[64:ff9b::169.254.169.254]', 'closed'],
  ['[2002:a9fe:a9fe::]', 'closed'],
  ['[fe80::a9fe:a9fe]', 'closed'],
  ['[fe80::1]', 'closed'],
  ['[fd00:ec2::254]', 'closed'],
  ['[fd00:ec2::253]', 'closed'],
  ['[fd00:ec2::23]', 'closed'],
  ['[fd20:ce::254]', 'closed'],
  ['[fd00:42::42]', 'closed'],
  ['100.100.100.200', 'closed'],
  ['168.63.129.16', 'closed'],
  ['[::ffff:168.63.129.16]', 'closed'],
  ['192.0.0.192', 'closed'],
  // …unspecified, multicast, broadcast, CGNAT, reserved, unreadable embeddings
  ['0.0.0.0', 'closed'],
  ['0', 'closed'],
  ['0.1.2.3', 'closed'],
  ['[::]', 'closed'],
  ['[::ffff:0.0.0.0]', 'closed'],
  ['224.0.0.1', 'closed'],
  ['[ff02::1]', 'closed'],
  ['255.255.255.255', 'closed'],
  ['100.64.0.1', 'closed'],
  ['240.0.0.1', 'closed'],
  ['198.18.0.1', 'closed'],
  ['192.0.2.1', 'closed'],
  ['[2001:db8::1]', 'closed'],
  ['[fec0::1]', 'closed'],
  ['[100::1]', 'closed'],
  ['[2001:0:4136:e378:8000:63bf:3fff:fdd2]', 'closed'],
  ['[64:ff9b:1::a00:1]', 'closed'],
];

const TRAFFIC: Traffic[] = ['fetch', 'result', 'webhook', 'sign'];
const SWITCHES = ['FETCH_ALLOW_PRIVATE', 'WEBHOOK_ALLOW_PRIVATE', 'SIGN_ALLOW_PRIVATE'] as const;
/** No switch, each alone, all three. */
const SETTINGS: Array<Partial<Record<(typeof SWITCHES)[number], 'true'>>> = [
  {},
  ...SWITCHES.map((s) => ({ [s]: 'true' as const })),
  Object.fromEntries(SWITCHES.map((s) => [s, 'true'])),
];

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'address-policy-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const configWith = (env: Record<string, string>): Config =>
  loadConfig({ DATA_DIR: path.join(scratch, 'data'), TMP_DIR: scratch, FETCH_TIMEOUT: '5', ...env });
const hostOf = (form: string) => new URL(`https://${form}/`).hostname.replace(/^\[|\]$/g, '');

describe('the policy: every form × every switch × every kind of traffic', () => {
  it('documents the cloud metadata ranges it closes', () => {
    expect(CLOUD_METADATA_RANGES.map((r) => r.cidr)).toEqual(
      expect.arrayContaining(['fd00:ec2::/48', 'fd20:ce::254/128', '100.100.100.200/32', '168.63.129.16/32']),
    );
  });

  for (const env of SETTINGS) {
    const config = configWith(env);
    const name = Object.keys(env).join('+') || 'no switch';
    for (const traffic of TRAFFIC) {
      it(`${name}: ${traffic}`, async () => {
        const open = config[PRIVATE_SWITCH[traffic]];
        for (const [form, kind] of FORMS) {
          const expected = kind === 'public' || (kind === 'opened' && open);
          expect(mayConnect(traffic, open, hostOf(form), false), `${form} (${kind})`).toBe(expected);
          // The submission checks judge the same way (literal hosts: no lookup).
          const url = `https://${form}/x`;
          if (traffic === 'webhook')
            expect(
              await validateCallbackUrl(url, config).then(
                () => true,
                () => false,
              ),
              `callback ${form}`,
            ).toBe(expected);
          if (traffic === 'result')
            expect(
              await validateResultUrl(url, config).then(
                () => true,
                () => false,
              ),
              `result ${form}`,
            ).toBe(expected);
        }
      });
    }
  }
});

describe('the connections: each kind of traffic dials only what its own switch opens', () => {
  let receiver: http.Server;
  let port: number;
  let dualStack = true;
  const hits: string[] = [];

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4\n%%EOF\n'));
    });
    // Every local address (0.0.0.0 and :: included): a connection the rules let through would land here.
    await new Promise<void>((resolve) => {
      receiver.once('error', () => {
        dualStack = false;
        receiver.listen(0, '0.0.0.0', resolve);
      });
      receiver.listen({ port: 0, host: '::', ipv6Only: false }, resolve);
    });
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  /** Forms that stand for this host; the closed ones would reach the receiver if dialled. */
  const LOCAL: Array<[string, 'opened' | 'closed', boolean]> = [
    ['127.0.0.1', 'opened', false],
    ['2130706433', 'opened', false],
    ['0x7f.1', 'opened', false],
    ['localhost', 'opened', false],
    ['[::1]', 'opened', true],
    ['[::ffff:127.0.0.1]', 'opened', true],
    ['0.0.0.0', 'closed', false],
    ['0', 'closed', false],
    ['[::]', 'closed', true],
    ['[::ffff:0.0.0.0]', 'closed', true],
  ];

  /** One attempt of `traffic` at `url`: true when it got the receiver's answer. */
  async function attempt(traffic: Traffic, url: string, config: Config): Promise<boolean> {
    switch (traffic) {
      case 'fetch':
        return fetchRemoteFile(
          url,
          'file_url',
          path.join(scratch, 'fetched'),
          config,
          new AbortController().signal,
        ).then(
          () => true,
          () => false,
        );
      case 'result':
        return (
          await putResult(
            new URL(url),
            Readable.from([Buffer.from('x')]),
            1,
            'text/plain',
            config,
            AbortSignal.timeout(5000),
          )
        ).ok;
      case 'webhook':
        return (await postWebhook(url, {}, '{}', config)).ok;
      case 'sign':
        return fetchUpstream({
          source: 'time-stamp authority',
          url,
          maxBytes: 1024,
          timeoutMs: 5000,
          allowPrivate: config.SIGN_ALLOW_PRIVATE,
        }).then(
          () => true,
          () => false,
        );
    }
  }

  for (const traffic of TRAFFIC) {
    it(`${traffic}: all switches on, then all but its own`, async () => {
      const own = PRIVATE_SWITCH[traffic];
      const everything = configWith(Object.fromEntries(SWITCHES.map((s) => [s, 'true'])));
      const allButOwn = configWith(Object.fromEntries(SWITCHES.filter((s) => s !== own).map((s) => [s, 'true'])));
      for (const [form, kind, v6] of LOCAL) {
        if (v6 && !dualStack) continue;
        const url = `http://${form}:${port}/${traffic}/${encodeURIComponent(form)}`;
        const path = new URL(url).pathname;
        const before = hits.filter((h) => h.endsWith(path)).length;
        expect(await attempt(traffic, url, everything), `${form} with every switch`).toBe(kind === 'opened');
        expect(await attempt(traffic, url, allButOwn), `${form} without ${own}`).toBe(false);
        expect(
          hits.filter((h) => h.endsWith(path)).length - before,
          `${form}: requests that reached the receiver`,
        ).toBe(kind === 'opened' ? 1 : 0);
      }
    });
  }
});
