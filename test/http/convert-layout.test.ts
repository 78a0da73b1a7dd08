// PDF → DOCX/ODT layout fidelity through HTTP: columns as sections,
// figures as pictures, ruled tables as real tables, no text boxes or frames.
// Packages are read with `unzip -p` and python's XML parser; PDFs with pdfinfo
// and pdftotext; the ground-truth documents are ODTs written by the test
// helper and printed to PDF by the service's own LibreOffice (to=pdf).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_HEADER,
  REPORT_LINK,
  TRUTH_TABLE,
  TRUTH_TEXT_TABLE,
  numberedListDocument,
  reportDocument,
  tableDocument,
  twoColumnDocument,
} from '../helpers/layout-docs.js';
import { pageCountOf, textOf } from '../helpers/pdf.js';
import { wordRecall } from '../helpers/recall.js';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let key: string;
let scratch: string;
const TRACEMONKEY = corpus('tracemonkey.pdf');

beforeAll(async () => {
  server = await startTestServer({ LIBREOFFICE_POOL_SIZE: '1' });
  key = server.newKey();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'convert-layout-test-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

function entry(file: string, name: string): string {
  return execFileSync('unzip', ['-p', file, name], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}
function names(file: string): string[] {
  return execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
}
function wellFormed(xml: string): void {
  execFileSync('python3', ['-c', 'import sys,xml.dom.minidom;xml.dom.minidom.parseString(sys.stdin.buffer.read())'], {
    input: xml,
    maxBuffer: 64 * 1024 * 1024,
  });
}
async function convert(file: string, to: string, name: string): Promise<string> {
  const res = await server.post('convert', form({ file: await filePart(file), to }), key);
  expect(res.status).toBe(200);
  return saveBody(res, name);
}
const docxText = (xml: string) => (xml.match(/<w:t[ >][^<]*/g) ?? []).map((t) => t.replace(/<w:t[^>]*>/, '')).join(' ');
const odtText = (xml: string) =>
  xml
    .replace(/<text:(tab|s)[^>]*\/>/g, ' ')
    .replace(/<\/text:(p|h)>/g, ' ')
    .replace(/<[^>]+>/g, '');

/** document.xml parsed by python's XML parser (independent of the writer): tables as rows of cell texts, hyperlink targets, body text. */
function parsedDocx(file: string): { tables: string[][][]; links: string[]; body: string } {
  const script = `
import json, sys, zipfile, xml.etree.ElementTree as ET
W = '{http://schemas.openxmlformats.org/wordprocessingml/2006/main}'
R = '{http://schemas.openxmlformats.org/officeDocument/2006/relationships}'
z = zipfile.ZipFile(sys.argv[1])
doc = ET.fromstring(z.read('word/document.xml'))
rels = {r.get('Id'): r.get('Target') for r in ET.fromstring(z.read('word/_rels/document.xml.rels'))}
text = lambda e: ''.join(t.text or '' for t in e.iter(W + 't'))
tables = [[[text(c).strip() for c in row.findall(W + 'tc')] for row in tbl.findall(W + 'tr')] for tbl in doc.iter(W + 'tbl')]
links = [rels.get(h.get(R + 'id')) for h in doc.iter(W + 'hyperlink')]
print(json.dumps({'tables': tables, 'links': links, 'body': ' '.join(text(p) for p in doc.iter(W + 'p'))}))
`;
  return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
}

/** The cells of the first table: per row, [text, column span, vertically merged] (w:tbl, unzipped). */
function docxTable(xml: string): Array<Array<{ text: string; span: number; merged: boolean }>> {
  const table = /<w:tbl>[\s\S]*?<\/w:tbl>/.exec(xml)?.[0] ?? '';
  return (table.match(/<w:tr>[\s\S]*?<\/w:tr>/g) ?? []).map((row) =>
    (row.match(/<w:tc>[\s\S]*?<\/w:tc>/g) ?? []).map((cell) => ({
      text: (cell.match(/<w:t[ >][^<]*/g) ?? [])
        .map((t) => t.replace(/<w:t[^>]*>/, ''))
        .join('')
        .trim(),
      span: Number(/<w:gridSpan w:val="(\d+)"/.exec(cell)?.[1] ?? 1),
      merged: cell.includes('<w:vMerge/>'),
    })),
  );
}

describe('tracemonkey.pdf (two columns, vector figures)', () => {
  it('to=docx: two-column sections, figures as pictures, no text boxes, words in reading order; LibreOffice prints it on about as many pages', async () => {
    const file = await convert(TRACEMONKEY, 'docx', 'tm.docx');
    const xml = entry(file, 'word/document.xml');
    wellFormed(xml);
    expect(xml).toMatch(/<w:cols w:num="2"/);
    expect((xml.match(/<w:type w:val="nextPage"\/>/g) ?? []).length).toBe(14);
    expect(xml).not.toMatch(/<w:txbxContent|<w:framePr|<v:textbox|<wps:txbx/);
    // The nine drawn figures (2, 5–12) are pictures, one each, not hundreds of fragments.
    const pictures = (xml.match(/<pic:pic>/g) ?? []).length;
    expect(pictures).toBeGreaterThanOrEqual(9);
    expect(pictures).toBeLessThanOrEqual(14);
    const media = names(file).filter((n) => n.startsWith('word/media/'));
    expect(media.length).toBe(pictures);
    const text = docxText(xml);
    expect(wordRecall(textOf(TRACEMONKEY), text)).toBeGreaterThanOrEqual(0.95);
    expect(text.indexOf('Dynamic languages such as JavaScript')).toBeLessThan(text.indexOf('1. Introduction'));
    // Labels inside the state-machine figure belong to its picture, not to the body.
    expect(text).not.toMatch(/Symbol Key/);
    // Figure 13, set out by aligned text across both columns, is one table of 27 rows × 10 columns, read row by row.
    const figure13 = parsedDocx(file).tables.find((t) => t[0]?.includes('Trees/Loop'));
    expect(figure13).toHaveLength(27);
    expect(figure13?.[1]).toEqual(['3d-cube', '25', '27', '29', '3', '0', '1.1', '1.1', '1.2', '2.20x']);
    // Words hyphenated across a column break are whole again ("selec-" | "tive inlining").
    expect(text).toContain('selective inlining');

    const pdf = await convert(file, 'pdf', 'tm-roundtrip.pdf');
    const pages = pageCountOf(pdf);
    expect(pages).toBeGreaterThanOrEqual(12);
    expect(pages).toBeLessThanOrEqual(16); // 14 ± 20 %
  });

  it('to=odt: the same structure in content.xml', async () => {
    const file = await convert(TRACEMONKEY, 'odt', 'tm.odt');
    expect(names(file)[0]).toBe('mimetype');
    const content = entry(file, 'content.xml');
    wellFormed(content);
    wellFormed(entry(file, 'styles.xml'));
    expect(content).toContain('fo:column-count="2"');
    expect(content).toMatch(/<text:section /);
    expect(content).not.toMatch(/<draw:text-box/);
    const images = (content.match(/<draw:image /g) ?? []).length;
    expect(images).toBeGreaterThanOrEqual(9);
    expect(names(file).filter((n) => n.startsWith('Pictures/')).length).toBe(images);
    expect(wordRecall(textOf(TRACEMONKEY), odtText(content))).toBeGreaterThanOrEqual(0.95);
    const pdf = await convert(file, 'pdf', 'tm-odt-roundtrip.pdf');
    expect(pageCountOf(pdf)).toBeGreaterThanOrEqual(12);
    expect(pageCountOf(pdf)).toBeLessThanOrEqual(16);
  });
});

describe('raster images', () => {
  it('a JPEG photo stays the same JPEG (its own bytes, its size on the page) in docx and odt', async () => {
    const source = corpus('multipage.pdf'); // page 1: one 800×981 JPEG drawn at 384 × 470.88 pt
    const dir = fs.mkdtempSync(path.join(scratch, 'jpeg-'));
    execFileSync('pdfimages', ['-j', '-f', '1', '-l', '1', source, path.join(dir, 'img')]);
    const original = fs.readFileSync(path.join(dir, 'img-000.jpg'));
    const docx = await convert(source, 'docx', 'photo.docx');
    const media = names(docx).filter((n) => n.startsWith('word/media/'));
    expect(media[0]).toMatch(/\.jpeg$/);
    expect(execFileSync('unzip', ['-p', docx, media[0]], { maxBuffer: 64 * 1024 * 1024 }).equals(original)).toBe(true);
    expect(entry(docx, '[[]Content_Types].xml')).toContain('image/jpeg'); // [[] : unzip reads names as patterns
    const xml = entry(docx, 'word/document.xml');
    // Drawn 384 × 470.88 pt over the whole page: the picture keeps that shape, as wide as the page's margins allow.
    const [, cx, cy] = /<wp:extent cx="(\d+)" cy="(\d+)"\/>/.exec(xml)!.map(Number);
    expect(cx / cy).toBeCloseTo(384 / 470.88, 2);
    expect(cx / 12700).toBeGreaterThan(320);
    expect(cx / 12700).toBeLessThanOrEqual(384);
    const odt = await convert(source, 'odt', 'photo.odt');
    const pictures = names(odt).filter((n) => n.startsWith('Pictures/'));
    expect(pictures[0]).toMatch(/\.jpeg$/);
    expect(execFileSync('unzip', ['-p', odt, pictures[0]], { maxBuffer: 64 * 1024 * 1024 }).equals(original)).toBe(
      true,
    );
  });
});

describe('generated documents printed by LibreOffice', () => {
  it('a ruled table with merged cells comes back as a real table with the same cells (docx and odt)', async () => {
    const pdf = await convert(await tableDocument(path.join(scratch, 'table.odt')), 'pdf', 'table.pdf');
    const docx = await convert(pdf, 'docx', 'table.docx');
    const rows = docxTable(entry(docx, 'word/document.xml'));
    expect(rows).toHaveLength(TRUTH_TABLE.rows);
    for (const cell of TRUTH_TABLE.cells) {
      let column = 0;
      const found = rows[cell.row].find((c) => {
        const at = column;
        column += c.span;
        return at === cell.column;
      });
      expect(found?.text).toBe(cell.text);
      expect(found?.span).toBe(cell.colSpan);
    }
    // The cell under "Southern valleys" continues its vertical merge.
    expect(rows[3][0]).toEqual({ text: '', span: 1, merged: true });
    // The three bulleted items are list paragraphs (numbering.xml draws the bullet), not "•" typed as text.
    const xml = entry(docx, 'word/document.xml');
    expect((xml.match(/<w:numPr>/g) ?? []).length).toBe(3);
    expect(docxText(xml)).not.toContain('•');
    expect(entry(docx, 'word/numbering.xml')).toMatch(/<w:numFmt w:val="bullet"\/><w:lvlText w:val="•"\/>/);
    const printed = textOf(await convert(docx, 'pdf', 'table-roundtrip.pdf'));
    // LibreOffice draws the three bullets when it prints the DOCX.
    expect(printed.match(/•/g) ?? []).toHaveLength(3);

    const odt = await convert(pdf, 'odt', 'table.odt');
    const content = entry(odt, 'content.xml');
    expect(content).toContain('table:number-columns-spanned="3"');
    expect(content).toContain('table:number-rows-spanned="2"');
    expect((content.match(/<table:table-row /g) ?? []).length).toBe(TRUTH_TABLE.rows);
    expect(odtText(content)).toContain('Totals are preliminary and exclude returns');
    expect((content.match(/<text:list-item>/g) ?? []).length).toBe(3);
    expect(content).toMatch(/<text:list-level-style-bullet text:level="1" text:bullet-char="•">/);
  });

  it('a table set out by tab stops (no rules) becomes a real table; running header, page-number footer and hyperlink land in their places', async () => {
    const pdf = await convert(await reportDocument(path.join(scratch, 'report.odt')), 'pdf', 'report.pdf');
    expect(pageCountOf(pdf)).toBe(3);
    const docx = await convert(pdf, 'docx', 'report.docx');
    const parsed = parsedDocx(docx);
    const expected = Array.from({ length: TRUTH_TEXT_TABLE.rows }, (_, r) =>
      TRUTH_TEXT_TABLE.cells.filter((c) => c.row === r).map((c) => c.text),
    );
    expect(parsed.tables).toEqual([expected]);
    expect(parsed.links).toEqual([REPORT_LINK]);
    // Header and footer are the document's, not body text on every page.
    expect(parsed.body).not.toContain(REPORT_HEADER);
    expect(parsed.body).not.toMatch(/Page \d/);
    expect(entry(docx, 'word/header1.xml')).toContain(REPORT_HEADER);
    const footer = entry(docx, 'word/footer1.xml');
    wellFormed(footer);
    expect(footer).toMatch(/PAGE/);

    // LibreOffice prints it back: three pages, each with its header and its own page number, the link live.
    const back = await convert(docx, 'pdf', 'report-roundtrip.pdf');
    expect(pageCountOf(back)).toBe(3);
    for (let page = 1; page <= 3; page++) {
      const text = textOf(back, ['-f', String(page), '-l', String(page)]);
      expect(text).toContain(REPORT_HEADER);
      expect(text).toMatch(new RegExp(`Page ${page}\\b`));
    }
    expect(execFileSync('qpdf', ['--json', back], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).toContain(
      `"/URI": "u:${REPORT_LINK}"`,
    );
    // The table's rows read row by row in the round trip.
    const layout = textOf(back, ['-layout', '-f', '1', '-l', '1']);
    expect(layout).toMatch(/Canyon weir\s+7\s+6\.75\s+silted/);
  });

  it('a numbered list comes back as one numbered list (1., 2., …), the numbers drawn by the list, not typed', async () => {
    const pdf = await convert(await numberedListDocument(path.join(scratch, 'steps.odt'), 4), 'pdf', 'steps.pdf');
    const docx = await convert(pdf, 'docx', 'steps.docx');
    const xml = entry(docx, 'word/document.xml');
    const ids = [...xml.matchAll(/<w:numId w:val="(\d+)"\/>/g)].map((m) => m[1]);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(1);
    const numbering = entry(docx, 'word/numbering.xml');
    wellFormed(numbering);
    expect(numbering).toMatch(/<w:start w:val="1"\/><w:numFmt w:val="decimal"\/><w:lvlText w:val="%1."\/>/);
    expect(parsedDocx(docx).body).not.toMatch(/(^|\s)[1-4]\.\s/);
    const printed = textOf(await convert(docx, 'pdf', 'steps-roundtrip.pdf'));
    for (const n of [1, 2, 3, 4]) expect(printed).toMatch(new RegExp(`(^|\\s)${n}\\.\\s`));
    const odt = entry(await convert(pdf, 'odt', 'steps.odt'), 'content.xml');
    expect(odt.match(/<text:list-item text:start-value="\d"/g)).toEqual(
      [1, 2, 3, 4].map((n) => `<text:list-item text:start-value="${n}"`),
    );
  });

  it('two columns stay two columns, the title stays full width, image and chart are pictures', async () => {
    const source = await twoColumnDocument(path.join(scratch, 'twocol.odt'), fs.readFileSync(corpus('typewriter.png')));
    const pdf = await convert(source, 'pdf', 'twocol.pdf');
    const docx = await convert(pdf, 'docx', 'twocol.docx');
    const xml = entry(docx, 'word/document.xml');
    expect(xml).toMatch(/<w:cols w:space="720"\/>[\s\S]*<w:cols w:num="2"/);
    expect((xml.match(/<pic:pic>/g) ?? []).length).toBe(2);
    expect(wordRecall(textOf(pdf), docxText(xml))).toBeGreaterThanOrEqual(0.99);
    const back = await convert(docx, 'pdf', 'twocol-roundtrip.pdf');
    expect(pageCountOf(back)).toBe(pageCountOf(pdf));
    // The second page's text still sits in two columns: pdftotext -layout shows two blocks side by side.
    const layout = textOf(back, ['-layout', '-f', '2', '-l', '2']);
    expect(layout.split('\n').filter((l) => /\S\s{4,}\S/.test(l)).length).toBeGreaterThan(5);
  });
});
