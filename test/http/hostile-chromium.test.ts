// Hostile web pages against the real server process: resource URLs that made
// request interception throw (and Node exit), pages that fill memory inside
// and outside V8's heap, a result longer than MAX_PAGES, a DATA_DIR too long
// for Chromium's singleton socket, and the sweep of directories a dead server
// left behind. Each answer is exact, contained, and the server serves on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, startHostileServer, type HostileServer } from '../helpers/contained.js';
import {
  arrayBufferHog,
  heapHog,
  MALFORMED_URLS,
  OVERLONG_URLS,
  pageLoading,
  pagesOf,
} from '../helpers/hostile-chromium.js';
import { pageCountOf, textOf } from '../helpers/pdf.js';
import { eventually, filePart, saveBody } from '../helpers/server.js';
import { processStartTime } from '../../src/tools/chromium-dirs.js';

const MiB = 1024 * 1024;
/** Low for the test (the default is 2 GiB): a hog is stopped after a few hundred MiB. */
const MEMORY_LIMIT = 384 * MiB;

/** Chromium's short temporary directories of the server with `pid` ("/tmp/pdfchr-<pid>.<start>-XXXXXX"). */
function tmpDirsOf(pid: number): string[] {
  return fs.readdirSync('/tmp').filter((name) => name.startsWith(`pdfchr-${pid}.`));
}

/** Non-empty profile bases under DATA_DIR/chromium. */
function profilesUnder(dataDir: string): string[] {
  const dir = path.join(dataDir, 'chromium');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** Pids of the Chromium browser processes (not renderers) whose profile is under `dataDir`. */
function browsersUnder(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      // The spawn helper that starts the browser (and its namespace's init) carry the same arguments after their own.
      const starter = cmdline.split('\0')[0].endsWith('spawn-helper');
      if (!starter && cmdline.includes(`--user-data-dir=${dataDir}`) && !cmdline.includes('--type='))
        pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

const html = async (content: string, name = 'page.html') => filePart(Buffer.from(content), name);

describe('HTML → PDF against hostile pages (real server process)', () => {
  let hostile: HostileServer;
  beforeAll(async () => {
    hostile = await startHostileServer(
      { CHROMIUM_POOL_SIZE: '1', CHROMIUM_MEMORY_LIMIT: String(MEMORY_LIMIT), OPERATION_TIMEOUT: '60' },
      'pdf-hostile-chromium-',
    );
  }, 60_000);
  afterAll(async () => {
    await hostile?.close();
  });

  it('a resource URL with a malformed escape is refused and counted, never thrown: the process lives on', async () => {
    for (const url of MALFORMED_URLS) {
      const o = await hostile.observe('convert', {
        file: await html(pageLoading([url], `Malformed ${url}`)),
        to: 'pdf',
      });
      expect(o.status, `${url}: ${o.body.toString('utf8').slice(0, 300)}`).toBe(200);
      expect(o.rssGrowthMiB).toBeLessThan(64);
      const pdf = path.join(hostile.base, 'malformed.pdf');
      fs.writeFileSync(pdf, o.body);
      expect(textOf(pdf)).toContain('Malformed');
    }
    // All of them in one page: each refusal is counted.
    const res = await hostile.call('convert', {
      file: await html(pageLoading(MALFORMED_URLS, 'All malformed')),
      to: 'pdf',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-blocked-resources')).toBe(String(MALFORMED_URLS.length));
    await res.arrayBuffer();
    expect(hostile.server.child.exitCode).toBeNull();
    await hostile.expectStillServing();
  });

  it('overlong resource paths inside the upload are answered 404 (the file system refuses them): 200, nothing blocked', async () => {
    const o = await hostile.observe('convert', {
      file: await html(pageLoading(OVERLONG_URLS, 'Overlong paths')),
      to: 'pdf',
    });
    expect(o.status).toBe(200);
    expect(o.rssGrowthMiB).toBeLessThan(64);
    const res = await hostile.call('convert', {
      file: await html(pageLoading(OVERLONG_URLS, 'Overlong paths')),
      to: 'pdf',
    });
    expect(res.headers.get('x-blocked-resources')).toBe('0');
    expect(textOf(await saveBody(res, 'overlong.pdf'))).toContain('Overlong paths');
    await hostile.expectStillServing();
  });

  it('a page filling ArrayBuffers past CHROMIUM_MEMORY_LIMIT answers 422 resource_limit; the same browser prints the next page', async () => {
    const warm = await hostile.call('convert', {
      file: await html('<!doctype html><p>Before the hog</p>', 'before.html'),
      to: 'pdf',
    });
    expect(warm.status).toBe(200);
    await warm.arrayBuffer();
    const browsers = browsersUnder(path.join(hostile.base, 'data'));
    expect(browsers).toHaveLength(1);
    // Up to 3 GiB if nothing stopped it; the cap is 384 MiB.
    const o = await hostile.observe('convert', { file: await html(arrayBufferHog(3072), 'buffers.html'), to: 'pdf' });
    expectProblem(o, 422, 'resource_limit');
    expect(o.problem).toMatchObject({ limit: 'CHROMIUM_MEMORY_LIMIT' });
    expect(o.problem?.detail).toContain('384 MiB');
    const after = await hostile.call('convert', {
      file: await html('<!doctype html><p>Printed after the hog</p>', 'after.html'),
      to: 'pdf',
    });
    expect(after.status).toBe(200);
    expect(textOf(await saveBody(after, 'after-hog.pdf'))).toContain('Printed after the hog');
    // Only the page's renderer was killed: the instance was not restarted.
    expect(browsersUnder(path.join(hostile.base, 'data'))).toEqual(browsers);
    await hostile.expectStillServing();
  });

  it('a page growing the JavaScript heap without end answers 422 resource_limit (V8 heap cap or watchdog), and the instance recovers', async () => {
    const o = await hostile.observe('convert', { file: await html(heapHog(), 'heap.html'), to: 'pdf' });
    expectProblem(o, 422, 'resource_limit');
    const after = await hostile.call('convert', {
      file: await html('<!doctype html><p>Printed after the heap</p>', 'after2.html'),
      to: 'pdf',
    });
    expect(after.status).toBe(200);
    expect(textOf(await saveBody(after, 'after-heap.pdf'))).toContain('Printed after the heap');
  });

  it('a result longer than MAX_PAGES (20 here) answers 413 too_many_pages; exactly MAX_PAGES prints', async () => {
    const o = await hostile.observe('convert', { file: await html(pagesOf(5000), 'long.html'), to: 'pdf' });
    expectProblem(o, 413, 'too_many_pages');
    expect(o.problem?.detail).toContain('more than 20 pages');
    const exact = await hostile.call('convert', { file: await html(pagesOf(20), 'twenty.html'), to: 'pdf' });
    expect(exact.status).toBe(200);
    expect(pageCountOf(await saveBody(exact, 'twenty.pdf'))).toBe(20);
    const md = await hostile.call('convert', {
      file: await filePart(
        Buffer.from(
          Array.from({ length: 30 }, (_, i) => `# Part ${i}\n\n<div style="break-after: page"></div>\n`).join('\n'),
        ),
        'long.md',
      ),
      to: 'pdf',
    });
    expect(md.status).toBe(413);
    expect((await md.json()).code).toBe('too_many_pages');
  });

  it('Chromium keeps its temporary files in a short directory under /tmp, and a stop leaves no profile or temporary directory', async () => {
    const pid = hostile.server.pid;
    expect(tmpDirsOf(pid).length).toBeGreaterThan(0);
    const dataDir = path.join(hostile.base, 'data');
    expect(profilesUnder(dataDir).length).toBe(1);
    await hostile.server.stop();
    expect(tmpDirsOf(pid)).toEqual([]);
    expect(profilesUnder(dataDir)).toEqual([]);
  });
});

describe('a 150-character DATA_DIR and TMP_DIR; directories of dead servers are swept at start-up', () => {
  let root: string, dataDir: string, tmpDir: string, deadProfile: string, oldStyleProfile: string, liveProfile: string;
  const deadTmp = path.join('/tmp', 'pdfchr-999999999.12345-AbCdEf');
  const liveTmp = path.join('/tmp', `pdfchr-${process.pid}.${processStartTime(process.pid)}-AbCdEf`);
  let hostile: HostileServer;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-hostile-chromium-long-'));
    const long = (leaf: string) => path.join(root, `${leaf}-`.padEnd(150 - root.length - 1, 'x'));
    dataDir = long('data');
    tmpDir = long('tmp');
    // A dead owner (no such pid), the naming of the previous version (pid only), and a live owner (this test process).
    deadProfile = path.join(dataDir, 'chromium', '999999999.12345-abcdef');
    oldStyleProfile = path.join(dataDir, 'chromium', '999999998-abcdef');
    liveProfile = path.join(dataDir, 'chromium', `${process.pid}.${processStartTime(process.pid)}-abcdef`);
    expect(dataDir.length).toBe(150);
    expect(tmpDir.length).toBe(150);
    fs.mkdirSync(tmpDir, { recursive: true });
    for (const dir of [deadProfile, oldStyleProfile, liveProfile])
      fs.mkdirSync(path.join(dir, 'profile-1', 'Default'), { recursive: true });
    for (const dir of [deadTmp, liveTmp])
      fs.mkdirSync(path.join(dir, '.org.chromium.Chromium.abc'), { recursive: true });
    hostile = await startHostileServer(
      { DATA_DIR: dataDir, TMP_DIR: tmpDir, CHROMIUM_POOL_SIZE: '1' },
      'pdf-hostile-chromium-',
    );
  }, 60_000);
  afterAll(async () => {
    await hostile?.close();
    for (const dir of [root, liveTmp, deadTmp]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('HTML → PDF prints (the singleton socket path no longer depends on DATA_DIR)', async () => {
    const res = await hostile.call('convert', {
      file: await html('<!doctype html><p>Long directories</p>'),
      to: 'pdf',
    });
    expect(res.status, (await res.clone().text()).slice(0, 300)).toBe(200);
    expect(textOf(await saveBody(res, 'long-dirs.pdf'))).toContain('Long directories');
    const md = await hostile.call('convert', {
      file: await filePart(Buffer.from('# Markdown too\n'), 'x.md'),
      to: 'pdf',
    });
    expect(md.status).toBe(200);
    await md.arrayBuffer();
  });

  it("removed the directories of owners that are gone, kept the live owner's", async () => {
    await eventually(
      () => !fs.existsSync(deadProfile) && !fs.existsSync(oldStyleProfile) && !fs.existsSync(deadTmp),
      10_000,
    );
    expect(fs.existsSync(liveProfile)).toBe(true);
    expect(fs.existsSync(liveTmp)).toBe(true);
  });
});
