// OpenAPI paths of docs/api.md §2b: browser tokens, the account's usage report,
// and the admin API (present only when ADMIN_TOKEN_FILE is set; described always
// so the clients know it).
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
const json = (description: string, schema: Record<string, unknown>) => ({
  description,
  content: { 'application/json': { schema } },
});
const body = (schema: Record<string, unknown>, required = true) => ({
  required,
  content: { 'application/json': { schema } },
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const admin = [{ adminToken: [] }];
const forbidden = problem('forbidden: the request does not carry the admin token.');
const badRequest = problem('invalid_request: a field is missing or wrong (`field` names it).');
const notFound = problem('not_found: no such account or key.');
const accountParam = { name: 'account', in: 'path', required: true, schema: { type: 'string' } };
const prefixParam = {
  name: 'prefix',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: "The key's prefix, e.g. `pdf_live_AbCd1234`.",
};
const scopes = {
  type: 'array',
  items: { type: 'string' },
  minItems: 1,
  description: 'Operation names (e.g. `merge`); absent: every operation.',
};

const KEY_INFO_REQUIRED = [
  'prefix',
  'last4',
  'account',
  'name',
  'scopes',
  'created_at',
  'expires_at',
  'last_used_at',
  'revoked_at',
  'rotated_to',
];
const KEY_INFO_PROPERTIES = {
  prefix: { type: 'string' },
  last4: { type: 'string' },
  account: { type: 'string' },
  name: { type: ['string', 'null'] },
  scopes: { type: ['array', 'null'], items: { type: 'string' } },
  created_at: { type: 'string', format: 'date-time' },
  expires_at: { type: ['string', 'null'], format: 'date-time' },
  last_used_at: { type: ['string', 'null'], format: 'date-time' },
  revoked_at: {
    type: ['string', 'null'],
    format: 'date-time',
    description: "A time still ahead: the end of a rotation's grace period.",
  },
  rotated_to: { type: ['string', 'null'], description: 'Prefix of the key that replaced it.' },
};

export const keySchemas = {
  Usage: {
    type: 'object',
    required: ['account', 'from', 'to', 'days'],
    properties: {
      account: { type: 'string' },
      from: { type: 'string', format: 'date' },
      to: { type: 'string', format: 'date' },
      days: {
        type: 'array',
        items: {
          type: 'object',
          required: ['date', 'requests', 'by_operation'],
          properties: {
            date: { type: 'string', format: 'date' },
            requests: { type: 'integer', description: 'Requests charged that UTC day (the allowance counter).' },
            by_operation: { type: 'object', additionalProperties: { type: 'integer' } },
          },
        },
      },
    },
  },
  AdminAccount: {
    type: 'object',
    required: ['account', 'plan', 'daily_limit', 'used_today', 'created_at'],
    properties: {
      account: { type: 'string' },
      plan: { type: 'string', enum: ['free', 'pro', 'enterprise'] },
      daily_limit: { type: ['integer', 'null'] },
      used_today: { type: 'integer' },
      created_at: { type: 'string', format: 'date-time' },
    },
  },
  KeyInfo: { type: 'object', required: KEY_INFO_REQUIRED, properties: KEY_INFO_PROPERTIES },
  CreatedKey: {
    type: 'object',
    description:
      'A new key (created or rotated): its listing, the key itself (shown this once) and, after a rotation, what it replaced.',
    required: ['key', ...KEY_INFO_REQUIRED],
    properties: {
      key: { type: 'string', description: 'The key itself: shown this once.' },
      ...KEY_INFO_PROPERTIES,
      replaces: { type: 'string', description: 'Rotation: the prefix of the old key.' },
      old_key_expires_at: {
        type: 'string',
        format: 'date-time',
        description: 'Rotation: when the old key stops working.',
      },
    },
  },
  BrowserToken: {
    type: 'object',
    required: ['token', 'expires_at', 'scopes', 'max_uses', 'origin'],
    properties: {
      token: { type: 'string', description: '`pdf_tok_…`: send as `Authorization: Bearer <token>`.' },
      expires_at: { type: 'string', format: 'date-time' },
      scopes: { type: ['array', 'null'], items: { type: 'string' } },
      max_uses: { type: ['integer', 'null'] },
      origin: { type: ['string', 'null'] },
    },
  },
};

export const keyOpenApiPaths: Record<string, unknown> = {
  '/v1/tokens': {
    post: {
      operationId: 'createToken',
      summary: 'Mint a short-lived browser token from a key',
      description:
        "A server holding a key mints a token for a web page. Its scopes are a subset of the key's (absent: the key's); it ends after ttl_seconds " +
        '(at most 3600, and never after the key), after max_uses requests, or when its key is revoked; bound to `origin`, a request whose `Origin` ' +
        "differs is 401. Its requests are charged to the key's account. Minting is not charged; a token cannot mint tokens (403 insufficient_scope).",
      tags: ['Account'],
      security: [{ bearer: [] }],
      requestBody: body(
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            ttl_seconds: { type: 'integer', minimum: 1, maximum: 3600, default: 600 },
            scopes,
            max_uses: { type: 'integer', minimum: 1 },
            origin: {
              type: 'string',
              description: 'scheme://host[:port] of the page, e.g. `https://app.example.com`.',
            },
          },
        },
        false,
      ),
      responses: {
        '201': json('The token (shown once).', ref('BrowserToken')),
        '400': badRequest,
        '401': problem('missing_api_key or invalid_api_key.'),
        '403': problem('insufficient_scope: a scope the key does not have, or a token trying to mint.'),
      },
    },
  },
  '/v1/account/usage': {
    get: {
      operationId: 'accountUsage',
      summary: "The calling account's usage per day and operation",
      description: "The last `days` UTC days up to today, from the allowance's own counters. Not charged.",
      tags: ['Account'],
      security: [{ bearer: [] }],
      parameters: [{ name: 'days', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 366, default: 30 } }],
      responses: {
        '200': json('One entry per day, oldest first.', ref('Usage')),
        '400': badRequest,
        '401': problem('missing_api_key or invalid_api_key.'),
      },
    },
  },
  '/v1/admin/accounts': {
    get: {
      operationId: 'adminListAccounts',
      summary: "Accounts with their plan and today's use (admin)",
      tags: ['Admin'],
      security: admin,
      responses: {
        '200': json('Accounts by name.', {
          type: 'object',
          required: ['accounts'],
          properties: { accounts: { type: 'array', items: ref('AdminAccount') } },
        }),
        '403': forbidden,
      },
    },
    post: {
      operationId: 'adminCreateAccount',
      summary: 'Create an account (admin)',
      tags: ['Admin'],
      security: admin,
      requestBody: body({
        type: 'object',
        required: ['account', 'plan'],
        additionalProperties: false,
        properties: { account: { type: 'string' }, plan: { type: 'string', enum: ['free', 'pro', 'enterprise'] } },
      }),
      responses: {
        '201': json('The account.', ref('AdminAccount')),
        '400': problem('invalid_request, also when the account exists.'),
        '403': forbidden,
      },
    },
  },
  '/v1/admin/accounts/{account}': {
    patch: {
      operationId: 'adminSetPlan',
      summary: "Change an account's plan (admin)",
      tags: ['Admin'],
      security: admin,
      parameters: [accountParam],
      requestBody: body({
        type: 'object',
        required: ['plan'],
        additionalProperties: false,
        properties: { plan: { type: 'string', enum: ['free', 'pro', 'enterprise'] } },
      }),
      responses: {
        '200': json('The account.', ref('AdminAccount')),
        '400': badRequest,
        '403': forbidden,
        '404': notFound,
      },
    },
  },
  '/v1/admin/accounts/{account}/usage': {
    get: {
      operationId: 'adminAccountUsage',
      summary: "An account's usage per day and operation (admin)",
      tags: ['Admin'],
      security: admin,
      parameters: [
        accountParam,
        {
          name: 'from',
          in: 'query',
          schema: { type: 'string', format: 'date' },
          description: 'Default: 29 days before `to`.',
        },
        {
          name: 'to',
          in: 'query',
          schema: { type: 'string', format: 'date' },
          description: 'Default: today (UTC). At most 366 days in all.',
        },
      ],
      responses: {
        '200': json('One entry per day, oldest first.', ref('Usage')),
        '400': badRequest,
        '403': forbidden,
        '404': notFound,
      },
    },
  },
  '/v1/admin/keys': {
    get: {
      operationId: 'adminListKeys',
      summary: 'Keys, of one account or all (admin); never the key itself',
      tags: ['Admin'],
      security: admin,
      parameters: [{ name: 'account', in: 'query', schema: { type: 'string' } }],
      responses: {
        '200': json('Keys, oldest first.', {
          type: 'object',
          required: ['keys'],
          properties: { keys: { type: 'array', items: ref('KeyInfo') } },
        }),
        '403': forbidden,
        '404': notFound,
      },
    },
    post: {
      operationId: 'adminCreateKey',
      summary: 'Create a key, optionally scoped, expiring and named (admin)',
      tags: ['Admin'],
      security: admin,
      requestBody: body({
        type: 'object',
        required: ['account'],
        additionalProperties: false,
        properties: {
          account: { type: 'string' },
          scopes,
          expires_at: { type: 'string', format: 'date-time' },
          name: { type: 'string' },
        },
      }),
      responses: {
        '201': json('The key, shown once.', ref('CreatedKey')),
        '400': badRequest,
        '403': forbidden,
        '404': notFound,
      },
    },
  },
  '/v1/admin/keys/{prefix}': {
    delete: {
      operationId: 'adminRevokeKey',
      summary: 'Revoke a key at once, with its browser tokens (admin)',
      tags: ['Admin'],
      security: admin,
      parameters: [prefixParam],
      responses: { '204': { description: 'Revoked.' }, '403': forbidden, '404': notFound },
    },
  },
  '/v1/admin/keys/{prefix}/rotate': {
    post: {
      operationId: 'adminRotateKey',
      summary: 'Replace a key; the old one keeps working for grace_seconds (admin)',
      tags: ['Admin'],
      security: admin,
      parameters: [prefixParam],
      requestBody: body(
        {
          type: 'object',
          additionalProperties: false,
          properties: { grace_seconds: { type: 'integer', minimum: 0, maximum: 2592000, default: 3600 } },
        },
        false,
      ),
      responses: {
        '201': json(
          'The new key (same account, name, scopes and expiry), shown once, with `replaces` and `old_key_expires_at`.',
          ref('CreatedKey'),
        ),
        '400': badRequest,
        '403': forbidden,
        '404': problem('not_found: no such key, or it is revoked or already rotated.'),
      },
    },
  },
};
