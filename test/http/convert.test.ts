// convert through HTTP against the real tools. Outputs are checked with
// independent tools (python3 zipfile, qpdf, pdftotext, pdffonts) and by
// parsing image headers here, never with the service's own modules.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, eventually, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { pageCountOf, textOf } from '../helpers/pdf.js';
import { officePool } from '../../src/tools/libreoffice.js';

let server: TestServer;
let key: string;
let scratch: string;
const FIXTURES = path.resolve(__dirname, '../fixtures/convert');
const TRACEMONKEY = corpus('tracemonkey.pdf');

/** A short operation limit so the pathological document below is stopped within the test's time. */
const OPERATION_TIMEOUT_S = 10;

beforeAll(async () => {
  server = await startTestServer({ OPERATION_TIMEOUT: String(OPERATION_TIMEOUT_S), LIBREOFFICE_POOL_SIZE: '2' });
  key = server.newKey();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'convert-test-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

// ---- independent readers -------------------------------------------------

const PY_ZIP = `
import sys, zipfile, json
z = zipfile.ZipFile(sys.argv[1])
if len(sys.argv) == 2:
    print(json.dumps(z.namelist()))
else:
    sys.stdout.write(z.read(sys.argv[2]).decode('utf-8'))
`;
const PY_MAKE_ZIP = `
import sys, zipfile, json
parts = json.load(sys.stdin)
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
    for name, data in parts:
        z.writestr(name, data.encode('latin-1'))
`;

function zipNames(file: string): string[] {
  return JSON.parse(execFileSync('python3', ['-c', PY_ZIP, file], { encoding: 'utf8' }));
}
function zipText(file: string, entry: string): string {
  return execFileSync('python3', ['-c', PY_ZIP, file, entry], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}
function makeZip(file: string, parts: Array<[string, string]>): void {
  execFileSync('python3', ['-c', PY_MAKE_ZIP, file], { input: JSON.stringify(parts) });
}

function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}
function jpegSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  let i = 2;
  while (i < buf.length) {
    const marker = buf[i + 1];
    const length = buf.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  throw new Error('no SOF marker');
}
/** Page count and first page width of a TIFF (walks the IFD chain). */
function tiffInfo(buf: Buffer): { pages: number; width: number } {
  const le = buf.toString('latin1', 0, 2) === 'II';
  expect(['II', 'MM']).toContain(buf.toString('latin1', 0, 2));
  const u16 = (o: number) => (le ? buf.readUInt16LE(o) : buf.readUInt16BE(o));
  const u32 = (o: number) => (le ? buf.readUInt32LE(o) : buf.readUInt32BE(o));
  expect(u16(2)).toBe(42);
  let offset = u32(4);
  let pages = 0;
  let width = 0;
  while (offset !== 0) {
    const count = u16(offset);
    for (let e = 0; e < count; e++) {
      const at = offset + 2 + e * 12;
      if (pages === 0 && u16(at) === 256) width = u16(at + 2) === 3 ? u16(at + 8) : u32(at + 8);
    }
    pages++;
    offset = u32(offset + 2 + count * 12);
  }
  return { pages, width };
}

/** Lower-case words of 3+ letters, hyphenation at line ends undone. */
function words(text: string): string[] {
  return text
    .replace(/-\n\s*/g, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 3);
}
/** Share of the reference's distinct words that appear in `candidate`. */
function recall(reference: string[], candidate: string[]): number {
  const have = new Set(candidate);
  const want = new Set(reference);
  let hit = 0;
  for (const w of want) if (have.has(w)) hit++;
  return hit / want.size;
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/** A DOCX written by hand (no LibreOffice on the test side): `pages` pages separated by page breaks. */
function makeDocx(file: string, pages: string[][], extra: { rels?: string; body?: string } = {}): string {
  const paragraphs = pages
    .map(
      (paras, i) =>
        paras.map((p) => `<w:p><w:r><w:t>${p}</w:t></w:r></w:p>`).join('') +
        (i < pages.length - 1 ? '<w:p><w:r><w:br w:type="page"/></w:r></w:p>' : ''),
    )
    .join('');
  const doc = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>${paragraphs}${extra.body ?? ''}</w:body></w:document>`;
  const parts: Array<[string, string]> = [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', ROOT_RELS],
    ['word/document.xml', doc],
  ];
  if (extra.rels) parts.push(['word/_rels/document.xml.rels', extra.rels]);
  makeZip(file, parts);
  return file;
}

function twoPageDocx(name = 'two-pages.docx'): string {
  return makeDocx(path.join(scratch, name), [
    ['Quarterly report alpha', 'The first page talks about apples and oranges.'],
    ['Second page bravo', 'The second page talks about pears.'],
  ]);
}

async function problem(res: Response): Promise<{ code: string; detail: string; status: number }> {
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  return res.json();
}

// ---- PDF → documents -----------------------------------------------------

describe('POST /v1/pdf/convert: PDF to documents', () => {
  it("to=docx gives flowing paragraphs with tracemonkey's words", async () => {
    const res = await server.post('convert', form({ file: await filePart(TRACEMONKEY, 'paper.pdf'), to: 'docx' }), key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(res.headers.get('content-disposition')).toContain('filename="paper.docx"');
    const file = await saveBody(res, 'paper.docx');
    expect(zipNames(file)).toContain('word/document.xml');
    const xml = zipText(file, 'word/document.xml');
    const paragraphs = xml.match(/<w:p[ >]/g) ?? [];
    const lines = textOf(TRACEMONKEY)
      .split('\n')
      .filter((l) => l.trim()).length;
    // Paragraphs, not a positioned frame per line.
    expect(paragraphs.length).toBeGreaterThan(100);
    expect(paragraphs.length).toBeLessThan(lines / 2);
    expect(xml).not.toMatch(/<w:framePr|<w:txbxContent|<v:textbox/);
    // Valid XML (python's parser), no break inside a text element.
    execFileSync('python3', ['-c', 'import sys,xml.dom.minidom;xml.dom.minidom.parseString(sys.stdin.buffer.read())'], {
      input: xml,
    });
    expect(xml).not.toMatch(/<w:t[ >][^<]*<w:br/);
    const docxText = (xml.match(/<w:t[^>]*>[^<]*/g) ?? []).map((t) => t.replace(/<w:t[^>]*>/, '')).join(' ');
    expect(docxText).toContain('Trace-based Just-in-Time Type Specialization');
    expect(recall(words(textOf(TRACEMONKEY)), words(docxText))).toBeGreaterThanOrEqual(0.95);
    // Two-column reading order: the abstract's first sentence comes before the introduction.
    expect(docxText.indexOf('Dynamic languages such as JavaScript')).toBeLessThan(docxText.indexOf('1. Introduction'));
  });

  it('to=docx and to=odt keep images as PNG/JPEG parts', async () => {
    const pdf = path.join(scratch, 'picture.pdf');
    execFileSync('img2pdf', [corpus('typewriter.png'), '-o', pdf]);
    const docx = await server.post('convert', form({ file: await filePart(pdf), to: 'docx' }), key);
    expect(docx.status).toBe(200);
    const file = await saveBody(docx, 'picture.docx');
    const media = zipNames(file).filter((n) => n.startsWith('word/media/'));
    expect(media.length).toBe(1);
    expect(media[0]).toMatch(/\.(png|jpeg)$/);
    expect(zipText(file, '[Content_Types].xml')).toMatch(/Extension="(png|jpeg)" ContentType="image\/(png|jpeg)"/);
    expect(zipText(file, 'word/document.xml')).toContain('<a:blip r:embed=');
    const image = execFileSync('python3', [
      '-c',
      'import sys,zipfile;sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))',
      file,
      media[0],
    ]);
    if (media[0].endsWith('.png')) expect(pngSize(image).width).toBeGreaterThan(1000);
    else expect(jpegSize(image).width).toBeGreaterThan(1000);

    const odt = await server.post('convert', form({ file: await filePart(pdf), to: 'odt' }), key);
    expect(odt.status).toBe(200);
    const odtFile = await saveBody(odt, 'picture.odt');
    expect(zipNames(odtFile).filter((n) => n.startsWith('Pictures/'))).toHaveLength(1);
    expect(zipText(odtFile, 'content.xml')).toContain('<draw:image xlink:href="Pictures/');
  });

  it('to=odt gives an OpenDocument text with the words as text:p', async () => {
    const res = await server.post('convert', form({ file: await filePart(TRACEMONKEY), to: 'odt' }), key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.oasis.opendocument.text');
    expect(res.headers.get('content-disposition')).toContain('filename="tracemonkey.odt"');
    const file = await saveBody(res, 'x.odt');
    // ODF packaging: "mimetype" is the first entry.
    expect(zipNames(file)[0]).toBe('mimetype');
    expect(zipText(file, 'mimetype')).toBe('application/vnd.oasis.opendocument.text');
    const content = zipText(file, 'content.xml');
    expect((content.match(/<text:p[ >]/g) ?? []).length).toBeGreaterThan(100);
    expect(content).toContain('Trace-based Just-in-Time');
  });

  it('to=txt gives UTF-8 text, one form feed per page', async () => {
    const res = await server.post('convert', form({ file: await filePart(TRACEMONKEY), to: 'txt' }), key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('filename="tracemonkey.txt"');
    const text = await res.text();
    expect(text.split('\f').length - 1).toBe(14);
    expect(text).toContain('Trace-based Just-in-Time Type Specialization');
  });

  it('to=html gives one self-contained file with images inlined', async () => {
    const res = await server.post('convert', form({ file: await filePart(TRACEMONKEY), to: 'html' }), key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('filename="tracemonkey.html"');
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('Trace-based Just-in-Time');
    const sources = [...html.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) expect(src).toMatch(/^data:image\//);
    expect(html).not.toMatch(/<link[^>]+href=|<script[^>]+src=/i);
  });

  it('to=svg: all pages → ZIP of numbered SVGs; one page → the SVG itself', async () => {
    const all = await server.post('convert', form({ file: await filePart(TRACEMONKEY), to: 'svg' }), key);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('application/zip');
    expect(all.headers.get('content-disposition')).toContain('filename="tracemonkey-pages.zip"');
    const zip = await saveBody(all, 'svg.zip');
    const names = zipNames(zip);
    expect(names).toHaveLength(14);
    expect(names[0]).toBe('tracemonkey-01.svg');
    expect(names[13]).toBe('tracemonkey-14.svg');
    expect(zipText(zip, 'tracemonkey-02.svg')).toMatch(/<svg[\s>]/);

    const one = await server.post('convert', form({ file: await filePart(TRACEMONKEY), to: 'svg', pages: '3' }), key);
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toBe('image/svg+xml');
    expect(one.headers.get('content-disposition')).toContain('filename="tracemonkey.svg"');
    expect(await one.text()).toMatch(/<svg[\s>]/);
  });
});

// ---- PDF → images ----------------------------------------------------------

describe('POST /v1/pdf/convert: page images', () => {
  it('to=png: dimensions follow dpi; one page → PNG, several → ZIP', async () => {
    const one = await server.post(
      'convert',
      form({ file: await filePart(TRACEMONKEY), to: 'png', pages: '1', dpi: '72' }),
      key,
    );
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toBe('image/png');
    expect(one.headers.get('content-disposition')).toContain('filename="tracemonkey.png"');
    expect(pngSize(Buffer.from(await one.arrayBuffer()))).toEqual({ width: 612, height: 792 });

    const several = await server.post(
      'convert',
      form({ file: await filePart(TRACEMONKEY), to: 'png', pages: '2-3,14' }),
      key,
    );
    expect(several.status).toBe(200);
    expect(several.headers.get('content-disposition')).toContain('filename="tracemonkey-pages.zip"');
    const zip = await saveBody(several, 'png.zip');
    expect(zipNames(zip)).toEqual(['tracemonkey-1.png', 'tracemonkey-2.png', 'tracemonkey-3.png']);
    // Default 150 dpi: 612 × 792 pt → 1275 × 1650 px.
    const entry = execFileSync('python3', [
      '-c',
      'import sys,zipfile;sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))',
      zip,
      'tracemonkey-1.png',
    ]);
    expect(pngSize(entry)).toEqual({ width: 1275, height: 1650 });
  });

  it('to=jpeg renders at the requested dpi', async () => {
    const res = await server.post(
      'convert',
      form({ file: await filePart(TRACEMONKEY), to: 'jpeg', pages: '2', dpi: '100' }),
      key,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toContain('filename="tracemonkey.jpg"');
    expect(jpegSize(Buffer.from(await res.arrayBuffer()))).toEqual({ width: 850, height: 1100 });
  });

  it('to=tiff gives one multi-page TIFF of the selected pages', async () => {
    const res = await server.post(
      'convert',
      form({ file: await filePart(TRACEMONKEY), to: 'tiff', pages: '1-3', dpi: '72' }),
      key,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/tiff');
    expect(res.headers.get('content-disposition')).toContain('filename="tracemonkey.tiff"');
    expect(tiffInfo(Buffer.from(await res.arrayBuffer()))).toEqual({ pages: 3, width: 612 });
  });

  it('refuses a page that would pass MAX_RENDER_PIXELS (413) and dpi out of range (400)', async () => {
    // multipage.pdf page 2 is 30 × 30 in: 18000² px at 600 dpi.
    const huge = await server.post(
      'convert',
      form({ file: await filePart(corpus('multipage.pdf')), to: 'png', dpi: '600' }),
      key,
    );
    expect(huge.status).toBe(413);
    const body = await problem(huge);
    expect(body.code).toBe('page_too_large');
    expect(body.detail).toContain('100000000');
    for (const dpi of ['35', '601', 'abc']) {
      const res = await server.post('convert', form({ file: await filePart(TRACEMONKEY), to: 'png', dpi }), key);
      expect(res.status).toBe(400);
      expect((await problem(res)).detail).toContain('dpi');
    }
    const range = await server.post(
      'convert',
      form({ file: await filePart(TRACEMONKEY), to: 'png', pages: '15' }),
      key,
    );
    expect(range.status).toBe(400);
  });
});

// ---- PDF/A -----------------------------------------------------------------

describe('POST /v1/pdf/convert: PDF/A', () => {
  function pdfaId(file: string): { part: string; conformance: string } {
    const xmp = execFileSync(
      'python3',
      [
        '-c',
        'import sys,re;d=open(sys.argv[1],"rb").read();m=re.search(rb"<x:xmpmeta.*?</x:xmpmeta>",d,re.S);sys.stdout.write(m.group(0).decode("utf-8","replace") if m else "")',
        file,
      ],
      {
        encoding: 'utf8',
      },
    );
    const part = /pdfaid:part(?:=['"]|>)(\d)/.exec(xmp)?.[1] ?? '';
    const conformance = /pdfaid:conformance(?:=['"]|>)([A-Za-z])/.exec(xmp)?.[1] ?? '';
    return { part, conformance };
  }

  it('writes PDF/A-2b by default and 1b on request, with an ICC output intent and embedded fonts', async () => {
    const res = await server.post('convert', form({ file: await filePart(TRACEMONKEY), to: 'pdfa' }), key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="tracemonkey-pdfa.pdf"');
    const file = await saveBody(res, 'a2.pdf');
    expect(pdfaId(file)).toEqual({ part: '2', conformance: 'B' });
    const intents = execFileSync('qpdf', ['--json=2', '--json-key=qpdf', file], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(intents).toContain('/GTS_PDFA1');
    expect(intents).toContain('/DestOutputProfile');
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((l) => l.trim());
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) expect(line).toMatch(/\s+yes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);
    expect(pageCountOf(file)).toBe(14);

    const one = await server.post(
      'convert',
      form({ file: await filePart(corpus('trivial.pdf')), to: 'pdfa', pdfa: '1b' }),
      key,
    );
    expect(one.status).toBe(200);
    expect(pdfaId(await saveBody(one, 'a1.pdf'))).toEqual({ part: '1', conformance: 'B' });
  });
});

// ---- Office → PDF ------------------------------------------------------------

describe('POST /v1/pdf/convert: Office to PDF (warm LibreOffice)', () => {
  it('converts a 2-page DOCX, and RTF, plain text and ODT, sniffed by content', async () => {
    const res = await server.post(
      'convert',
      form({ file: await filePart(twoPageDocx(), 'report.docx'), to: 'pdf' }),
      key,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('filename="report.pdf"');
    const pdf = await saveBody(res, 'report.pdf');
    expect(pageCountOf(pdf)).toBe(2);
    expect(textOf(pdf, ['-f', '1', '-l', '1'])).toContain('apples and oranges');
    expect(textOf(pdf, ['-f', '2', '-l', '2'])).toContain('Second page bravo');

    const rtf = await server.post(
      'convert',
      form({ file: await filePart(Buffer.from('{\\rtf1\\ansi Hello from RTF land.\\par}'), 'note.bin'), to: 'pdf' }),
      key,
    );
    expect(rtf.status).toBe(200);
    expect(textOf(await saveBody(rtf, 'rtf.pdf'))).toContain('Hello from RTF land.');

    const txt = await server.post(
      'convert',
      form({
        file: await filePart(Buffer.from('Plain text line one.\nZweite Zeile: Grüße aus dem Text.\n'), 'note.txt'),
        to: 'pdf',
      }),
      key,
    );
    expect(txt.status).toBe(200);
    expect(textOf(await saveBody(txt, 'txt.pdf'))).toContain('Zweite Zeile: Grüße aus dem Text.');

    // An ODT made by the service from tracemonkey comes back as a PDF with its words.
    const odt = await server.post('convert', form({ file: await filePart(TRACEMONKEY), to: 'odt' }), key);
    const back = await server.post(
      'convert',
      form({ file: await filePart(await saveBody(odt, 'tm.odt'), 'tm.odt'), to: 'pdf' }),
      key,
    );
    expect(back.status).toBe(200);
    expect(textOf(await saveBody(back, 'tm.pdf'))).toContain('Trace-based');
  });

  it('password-protected Office files: 422 password_required, incorrect_password, or converted with the password', async () => {
    for (const name of ['protected-secret.doc', 'protected-secret.odt']) {
      const part = await filePart(path.join(FIXTURES, name));
      const missing = await server.post('convert', form({ file: part, to: 'pdf' }), key);
      expect(missing.status).toBe(422);
      expect((await problem(missing)).code).toBe('password_required');
      const wrong = await server.post('convert', form({ file: part, to: 'pdf', password: 'nope' }), key);
      expect(wrong.status).toBe(422);
      const body = await problem(wrong);
      expect(body.code).toBe('incorrect_password');
      expect(JSON.stringify(body)).not.toContain('nope');
      const ok = await server.post('convert', form({ file: part, to: 'pdf', password: 'secret' }), key);
      expect(ok.status).toBe(200);
      expect(textOf(await saveBody(ok, 'p.pdf'))).toContain('Protected document body text.');
    }
  });

  it('a corrupt DOCX gives 422 and the pool keeps converting', async () => {
    const corrupt = path.join(scratch, 'corrupt.docx');
    makeZip(corrupt, [
      ['[Content_Types].xml', CONTENT_TYPES],
      ['_rels/.rels', ROOT_RELS],
      ['word/document.xml', '\u00ff\u00fe<w:document garbage \u0001\u0002 not xml at all'.repeat(50)],
    ]);
    const res = await server.post('convert', form({ file: await filePart(corrupt), to: 'pdf' }), key);
    expect(res.status).toBe(422);
    const body = await problem(res);
    expect(body.code).toBe('invalid_document');
    expect(body.detail).not.toContain('/');
    const after = await server.post(
      'convert',
      form({ file: await filePart(twoPageDocx('after.docx')), to: 'pdf' }),
      key,
    );
    expect(after.status).toBe(200);
    expect(pageCountOf(await saveBody(after, 'after.pdf'))).toBe(2);
  });

  it('never fetches remote resources a document links to', async () => {
    let requests = 0;
    const listener = http.createServer((req, res) => {
      requests++;
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    try {
      const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId5" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://127.0.0.1:${port}/remote.png" TargetMode="External"/></Relationships>`;
      const picture = `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="remote.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="rId5"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
      const docx = makeDocx(path.join(scratch, 'remote.docx'), [['A linked picture follows.']], {
        rels,
        body: picture,
      });
      const res = await server.post('convert', form({ file: await filePart(docx), to: 'pdf' }), key);
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(requests).toBe(0);
    } finally {
      listener.close();
    }
  });

  it('a pathological document holds one instance only: three normal conversions beside it finish before it is stopped', async () => {
    // Whether a document is "too slow" depends on the machine, so the limit is derived from this
    // machine in this run: a normal conversion's time sets OPERATION_TIMEOUT, and the
    // slow document is sized from the measured cost per line of text to need five times that.
    const line = `${'All work and no play makes Jack a dull boy. '.repeat(3)}\n`;
    const textFile = (name: string, lines: number) => {
      const file = path.join(scratch, name);
      fs.writeFileSync(file, line.repeat(lines));
      return file;
    };
    const timed = async (file: string) => {
      const part = await filePart(file);
      const started = performance.now();
      const res = await server.post('convert', form({ file: part, to: 'pdf' }), key);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      return performance.now() - started;
    };
    const unit = 2_000;
    const small = await timed(textFile('calibrate-1.txt', unit));
    const large = await timed(textFile('calibrate-4.txt', 4 * unit));
    // Underestimating the cost per line only makes the slow document bigger (safer), never too small.
    const msPerLine = Math.max(large - small, 1) / (3 * unit);
    const normal = await filePart(twoPageDocx('normal.docx'));
    const normalMs = Math.max(
      ...(await Promise.all([0, 1, 2].map(async () => timed(path.join(scratch, 'normal.docx'))))),
    );
    // Three normal conversions in a row on one instance fit four times into the limit.
    const limitS = Math.max(2, Math.ceil((4 * 3 * normalMs) / 1000));
    const lines = Math.min(Math.ceil((5 * limitS * 1000) / msPerLine), 600_000);
    console.log(
      `pathological: normal ${Math.round(normalMs)} ms, ${(msPerLine * 1000).toFixed(1)} µs/line → limit ${limitS} s, ${lines} lines`,
    );
    const tight = await startTestServer({
      OPERATION_TIMEOUT: String(limitS),
      LIBREOFFICE_POOL_SIZE: '2',
      MAX_FILE_SIZE: String(100 * 1024 * 1024),
    });
    try {
      const tightKey = tight.newKey();
      const pool = officePool(tight.services.config);
      // Both instances warm before the race starts, so start-up time is not part of it.
      await Promise.all(
        [0, 1].map(async () =>
          expect((await tight.post('convert', form({ file: normal, to: 'pdf' }), tightKey)).status).toBe(200),
        ),
      );
      const startedBefore = pool.stats().started;
      const big = await filePart(textFile('huge.txt', lines));
      let slowAnsweredAt = 0;
      const slow = tight.post('convert', form({ file: big, to: 'pdf' }), tightKey).then((res) => {
        slowAnsweredAt = performance.now();
        return res;
      });
      await eventually(() => pool.stats().busy >= 1, 60_000);
      const quickDoneAt: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await tight.post('convert', form({ file: normal, to: 'pdf' }), tightKey);
        expect(res.status).toBe(200);
        expect(pageCountOf(await saveBody(res, 'n.pdf'))).toBe(2);
        quickDoneAt.push(performance.now());
      }
      const res = await slow;
      expect(res.status, `a ${lines}-line text converted within ${limitS} s`).toBe(504);
      expect((await problem(res)).code).toBe('timeout');
      // The normal conversions did not wait behind the slow one: all were done before it was stopped.
      for (const at of quickDoneAt) expect(at).toBeLessThan(slowAnsweredAt);
      // The killed instance is replaced: conversions keep working, on a newly started instance.
      const after = await tight.post('convert', form({ file: normal, to: 'pdf' }), tightKey);
      expect(after.status).toBe(200);
      await eventually(() => pool.stats().started > startedBefore, 10_000);
    } finally {
      await tight.close();
    }
  }, 240_000);
});

describe('LibreOffice pool lifecycle', () => {
  it('restarts an instance after LIBREOFFICE_RESTART_AFTER conversions and stops every instance on close', async () => {
    const small = await startTestServer({ LIBREOFFICE_POOL_SIZE: '1', LIBREOFFICE_RESTART_AFTER: '2' });
    const smallKey = small.newKey();
    const part = await filePart(twoPageDocx('cycle.docx'));
    const pool = officePool(small.services.config);
    const profiles = pool.profilesDir;
    try {
      for (let i = 0; i < 3; i++) {
        const res = await small.post('convert', form({ file: part, to: 'pdf' }), smallKey);
        expect(res.status).toBe(200);
      }
      // One start for the first conversion, one after the second conversion's restart.
      expect(pool.stats().started).toBeGreaterThanOrEqual(2);
      expect(pool.stats().conversions).toBe(3);
      expect(fs.existsSync(profiles)).toBe(true);
    } finally {
      await small.close();
    }
    expect(fs.existsSync(profiles)).toBe(false);
    const left = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.includes(profiles));
    expect(left).toEqual([]);
  });
});

// ---- bad input ----------------------------------------------------------------

describe('POST /v1/pdf/convert: bad input', () => {
  it('to missing or unknown → 400 listing the targets', async () => {
    for (const fields of [{}, { to: 'gif' }]) {
      const res = await server.post('convert', form({ file: await filePart(corpus('trivial.pdf')), ...fields }), key);
      expect(res.status).toBe(400);
      const body = await problem(res);
      expect(body.code).toBe('invalid_request');
      for (const target of ['docx', 'odt', 'txt', 'html', 'png', 'jpeg', 'tiff', 'svg', 'pdfa', 'pdf'])
        expect(body.detail).toContain(target);
    }
  });

  it('options that do not apply to the target → 400 naming the field', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ to: 'docx', dpi: '100' }, 'dpi'],
      [{ to: 'txt', pages: '1' }, 'pages'],
      [{ to: 'png', pdfa: '1b' }, 'pdfa'],
      [{ to: 'pdfa', pdfa: '4u' }, 'pdfa'],
    ];
    for (const [fields, field] of cases) {
      const res = await server.post('convert', form({ file: await filePart(corpus('trivial.pdf')), ...fields }), key);
      expect(res.status).toBe(400);
      const body = await problem(res);
      expect(body.detail).toContain(field);
    }
  });

  it('PDF with to=pdf, Office with a PDF target, and HTML with a PDF target → 415', async () => {
    const pdfToPdf = await server.post(
      'convert',
      form({ file: await filePart(corpus('trivial.pdf')), to: 'pdf' }),
      key,
    );
    expect(pdfToPdf.status).toBe(415);
    expect((await problem(pdfToPdf)).detail).toContain('already a PDF');
    const docxToDocx = await server.post(
      'convert',
      form({ file: await filePart(twoPageDocx('x.docx')), to: 'docx' }),
      key,
    );
    expect(docxToDocx.status).toBe(415);
    expect((await problem(docxToDocx)).detail).toContain('to=pdf');
    // HTML (sniffed from its bytes, whatever its name) converts with to=pdf only (Chromium; convert-html.test.ts).
    const html = await server.post(
      'convert',
      form({
        file: await filePart(Buffer.from('<!DOCTYPE html><html><body>x</body></html>'), 'page.docx'),
        to: 'docx',
      }),
      key,
    );
    expect(html.status).toBe(415);
    expect((await problem(html)).code).toBe('unsupported_media_type');
  });

  it('encrypted PDF input: converted with its password, 422 without', async () => {
    const enc = await filePart(corpus('encrypted-rc4-20-pages-user-user.pdf'));
    const ok = await server.post('convert', form({ file: enc, to: 'txt', password: 'user' }), key);
    expect(ok.status).toBe(200);
    expect((await ok.text()).split('\f').length - 1).toBe(20);
    const missing = await server.post('convert', form({ file: enc, to: 'png', pages: '1', dpi: '36' }), key);
    expect(missing.status).toBe(422);
    expect((await problem(missing)).code).toBe('password_required');
    const invalid = await server.post(
      'convert',
      form({ file: await filePart(corpus('invalid.pdf')), to: 'docx' }),
      key,
    );
    expect(invalid.status).toBe(422);
    expect((await problem(invalid)).code).toBe('invalid_pdf');
  });

  it('leaves no temp files behind', async () => {
    await eventually(() => server.leftovers().length === 0);
  });
});
