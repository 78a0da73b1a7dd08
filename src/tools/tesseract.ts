// tesseract (5.3.0, Debian bookworm): only the list of installed language data
// files, probed once per process (the OCR itself runs inside ocrmypdf).
import { failureOf, type ToolFailures } from './failures.js';
import { runStandalone } from './run.js';

/** The binary. */
export const TESSERACT = 'tesseract';

/** A probe that lists no language means no OCR here (500: the server's, not the client's). */
export const TESSERACT_FAILURES: ToolFailures = {
  tool: 'tesseract --list-langs',
  failed: 'OCR is not available on this server.',
  stdoutInCause: true,
};

/** Data files that are not OCR languages (orientation/script detection). */
const NOT_LANGUAGES = new Set(['osd', 'equ']);

let cached: Promise<string[]> | undefined;

/** Parses `tesseract --list-langs` output (exported for unit tests). */
export function parseLanguageList(output: string): string[] {
  return output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^[A-Za-z_]+$/.test(line) && !NOT_LANGUAGES.has(line))
    .sort();
}

/** The installed OCR languages, sorted; probed once, outside the pool (a few ms). */
export function installedLanguages(): Promise<string[]> {
  cached ??= (async () => {
    const result = await runStandalone(TESSERACT, ['--list-langs']);
    const languages = result.exitCode === 0 ? parseLanguageList(result.stdout) : [];
    if (languages.length === 0) {
      throw failureOf(TESSERACT_FAILURES, result, undefined);
    }
    return languages;
  })().catch((error) => {
    cached = undefined; // a failed probe is retried by the next request
    throw error;
  });
  return cached;
}
