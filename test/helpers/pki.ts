// A complete local PKI for the PAdES tests, every party on loopback: a root
// CA (openssl ca), an RFC 3161 time-stamp authority (`openssl ts -reply`
// behind a small HTTP server), an OCSP responder (`openssl ocsp` answering
// each request from the CA's index) and a CRL distribution point (`openssl
// ca -gencrl`). Misbehaving variants of the TSA (garbage, a foreign nonce,
// HTTP 500, a hang) and one alternating between two certificates sit on
// their own paths. Tools run with async execFile:
// the service under test shares this process's event loop.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export const P12_PASSWORD = 'pki-Secret-7q2';

/** The running PKI. */
export interface TestPki {
  dir: string;
  /** http://127.0.0.1:PORT */
  base: string;
  tsaUrl: string;
  caCert: string;
  /** Requests seen per path (e.g. "/ocsp"). */
  hits: Map<string, number>;
  /** A PKCS#12 (with the CA certificate as chain) for a new signer; `revoked` revokes it at the CA, `validSeconds` makes it expire soon. */
  signer(
    name: string,
    options?: {
      revoked?: boolean;
      validSeconds?: number;
      noRevocationInfo?: boolean;
      brokenOcsp?: boolean;
      failingOcsp?: 'http500' | 'unreachable';
    },
  ): Promise<string>;
  close(): Promise<void>;
}

function asn1Time(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, 'Z')
    .slice(2);
}

export async function startTestPki(): Promise<TestPki> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pki-test-'));
  const openssl = async (args: string[]) =>
    (await exec('openssl', args, { cwd: dir, encoding: 'buffer', maxBuffer: 16 << 20 })).stdout;
  const hits = new Map<string, number>();
  let crlQueue = Promise.resolve();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const route = (req.url ?? '/').split('?')[0];
      hits.set(route, (hits.get(route) ?? 0) + 1);
      const body = Buffer.concat(chunks);
      const id = `${process.hrtime.bigint()}`;
      const send = (type: string, data: Buffer) => res.writeHead(200, { 'content-type': type }).end(data);
      const handle = async () => {
        switch (route) {
          case '/tsa':
          case '/tsa-rotating':
          case '/tsa-wrong-nonce': {
            let query = path.join(dir, `q-${id}.tsq`);
            fs.writeFileSync(query, body);
            if (route === '/tsa-wrong-nonce') {
              // The same imprint under a fresh nonce: an answer to another request.
              const digest = (await openssl(['ts', '-query', '-in', query, '-text']))
                .toString()
                .match(/Message data:\n([\s\S]*?)\n(?:Policy|Nonce)/)![1];
              const hex = [...digest.matchAll(/ - ((?:[0-9a-f]{2}[ -]){0,16})/g)]
                .map((m) => m[1].replace(/[ -]/g, ''))
                .join('');
              query = path.join(dir, `q2-${id}.tsq`);
              await openssl(['ts', '-query', '-digest', hex, '-sha256', '-cert', '-out', query]);
            }
            // /tsa-rotating signs every second request with another certificate ("Test TSA 2", made on first use).
            const signer = route === '/tsa-rotating' && hits.get(route)! % 2 === 0 ? await secondTsa() : 'tsa';
            const out = path.join(dir, `r-${id}.tsr`);
            await openssl([
              'ts',
              '-reply',
              '-config',
              'ts.cnf',
              '-section',
              'tsa_config1',
              '-queryfile',
              query,
              '-signer',
              `${signer}.crt`,
              '-inkey',
              `${signer}.key`,
              '-chain',
              'ca.crt',
              '-out',
              out,
            ]);
            return send('application/timestamp-reply', fs.readFileSync(out));
          }
          case '/tsa-garbage':
            return send('application/timestamp-reply', Buffer.from('this is not DER at all'));
          case '/tsa-500':
            return res.writeHead(500).end('internal error');
          case '/tsa-hang':
            return; // never answers; the client's deadline must end it
          case '/tsa-stall':
            res.writeHead(200, { 'content-type': 'application/timestamp-reply', 'content-length': '4096' });
            return res.write(Buffer.from('3082', 'hex')); // the start of an answer, then nothing
          case '/ocsp': {
            const reqFile = path.join(dir, `o-${id}.der`);
            const out = path.join(dir, `or-${id}.der`);
            fs.writeFileSync(reqFile, body);
            await openssl([
              'ocsp',
              '-index',
              'index.txt',
              '-CA',
              'ca.crt',
              '-rsigner',
              'ca.crt',
              '-rkey',
              'ca.key',
              '-reqin',
              reqFile,
              '-respout',
              out,
              '-ndays',
              '1',
            ]);
            return send('application/ocsp-response', fs.readFileSync(out));
          }
          case '/crl': {
            const crl = await (crlQueue = crlQueue.then(async () => {
              await openssl(['ca', '-config', 'ca.cnf', '-gencrl', '-out', 'crl.pem']);
            })).then(() => openssl(['crl', '-in', 'crl.pem', '-outform', 'DER']));
            return send('application/pkix-crl', crl);
          }
          default:
            return res.writeHead(404).end();
        }
      };
      handle().catch((error: Error) => res.writeHead(500).end(String(error.message)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fs.writeFileSync(path.join(dir, 'index.txt'), '');
  fs.writeFileSync(path.join(dir, 'serial'), '1000\n');
  fs.writeFileSync(path.join(dir, 'crlnumber'), '01\n');
  fs.writeFileSync(path.join(dir, 'tsaserial'), '01\n');
  fs.writeFileSync(
    path.join(dir, 'ca.cnf'),
    [
      '[ca]',
      'default_ca=CA',
      '[CA]',
      'database=index.txt',
      'new_certs_dir=.',
      'serial=serial',
      'crlnumber=crlnumber',
      'default_md=sha256',
      'default_days=30',
      'default_crl_days=7',
      'policy=p',
      'unique_subject=no',
      'certificate=ca.crt',
      'private_key=ca.key',
      '[p]',
      'commonName=supplied',
      '[signer]',
      'basicConstraints=CA:FALSE',
      'keyUsage=critical,digitalSignature,nonRepudiation',
      `authorityInfoAccess=OCSP;URI:${base}/ocsp`,
      `crlDistributionPoints=URI:${base}/crl`,
      '[brokenocsp]',
      'basicConstraints=CA:FALSE',
      'keyUsage=critical,digitalSignature,nonRepudiation',
      `authorityInfoAccess=OCSP;URI:${base}/tsa-garbage`,
      // OCSP responders that fail: one answering HTTP 500, one on a loopback port nothing listens on (9, discard).
      '[ocsp500]',
      'basicConstraints=CA:FALSE',
      'keyUsage=critical,digitalSignature,nonRepudiation',
      `authorityInfoAccess=OCSP;URI:${base}/tsa-500`,
      '[ocspdown]',
      'basicConstraints=CA:FALSE',
      'keyUsage=critical,digitalSignature,nonRepudiation',
      'authorityInfoAccess=OCSP;URI:http://127.0.0.1:9/ocsp',
      '[bare]',
      'basicConstraints=CA:FALSE',
      'keyUsage=critical,digitalSignature,nonRepudiation',
      '[tsa]',
      'basicConstraints=CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=critical,timeStamping',
      `crlDistributionPoints=URI:${base}/crl`,
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(dir, 'ts.cnf'),
    [
      '[tsa_config1]',
      'serial=tsaserial',
      'signer_digest=sha256',
      'default_policy=1.2.3.4.1',
      'digests=sha256',
      'accuracy=secs:1',
      'ess_cert_id_alg=sha256',
      '',
    ].join('\n'),
  );
  await openssl([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    '30',
    '-subj',
    '/CN=Test Root CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  const issue = async (name: string, subject: string, extensions: string, dates: string[] = []) => {
    await openssl([
      'req',
      '-new',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      subject,
    ]);
    await openssl([
      'ca',
      '-config',
      'ca.cnf',
      '-batch',
      '-notext',
      '-extensions',
      extensions,
      ...dates,
      '-in',
      `${name}.csr`,
      '-out',
      `${name}.crt`,
    ]);
  };
  await issue('tsa', '/CN=Test TSA', 'tsa');
  let caQueue = Promise.resolve();
  let tsa2: Promise<string> | undefined;
  function secondTsa(): Promise<string> {
    tsa2 ??= caQueue.then(() => issue('tsa2', '/CN=Test TSA 2', 'tsa')).then(() => 'tsa2');
    caQueue = tsa2.then(
      () => undefined,
      () => undefined,
    );
    return tsa2;
  }
  return {
    dir,
    base,
    tsaUrl: `${base}/tsa`,
    caCert: path.join(dir, 'ca.crt'),
    hits,
    signer(name, options = {}) {
      // One at a time: openssl ca rewrites index.txt and serial, and two at once lose each other's entries.
      const made = caQueue.then(() => makeSigner(name, options));
      caQueue = made.then(
        () => undefined,
        () => undefined,
      );
      return made;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  async function makeSigner(
    name: string,
    options: {
      revoked?: boolean;
      validSeconds?: number;
      noRevocationInfo?: boolean;
      brokenOcsp?: boolean;
      failingOcsp?: 'http500' | 'unreachable';
    },
  ): Promise<string> {
    const dates = options.validSeconds
      ? [
          '-startdate',
          asn1Time(new Date(Date.now() - 60_000)),
          '-enddate',
          asn1Time(new Date(Date.now() + options.validSeconds * 1000)),
        ]
      : [];
    const section = options.noRevocationInfo
      ? 'bare'
      : options.brokenOcsp
        ? 'brokenocsp'
        : options.failingOcsp === 'http500'
          ? 'ocsp500'
          : options.failingOcsp === 'unreachable'
            ? 'ocspdown'
            : 'signer';
    await issue(name, `/CN=${name}`, section, dates);
    if (options.revoked) await openssl(['ca', '-config', 'ca.cnf', '-revoke', `${name}.crt`]);
    await openssl([
      'pkcs12',
      '-export',
      '-inkey',
      `${name}.key`,
      '-in',
      `${name}.crt`,
      '-certfile',
      'ca.crt',
      '-out',
      `${name}.p12`,
      '-passout',
      `pass:${P12_PASSWORD}`,
    ]);
    return path.join(dir, `${name}.p12`);
  }
}
