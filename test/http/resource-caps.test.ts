// Every child runs under TOOL_MEMORY_LIMIT (resident memory of its process tree, watched by the spawn helper) and a CPU-time cap:
// a tool that runs into one is 422 resource_limit naming the limit,
// the server keeps answering, nothing is left behind, and the spawn helper
// reaps every process it started, grandchildren included.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineOperation } from '../../src/routes/definition.js';
import { liveChildren, run } from '../../src/tools/run.js';
import { textOf } from '../helpers/pdf.js';
import { problemOf } from '../helpers/problem.js';
import { corpus, eventually, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

/** Burns CPU until something stops it (a real process, to trip the real cap). */
const spinOperation = defineOperation({
  name: 'test-spin',
  summary: 'test only',
  description: 'test only',
  files: [{ field: 'file', min: 0, max: 1, kinds: ['pdf'], description: 'ignored' }],
  options: z.strictObject({}),
  produces: ['text/plain'],
  timeout: 'OPERATION_TIMEOUT',
  run: async ({ run: ctx }) => {
    const result = await run(ctx, 'md5sum', ['/dev/zero']);
    throw new Error(`md5sum ended with ${result.exitCode}`);
  },
});

/** `sh` with a background grandchild, killed with its group when the client goes away. */
const orphanOperation = defineOperation({
  name: 'test-orphan',
  summary: 'test only',
  description: 'test only',
  files: [{ field: 'file', min: 0, max: 1, kinds: ['pdf'], description: 'ignored' }],
  options: z.strictObject({}),
  produces: ['text/plain'],
  timeout: 'OPERATION_TIMEOUT',
  run: async ({ run: ctx }) => {
    // The grandchild leaves the group (setsid), so the group kill misses it: it becomes an orphan.
    await run(ctx, 'sh', ['-c', 'setsid sleep 1 & sleep 30']);
    throw new Error('not reached');
  },
});

/** One page whose content stream is `mib` MiB of spaces, Flate-compressed to ~1/1000 (qpdf holds it ~3× in memory). */
function contentStreamBomb(mib: number): Buffer {
  const data = zlib.deflateSync(Buffer.alloc(mib * 1024 * 1024, 0x20), { level: 9 });
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let length = parts[0].length;
  const add = (chunk: Buffer) => {
    parts.push(chunk);
    length += chunk.length;
  };
  objects.forEach((body, i) => {
    offsets.push(length);
    add(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`));
  });
  offsets.push(length);
  add(
    Buffer.concat([
      Buffer.from(`4 0 obj\n<</Length ${data.length}/Filter/FlateDecode>>\nstream\n`),
      data,
      Buffer.from('\nendstream\nendobj\n'),
    ]),
  );
  const xref = length;
  add(
    Buffer.from(
      `xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<</Size 5/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** Pids of the spawn helper(s) this process started. */
function helperPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        return (
          stat.includes('(spawn-helper)') && stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === String(process.pid)
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Processes whose parent is `pid` (zombies included). */
function childrenOf(pid: number): string[] {
  const found: string[] = [];
  for (const d of fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (ppid === String(pid)) found.push(`${d} ${stat.slice(stat.indexOf('('), stat.lastIndexOf(')') + 1)} ${state}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

let server: TestServer;
let key: string;
const MEMORY_LIMIT = 256 * 1024 * 1024;

beforeAll(async () => {
  server = await startTestServer(
    { TOOL_MEMORY_LIMIT: String(MEMORY_LIMIT), TOOL_CPU_LIMIT: '2' },
    { operations: [spinOperation, orphanOperation] },
  );
  key = server.newKey();
});
afterAll(() => server.close());

describe('caps on every child process', () => {
  it('a content-stream bomb in watermark is 422 resource_limit naming TOOL_MEMORY_LIMIT; the server stays up and clean', async () => {
    const res = await server.post(
      'watermark',
      form({ file: await filePart(contentStreamBomb(200), 'bomb.pdf'), text: 'DRAFT' }),
      key,
    );
    const problem = await problemOf(res);
    expect(problem.status).toBe(422);
    expect(problem.code).toBe('resource_limit');
    expect(problem.limit).toBe('TOOL_MEMORY_LIMIT');
    expect(problem.detail).toContain('256 MiB');
    expect(problem.detail).not.toContain(server.tmpDir);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await eventually(() => server.leftovers().length === 0 && liveChildren().length === 0);
  });

  it('ordinary documents still work under the same small caps', async () => {
    const res = await server.post(
      'watermark',
      form({ file: await filePart(corpus('trivial.pdf')), text: 'CAPPED' }),
      key,
    );
    expect(res.status).toBe(200);
    expect(textOf(await saveBody(res, 'out.pdf'))).toContain('CAPPED');
  });

  it('a process that outruns the CPU-time cap is 422 resource_limit naming TOOL_CPU_LIMIT', async () => {
    const res = await server.post('test-spin', form({}), key);
    const problem = await problemOf(res);
    expect(problem.status).toBe(422);
    expect(problem.code).toBe('resource_limit');
    expect(problem.limit).toBe('TOOL_CPU_LIMIT');
    expect(problem.detail).toContain('2 s');
    await eventually(() => server.leftovers().length === 0 && liveChildren().length === 0);
  });

  it('the spawn helper reaps its children and the orphans they leave (no zombies)', async () => {
    const controller = new AbortController();
    const pending = fetch(`${server.url}/v1/pdf/test-orphan`, {
      method: 'POST',
      body: form({}),
      headers: { Authorization: `Bearer ${key}` },
      signal: controller.signal,
    }).catch(() => 'aborted');
    await eventually(() => liveChildren().length > 0, 10_000);
    const [helper] = helperPids();
    expect(helper).toBeGreaterThan(0);
    // The setsid'd grandchild has started in its own session: the group kill will not reach it.
    await eventually(() => childrenOf(liveChildren()[0] ?? -1).length >= 2, 10_000);
    const descendants = childrenOf(liveChildren()[0]).map((line) => Number(line.split(' ')[0]));
    controller.abort();
    expect(await pending).toBe('aborted');
    await eventually(() => liveChildren().length === 0, 10_000);
    // Orphaned `sleep 1` is adopted by the helper (a child subreaper) and reaped when it exits.
    await eventually(() => childrenOf(helper).length === 0, 10_000);
    // Gone, not zombies: a zombie keeps its /proc entry until someone reaps it.
    await eventually(() => descendants.every((pid) => !fs.existsSync(`/proc/${pid}`)), 10_000);
    await eventually(() => server.leftovers().length === 0);
  });
});
