// Independent command-line checks run asynchronously. The HTTP tests run the
// server in the test's own process: a synchronous child (execFileSync) blocks
// its event loop, and a check longer than the server's keep-alive timeout on a
// loaded machine lets the server close the idle connection exactly as the
// client reuses it (ECONNRESET on the next request). Async checks avoid that.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** stdout of `cmd args` (throws on a non-zero exit). */
export async function out(cmd: string, args: string[]): Promise<string> {
  return (await exec(cmd, args, { encoding: 'utf8', maxBuffer: 256 << 20 })).stdout;
}

/** stdout bytes of `cmd args`. */
export async function outBytes(cmd: string, args: string[]): Promise<Buffer> {
  return (await exec(cmd, args, { encoding: 'buffer', maxBuffer: 256 << 20 })).stdout;
}

/** Exit status of `cmd args`. */
export async function status(cmd: string, args: string[]): Promise<number> {
  try {
    await exec(cmd, args, { maxBuffer: 256 << 20 });
    return 0;
  } catch (error) {
    return Number((error as { code?: number }).code ?? -1);
  }
}

/** qpdf's page count. */
export async function pages(file: string, password?: string): Promise<number> {
  return Number((await out('qpdf', [...(password ? [`--password=${password}`] : []), '--show-npages', file])).trim());
}

/** pdftotext of the whole file. */
export function text(file: string): Promise<string> {
  return out('pdftotext', [file, '-']);
}

/** qpdf --show-encryption ("File is not encrypted" when not). */
export async function encryption(file: string): Promise<string> {
  try {
    return await out('qpdf', ['--show-encryption', file]);
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? '');
  }
}
