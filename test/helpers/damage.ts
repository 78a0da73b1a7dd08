// Damaged variants of a real PDF (the damage sweep): truncations,
// flipped bytes in the cross-reference data and in streams, a deleted
// startxref, a duplicated object, a broken page tree. Deterministic (a seeded
// generator), so a failure names a variant that can be rebuilt.

export interface Variant {
  name: string;
  data: Buffer;
}

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function flip(data: Buffer, from: number, to: number, count: number, seed: number): Buffer {
  const out = Buffer.from(data);
  const rand = prng(seed);
  const span = Math.max(1, to - from);
  for (let i = 0; i < count; i++) out[from + Math.floor(rand() * span)] ^= 0xff;
  return out;
}

function replaceFirst(data: Buffer, search: string, replacement: string): Buffer | undefined {
  const at = data.indexOf(search, 0, 'latin1');
  if (at < 0) return undefined;
  return Buffer.concat([data.subarray(0, at), Buffer.from(replacement, 'latin1'), data.subarray(at + search.length)]);
}

/** Every damaged variant of `data` (those that apply to it). */
export function damagedVariants(data: Buffer): Variant[] {
  const variants: Variant[] = [];
  const add = (name: string, variant: Buffer | undefined) => variant && variants.push({ name, data: variant });
  for (const share of [0.25, 0.5, 0.9])
    add(`truncate-${share * 100}%`, data.subarray(0, Math.floor(data.length * share)));
  add('truncate-tail-64', data.subarray(0, Math.max(0, data.length - 64)));
  const startxref = data.lastIndexOf('startxref', undefined, 'latin1');
  const xrefAt =
    startxref >= 0 ? Number(/startxref\s+(\d+)/.exec(data.toString('latin1', startxref, startxref + 40))?.[1]) : NaN;
  if (Number.isFinite(xrefAt) && xrefAt < data.length)
    add('flip-xref', flip(data, xrefAt, Math.min(data.length, xrefAt + 2048), 12, 1));
  const stream = data.indexOf('stream', 0, 'latin1');
  if (stream >= 0) {
    const end = data.indexOf('endstream', stream, 'latin1');
    if (end > stream + 16) add('flip-stream', flip(data, stream + 8, end, 16, 2));
  }
  add('flip-random', flip(data, 0, data.length, 32, 3));
  add('no-startxref', replaceFirst(data.subarray(0), 'startxref', 'startxrex'));
  // A copy of the first object in the middle of the file: offsets after it are wrong, and the object exists twice.
  const objAt = data.indexOf(' 0 obj', 0, 'latin1');
  const objEnd = objAt >= 0 ? data.indexOf('endobj', objAt, 'latin1') : -1;
  if (objAt >= 0 && objEnd > objAt) {
    const lineStart = data.lastIndexOf('\n', objAt) + 1;
    const copy = data.subarray(lineStart, objEnd + 6);
    const middle = data.indexOf('\n', Math.floor(data.length / 2));
    if (middle > 0)
      add(
        'duplicate-object',
        Buffer.concat([data.subarray(0, middle + 1), copy, Buffer.from('\n'), data.subarray(middle + 1)]),
      );
  }
  add('dangling-kid', replaceFirst(data, '/Kids [', '/Kids [99999 0 R '));
  add('pages-type-broken', replaceFirst(data, '/Type /Pages', '/Type /Pagex'));
  return variants;
}

/** Every PDF operation, as the form fields that run it (password added by the caller for encrypted files). */
export const SWEEP_OPERATIONS: Array<{
  name: string;
  operation: string;
  fields: Record<string, string>;
  part: 'file' | 'files';
}> = [
  { name: 'merge', operation: 'merge', fields: {}, part: 'files' },
  { name: 'split', operation: 'split', fields: { mode: 'every', pages_per_file: '1' }, part: 'file' },
  { name: 'protect', operation: 'protect', fields: { user_password: 'u' }, part: 'file' },
  { name: 'unlock', operation: 'unlock', fields: {}, part: 'file' },
  { name: 'extract-text', operation: 'extract-text', fields: {}, part: 'file' },
  { name: 'watermark', operation: 'watermark', fields: { text: 'DRAFT' }, part: 'file' },
  { name: 'compress-low', operation: 'compress', fields: { level: 'low' }, part: 'file' },
  { name: 'compress-medium', operation: 'compress', fields: { level: 'medium' }, part: 'file' },
  { name: 'convert-png', operation: 'convert', fields: { to: 'png', dpi: '72', pages: '1' }, part: 'file' },
  { name: 'convert-jpeg', operation: 'convert', fields: { to: 'jpeg', dpi: '72', pages: '1' }, part: 'file' },
  { name: 'convert-tiff', operation: 'convert', fields: { to: 'tiff', dpi: '72', pages: '1' }, part: 'file' },
  { name: 'convert-docx', operation: 'convert', fields: { to: 'docx' }, part: 'file' },
  { name: 'convert-txt', operation: 'convert', fields: { to: 'txt' }, part: 'file' },
  { name: 'convert-pdfa', operation: 'convert', fields: { to: 'pdfa' }, part: 'file' },
  { name: 'images', operation: 'images', fields: { mode: 'extract' }, part: 'file' },
  { name: 'ocr', operation: 'ocr', fields: { output: 'txt' }, part: 'file' },
];

/** Passwords of the corpus's encrypted files (corpus README). */
export const CORPUS_PASSWORDS: Record<string, string> = {
  'encrypted-aes256-user-view-owner-master.pdf': 'view',
  'encrypted-rc4-20-pages-user-user.pdf': 'user',
};
