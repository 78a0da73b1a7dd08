// convert to=pdf for web input (API.md §5b): an HTML page, a Markdown file, or
// a ZIP holding index.html and its assets, printed by warm headless Chromium
// with no network (tools/chromium.ts). HTML never goes to LibreOffice.
//
// Markdown is rendered to HTML by `marked` inside the page itself (its
// browser build, served as an internal file), not in this process: a
// pathological Markdown file then costs the browser's time under the
// request's deadline, never the server's event loop.
//
// The result is held to MAX_PAGES like every other output: Chromium prints at
// most MAX_PAGES + 1 pages (a 5,000-page page is not printed whole only to be
// refused), and a result longer than MAX_PAGES answers 413 too_many_pages.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Config } from '../config.js';
import { TooManyPagesError } from '../core/errors.js';
import { quickPageCount } from '../files/pdf-page-count.js';
import { unpackSite } from '../files/site-zip.js';
import type { FileKind, RunContext, InputFile, OperationOutput } from '../core/contract.js';
import { chromiumPool, type PrintOptions } from '../tools/chromium.js';
import { pageCount } from '../tools/qpdf.js';

export type WebInput = 'html' | 'markdown' | 'site';

/** Which web input an upload is: sniffed kind first; a plain-text upload is HTML or Markdown by its name's ending. */
export function webInputOf(file: { kind: FileKind; name: string }): WebInput | undefined {
  if (file.kind === 'html') return 'html';
  if (file.kind === 'zip') return 'site';
  if (file.kind === 'txt') {
    const ext = path.extname(file.name).toLowerCase();
    if (ext === '.html' || ext === '.htm') return 'html';
    if (ext === '.md' || ext === '.markdown') return 'markdown';
  }
  return undefined;
}

const require = createRequire(import.meta.url);
const MARKED_BROWSER_BUILD = path.join(path.dirname(require.resolve('marked/package.json')), 'lib', 'marked.umd.js');

/** The page that renders /__pdf-service/source.md with marked, in a clean default style. */
const MARKDOWN_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Document</title>
<style>
  html { font-family: "DejaVu Sans", "Noto Sans", sans-serif; font-size: 11pt; line-height: 1.5; color: #1a1a1a; }
  body { margin: 0; }
  h1, h2, h3, h4 { line-height: 1.25; margin: 1.2em 0 0.5em; page-break-after: avoid; }
  h1 { font-size: 2em; border-bottom: 1px solid #ddd; padding-bottom: 0.2em; }
  h2 { font-size: 1.5em; border-bottom: 1px solid #eee; padding-bottom: 0.15em; }
  p, ul, ol, pre, table, blockquote { margin: 0 0 0.8em; }
  code { font-family: "DejaVu Sans Mono", monospace; font-size: 0.9em; background: #f3f3f3; padding: 0.1em 0.3em; border-radius: 3px; }
  pre { background: #f6f6f6; padding: 0.8em; border-radius: 4px; overflow-wrap: anywhere; white-space: pre-wrap; }
  pre code { background: none; padding: 0; }
  blockquote { border-left: 4px solid #ddd; padding-left: 1em; color: #555; }
  table { border-collapse: collapse; }
  th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: left; }
  th { background: #f3f3f3; }
  img { max-width: 100%; }
  a { color: #0645ad; }
</style></head>
<body><main id="content"></main>
<script src="/__pdf-service/marked.js"></script>
<script>
  fetch('/__pdf-service/source.md').then((r) => r.text()).then((text) => {
    document.getElementById('content').innerHTML = marked.parse(text);
    const heading = document.querySelector('h1');
    if (heading) document.title = heading.textContent;
    window.__pdfServiceReady = true;
  });
</script>
</body></html>
`;

/** Prints a web upload to PDF; the answer says how many resources were refused (X-Blocked-Resources). */
export async function webToPdf(
  run: RunContext,
  file: InputFile,
  input: WebInput,
  print: PrintOptions,
  stem: string,
  config: Config,
): Promise<OperationOutput> {
  const siteDir = path.join(run.workdir, 'site');
  const output = path.join(run.workdir, 'converted.pdf');
  let internal: Record<string, string> | undefined;
  let readyWhen: string | undefined;
  if (input === 'site') {
    await unpackSite(file.path, siteDir, { maxBytes: config.MAX_FILE_SIZE, maxEntries: config.MAX_OUTPUT_FILES }, run);
  } else {
    await fs.mkdir(siteDir);
    if (input === 'html') {
      await fs.link(file.path, path.join(siteDir, 'index.html'));
    } else {
      await fs.writeFile(path.join(siteDir, 'index.html'), MARKDOWN_PAGE);
      internal = { 'marked.js': MARKED_BROWSER_BUILD, 'source.md': file.path };
      readyWhen = 'window.__pdfServiceReady === true';
    }
  }
  // The render checks the PDF is whole (header to %%EOF); Chromium's own output needs no qpdf pass.
  const { blocked } = await chromiumPool(config).render(run, {
    siteDir,
    entry: 'index.html',
    internal,
    readyWhen,
    output,
    print,
    maxPages: config.MAX_PAGES,
  });
  const pages = (await quickPageCount(output, config.MAX_PAGES + 1)) ?? (await pageCount(run, output));
  if (pages > config.MAX_PAGES) throw new TooManyPagesError(config.MAX_PAGES, pages, false);
  return {
    type: 'file',
    path: output,
    contentType: 'application/pdf',
    filename: `${stem}.pdf`,
    headers: { 'X-Blocked-Resources': String(blocked) },
  };
}
