import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationRoutes } from '../../src/routes/index.js';
import { corpus, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let doc: any;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey('free');
  doc = await (await fetch(`${server.url}/v1/openapi.json`)).json();
});
afterAll(() => server.close());

/** Checks that `response` to `method path` is declared by the document, and its JSON body fits the declared schema. */
async function expectDeclared(method: string, pathTemplate: string, response: Response): Promise<void> {
  const operation = doc.paths[pathTemplate]?.[method];
  expect(operation, `${method} ${pathTemplate} is documented`).toBeDefined();
  const declared = operation.responses[String(response.status)];
  expect(declared, `${method} ${pathTemplate} documents status ${response.status}`).toBeDefined();
  const type = (response.headers.get('content-type') ?? '').split(';')[0];
  expect(Object.keys(declared.content ?? {}), `${response.status} content type ${type}`).toContain(type);
  if (type.endsWith('json')) {
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const schema = JSON.parse(
      JSON.stringify(declared.content[type].schema).replaceAll('"#/components', '"doc#/components'),
    );
    const body = await response.json();
    const valid = ajv.validate(schema, body);
    expect(valid, `${JSON.stringify(ajv.errors)} for ${JSON.stringify(body)}`).toBe(true);
  } else {
    await response.arrayBuffer();
  }
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('describes every operation route with every field of its schema', () => {
    for (const route of operationRoutes) {
      const op = doc.paths[`/v1/pdf/${route.name}`]?.post;
      expect(op, route.name).toBeDefined();
      const props = op.requestBody.content['multipart/form-data'].schema.properties;
      const shape = (route.options as unknown as { shape: Record<string, unknown> }).shape;
      const remote = route.files.map((f) => `${f.field}_url`);
      for (const field of [
        ...Object.keys(shape),
        ...route.files.map((f) => f.field),
        ...remote,
        'async',
        'callback_url',
        'result_url',
      ]) {
        expect(props, `${route.name}.${field}`).toHaveProperty(field);
      }
      expect(
        op.parameters?.map((p: { in: string; name: string }) => `${p.in}:${p.name}`),
        route.name,
      ).toContain('header:Idempotency-Key');
      if (route.otherParts)
        expect(
          Object.keys(op.requestBody.content['multipart/form-data'].schema.patternProperties ?? {}),
          route.name,
        ).toContain('^.+_url$');
      for (const status of ['200', '400', '401', '413', '415', '422', '429', '500', '503', '504'])
        expect(op.responses, `${route.name} ${status}`).toHaveProperty(status);
    }
  });

  it('matches what the service really answers', async () => {
    const auth = { Authorization: `Bearer ${key}` };
    await expectDeclared('get', '/healthz', await fetch(`${server.url}/healthz`));
    await expectDeclared('get', '/v1/account', await fetch(`${server.url}/v1/account`, { headers: auth }));
    await expectDeclared('get', '/v1/account', await fetch(`${server.url}/v1/account`));
    const pdf = await filePart(corpus('tracemonkey.pdf'));
    await expectDeclared('post', '/v1/pdf/merge', await server.post('merge', form({ files: [pdf, pdf] }), key));
    await expectDeclared('post', '/v1/pdf/split', await server.post('split', form({ file: pdf, ranges: '1,2' }), key));
    await expectDeclared('post', '/v1/pdf/split', await server.post('split', form({ file: pdf, ranges: '0' }), key));
    await expectDeclared(
      'post',
      '/v1/pdf/unlock',
      await server.post('unlock', form({ file: await filePart(corpus('invalid.pdf')) }), key),
    );
    await expectDeclared(
      'post',
      '/v1/pdf/unlock',
      await server.post('unlock', form({ file: await filePart(corpus('typewriter.png')) }), key),
    );
    await expectDeclared(
      'post',
      '/v1/pdf/protect',
      await server.post('protect', form({ file: pdf, user_password: 'x' }), key),
    );
    await expectDeclared('post', '/v1/pdf/protect', await server.post('protect', form({ file: pdf }), 'pdf_live_nope'));
  });
});
