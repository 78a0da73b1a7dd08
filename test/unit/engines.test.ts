// The one rule for falling back between engines (operations/engines.ts): the
// next engine runs only after a failure caused by the file; a timeout, a cap
// or a client error ends the list at once.
import { describe, expect, it } from 'vitest';
import {
  InvalidPdfError,
  InvalidRequestError,
  ProcessingFailedError,
  ResourceLimitError,
  TimeoutError,
} from '../../src/core/errors.js';
import { firstThatWorks, type Engine } from '../../src/operations/engines.js';

const failing = (name: string, error: Error, tried: string[]): Engine<string, string> => ({
  name,
  run: async () => {
    tried.push(name);
    throw error;
  },
});
const working = (name: string, tried: string[]): Engine<string, string> => ({
  name,
  run: async (job) => {
    tried.push(name);
    return `${name}:${job}`;
  },
});

describe('firstThatWorks', () => {
  it('moves on after a tool failure or invalid_pdf, in the listed order', async () => {
    const tried: string[] = [];
    const engines = [
      failing('mupdf', new ProcessingFailedError('x'), tried),
      failing('poppler', new InvalidPdfError(), tried),
      working('gs', tried),
    ];
    await expect(firstThatWorks(engines, 'page')).resolves.toBe('gs:page');
    expect(tried).toEqual(['mupdf', 'poppler', 'gs']);
  });

  it.each([
    ['a timeout', new TimeoutError(1000)],
    ['a resource cap', new ResourceLimitError('x', 'TOOL_MEMORY_LIMIT')],
    ['a client error', new InvalidRequestError('x')],
  ])('stops at %s (the next engine would meet it too)', async (_what, error) => {
    const tried: string[] = [];
    await expect(firstThatWorks([failing('mupdf', error, tried), working('poppler', tried)], 'page')).rejects.toBe(
      error,
    );
    expect(tried).toEqual(['mupdf']);
  });

  it('skips engines that do not take the job, and throws the last failure (or allFailed of it)', async () => {
    const tried: string[] = [];
    const last = new InvalidPdfError('last');
    const engines: Engine<string, string>[] = [
      { ...working('mupdf', tried), takes: (job) => job !== 'locked' },
      failing('qpdf', last, tried),
    ];
    await expect(firstThatWorks(engines, 'locked')).rejects.toBe(last);
    await expect(firstThatWorks(engines, 'locked', () => new InvalidPdfError('all failed'))).rejects.toThrow(
      'all failed',
    );
    expect(tried).toEqual(['qpdf', 'qpdf']);
  });
});
