import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeZipFile } from '../../src/files/zip.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('zip output', () => {
  it('entries read whole ahead of the writer, streamed ones (large or deflated) and empty ones all come out intact (checked by Python zipfile)', async () => {
    const files: Record<string, Buffer> = {
      'empty.pdf': Buffer.alloc(0),
      'large.pdf': crypto.randomBytes(1024 * 1024 + 1), // over the whole-read size: streamed
      'notes.txt': Buffer.from('text is deflated\n'.repeat(5000)),
    };
    // More small stored entries than the 4 MiB read-ahead holds at once.
    for (let i = 1; i <= 10; i++) files[`page-${i}.pdf`] = crypto.randomBytes(900_000 + i);
    const entries = Object.entries(files).map(([name, bytes]) => {
      const file = path.join(dir, `src-${name}`);
      fs.writeFileSync(file, bytes);
      return { path: file, name };
    });
    const zip = path.join(dir, 'out.zip');
    await writeZipFile(entries, zip, 100);
    const listing = JSON.parse(
      execFileSync(
        'python3',
        [
          '-c',
          'import sys, zipfile, json, hashlib; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(json.dumps({i.filename: [i.compress_type, hashlib.sha256(z.read(i)).hexdigest()] for i in z.infolist()}))',
          zip,
        ],
        {
          encoding: 'utf8',
          maxBuffer: 1024 * 1024,
        },
      ),
    );
    expect(Object.keys(listing)).toEqual(Object.keys(files));
    for (const [name, bytes] of Object.entries(files)) {
      expect(listing[name][1], name).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
      expect(listing[name][0], name).toBe(name.endsWith('.txt') ? 8 : 0);
    }
  });
});
