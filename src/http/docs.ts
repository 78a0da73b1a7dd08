// GET /docs: the OpenAPI document rendered by Swagger UI, served from the
// installed package (no CDN: the service must work offline).
import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Middleware } from 'koa';

const require = createRequire(import.meta.url);
const assetsDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>PDF service — API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="api"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#api', deepLinking: true });`;

export const docsPage: Middleware = (ctx) => {
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'");
  ctx.body = PAGE;
};

export const docsAsset: Middleware = async (ctx, next) => {
  const name = ctx.params?.asset as string | undefined;
  if (name === 'init.js') {
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.body = INIT;
    return;
  }
  if (!name || !Object.hasOwn(ASSETS, name)) return next();
  ctx.type = ASSETS[name];
  ctx.set('Cache-Control', 'public, max-age=86400');
  ctx.body = await fs.readFile(path.join(assetsDir, name));
};
