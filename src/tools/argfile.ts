// Secrets (passwords) never go on a command line, where `ps` and
// /proc/<pid>/cmdline show them to every local user: tools that support it
// read their arguments from a file (`@file`, one argument per line) that only
// the service can read, inside the request's private work directory.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { InvalidRequestError } from '../core/errors.js';

/** Writes `content` to a new 0600 file `<prefix>-<random><ext>` in `workdir` and returns its path. */
export async function writePrivateFile(workdir: string, prefix: string, ext: string, content: string): Promise<string> {
  const file = path.join(workdir, `${prefix}-${crypto.randomBytes(6).toString('hex')}${ext}`);
  await fs.writeFile(file, content, { mode: 0o600, flag: 'wx' });
  return file;
}

/** Writes `args` to a 0600 file in `workdir` and returns its path. */
export async function writeArgFile(workdir: string, args: string[]): Promise<string> {
  for (const arg of args) {
    // One argument per line: a newline inside a value would split it.
    if (/[\r\n]/.test(arg)) throw new InvalidRequestError('Passwords must not contain line breaks.', 'password');
  }
  return writePrivateFile(workdir, 'args', '.txt', `${args.join('\n')}\n`);
}
