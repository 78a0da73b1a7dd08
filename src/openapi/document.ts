// The OpenAPI 3.1 document, generated from the same route declarations and
// zod schemas that validate requests, so it cannot drift from the code.
import { z } from 'zod';
import type { Config } from '../config.js';
import { MEDIA_TYPES } from '../files/sniff.js';
import { PROBLEM_TYPE_BASE } from '../http/problem.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../http/idempotency.js';
import { maxPartCount } from '../http/upload.js';
import type { OperationRoute } from '../routes/definition.js';
import { keyOpenApiPaths, keySchemas } from './keys.js';

const problem = { $ref: '#/components/schemas/Problem' };
const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problem } },
});

const rateLimitHeaders = {
  'RateLimit-Policy': { description: 'Limited plans: `"daily";q=<limit>;w=86400`.', schema: { type: 'string' } },
  RateLimit: {
    description: 'Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`.',
    schema: { type: 'string' },
  },
  'X-Request-Id': { description: "The request id (the client's, if sane).", schema: { type: 'string' } },
};

// Whether each answer stays charged is part of the contract (API.md §3): said with every status.
const commonErrors = {
  '400': problemResponse(
    'invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged.',
  ),
  '401': problemResponse(
    'missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin).',
  ),
  '403': problemResponse(
    'insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read.',
  ),
  '408': problemResponse(
    'request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged.',
  ),
  '413': problemResponse('file_too_large, too_many_files or too_many_pages (detail states the limit). Charged.'),
  '415': problemResponse(
    'unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged.',
  ),
  '422': problemResponse(
    'invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow ' +
      '(detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged.' +
      ' Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`).',
  ),
  '429': problemResponse(
    'quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations ' +
      'on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged).',
  ),
  '500': problemResponse('processing_failed: a fault of the server (refunded).'),
  '503': problemResponse(
    "server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: " +
      'then only the first such 503 in 60 s is refunded and repeats are charged.',
  ),
  '504': problemResponse(
    'timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up.',
  ),
};

/** The account rules in words, for the document's description. */
function accountRules(config: Config): string {
  const c = (n: number) => (n === 0 ? 'unlimited' : String(n));
  return (
    ' Allowance: each operation request is charged one before it runs; it is refunded only for a server fault (500, 503) or a 429 concurrency_limit ' +
    "(a 503 of the account's own burst in the work queue: the first in 60 s only) — " +
    'a 504 timeout, a 422 (resource_limit, invalid_pdf, …) or another 4xx stays charged, and so does a 502 upstream_failed of a party the ' +
    "request chose (its result_url, timestamp_url or certificate's OCSP/CRL addresses); a pipeline that fails is charged the steps that ran. " +
    'Fair share: per server process an account runs at most ' +
    `${c(config.ACCOUNT_CONCURRENCY_FREE)} (free), ${c(config.ACCOUNT_CONCURRENCY_PRO)} (pro), ${c(config.ACCOUNT_CONCURRENCY_ENTERPRISE)} (enterprise) ` +
    'operations at once; further valid requests wait in arrival order (not counted against the time limit) up to ' +
    `${config.ACCOUNT_QUEUE_LIMIT || '10 × the concurrency'} waiting, beyond that 429 concurrency_limit. Validation errors (400) never wait.`
  );
}

const schemas = {
  Problem: {
    type: 'object',
    description: `RFC 9457 problem details; \`type\` is ${PROBLEM_TYPE_BASE}<code>.`,
    required: ['type', 'title', 'status', 'detail', 'code', 'request_id'],
    properties: {
      type: { type: 'string' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string' },
      code: { type: 'string' },
      request_id: { type: ['string', 'null'] },
    },
  },
  Account: {
    type: 'object',
    required: ['account', 'plan', 'daily_limit', 'used_today', 'remaining', 'resets_at'],
    properties: {
      account: { type: 'string' },
      plan: { type: 'string', enum: ['free', 'pro', 'enterprise'] },
      daily_limit: { type: ['integer', 'null'] },
      used_today: { type: 'integer' },
      remaining: { type: ['integer', 'null'] },
      resets_at: { type: 'string', format: 'date-time' },
    },
  },
  Health: {
    type: 'object',
    required: ['status', 'tools'],
    properties: {
      status: { type: 'string', enum: ['ok', 'degraded'] },
      tools: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
      isolation: {
        type: 'string',
        description:
          'How tool processes are isolated from each other: "namespaces" (root), "landlock" (another user: each tool confined to its work directory) or "none: <why>" (TOOL_ISOLATION).',
      },
    },
  },
  Job: {
    type: 'object',
    required: ['id', 'operation', 'status', 'created_at', 'started_at', 'finished_at', 'result', 'error', 'delivery'],
    properties: {
      id: { type: 'string' },
      operation: { type: 'string' },
      status: { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed', 'canceled'] },
      created_at: { type: 'string', format: 'date-time' },
      started_at: { type: ['string', 'null'], format: 'date-time' },
      finished_at: { type: ['string', 'null'], format: 'date-time' },
      progress: { type: ['number', 'null'] },
      result: {
        oneOf: [
          { type: 'null' },
          {
            type: 'object',
            required: ['url', 'filename', 'content_type', 'size', 'expires_at'],
            properties: {
              url: {
                type: ['string', 'null'],
                description: 'Where to download the result; null when it was delivered to result_url.',
              },
              delivered_to: {
                type: 'string',
                description: 'The result_url (without its query) the result was PUT to; only then.',
              },
              filename: { type: 'string' },
              content_type: { type: 'string' },
              size: { type: 'integer' },
              expires_at: { type: 'string', format: 'date-time' },
            },
          },
        ],
      },
      error: { oneOf: [{ type: 'null' }, problem] },
      delivery: {
        description:
          'Delivery to the job’s result_url: null without one, and until the result is ready to go; then `pending` (the job stays ' +
          '`running`, retried on the webhooks’ schedule off the workers), `delivered` (the job succeeded) or `failed` (the job failed with ' +
          '502 upstream_failed, charged). `attempts`: PUTs made so far.',
        oneOf: [
          { type: 'null' },
          {
            type: 'object',
            required: ['status', 'attempts'],
            properties: {
              status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
              attempts: { type: 'integer', minimum: 0 },
            },
          },
        ],
      },
    },
  },
};

/** The form field that names a remote input for a file part (docs/api.md "Remote files"). */
export function remotePartField(part: string): string {
  return `${part}_url`;
}

/** The header that makes a job submission idempotent (docs/api.md §6 "Idempotent submissions"). */
const idempotencyHeader = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description:
    'Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); ' +
    'the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request.',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source, minLength: 1, maxLength: 255 },
};

function requestSchema(route: OperationRoute, config: Config): Record<string, unknown> {
  const options = z.toJSONSchema(route.options, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const part of route.files) {
    const max = maxPartCount(part, config);
    const kinds = [...new Set(part.kinds.map((k) => MEDIA_TYPES[k]))].join(', ');
    const file = {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description: `${part.description} Accepted (sniffed): ${kinds}.`,
    };
    properties[part.field] = max > 1 ? { type: 'array', items: file, minItems: part.min, maxItems: max } : file;
    if (part.min > 0) required.push(part.field);
    // The same part fetched from a URL instead (docs/api.md "Remote files"); a required part may come either way.
    const remote = {
      type: 'string',
      format: 'uri',
      'x-remote-part': part.field,
      description: `A URL the service downloads as \`${part.field}\` instead of an upload (https; counted like an upload).`,
    };
    properties[remotePartField(part.field)] = max > 1 ? { type: 'array', items: remote, maxItems: max } : remote;
  }
  Object.assign(properties, options.properties ?? {}, route.jsonFields?.(config) ?? {});
  required.push(...(options.required ?? []));
  properties.async = {
    type: 'string',
    enum: ['true', 'false'],
    default: 'false',
    description: 'Run as an asynchronous job (same as `Prefer: respond-async`).',
  };
  properties.callback_url = {
    type: 'string',
    format: 'uri',
    description: 'Async only: URL that receives a signed Standard Webhooks POST when the job ends.',
  };
  properties.result_url = {
    type: 'string',
    format: 'uri',
    description:
      'Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. ' +
      'Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).',
  };
  // Parts under other names (the pipeline's "@name" references) are files too.
  const others = route.otherParts
    ? { type: 'string', contentMediaType: 'application/octet-stream', description: route.otherParts.description }
    : false;
  // ...and fetched from a URL under "<name>_url" ("logo_url" for "@logo").
  const otherRemote = route.otherParts
    ? {
        patternProperties: {
          '^.+_url$': {
            type: 'string',
            format: 'uri',
            'x-remote-part': '*',
            description: 'A URL the service downloads as the part named before `_url`.',
          },
        },
      }
    : {};
  // A required part may be sent as a URL instead: the document says "one of the two".
  const requiredParts = route.files.filter((p) => p.min > 0).map((p) => p.field);
  const either =
    requiredParts.length === 0
      ? {}
      : { allOf: requiredParts.map((f) => ({ anyOf: [{ required: [f] }, { required: [remotePartField(f)] }] })) };
  return {
    type: 'object',
    properties,
    required: [...new Set(required)].filter((f) => !requiredParts.includes(f)),
    ...either,
    ...otherRemote,
    additionalProperties: others,
  };
}

/** Form fields that carry JSON are sent as application/json parts (OpenAPI `encoding`). */
function jsonEncoding(route: OperationRoute, config: Config): { encoding?: Record<string, { contentType: string }> } {
  const names = Object.keys(route.jsonFields?.(config) ?? {});
  return names.length === 0
    ? {}
    : { encoding: Object.fromEntries(names.map((name) => [name, { contentType: 'application/json' }])) };
}

function operationPath(route: OperationRoute, config: Config) {
  const fileResponses: Record<string, unknown> = {};
  for (const type of route.produces) fileResponses[type] = { schema: { type: 'string', contentMediaType: type } };
  return {
    post: {
      operationId: route.name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
      summary: route.summary,
      description: route.description,
      tags: ['Operations'],
      security: [{ bearer: [] }],
      parameters: [idempotencyHeader],
      requestBody: {
        required: true,
        content: { 'multipart/form-data': { schema: requestSchema(route, config), ...jsonEncoding(route, config) } },
      },
      responses: {
        '200': {
          description: 'The result file (`Content-Disposition: attachment`).',
          headers: { ...rateLimitHeaders, 'Content-Disposition': { schema: { type: 'string' } } },
          content: fileResponses,
        },
        '202': {
          description: 'Accepted as an asynchronous job; `Location` is the job URL.',
          headers: { Location: { schema: { type: 'string' } } },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } },
        },
        ...commonErrors,
      },
    },
  };
}

/** Builds the document for the routes that exist. */
export function buildOpenApi(
  routes: OperationRoute[],
  config: Config,
  extraPaths: Record<string, unknown> = {},
): Record<string, unknown> {
  const paths: Record<string, unknown> = {
    '/healthz': {
      get: {
        operationId: 'health',
        summary: 'Health and tool versions',
        tags: ['Service'],
        security: [],
        responses: {
          '200': {
            description: 'All required tools are usable.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } },
          },
          '503': {
            description: 'A required tool is missing.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } },
          },
        },
      },
    },
    '/v1/openapi.json': {
      get: {
        operationId: 'openapi',
        summary: 'This document',
        tags: ['Service'],
        security: [],
        responses: {
          '200': { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
    '/v1/account': {
      get: {
        operationId: 'account',
        summary: "The calling account, its plan and today's usage",
        tags: ['Account'],
        security: [{ bearer: [] }],
        responses: {
          '200': {
            description: 'Usage of the UTC day.',
            headers: rateLimitHeaders,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Account' } } },
          },
          '401': commonErrors['401'],
        },
      },
    },
    ...keyOpenApiPaths,
    ...extraPaths,
  };
  for (const route of routes) paths[`/v1/pdf/${route.name}`] = operationPath(route, config);
  return {
    openapi: '3.1.0',
    info: {
      title: 'PDF service',
      version: '1.0.0',
      description:
        'Merge, split, compress, convert, OCR, extract, watermark, protect and unlock PDFs. Every operation is `POST /v1/pdf/<operation>` with ' +
        '`multipart/form-data`; options are text fields (booleans `true`/`false`); unknown fields are refused with 400. Errors are RFC 9457 ' +
        '`application/problem+json`. Limits: MAX_FILE_SIZE ' +
        config.MAX_FILE_SIZE +
        ' bytes per file, MAX_FILES ' +
        config.MAX_FILES +
        ', MAX_PAGES ' +
        config.MAX_PAGES +
        ', MAX_OUTPUT_FILES ' +
        config.MAX_OUTPUT_FILES +
        ' files per result, UPLOAD_IDLE_TIMEOUT ' +
        config.UPLOAD_IDLE_TIMEOUT / 1000 +
        ' s without a byte of the upload (408). Page ranges: `1-3,5,8-` (1-based; `N-` runs to the last page). ' +
        'Passwords are values, never options: one that starts with `-` or `@` works as written.' +
        accountRules(config),
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'API key `pdf_live_…` (from the admin API or `bin/pdf-service keys create`), or a browser token `pdf_tok_…` from POST /v1/tokens.',
        },
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The admin token of ADMIN_TOKEN_FILE (admin routes only).',
        },
      },
      schemas: { ...schemas, ...keySchemas },
    },
    paths,
  };
}
