// ZIP packages for the DOCX and ODT writers (yazl): parts from memory or
// streamed from files on disk (figure PNGs), in the order given.
import fs from 'node:fs';
import yazl from 'yazl';

/** One part: XML text or bytes, or a file to stream; `compress` defaults to yes. */
export type Part = { name: string; compress?: boolean } & ({ data: string | Buffer } | { file: string });

/** Writes `parts`, in order, as a ZIP at `output`. */
export async function writeZip(parts: Part[], output: string): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const part of parts) {
    const compress = part.compress ?? true;
    if ('file' in part) zip.addFile(part.file, part.name, { compress });
    else zip.addBuffer(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8'), part.name, { compress });
  }
  zip.end();
  await new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(output, { mode: 0o600 });
    zip.outputStream.on('error', reject);
    out.on('error', reject);
    out.on('finish', () => resolve());
    zip.outputStream.pipe(out);
  });
}

/** Text for XML element content and attribute values; characters XML 1.0 cannot carry are dropped. */
export function xmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}
