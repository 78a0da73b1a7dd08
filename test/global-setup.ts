// Tests that spawn `bin/pdf-service` run the compiled code: compile it once,
// first, with the spawn helper every server starts its tools through. Type errors are reported by scripts/setup.sh (which fails on them);
// here tsc's output is emitted regardless, so a test run is never blocked.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.json')],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) console.warn(`tsc reported errors (dist/ emitted anyway):\n${result.stdout}`);
  // The spawn helper every tool is started through (src/tools/run.ts).
  const native = spawnSync('bash', [path.join(root, 'scripts/build-native.sh')], { encoding: 'utf8' });
  if (native.status !== 0) throw new Error(`scripts/build-native.sh failed:\n${native.stderr}`);
}
