// `npm run bench`: runs every benchmark in this folder, one after another (they
// must not compete for the machine), and fails if any missed its target.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const scripts = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.ts') && !['run.ts', 'lib.ts', 'crypto-passes.ts', 'baseline.ts'].includes(f)) // helpers: crypto-passes.ts of jobs.ts, baseline.ts of hostile.ts and damage-sweep.ts
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, script)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
