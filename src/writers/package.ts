// ZIP packages for the DOCX and ODT writers, through the one ZIP writer
// (files/zip.ts): parts from memory are staged as files beside the output
// (the writer streams entries from disk), figures streamed from where they are.
import fs from 'node:fs';
import path from 'node:path';
import type { ZipEntry } from '../core/contract.js';
import { writeZipFile } from '../files/zip.js';

/** One part: XML text or bytes, or a file to stream; `compress` defaults to yes. */
export type Part = { name: string; compress?: boolean } & ({ data: string | Buffer } | { file: string });

/** Writes `parts`, in order, as a ZIP at `output`. */
export async function writeZip(parts: Part[], output: string): Promise<void> {
  const staging = await fs.promises.mkdtemp(path.join(path.dirname(output), '.parts-'));
  try {
    const entries = await Promise.all(
      parts.map(async (part, i): Promise<ZipEntry> => {
        const compress = part.compress ?? true;
        if ('file' in part) return { path: part.file, name: part.name, compress };
        const file = path.join(staging, String(i));
        await fs.promises.writeFile(file, part.data, { mode: 0o600 });
        return { path: file, name: part.name, compress };
      }),
    );
    await writeZipFile(entries, output, entries.length);
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
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
