// Damage sweep, lean version (the full sweep with before → after success
// shares is scripts/bench/damage-sweep.ts): damaged variants of real corpus
// files through every PDF operation; no answer may be a 5xx or a 504.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { damagedVariants, SWEEP_OPERATIONS } from '../helpers/damage.js';
import { corpus, eventually, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer({ OPERATION_TIMEOUT: '60' });
  key = server.newKey();
});
afterAll(() => server.close());

// Two files of different make (pdf.js's paper with object streams, a small classic-xref scan) and the
// variants that hit the most code paths; OCR only on the 1-page file (it is the slow one).
const FILES = ['trivial.pdf', 'francais.pdf'];
const VARIANTS = ['truncate-50%', 'flip-xref', 'flip-stream', 'no-startxref', 'duplicate-object', 'dangling-kid'];

describe('damaged real files: never a 5xx', () => {
  for (const name of FILES) {
    const variants = damagedVariants(fs.readFileSync(corpus(name))).filter((v) => VARIANTS.includes(v.name));
    it(`${name}: ${variants.length} variants × ${SWEEP_OPERATIONS.length} operations`, async () => {
      const outcomes: string[] = [];
      for (const variant of variants) {
        for (const op of SWEEP_OPERATIONS) {
          const part = await filePart(variant.data, `${variant.name}.pdf`);
          const res = await server.post(
            op.operation,
            form({ ...op.fields, [op.part]: op.part === 'files' ? [part, part] : part }),
            key,
          );
          const body = await res.text();
          const code = res.status >= 400 ? (JSON.parse(body) as { code: string }).code : '';
          outcomes.push(`${variant.name} ${op.name} ${res.status} ${code}`);
        }
      }
      const failures = outcomes.filter((o) => / (5\d\d) /.test(o));
      expect(failures).toEqual([]);
      // Every answer is a success or a client-side verdict on the file.
      for (const outcome of outcomes)
        expect(outcome).toMatch(/ (200 |422 (invalid_pdf|password_required|invalid_document|resource_limit)|413 \w+)$/);
      await eventually(() => server.leftovers().length === 0);
    }, 900_000);
  }
});
