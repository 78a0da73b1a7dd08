// The PHP client installs as its README says, from a clone into a clean directory, both ways:
// a Composer path repository (Debian's composer, no network, plugins off, its home in scratch)
// and the fallback autoload.php for applications without Composer — then works: a merge
// against a real server, its output checked with qpdf.
import { execFile } from 'node:child_process';
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
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-client-php-install-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** The README's fenced block of `language` that contains `marker`, with the clone's path filled in. */
function readmeBlock(language: string, marker: string): string {
  const readme = fs.readFileSync(path.join(ROOT, 'clients/php/README.md'), 'utf8');
  const block = [...readme.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))]
    .map((m) => m[1])
    .find((b) => b.includes(marker));
  if (!block) throw new Error(`clients/php/README.md has no ${language} block with ${marker}`);
  return block.replaceAll('<path-to-repo>', ROOT);
}

/** A program that merges argv[3] three times into argv[4], loading the client with `loader`. */
const program = (loader: string) => `<?php
declare(strict_types=1);
${loader}
$client = new PdfService\\PdfClient($argv[1], $argv[2]);
$client->merge([$argv[3], $argv[3], $argv[3]])->save($argv[4]);
echo (new ReflectionClass(PdfService\\PdfClient::class))->getFileName(), "\\n";
`;

describe('PHP client installation from the clone', () => {
  it("Composer: the README's path repository installs a copy (no network, no plugins) that merges", async () => {
    const app = path.join(scratch, 'composer-app');
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'composer.json'), readmeBlock('json', '"type": "path"'));
    const home = path.join(scratch, 'composer-home');
    const env = {
      ...process.env,
      COMPOSER_HOME: home,
      COMPOSER_CACHE_DIR: path.join(home, 'cache'),
      COMPOSER_DISABLE_NETWORK: '1',
      COMPOSER_ALLOW_SUPERUSER: '1',
    };
    await run('composer', ['install', '--no-plugins', '--no-interaction', '--no-progress'], { cwd: app, env });
    // A copy, not a link: nothing resolves back into the repository.
    expect(fs.lstatSync(path.join(app, 'vendor/pdf-service/client')).isSymbolicLink()).toBe(false);
    fs.writeFileSync(path.join(app, 'main.php'), program("require __DIR__ . '/vendor/autoload.php';"));
    const output = path.join(app, 'merged.pdf');
    const { stdout } = await run('php', ['main.php', server.url, server.newKey(), corpus('trivial.pdf'), output], {
      cwd: app,
    });
    expect(pageCountOf(output)).toBe(3);
    expect(stdout.trim()).toBe(path.join(app, 'vendor/pdf-service/client/src/PdfClient.php'));
  });

  it("Without Composer: the README's `require .../clients/php/autoload.php` from a clean directory, then a merge", async () => {
    const app = path.join(scratch, 'plain-app');
    fs.mkdirSync(app);
    const loader = readmeBlock('php', 'clients/php/autoload.php')
      .split('\n')
      .find((line) => line.includes('autoload.php'))!;
    fs.writeFileSync(path.join(app, 'main.php'), program(loader));
    const output = path.join(app, 'merged.pdf');
    const { stdout } = await run('php', ['main.php', server.url, server.newKey(), corpus('trivial.pdf'), output], {
      cwd: app,
    });
    expect(pageCountOf(output)).toBe(3);
    expect(stdout.trim()).toBe(path.join(ROOT, 'clients/php/src/PdfClient.php'));
  });
});
