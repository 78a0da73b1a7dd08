export { PdfClient, PdfResult, type ClientOptions } from './client.js';
export * from './errors.js';
export { verifyWebhook, WebhookVerificationError } from './webhooks.js';
export type { ZipEntry } from './files.js';
export type { Account, CallOptions, FileInput, FileSource, Job, Problem, RateLimit } from './types.js';
export * from './generated/operations.js';
export type { components, paths, operations } from './generated/openapi.js';
