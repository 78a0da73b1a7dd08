// The scripts that ship with the tool modules (Python for UNO, pikepdf and
// OCRmyPDF's raster-limit plugin; JavaScript for `mutool run`) live beside
// them in src/tools/. tsc copies no .py or .js, so from dist/tools/ they are
// found in the source tree; a build that copies them next to the compiled
// modules is found first. The one place that knows this.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The path of the bundled script `name` (e.g. "libreoffice-uno.py"). */
export function bundledScript(name: string): string {
  const candidates = [path.join(here, name), path.resolve(here, '../../src/tools', name)];
  return candidates.find((c) => fs.existsSync(c)) ?? candidates[0];
}
