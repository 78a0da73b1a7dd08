// The documents stay true to the code they describe: docs/api.md has a section
// for every operation naming each of its fields, docs/settings.md names every
// setting, and links in the documents stay inside the repository and lead to
// files that exist.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configKeys } from '../../src/config.js';
import { COMMON_FIELDS } from '../../src/routes/options.js';
import { operationRoutes } from '../../src/routes/index.js';
import { ROOT } from '../helpers/server.js';

const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8');

/** The text of `### <name>` up to the next heading of that level or above. */
function section(markdown: string, name: string): string | undefined {
  const start = markdown.indexOf(`\n### ${name}\n`);
  if (start < 0) return undefined;
  const rest = markdown.slice(start + 1);
  const end = rest.slice(4).search(/\n#{2,3} /);
  return end < 0 ? rest : rest.slice(0, end + 4);
}

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(rel);
    return entry.name.endsWith('.md') ? [rel] : [];
  });
}

/** Relative link targets of a Markdown file (no scheme, no pure anchors), without their anchors. */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0]);
}

describe('docs/api.md', () => {
  const api = read('docs/api.md');

  it('has a section for every operation, naming its path, file parts and options', () => {
    const missing: string[] = [];
    for (const route of operationRoutes) {
      const text = section(api, route.name);
      if (!text) {
        missing.push(`### ${route.name}`);
        continue;
      }
      if (!text.includes(`/v1/pdf/${route.name}`)) missing.push(`${route.name}: its path`);
      const shape = (route.options as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      for (const field of [...route.files.map((f) => f.field), ...Object.keys(shape)]) {
        if (!text.includes(`\`${field}\``)) missing.push(`${route.name}: \`${field}\``);
      }
    }
    expect(missing).toEqual([]);
  });

  it('describes the fields every operation accepts', () => {
    for (const field of COMMON_FIELDS) expect(api).toContain(`\`${field}\``);
  });
});

describe('docs/settings.md', () => {
  it('names every setting the server reads', () => {
    const settings = read('docs/settings.md');
    expect(configKeys.filter((key) => !settings.includes(`\`${key}\``))).toEqual([]);
  });
});

describe('links in the documents', () => {
  const documents = ['README.md', 'CONTRIBUTING.md', ...markdownFiles('docs')];

  it('never lead outside the repository', () => {
    const escapes = documents.flatMap((doc) =>
      relativeLinks(read(doc))
        .filter(
          (target) =>
            target.startsWith('/') || !path.resolve(ROOT, path.dirname(doc), target).startsWith(ROOT + path.sep),
        )
        .map((target) => `${doc}: ${target}`),
    );
    expect(escapes).toEqual([]);
  });

  it('lead to files that exist', () => {
    const broken = documents.flatMap((doc) =>
      relativeLinks(read(doc))
        .filter((target) => target && !fs.existsSync(path.resolve(ROOT, path.dirname(doc), target)))
        .map((target) => `${doc}: ${target}`),
    );
    expect(broken).toEqual([]);
  });
});
