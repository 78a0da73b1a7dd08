// What the clients' suites need for remote inputs and result delivery (docs/api.md "Remote
// files", §6 "Delivering the result"): a loopback file server (the service must run with
// FETCH_ALLOW_PRIVATE=true to reach it) serving a PDF and a PNG, a PUT sink that keeps what a
// job delivered, and the PNG on disk for "@logo" parts uploaded from a path.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { rgbaPng } from '../helpers/make-fixtures.js';
import { corpus } from '../helpers/server.js';

export interface RemoteFixtures {
  /** http://127.0.0.1:<port>; serves /multipage.pdf and /logo.png, takes PUT /put/<name>. */
  origin: string;
  /** The PNG on disk (30×30 blue), for a "@logo" part sent as an upload. */
  logoPath: string;
  /** Bodies PUT to /put/<name>, by name. */
  delivered: Map<string, Buffer>;
  close(): Promise<void>;
}

export async function startRemoteFixtures(dir: string): Promise<RemoteFixtures> {
  const multipage = fs.readFileSync(corpus('multipage.pdf'));
  const logo = rgbaPng(30, 30, [0, 0, 255, 255]);
  const logoPath = path.join(dir, 'logo.png');
  fs.writeFileSync(logoPath, logo);
  const delivered = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'PUT' && url.startsWith('/put/')) {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        delivered.set(url.slice('/put/'.length), Buffer.concat(chunks));
        res.writeHead(200).end();
      });
    } else if (url === '/multipage.pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end(multipage);
    else if (url === '/logo.png') res.writeHead(200).end(logo);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, logoPath, delivered, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
