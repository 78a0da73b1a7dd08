// Independent checks of outputs with the command-line tools (not the service's own modules).
import { execFileSync } from 'node:child_process';

export function pageCountOf(file: string, password?: string): number {
  const args = password ? [`--password=${password}`, '--show-npages', file] : ['--show-npages', file];
  return Number(execFileSync('qpdf', args, { encoding: 'utf8' }).trim());
}

export function textOf(file: string, extra: string[] = []): string {
  return execFileSync('pdftotext', [...extra, file, '-'], { encoding: 'utf8' });
}

/** qpdf --show-encryption (empty when not encrypted). */
export function encryptionOf(file: string, password?: string): string {
  try {
    return execFileSync('qpdf', [...(password ? [`--password=${password}`] : []), '--show-encryption', file], {
      encoding: 'utf8',
    });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? '');
  }
}

export function qpdfCheck(file: string): boolean {
  try {
    execFileSync('qpdf', ['--check', file], { stdio: 'pipe' });
    return true;
  } catch (error) {
    return (error as { status?: number }).status === 3;
  }
}
