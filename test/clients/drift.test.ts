// The clients follow the server: the OpenAPI snapshot, the generated types and
// methods (TypeScript, Python, Go) must equal what the generator makes from the
// document the server serves now, and every operation must be in every client.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../clients/typescript/src/generated/operations.js';
import { operationRoutes } from '../../src/routes/index.js';
import { generatedFiles, operationsOf } from '../../scripts/generate-clients.js';
import { rubyMethodName } from '../../scripts/generate-clients/ruby.js';
import { loadConfig } from '../../src/config.js';
import { jobOpenApiPaths } from '../../src/jobs/routes.js';
import { buildOpenApi } from '../../src/openapi/document.js';
import { ROOT, startTestServer } from '../helpers/server.js';

describe('client libraries in lockstep with the server', () => {
  it('the checked-in generated files equal a fresh generation (run: npx tsx scripts/generate-clients.ts)', async () => {
    const files = await generatedFiles();
    for (const [rel, content] of Object.entries(files)) {
      const current = fs.existsSync(path.join(ROOT, rel)) ? fs.readFileSync(path.join(ROOT, rel), 'utf8') : '';
      expect(current === content, `${rel} is out of date`).toBe(true);
    }
  });

  it('the snapshot is the document the server serves (default settings)', async () => {
    const server = await startTestServer();
    try {
      const served = await (await fetch(`${server.url}/v1/openapi.json`)).json();
      const snapshot = JSON.parse(fs.readFileSync(path.join(ROOT, 'clients/openapi.json'), 'utf8'));
      // Paths test servers mount for tests only are not part of the product.
      expect(Object.keys(snapshot.paths).sort()).toEqual(Object.keys(served.paths).sort());
    } finally {
      await server.close();
    }
  });

  it('every operation of the server has a method in the TypeScript and the Python client', () => {
    const python = fs.readFileSync(path.join(ROOT, 'clients/python/pdf_service/_operations.py'), 'utf8');
    for (const route of operationRoutes) {
      expect(Object.keys(OPERATIONS), route.name).toContain(route.name);
      expect(python, route.name).toContain(`def ${route.name.replace(/-/g, '_')}(`);
      expect(python, route.name).toContain(`async def ${route.name.replace(/-/g, '_')}(`);
    }
  });

  it('every operation, option and file part of the server is in the PHP client (methods with named arguments)', async () => {
    const php = fs.readFileSync(path.join(ROOT, 'clients/php/src/Generated/Operations.php'), 'utf8');
    const camel = (name: string) => name.replace(/[-_]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    const operations = operationsOf(buildOpenApi(operationRoutes, loadConfig({}), jobOpenApiPaths));
    expect(operations.map((op) => op.name).sort()).toEqual(operationRoutes.map((route) => route.name).sort());
    for (const op of operations) {
      expect(php, op.name).toContain(`public function ${camel(op.name)}(`);
      for (const option of op.options)
        expect(php, `${op.name}.${option.name}`).toContain(`'${option.name}' => $${camel(option.name)}`);
      for (const file of op.files) expect(php, `${op.name}.${file.field}`).toContain(`'${file.field}' => $`);
    }
    // No enum left behind by an option the server no longer has.
    const generated = Object.keys(await generatedFiles());
    for (const file of fs.readdirSync(path.join(ROOT, 'clients/php/src/Option'))) {
      expect(generated, file).toContain(`clients/php/src/Option/${file}`);
    }
  });

  it('every operation of the server, with each of its options and file parts, has a method in the Go client', () => {
    const go = fs.readFileSync(path.join(ROOT, 'clients/go/operations_gen.go'), 'utf8');
    const doc = JSON.parse(fs.readFileSync(path.join(ROOT, 'clients/openapi.json'), 'utf8'));
    const ops = new Map(operationsOf(doc).map((op) => [op.name, op]));
    // One section per operation, from its "// ---- <name>" marker to the next.
    const sections = new Map(
      go
        .split(/^\/\/ ---- /m)
        .slice(1)
        .map((s) => [s.slice(0, s.indexOf('\n')), s]),
    );
    for (const route of operationRoutes) {
      const section = sections.get(route.name);
      expect(section, `${route.name} has no section in operations_gen.go`).toBeDefined();
      expect(section!, route.name).toMatch(/^func \(c \*Client\) \w+\(ctx context\.Context, /m);
      expect(section!, route.name).toContain(`Operation: ${JSON.stringify(route.name)}`);
      const op = ops.get(route.name)!;
      for (const field of [...op.options.map((o) => o.name), ...op.files.map((f) => f.field)]) {
        expect(section!, `${route.name}: the field ${field}`).toMatch(
          new RegExp(`(fields\\.(Set|Add)|req\\.Files\\[)\\(?${JSON.stringify(field)}`),
        );
      }
    }
  });

  it('every operation of the server, with each of its options and file parts, has a method in the Ruby client', async () => {
    const ruby = fs.readFileSync(path.join(ROOT, 'clients/ruby/lib/pdf_service/operations.rb'), 'utf8');
    // The document the server builds now, not the checked-in snapshot.
    const doc = JSON.parse((await generatedFiles())['clients/openapi.json']);
    for (const route of operationRoutes) {
      const signature = new RegExp(`^    def ${rubyMethodName(route.name)}\\((.*)\\)$`, 'm').exec(ruby);
      expect(signature, `def ${route.name}`).not.toBeNull();
      const fields =
        doc.paths[`/v1/pdf/${route.name}`].post.requestBody.content['multipart/form-data'].schema.properties;
      for (const field of Object.keys(fields)) {
        if (['async', 'callback_url', 'result_url'].includes(field)) continue; // call options of every method (async:, callback_url:, result_url:)
        if (fields[field]['x-remote-part'] || fields[field].items?.['x-remote-part']) continue; // a remote input is a RemoteFile given as the file itself
        const positional = ['file', 'files'].includes(field) && signature![1].startsWith('input,');
        expect(positional || signature![1].includes(`${field.replace(/-/g, '_')}:`), `${route.name}: ${field}`).toBe(
          true,
        );
      }
    }
  });
});
