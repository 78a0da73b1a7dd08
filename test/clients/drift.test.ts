// The clients follow the server: the OpenAPI snapshot, the generated types and
// methods (TypeScript and Python) must equal what the generator makes from the
// document the server serves now, and every operation must be in both clients.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../clients/typescript/src/generated/operations.js';
import { operationRoutes } from '../../src/routes/index.js';
import { generatedFiles } from '../../scripts/generate-clients.js';
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

  it('every operation of the server, with each of its options and file parts, has a method in the Ruby client', async () => {
    const ruby = fs.readFileSync(path.join(ROOT, 'clients/ruby/lib/pdf_service/operations.rb'), 'utf8');
    // The document the server builds now, not the checked-in snapshot.
    const doc = JSON.parse((await generatedFiles())['clients/openapi.json']);
    for (const route of operationRoutes) {
      const signature = new RegExp(`^    def ${route.name.replace(/-/g, '_')}\\((.*)\\)$`, 'm').exec(ruby);
      expect(signature, `def ${route.name}`).not.toBeNull();
      const fields = doc.paths[`/v1/pdf/${route.name}`].post.requestBody.content['multipart/form-data'].schema.properties;
      for (const field of Object.keys(fields)) {
        if (['async', 'callback_url'].includes(field)) continue; // call options of every method (async:, callback_url:)
        const positional = ['file', 'files'].includes(field) && signature![1].startsWith('input,');
        expect(positional || signature![1].includes(`${field.replace(/-/g, '_')}:`), `${route.name}: ${field}`).toBe(true);
      }
    }
  });
});
