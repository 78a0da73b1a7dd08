// The first bytes of one stream's raw data, read from the file at the
// object's offset (from qpdf --show-xref), for header checks of embedded
// images (jpx-size.ts). Bounded: 64 KiB of dictionary, `bytes` of data.
import fs from 'node:fs/promises';

const MAX_DICT_BYTES = 64 * 1024;

/** The stream dictionary's text and the first `bytes` of its data, or undefined when the object is not a plain stream there. */
export async function readStreamHead(
  file: string,
  offset: number,
  bytes = 4096,
): Promise<{ dict: string; head: Buffer } | undefined> {
  const handle = await fs.open(file, 'r');
  try {
    const buf = Buffer.alloc(MAX_DICT_BYTES);
    const { bytesRead } = await handle.read(buf, 0, buf.length, offset);
    const text = buf.toString('latin1', 0, bytesRead);
    const start = /^\s*\d+\s+\d+\s+obj\b/.exec(text);
    const keyword = text.search(/stream\r?\n/);
    if (!start || keyword < 0) return undefined;
    const dataAt = offset + keyword + (text[keyword + 6] === '\r' ? 8 : 7);
    const head = Buffer.alloc(bytes);
    const read = await handle.read(head, 0, bytes, dataAt);
    return { dict: text.slice(start[0].length, keyword), head: head.subarray(0, read.bytesRead) };
  } finally {
    await handle.close();
  }
}
