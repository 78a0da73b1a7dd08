// @pdf-service/client: the official TypeScript/JavaScript client (Node ≥ 20, browsers, Deno, Bun).
export { PdfAdminClient, PdfClient, PdfResult, type AdminClientOptions, type ClientOptions } from './client.js';
export * from './errors.js';
export { verifyWebhook, WebhookVerificationError } from './webhooks.js';
export { RemoteFile, remoteFile } from './types.js';
export type { ZipEntry } from './files.js';
export type {
  Account,
  AdminAccount,
  BrowserToken,
  CallOptions,
  CreatedKey,
  FileInput,
  FileSource,
  Job,
  KeyInfo,
  Problem,
  RateLimit,
  TokenOptions,
  Usage,
} from './types.js';
export * from './generated/operations.js';
export type { components, paths, operations } from './generated/openapi.js';
