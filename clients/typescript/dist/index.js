// @pdf-service/client: the official TypeScript/JavaScript client (Node ≥ 20, browsers, Deno, Bun).
export { PdfAdminClient, PdfClient, PdfResult } from './client.js';
export * from './errors.js';
export { verifyWebhook, WebhookVerificationError } from './webhooks.js';
export { RemoteFile, remoteFile } from './types.js';
export * from './generated/operations.js';
