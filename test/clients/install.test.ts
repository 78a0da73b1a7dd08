// The clients install as their READMEs say, from a clone, into a clean
// directory — and then work: one call each against a real server. The
// TypeScript client ships its compiled dist/ (checked here against a fresh
// build), so installing it needs no compiler.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCountOf } from '../helpers/pdf.js';
import { corpus, ROOT, startTestServer, type TestServer } from '../helpers/server.js';

// The server runs in this process: a client call must not block its event loop (execFile, not execFileSync).
const run = promisify(execFile);
let server: TestServer;
let scratch: string;

beforeAll(async () => {
  server = await startTestServer();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-client-install-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Every file under `dir`, relative, with its text. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = fs.readFileSync(full, 'utf8');
  }
  return out;
}

describe('client installation from the clone', () => {
  it("the TypeScript client's committed dist/ is a fresh build of its src/ (run: npm run build:clients)", () => {
    const out = path.join(scratch, 'ts-build');
    execFileSync(process.execPath, [
      path.join(ROOT, 'node_modules/typescript/bin/tsc'),
      '-p',
      path.join(ROOT, 'clients/typescript/tsconfig.json'),
      '--outDir',
      out,
    ]);
    expect(tree(path.join(ROOT, 'clients/typescript/dist'))).toEqual(tree(out));
  });

  it('TypeScript: `npm install --install-links <repo>/clients/typescript` gives an importable, typed package that merges', async () => {
    const app = path.join(scratch, 'ts-app');
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    execFileSync(
      'npm',
      [
        'install',
        '--install-links',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        path.join(ROOT, 'clients/typescript'),
      ],
      { cwd: app, stdio: 'pipe' },
    );
    // A copy, not a link: nothing resolves back into the repository.
    expect(fs.lstatSync(path.join(app, 'node_modules/@pdf-service/client')).isSymbolicLink()).toBe(false);
    const key = server.newKey();
    const program = `import { PdfClient } from '@pdf-service/client';
const client = new PdfClient({ baseUrl: process.argv[2], apiKey: process.argv[3] });
const merged = await client.merge([process.argv[4], process.argv[4]]);
await merged.save(process.argv[5]);
`;
    // Its types come with it: the app type-checks against the installed package alone (no @types/node here).
    fs.writeFileSync(path.join(app, 'main.ts'), `declare const process: { argv: string[] };\n${program}`);
    fs.writeFileSync(
      path.join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
          lib: ['ES2022', 'DOM'],
        },
        files: ['main.ts'],
      }),
    );
    await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', app], { cwd: app });
    fs.writeFileSync(path.join(app, 'main.mjs'), program);
    const output = path.join(app, 'merged.pdf');
    await run(process.execPath, [path.join(app, 'main.mjs'), server.url, key, corpus('trivial.pdf'), output], {
      cwd: app,
    });
    expect(pageCountOf(output)).toBe(2);
  });

  it('Python: `pip install ./clients/python` into a fresh virtual environment, then a merge', async () => {
    const venv = path.join(scratch, 'venv');
    // Debian's python3 with its packages (httpx comes from python3-httpx: no package index here).
    execFileSync('/usr/bin/python3', ['-m', 'venv', '--system-site-packages', venv]);
    const source = path.join(scratch, 'python-client');
    fs.cpSync(path.join(ROOT, 'clients/python'), source, { recursive: true }); // pip writes build files beside the source
    execFileSync(path.join(venv, 'bin/pip'), ['install', '--quiet', '--no-index', '--no-build-isolation', source], {
      stdio: 'pipe',
    });
    const key = server.newKey();
    const output = path.join(scratch, 'merged-py.pdf');
    const script = `import sys
from pdf_service import PdfClient
client = PdfClient(base_url=sys.argv[1], api_key=sys.argv[2])
client.merge([sys.argv[3], sys.argv[3], sys.argv[3]]).save(sys.argv[4])
`;
    await run(path.join(venv, 'bin/python'), ['-c', script, server.url, key, corpus('trivial.pdf'), output], {
      cwd: scratch,
    });
    expect(pageCountOf(output)).toBe(3);
    // The package imported is the installed copy, not the repository's folder.
    const where = execFileSync(
      path.join(venv, 'bin/python'),
      ['-c', 'import pdf_service; print(pdf_service.__file__)'],
      { cwd: scratch, encoding: 'utf8' },
    );
    expect(where.startsWith(venv)).toBe(true);
  });
});
