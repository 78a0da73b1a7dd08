// Operations that exist only in tests, mounted through the same generic
// handler as the real ones, to provoke 500/503/504 with real child processes.
import { z } from 'zod';
import { defineOperation } from '../../src/routes/definition.js';
import { run } from '../../src/tools/run.js';

/** Runs `sh -c "sleep N & sleep N"`: a child with a grandchild, for timeouts and group kills. */
export const sleepOperation = defineOperation({
  name: 'test-sleep',
  summary: 'test only',
  description: 'test only',
  files: [{ field: 'file', min: 0, max: 1, kinds: ['pdf'], description: 'ignored' }],
  options: z.strictObject({ seconds: z.string().default('30') }),
  produces: ['text/plain'],
  timeout: 'OPERATION_TIMEOUT',
  run: async ({ options, run: ctx }) => {
    await run(ctx, 'sh', ['-c', `sleep ${Number(options.seconds)} & sleep ${Number(options.seconds)}`]);
    throw new Error('not reached in tests');
  },
});

/** Fails with an internal error whose message must never reach the client. */
export const crashOperation = defineOperation({
  name: 'test-crash',
  summary: 'test only',
  description: 'test only',
  files: [{ field: 'file', min: 0, max: 1, kinds: ['pdf'], description: 'ignored' }],
  options: z.strictObject({}),
  produces: ['text/plain'],
  timeout: 'OPERATION_TIMEOUT',
  run: async ({ run: ctx }) => {
    const result = await run(ctx, 'qpdf', ['--no-such-flag', `${ctx.workdir}/internal-secret-path.pdf`]);
    throw new Error(`qpdf said ${result.stderr} in ${ctx.workdir}`);
  },
});
