// Which configured time limit a route runs under (docs/api.md, "Time limit"):
// convert and compare wait for OCR only when they were asked to OCR.
import { describe, expect, it } from 'vitest';
import { timeLimitOf } from '../../src/routes/definition.js';
import { convertRoute } from '../../src/routes/convert.js';
import { compareRoute } from '../../src/routes/compare.js';
import { ocrRoute } from '../../src/routes/ocr.js';

describe('timeLimitOf', () => {
  it('gives convert OCR_TIMEOUT with ocr=auto and OPERATION_TIMEOUT otherwise', () => {
    const parse = (fields: Record<string, string>) => convertRoute.options.parse(fields);
    expect(timeLimitOf(convertRoute, parse({ to: 'xlsx', ocr: 'auto' }))).toBe('OCR_TIMEOUT');
    expect(timeLimitOf(convertRoute, parse({ to: 'pptx', ocr: 'auto' }))).toBe('OCR_TIMEOUT');
    expect(timeLimitOf(convertRoute, parse({ to: 'csv', ocr: 'never' }))).toBe('OPERATION_TIMEOUT');
    expect(timeLimitOf(convertRoute, parse({ to: 'xlsx' }))).toBe('OPERATION_TIMEOUT');
    expect(timeLimitOf(convertRoute, parse({ to: 'png' }))).toBe('OPERATION_TIMEOUT');
  });

  it('gives compare OCR_TIMEOUT with ocr=auto and OPERATION_TIMEOUT otherwise', () => {
    expect(timeLimitOf(compareRoute, compareRoute.options.parse({ ocr: 'auto' }))).toBe('OCR_TIMEOUT');
    expect(timeLimitOf(compareRoute, compareRoute.options.parse({}))).toBe('OPERATION_TIMEOUT');
  });

  it('keeps a fixed limit as declared', () => {
    expect(timeLimitOf(ocrRoute, ocrRoute.options.parse({}))).toBe('OCR_TIMEOUT');
  });
});
