// Images → PDF and download names under hostile uploads, through HTTP against
// a real server process: a TIFF with more frames than MAX_PAGES is 413
// too_many_pages before img2pdf runs, an animated GIF likewise once its pages
// are counted, a 1×200000 PNG is the client's 422 (not a refunded 500), and
// bidi/invisible formatting characters never reach Content-Disposition.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../helpers/hostile.js';
import { animatedGif, multiFrameTiff, whitePng } from '../helpers/hostile-images.js';
import { expectContained, expectProblem, startHostileServer, type HostileServer } from '../helpers/contained.js';
import { filePart } from '../helpers/server.js';

// startHostileServer sets MAX_PAGES=20.
const MAX_PAGES = 20;
let hostileServer: HostileServer;

beforeAll(async () => {
  hostileServer = await startHostileServer({}, 'pdf-hostile-images-');
}, 120_000);

afterAll(async () => {
  await hostileServer?.close();
});

function pages(pdf: Buffer): number {
  const file = path.join(hostileServer.base, `out-${process.hrtime.bigint()}.pdf`);
  fs.writeFileSync(file, pdf);
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
}

describe("images → PDF holds MAX_PAGES and answers input faults as the client's", () => {
  it('a TIFF of MAX_PAGES frames converts, one page each', async () => {
    const o = await hostileServer.observe('images', {
      files: [await filePart(multiFrameTiff(MAX_PAGES), 'pages.tiff')],
      mode: 'to-pdf',
    });
    expect(o.status).toBe(200);
    expectContained(o);
    expect(pages(o.body)).toBe(MAX_PAGES);
  }, 60_000);

  it('a TIFF of 5,000 frames is 413 too_many_pages', async () => {
    const o = await hostileServer.observe('images', {
      files: [await filePart(multiFrameTiff(5000), 'many.tiff')],
      mode: 'to-pdf',
    });
    expectProblem(o, 413, 'too_many_pages');
  }, 60_000);

  it('frames of several TIFFs add up: two of 15 frames are 413 too_many_pages', async () => {
    const tiff = await filePart(multiFrameTiff(15), 'half.tiff');
    const o = await hostileServer.observe('images', { files: [tiff, tiff], mode: 'to-pdf' });
    expectProblem(o, 413, 'too_many_pages');
  }, 60_000);

  it('an animated GIF of 30 frames is 413 too_many_pages', async () => {
    const o = await hostileServer.observe('images', {
      files: [await filePart(animatedGif(30), 'moving.gif')],
      mode: 'to-pdf',
    });
    expectProblem(o, 413, 'too_many_pages');
  }, 60_000);

  it('a 1×200000 PNG is 422 invalid_document (a page PDF cannot hold), and fits with page_size=a4', async () => {
    const png = await filePart(whitePng(1, 200_000), 'tall.png');
    const o = await hostileServer.observe('images', { files: [png], mode: 'to-pdf' });
    expectProblem(o, 422, 'invalid_document');
    expect(o.problem?.detail).toContain('page_size');
    const fitted = await hostileServer.observe('images', { files: [png], mode: 'to-pdf', page_size: 'a4' });
    expect(fitted.status).toBe(200);
  }, 60_000);

  it('bidi overrides and invisible characters are stripped from the download name', async () => {
    const name = 'invoice\u202Efdp\u2066\u200B\uFEFF.pdf';
    const res = await hostileServer.call('rotate', { file: await filePart(textPdf(1), name), angle: '90' });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/filename\*=UTF-8''invoicefdp-rotated\.pdf$/);
    expect(disposition).not.toMatch(/%E2%80%AE|%E2%81%A6|%E2%80%8B|%EF%BB%BF/i);
  }, 60_000);

  it('still serves', async () => {
    await hostileServer.expectStillServing();
  }, 60_000);
});
