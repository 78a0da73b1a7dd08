// Which configured time limit a route runs under (docs/api.md, "Time limit"):
// convert waits for OCR only when it was asked to OCR.
import { describe, expect, it } from 'vitest';
import { timeLimitOf } from '../../src/routes/definition.js';
import { convertRoute } from '../../src/routes/convert.js';
import { compareRoute } from '../../src/routes/compare.js';

describe('timeLimitOf', () => {
  it('gives convert OCR_TIMEOUT with ocr=auto and OPERATION_TIMEOUT otherwise', () => {
    const parse = (fields: Record<string, string>) => convertRoute.options.parse(fields);
    expect(timeLimitOf(convertRoute, parse({ to: 'xlsx', ocr: 'auto' }))).toBe('OCR_TIMEOUT');
    expect(timeLimitOf(convertRoute, parse({ to: 'pptx', ocr: 'auto' }))).toBe('OCR_TIMEOUT');
    expect(timeLimitOf(convertRoute, parse({ to: 'csv', ocr: 'never' }))).toBe('OPERATION_TIMEOUT');
    expect(timeLimitOf(convertRoute, parse({ to: 'xlsx' }))).toBe('OPERATION_TIMEOUT');
    expect(timeLimitOf(convertRoute, parse({ to: 'png' }))).toBe('OPERATION_TIMEOUT');
  });

  it('keeps a fixed limit as declared (compare runs under OCR_TIMEOUT and narrows itself without OCR)', () => {
    expect(timeLimitOf(compareRoute, compareRoute.options.parse({}))).toBe('OCR_TIMEOUT');
  });
});
