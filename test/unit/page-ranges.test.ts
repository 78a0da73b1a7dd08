import { describe, expect, it } from 'vitest';
import { expandPageRanges, parsePageRanges, toQpdfRange } from '../../src/operations/page-ranges.js';
import type { ProblemError } from '../../src/core/errors.js';
import { problemStatus } from '../../src/http/problem.js';

describe('parsePageRanges', () => {
  it('parses N, N-M and N- against the page count', () => {
    expect(parsePageRanges('1-3,5,8-', 10, 'pages')).toEqual([
      { first: 1, last: 3 },
      { first: 5, last: 5 },
      { first: 8, last: 10 },
    ]);
    expect(parsePageRanges(' 2 , 4-4 ', 4, 'pages')).toEqual([
      { first: 2, last: 2 },
      { first: 4, last: 4 },
    ]);
  });

  it.each([
    ['0', /numbered from 1/],
    ['3-2', /reversed/],
    ['11', /out of range; the document has 10 pages/],
    ['5-11', /out of range/],
    ['1,,2', /not a page range list/],
    ['a', /not a page or range/],
    ['1-2-3', /not a page or range/],
    ['-3', /not a page or range/],
    ['', /not a page range list/],
  ])('rejects %j', (spec, message) => {
    expect(() => parsePageRanges(spec, 10, 'pages')).toThrowError(message);
    try {
      parsePageRanges(spec, 10, 'pages');
    } catch (error) {
      expect(problemStatus(error as ProblemError)).toBe(400);
      expect((error as { extensions: { field: string } }).extensions.field).toBe('pages');
    }
  });

  it('expands and renders qpdf ranges', () => {
    const ranges = parsePageRanges('1-3,5,8-', 9, 'pages');
    expect(expandPageRanges(ranges)).toEqual([1, 2, 3, 5, 8, 9]);
    expect(toQpdfRange(ranges)).toBe('1-3,5,8-9');
  });
});
