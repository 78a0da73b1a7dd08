// The structure fixtures (active content, attachments, an attachment bomb),
// generated once per test file by structure-fixtures.py with pikepdf.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { out } from './async-tools.js';
import { ROOT } from './server.js';

export interface StructureFixtures {
  /** JavaScript in five places and in an incremental update, Launch/URI/GoTo links, an attachment, layers, outline, XMP. */
  active: string;
  /** Four embedded files, one named "../../evil.sh". */
  attachments: string;
  /** One attachment that decodes to 64 MiB of zeros. */
  bomb: string;
  /** Two attachments of 12 MiB of zeros each ("first.bin", "second.bin"). */
  pair: string;
}

/** Writes the fixtures to a fresh temporary directory. */
export async function makeStructureFixtures(): Promise<StructureFixtures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'structure-'));
  // Debian's python3: python3-pikepdf is installed for it.
  await out('/usr/bin/python3', [path.join(ROOT, 'test/helpers/structure-fixtures.py'), dir]);
  return {
    active: path.join(dir, 'active.pdf'),
    attachments: path.join(dir, 'attachments.pdf'),
    bomb: path.join(dir, 'bomb.pdf'),
    pair: path.join(dir, 'pair.pdf'),
  };
}
