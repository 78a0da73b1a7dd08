// Office documents that pull an outside file into the conversion (RTF
// INCLUDEPICTURE, linked images, linked sections and sheet data, linked OLE
// objects, INCLUDETEXT): through HTTP against the real LibreOffice pool, the
// PDF holds nothing of the referenced file, and a referenced file that exists
// and one that does not get the same answer (no file-existence oracle). The
// files referenced lie outside every work directory: beside the server's
// DATA_DIR, and inside DATA_DIR where other accounts' uploads live.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as office from '../helpers/hostile-office.js';
import { expectContained, startHostileServer, type HostileServer } from '../helpers/contained.js';
import { filePart } from '../helpers/server.js';

let hostileServer: HostileServer;
/** A process whose working directory holds the marker files: another request's tool, as /proc/<pid>/cwd shows it. */
let neighbour: ChildProcess;
let secrets: { image: string; text: string; dataImage: string; missingImage: string; missingText: string };

beforeAll(async () => {
  hostileServer = await startHostileServer({}, 'pdf-hostile-office-');
  const outside = path.join(hostileServer.base, 'outside');
  const otherTenant = path.join(hostileServer.base, 'data', 'other-tenant');
  fs.mkdirSync(outside, { recursive: true });
  fs.mkdirSync(otherTenant, { recursive: true });
  secrets = {
    image: path.join(outside, 'secret.png'),
    text: path.join(outside, 'secret.txt'),
    dataImage: path.join(otherTenant, 'upload-1.png'),
    missingImage: path.join(outside, 'missing.png'),
    missingText: path.join(outside, 'missing.txt'),
  };
  fs.writeFileSync(secrets.image, office.markerPng());
  fs.writeFileSync(secrets.dataImage, office.markerPng());
  fs.writeFileSync(secrets.text, office.markerText());
  neighbour = spawn('sleep', ['600'], { cwd: outside, stdio: 'ignore' });
}, 120_000);

afterAll(async () => {
  neighbour?.kill();
  await hostileServer?.close();
});

interface Rendered {
  status: number;
  code?: string;
  text: string;
  markerImages: number;
}

/** Converts `doc` to PDF through HTTP (contained: no 5xx, RSS, /healthz, no work directory left) and reads the result back. */
async function convert(doc: Buffer, name: string): Promise<Rendered> {
  const o = await hostileServer.observe('convert', { file: await filePart(doc, name), to: 'pdf' });
  expectContained(o);
  if (o.status !== 200) return { status: o.status, code: o.problem?.code, text: '', markerImages: 0 };
  const file = path.join(hostileServer.base, `out-${process.hrtime.bigint()}.pdf`);
  fs.writeFileSync(file, o.body);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2);
  const { width, height } = office.MARKER_IMAGE_SIZE;
  const markerImages = list.filter((line) => {
    const cols = line.trim().split(/\s+/);
    return Number(cols[3]) === width && Number(cols[4]) === height;
  }).length;
  return { status: o.status, text, markerImages };
}

/** Converts the document made for an existing and for a missing file: nothing of the file in the PDF, the same answer for both. */
async function expectNothingRead(
  make: (target: string) => Buffer,
  name: string,
  existing: string,
  missing: string,
): Promise<Rendered> {
  const present = await convert(make(existing), name);
  const absent = await convert(make(missing), name);
  expect(present.text).not.toContain(office.MARKER_WORD);
  expect(present.markerImages).toBe(0);
  // No oracle: the same status, code and text whether the file exists or not.
  expect({ status: present.status, code: present.code, text: present.text }).toEqual({
    status: absent.status,
    code: absent.code,
    text: absent.text,
  });
  expect(present.status).toBe(200);
  return present;
}

describe('LibreOffice reads nothing outside its own work directory', () => {
  it('the marker image is found when a document embeds it (the check below can see it)', async () => {
    const hex = office.markerPng().toString('hex');
    const rtf = Buffer.from(
      `{\\rtf1\\ansi{\\pict\\pngblip\\picw37\\pich23\\picwgoal555\\pichgoal345 ${hex}}\\par Embedded.\\par}`,
      'latin1',
    );
    const rendered = await convert(rtf, 'embedded.rtf');
    expect(rendered.status).toBe(200);
    expect(rendered.markerImages).toBe(1);
  }, 60_000);

  it('RTF INCLUDEPICTURE with a path, and with a file:// URL', async () => {
    const rendered = await expectNothingRead(
      office.rtfIncludePicture,
      'include.rtf',
      secrets.image,
      secrets.missingImage,
    );
    expect(rendered.text).toContain('Visible text after the field');
    await expectNothingRead(office.rtfIncludePictureUrl, 'include-url.rtf', secrets.image, secrets.missingImage);
  }, 120_000);

  it("RTF INCLUDEPICTURE of another account's upload inside DATA_DIR", async () => {
    await expectNothingRead(office.rtfIncludePicture, 'tenant.rtf', secrets.dataImage, secrets.missingImage);
  }, 120_000);

  it("another process's files through /proc/<pid>/cwd and /proc/<pid>/root (RTF INCLUDEPICTURE, ODP linked image)", async () => {
    const cwd = `/proc/${neighbour.pid}/cwd`;
    await expectNothingRead(office.rtfIncludePicture, 'proc.rtf', `${cwd}/secret.png`, `${cwd}/missing.png`);
    await expectNothingRead(office.odpLinkedImage, 'proc.odp', `${cwd}/secret.png`, `${cwd}/missing.png`);
    await expectNothingRead(
      office.odpLinkedImage,
      'root.odp',
      `/proc/${neighbour.pid}/root${secrets.image}`,
      `/proc/${neighbour.pid}/root${secrets.missingImage}`,
    );
  }, 120_000);

  it('RTF INCLUDETEXT', async () => {
    await expectNothingRead(office.rtfIncludeText, 'include-text.rtf', secrets.text, secrets.missingText);
  }, 120_000);

  it('DOCX linked images (DrawingML r:link and VML), INCLUDEPICTURE and INCLUDETEXT fields', async () => {
    await expectNothingRead(office.docxLinkedImage, 'linked.docx', secrets.image, secrets.missingImage);
    await expectNothingRead(office.docxVmlLinkedImage, 'vml.docx', secrets.image, secrets.missingImage);
    await expectNothingRead(office.docxIncludePicture, 'include-picture.docx', secrets.image, secrets.missingImage);
    await expectNothingRead(office.docxIncludeText, 'include-text.docx', secrets.text, secrets.missingText);
  }, 180_000);

  it('ODT linked image, linked section and linked OLE object', async () => {
    await expectNothingRead(office.odtLinkedImage, 'linked.odt', secrets.image, secrets.missingImage);
    await expectNothingRead(office.odtLinkedSection, 'section.odt', secrets.text, secrets.missingText);
    await expectNothingRead(office.odtLinkedObject, 'object.odt', secrets.text, secrets.missingText);
  }, 180_000);

  it('ODS linked sheet data and image, ODP linked image', async () => {
    await expectNothingRead(
      (image) => office.odsLinked(image === secrets.image ? secrets.text : secrets.missingText, image),
      'linked.ods',
      secrets.image,
      secrets.missingImage,
    );
    await expectNothingRead(office.odpLinkedImage, 'linked.odp', secrets.image, secrets.missingImage);
  }, 180_000);

  it('still serves, and still converts an ordinary document', async () => {
    await hostileServer.expectStillServing();
    const rendered = await convert(Buffer.from('{\\rtf1\\ansi Plain paragraph.\\par}', 'latin1'), 'plain.rtf');
    expect(rendered.status).toBe(200);
    expect(rendered.text).toContain('Plain paragraph.');
  }, 60_000);
});
