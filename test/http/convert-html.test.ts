// HTML and Markdown → PDF through headless Chromium (API.md §5b): checked with
// pdftotext/pdfinfo, a local listener that must see no connection, and a
// runaway script that must cost one request, not the browser.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPool } from '../../src/tools/chromium.js';
import { eventually, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { pageCountOf, textOf } from '../helpers/pdf.js';

let server: TestServer;
let key: string;
let scratch: string;
const OPERATION_TIMEOUT_S = 8;

beforeAll(async () => {
  server = await startTestServer({ OPERATION_TIMEOUT: String(OPERATION_TIMEOUT_S), CHROMIUM_POOL_SIZE: '1' });
  key = server.newKey();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-html-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

function write(name: string, content: string | Buffer): string {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, content);
  return file;
}

function zipOf(name: string, entries: Array<[string, string | Buffer]>): Promise<string> {
  const file = path.join(scratch, name);
  const zip = new yazl.ZipFile();
  for (const [entry, content] of entries) zip.addBuffer(Buffer.from(content), entry, { compress: true });
  zip.end();
  return new Promise((resolve, reject) => {
    zip.outputStream
      .pipe(fs.createWriteStream(file))
      .on('close', () => resolve(file))
      .on('error', reject);
  });
}

/** Page size in pt from pdfinfo ("Page size: 595.276 x 841.89 pts (A4)"). */
function pageSize(file: string): { width: number; height: number } {
  const match = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))!;
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** pdfinfo's "Tagged:" line: the PDF has a structure tree (MarkInfo /Marked true). */
function isTagged(file: string): boolean {
  return /^Tagged:\s+yes$/m.test(execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
}

/** Renderer processes of the Chromium instances whose profile is under `dataDir` (this test's server only). */
function renderersUnder(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmdline = '';
    try {
      cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (cmdline.includes('--type=renderer') && cmdline.includes(`--user-data-dir=${dataDir}`)) pids.push(Number(entry));
  }
  return pids;
}

async function convert(file: string, fields: Record<string, string> = {}, name?: string): Promise<Response> {
  return server.post('convert', form({ file: await filePart(file, name), to: 'pdf', ...fields }), key);
}

describe('POST /v1/pdf/convert: HTML and Markdown to PDF', () => {
  it('prints an HTML page: its text, A4 by default, page count of its content', async () => {
    const paragraphs = Array.from(
      { length: 120 },
      (_, i) => `<p>Paragraph number ${i + 1} of the quarterly report.</p>`,
    ).join('');
    const res = await convert(
      write(
        'report.html',
        `<!doctype html><html><head><title>R</title><style>h1{color:#036}</style></head><body><h1>Quarterly Report</h1>${paragraphs}</body></html>`,
      ),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('report.pdf');
    expect(res.headers.get('x-blocked-resources')).toBe('0');
    const pdf = await saveBody(res, 'report.pdf');
    const text = textOf(pdf);
    expect(text).toContain('Quarterly Report');
    expect(text).toContain('Paragraph number 120 of the quarterly report.');
    expect(pageCountOf(pdf)).toBeGreaterThan(1);
    // Chromium rounds the sheet to its own device units: within 1.5 pt of 210 × 297 mm.
    const size = pageSize(pdf);
    expect(Math.abs(size.width - 595.28)).toBeLessThan(1.5);
    expect(Math.abs(size.height - 841.89)).toBeLessThan(1.5);
    // Untagged unless asked: tagging costs print time.
    expect(isTagged(pdf)).toBe(false);
  });

  it('paper, landscape, margin and tagged set the page and the structure', async () => {
    const res = await convert(write('wide.html', '<!doctype html><h1>Heading</h1><p>Letter landscape</p>'), {
      paper: 'letter',
      landscape: 'true',
      margin: '0',
      print_background: 'false',
      tagged: 'true',
    });
    expect(res.status).toBe(200);
    const pdf = await saveBody(res, 'wide.pdf');
    const size = pageSize(pdf);
    expect(Math.abs(size.width - 792)).toBeLessThan(1.5);
    expect(Math.abs(size.height - 612)).toBeLessThan(1.5);
    expect(isTagged(pdf)).toBe(true);
    expect(textOf(pdf)).toContain('Letter landscape');
  });

  it('renders Markdown with headings, lists and tables as text', async () => {
    const md =
      '# Release Notes\n\n- first item\n- second item\n\n| Name | Value |\n|---|---|\n| alpha | 42 |\n\nSome `inline code` and **bold** text.\n';
    const res = await convert(write('notes.md', md));
    expect(res.status).toBe(200);
    const text = textOf(await saveBody(res, 'notes.pdf'));
    expect(text).toContain('Release Notes');
    expect(text).toContain('second item');
    expect(text).toMatch(/alpha\s+42/);
    expect(text).not.toContain('# Release');
    expect(text).not.toContain('|---|');
  });

  it('a ZIP site: index.html with its CSS and image; entries that climb out are refused with 400', async () => {
    const png = fs.readFileSync(path.resolve(__dirname, '../corpus/typewriter.png'));
    const site = await zipOf('site.zip', [
      [
        'index.html',
        '<!doctype html><link rel="stylesheet" href="css/site.css"><h1 class="t">Site Title</h1><img src="img/photo.png" width="300">',
      ],
      ['css/site.css', '.t { font-size: 40px; }'],
      ['img/photo.png', png],
    ]);
    const res = await convert(site);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-blocked-resources')).toBe('0');
    const pdf = await saveBody(res, 'site.pdf');
    expect(textOf(pdf)).toContain('Site Title');
    expect(
      execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n').length,
    ).toBeGreaterThanOrEqual(3);

    // yazl refuses to write such a name; Python's zipfile writes it as given.
    const evil = path.join(scratch, 'evil.zip');
    execFileSync('python3', [
      '-c',
      'import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], "w") as z:\n  z.writestr("index.html", "<p>hi</p>")\n  z.writestr("../x", "outside")',
      evil,
    ]);
    const refused = await convert(evil);
    expect(refused.status).toBe(400);
    const problem = await refused.json();
    expect(problem.code).toBe('invalid_request');
    expect(problem.detail).toContain('../x');
    const noIndex = await convert(await zipOf('noindex.zip', [['page.html', '<p>x</p>']]));
    expect(noIndex.status).toBe(422);
  });

  it('reaches no network: a local listener sees 0 connections, X-Blocked-Resources counts the refusals', async () => {
    let connections = 0;
    const listener = http.createServer((req, res) => res.end('x'));
    listener.on('connection', () => connections++);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    try {
      const base = `http://127.0.0.1:${port}`;
      const html = `<!doctype html><html><head><link rel="stylesheet" href="${base}/style.css"><script src="${base}/app.js"></script></head>
        <body><h1>Offline page</h1><img src="${base}/pixel.png"><img src="http://example.com/remote.png">
        <script>fetch('${base}/api').catch(() => {}); try { new WebSocket('ws://127.0.0.1:${port}/ws'); } catch (e) {}
        navigator.sendBeacon && navigator.sendBeacon('${base}/beacon', 'x');</script></body></html>`;
      const res = await convert(write('offline.html', html));
      expect(res.status).toBe(200);
      expect(Number(res.headers.get('x-blocked-resources'))).toBeGreaterThanOrEqual(4);
      expect(textOf(await saveBody(res, 'offline.pdf'))).toContain('Offline page');
      await new Promise((r) => setTimeout(r, 300));
      expect(connections).toBe(0);
    } finally {
      listener.close();
    }
  });

  it('file:// outside the upload leaks nothing: an iframe and fetch of /etc/passwd', async () => {
    const html = `<!doctype html><body><h1>Probe</h1><iframe src="file:///etc/passwd" width="600" height="300"></iframe>
      <pre id="out">none</pre>
      <script>fetch('file:///etc/passwd').then(r => r.text()).then(t => { document.getElementById('out').textContent = t; }).catch(() => {});
      fetch('/../../../../etc/passwd').then(r => r.text()).then(t => { document.getElementById('out').textContent += t; }).catch(() => {});</script></body>`;
    const res = await convert(write('probe.html', html));
    expect(res.status).toBe(200);
    const text = textOf(await saveBody(res, 'probe.pdf'));
    expect(text).toContain('Probe');
    expect(text).not.toMatch(/root:.*:0:0:/);
  });

  it('an endless script is stopped at the deadline with 504, and the browser serves the next request', async () => {
    const pool = chromiumPool(server.services.config);
    const res = await convert(write('loop.html', '<!doctype html><p>spinning</p><script>for (;;) {}</script>'));
    expect(res.status).toBe(504);
    expect((await res.json()).code).toBe('timeout');
    const after = await convert(write('after.html', '<!doctype html><p>Still printing</p>'));
    expect(after.status).toBe(200);
    expect(textOf(await saveBody(after, 'after.pdf'))).toContain('Still printing');
    expect(pool.stats().running).toBeGreaterThanOrEqual(1);
    await eventually(() => server.leftovers().length === 0, 5000);
  });

  it('every request has its own context, also when several run at once: storage of one page is not seen by another', async () => {
    // All uploads share one made-up origin, so only a fresh context per request keeps them apart.
    const page = (n: number) =>
      write(
        `store-${n}.html`,
        `<!doctype html><p id="o"></p><script>document.getElementById('o').textContent = 'seen ' + (localStorage.getItem('k') ?? 'nothing') + ' in ${n}'; localStorage.setItem('k', 'secret-${n}'); document.cookie = 'c=secret-${n}';</script>`,
      );
    const results = await Promise.all([1, 2, 3, 4].map(async (n) => ({ n, res: await convert(page(n)) })));
    const later = await convert(page(5));
    for (const { n, res } of [...results, { n: 5, res: later }]) {
      expect(res.status).toBe(200);
      const text = textOf(await saveBody(res, `store-${n}.pdf`));
      expect(text).toContain(`seen nothing in ${n}`);
      expect(text).not.toContain('secret-');
    }
  });

  it('a ready context whose renderer died while it waited is not handed out: the next request still prints', async () => {
    const first = await convert(write('before-kill.html', '<!doctype html><p>Before the kill</p>'));
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    // The renderers of this server's Chromium (its profile lives under its DATA_DIR): the spare contexts' pages among them.
    const dataDir = server.services.config.DATA_DIR;
    await eventually(() => renderersUnder(dataDir).length > 0, 10_000);
    let killed = 0;
    for (const pid of renderersUnder(dataDir)) {
      try {
        process.kill(pid, 'SIGKILL');
        killed++;
      } catch (error) {
        // A renderer that ended between the listing and the kill (Chromium closes them as contexts go).
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }
    expect(killed).toBeGreaterThan(0);
    const after = await convert(write('after-kill.html', '<!doctype html><p>After the kill</p>'));
    expect(after.status).toBe(200);
    expect(textOf(await saveBody(after, 'after-kill.pdf'))).toContain('After the kill');
  });

  it('page options are refused for other inputs, and HTML needs to=pdf', async () => {
    const docLike = write('plain.txt', 'just text');
    const res = await convert(docLike, { paper: 'a4' });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toContain('paper');
    const tagged = await convert(docLike, { tagged: 'true' });
    expect(tagged.status).toBe(400);
    expect((await tagged.json()).detail).toContain('tagged');
    const bad = await convert(write('x.html', '<!doctype html><p>x</p>'), { paper: 'b5' });
    expect(bad.status).toBe(400);
    const wrongTarget = await server.post(
      'convert',
      form({ file: await filePart(write('y.html', '<!doctype html><p>y</p>')), to: 'docx' }),
      key,
    );
    expect(wrongTarget.status).toBe(415);
  });
});
