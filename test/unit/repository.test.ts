// The repository stands on its own: nothing the tests, scripts, clients or
// service read lies outside it, and the lock file matches package.json (so
// `npm ci` installs exactly what was tested).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server.js';

const SCANNED = ['src', 'test', 'scripts', 'clients', 'bin'];
const SOURCE = /\.(ts|js|cjs|mjs|py|sh|go|rb|php)$|^pdf-service$/;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

describe('the repository stands on its own', () => {
  it('no source, test, script or client names a path outside the repository', () => {
    const escapes: string[] = [];
    for (const file of SCANNED.flatMap((d) => filesUnder(path.join(ROOT, d)))) {
      const text = fs.readFileSync(file, 'utf8');
      // Relative literals resolved from the file's folder, and ones joined to ROOT.
      for (const match of text.matchAll(/['"`]((?:\.\.\/)+[^'"`$\s]*)['"`]/g)) {
        const target = path.resolve(path.dirname(file), match[1]);
        if (!target.startsWith(ROOT + path.sep) && target !== ROOT)
          escapes.push(`${path.relative(ROOT, file)}: ${match[1]}`);
      }
      for (const match of text.matchAll(/(?:path\.(?:resolve|join)\(\s*ROOT\s*,\s*)['"`](\.\.[^'"`]*)['"`]/g))
        escapes.push(`${path.relative(ROOT, file)}: ROOT + ${match[1]}`);
    }
    expect(escapes).toEqual([]);
  });

  it('comments cite documents and measurements, not issue numbers a reader of the repository cannot look up', () => {
    const citing = SCANNED.concat('native')
      .flatMap((d) =>
        filesUnder(path.join(ROOT, d)).concat(
          d === 'native' ? fs.readdirSync(path.join(ROOT, d)).map((n) => path.join(ROOT, d, n)) : [],
        ),
      )
      .filter((file) => !file.endsWith('repository.test.ts'))
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (/\b[Ii]ssue \d/.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}`] : [])),
      );
    expect(citing).toEqual([]);
  });

  it('package-lock.json records exactly the dependencies of package.json', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
    const root = lock.packages[''];
    expect({ dependencies: root.dependencies ?? {}, devDependencies: root.devDependencies ?? {} }).toEqual({
      dependencies: pkg.dependencies ?? {},
      devDependencies: pkg.devDependencies ?? {},
    });
    for (const name of [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]) {
      expect(lock.packages[`node_modules/${name}`], `${name} is missing from the lock`).toBeDefined();
    }
  });
});
