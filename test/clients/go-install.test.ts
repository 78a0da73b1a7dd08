// The Go client installs as clients/go/README.md says, into a clean module of
// its own — `go mod edit -require … -replace …=<clone>/clients/go` — with no
// network (GOPROXY=off) and a fresh GOPATH and build cache, then works: a merge
// against a real server, checked with qpdf. Asynchronously (execFile, not
// execFileSync): the server answering the program runs in this process.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCountOf } from '../helpers/pdf.js';
import { corpus, ROOT, startTestServer, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);
let server: TestServer;
let scratch: string;

beforeAll(async () => {
  server = await startTestServer();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-client-go-install-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('Go client installation from the clone', () => {
  it('`go mod edit -require/-replace` to clients/go in a fresh module, then a merge', async () => {
    const app = path.join(scratch, 'app');
    fs.mkdirSync(app);
    // Nothing from the machine's Go state: a fresh GOPATH (module cache) and build cache, no proxy.
    const env = {
      ...process.env,
      GOPATH: path.join(scratch, 'gopath'),
      GOCACHE: path.join(scratch, 'gocache'),
      GOPROXY: 'off',
      GOFLAGS: '-mod=mod',
      GOTOOLCHAIN: 'local',
    };
    const go = (...args: string[]) => run('go', args, { cwd: app, env });
    // The README's install step, word for word.
    await go('mod', 'init', 'example.com/app');
    await go(
      'mod',
      'edit',
      '-require=pdf-service.dev/pdfservice@v0.0.0',
      `-replace=pdf-service.dev/pdfservice=${path.join(ROOT, 'clients/go')}`,
    );
    fs.writeFileSync(
      path.join(app, 'main.go'),
      `package main

import (
	"context"
	"log"
	"os"

	"pdf-service.dev/pdfservice"
)

func main() {
	client := pdfservice.New(os.Args[1], os.Getenv("PDF_API_KEY"))
	result, err := client.Merge(context.Background(), pdfservice.Paths(os.Args[2], os.Args[2], os.Args[2]), nil)
	if err != nil {
		log.Fatal(err)
	}
	if err := result.Save(os.Args[3]); err != nil {
		log.Fatal(err)
	}
}
`,
    );
    await go('build', '-o', 'app', '.');
    // The module graph resolves the client from the clone, with no download.
    const { stdout: graph } = await go('list', '-m', '-f', '{{.Path}} {{.Replace.Dir}}', 'pdf-service.dev/pdfservice');
    expect(graph.trim()).toBe(`pdf-service.dev/pdfservice ${path.join(ROOT, 'clients/go')}`);
    expect(fs.existsSync(path.join(scratch, 'gopath/pkg/mod/cache/download'))).toBe(false);
    // The key travels in the environment, never on a command line.
    const output = path.join(scratch, 'merged.pdf');
    await run(path.join(app, 'app'), [server.url, corpus('trivial.pdf'), output], {
      cwd: app,
      env: { ...env, PDF_API_KEY: server.newKey() },
    });
    expect(pageCountOf(output)).toBe(3);
  });
});
