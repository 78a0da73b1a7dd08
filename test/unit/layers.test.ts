// The layer rules (.dependency-cruiser.cjs, docs/architecture.md "Layers"):
// src/ keeps them, and each kind of break is caught — an up-import, an
// operation importing http/, a process started outside tools/run.ts, a cycle —
// shown on a small tree written for the test.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server.js';

const run = promisify(execFile);
const CRUISER = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const RULES = path.join(ROOT, '.dependency-cruiser.cjs');

/** Runs the cruiser with the repository's rules on `dir`'s src/; the exit code and the report. */
async function cruise(dir: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, [CRUISER, 'src', '--config', RULES, '--output-type', 'err'], {
      cwd: dir,
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A tree with `files` (path → source) under src/, compiled by the same TypeScript settings. */
function tree(name: string, files: Record<string, string>): string {
  const dir = path.join(scratch, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'src', file)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'src', file), text);
  }
  fs.copyFileSync(path.join(ROOT, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
  return dir;
}

describe('layer rules', () => {
  it('src/ keeps every rule', async () => {
    const result = await cruise(ROOT);
    expect(result.out).toContain('no dependency violations');
    expect(result.code).toBe(0);
  }, 120_000);

  it('a tree that keeps them passes (the check is not always failing)', async () => {
    const dir = tree('clean', {
      'core/names.ts': 'export const stem = (s: string) => s;\n',
      'operations/merge.ts': "import { stem } from '../core/names.js';\nexport const merge = () => stem('a');\n",
      'http/send.ts': "import { stem } from '../core/names.js';\nexport const send = stem;\n",
    });
    const result = await cruise(dir);
    expect(result.code).toBe(0);
  }, 60_000);

  it.each([
    [
      'an up-import (core → operations)',
      'core-imports-down-only',
      {
        'core/names.ts': "import { merge } from '../operations/merge.js';\nexport const stem = merge;\n",
        'operations/merge.ts': 'export const merge = 1;\n',
      },
    ],
    [
      'an up-import of a type only (files → operations)',
      'formats-imports-down-only',
      {
        'files/zip.ts': "import type { Output } from '../operations/merge.js';\nexport type Z = Output;\n",
        'operations/merge.ts': 'export type Output = string;\n',
      },
    ],
    [
      'an operation importing http/',
      'operations-never-import-http',
      {
        'operations/split.ts': "import { name } from '../http/filename.js';\nexport const split = name;\n",
        'http/filename.ts': 'export const name = 1;\n',
      },
    ],
    [
      'a process started outside tools/run.ts',
      'only-run-starts-processes',
      { 'tools/qpdf.ts': "import { spawn } from 'node:child_process';\nexport const qpdf = spawn;\n" },
    ],
    [
      'a cycle',
      'no-cycles',
      {
        'files/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
        'files/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
      },
    ],
    [
      'a module outside every layer',
      'every-module-in-a-layer',
      {
        'stray/x.ts': "import { stem } from '../core/names.js';\nexport const x = stem;\n",
        'core/names.ts': 'export const stem = 1;\n',
      },
    ],
  ])(
    '%s fails the check, naming the rule',
    async (_what, rule, files) => {
      const result = await cruise(tree(rule, files as Record<string, string>));
      expect(result.code).not.toBe(0);
      expect(result.out).toContain(`error ${rule}:`);
    },
    60_000,
  );
});
